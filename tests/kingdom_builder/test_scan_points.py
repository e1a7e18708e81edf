"""Whose pieces a hex's points are (`pnp.games.kingdom_builder.scan_points`), the photo's own
pieces settling the readers' doubts between two players, or between a piece the net reads and
none (`scan.by_own_pieces`), settling a doubt where the net leans to none by the hex's terrain's
sure empty hexes and the players' sure pieces (`scan.by_own_terrain`), and ringing a hex read empty that looks like a player's pieces and
not like its terrain's other hexes, or a piece that looks like another player's (`scan.by_own_hexes`)."""

from __future__ import annotations

import numpy as np
import pytest

from pnp.games.kingdom_builder import scan as scanning
from pnp.games.kingdom_builder.facts import MAX_SETTLEMENTS, Terrain
from pnp.games.kingdom_builder.scan import (BETWEEN, DIFFER, EMPTY_LEAN, GLARE, OTHERS_LOOK, PATCHY, PIECE_LIKE,
                                               RIM_HIDDEN, WASHED, Hex, by_own_hexes, by_own_pieces, by_own_terrain)
from pnp.games.kingdom_builder.scan_points import Spread, owner
from pnp.games.kingdom_builder.scan_setup import CHANGE, PIECES_SEEN, STILL

# Log colours of an orange and a yellow piece: as_hue 0.2858 apart (red against green 0.2007,
# blue against green 0.0334 apart, the same brightness), so that points at the orange colour,
# under Gaussians of spread SPREAD (0.03) round each, are 1/2 0.2858^2 / 0.03^2 = 45.4 likelier
# (log) orange than yellow, point by point.
ORANGE, YELLOW, BLUE = np.log([0.9, 0.45, 0.1]), np.log([0.9, 0.55, 0.1]), np.log([0.12, 0.3, 0.66])
RATIO = 45.4
POINTS = 10  # a spot's points


def spot(colour: np.ndarray) -> np.ndarray:
    """A spot's points, all of one log colour."""
    return np.tile(colour, (POINTS, 1))


SPREADS = {"1": Spread.of(np.stack([spot(ORANGE)] * PIECES_SEEN)), "2": Spread.of(np.stack([spot(YELLOW)] * PIECES_SEEN))}


@pytest.mark.parametrize("colour, keys, split, expected", [
    # Orange points: 45.4 likelier orange, over any split under that ...
    (ORANGE, ("1", "2"), 7.0, "1"),
    (ORANGE, ("1", "2"), RATIO - 0.1, "1"),
    # ... none over it.
    (ORANGE, ("1", "2"), RATIO + 0.1, None),
    # Half way between: as likely either's.
    ((ORANGE + YELLOW) / 2, ("1", "2"), 7.0, None),
    # 0.1 brighter in each channel (log): 0.05 off in as_hue (brightness at half weight), they
    # fit the orange pieces' points 1/2 0.05^2 / 0.03^2 = 1.4 worse than their worst piece,
    # within FIT; 0.14 brighter, 0.07 off, 2.7 worse: no one's.
    (ORANGE + 0.1, ("1", "2"), 7.0, "1"),
    (ORANGE + 0.14, ("1", "2"), 7.0, None),
    # A blue piece's points fit neither player's: far likelier orange's than yellow's (red
    # against green nearer), but thousands worse than any orange piece.
    (BLUE, ("1", "2"), 7.0, None),
    # A player whose pieces' points are not known: no one is told.
    (ORANGE, ("1", "3"), 7.0, None),
])
def test_whose_pieces_a_hexs_points_are(colour, keys, split, expected):
    assert owner(spot(colour), SPREADS, keys, split) == expected


def test_a_spread_takes_every_point_and_its_worst_piece():
    """Three pieces' points, two at the orange colour and one 0.1 brighter in each channel
    (0.05 in as_hue's brightness): the Gaussian's mean lies a third of the way, 0.0167 up, and
    its worst piece is the brighter one, 0.0333 from the mean, in the brightness channel whose
    variance is that of the points (0.0005556, over n - 1) and SPREAD^2 (0.0009) together."""
    spread = Spread.of(np.stack([spot(ORANGE), spot(ORANGE), spot(ORANGE + 0.1)]))
    assert spread.gaussian.mean[2] == pytest.approx(ORANGE.mean() / 2 + 0.05 / 3)
    variance = 0.05 ** 2 * (2 / 3) * (1 / 3) * 3 * POINTS / (3 * POINTS - 1) + 0.03 ** 2
    best = spread.gaussian.log_likelihood(spread.gaussian.mean[None])[0]
    assert spread.worst == pytest.approx(best - 0.5 * (0.05 * 2 / 3) ** 2 / variance)


PLAYERS = [("1", "orange"), ("2", "yellow")]


def grass(readings: tuple[Hex, ...]) -> tuple[Terrain, ...]:
    """Every reading's terrain grass: no sure empty hex of it, so its look is not known."""
    return (Terrain.GRASS,) * len(readings)


def pieces(doubted: Hex, seen: int = PIECES_SEEN, first: int = PIECES_SEEN,
           colour: np.ndarray = ORANGE) -> tuple[tuple[Hex, ...], np.ndarray]:
    """Readings: `first` sure pieces of player 1 (orange), `seen` of player 2 (yellow), and
    `doubted` last, its spot of `colour`; each spot's points all of its colour."""
    readings = (*(Hex((n // 20, n % 20), "1") for n in range(first)), *(Hex((2, n), "2") for n in range(seen)), doubted)
    points = np.stack([spot(ORANGE)] * first + [spot(YELLOW)] * seen + [spot(colour)])
    return readings, points


@pytest.mark.parametrize("doubted, seen, expected", [
    # Doubted between the two players by either reason of such a doubt: its points are player
    # 1's, 45.4 likelier than player 2's, over OWN_SPLIT.
    (Hex((9, 9), "2", False, ("2", "1"), "between"), PIECES_SEEN, Hex((9, 9), "1")),
    (Hex((9, 9), "2", False, ("2", "1"), DIFFER), PIECES_SEEN, Hex((9, 9), "1")),
    # Too few of player 2's pieces are sure to know how their points spread: the doubt stands.
    (Hex((9, 9), "2", False, ("2", "1"), "between"), PIECES_SEEN - 1, None),
    # A doubt of a piece the net reads against none, by either reason: the points are player
    # 1's pieces', 45.4 likelier than player 2's, and fit them: that piece.
    (Hex((9, 9), "1", False, ("1", None), "between"), PIECES_SEEN, Hex((9, 9), "1")),
    (Hex((9, 9), "1", False, ("1", None), DIFFER), PIECES_SEEN, Hex((9, 9), "1")),
    # The same doubt where the net leans to none: marks of the art fit the pieces' points as
    # well; the doubt stands.
    (Hex((9, 9), None, False, (None, "1"), "between"), PIECES_SEEN, None),
    # A doubt under glare's veil, or of a patch too small for a piece: the readers see too
    # little there, or a mark of the art in the player's colour.
    (Hex((9, 9), "1", False, ("1", "2"), GLARE), PIECES_SEEN, None),
    (Hex((9, 9), "1", False, ("1", None), PATCHY), PIECES_SEEN, None),
    # A sure reading stands, whatever its points.
    (Hex((9, 9), "2"), PIECES_SEEN, None),
])
def test_the_photos_own_pieces_settle_a_doubt(doubted, seen, expected):
    readings, points = pieces(doubted, seen)
    settled = by_own_pieces(readings, points, PLAYERS, grass(readings))
    assert settled[:-1] == readings[:-1]
    assert settled[-1] == (doubted if expected is None else expected)


@pytest.mark.parametrize("players, first, colour", [
    # Points of another player's colour: yellow points fit the orange pieces' 45.4 worse than
    # their worst piece, over FIT.
    (PLAYERS, PIECES_SEEN, YELLOW),
    # A black piece against none: a shadow's points are a black piece's (the colour as
    # declared, by name or by code, whatever the points).
    ([("1", "black"), ("2", "yellow")], PIECES_SEEN, ORANGE),
    ([("1", "#303030"), ("2", "yellow")], PIECES_SEEN, ORANGE),
    # The player already has as many sure pieces as a player has: one more is not theirs.
    (PLAYERS, MAX_SETTLEMENTS, ORANGE),
])
def test_a_doubt_of_a_piece_against_none_stands(players, first, colour):
    doubted = Hex((19, 19), "1", False, ("1", None), "between")
    readings, points = pieces(doubted, first=first, colour=colour)
    assert by_own_pieces(readings, points, players, grass(readings))[-1] == doubted


def test_one_more_sure_piece_fills_a_players_count():
    """With one under MAX_SETTLEMENTS sure, the first of two doubted pieces of the player is
    settled and makes the count; the second stands."""
    first = Hex((19, 18), "1", False, ("1", None), "between")
    second = Hex((19, 19), "1", False, ("1", None), "between")
    readings, points = pieces(first, first=MAX_SETTLEMENTS - 1)
    settled = by_own_pieces((*readings, second), np.concatenate([points, spot(ORANGE)[None]]), PLAYERS,
                            grass((*readings, second)))
    assert settled[-2:] == (Hex((19, 18), "1"), second)


def test_a_doubt_settles_only_as_far_over_own_split(monkeypatch):
    """The doubt above stands where OWN_SPLIT lies over the 45.4 the points give."""
    doubted = Hex((9, 9), "2", False, ("2", "1"), "between")
    readings, points = pieces(doubted)
    monkeypatch.setattr(scanning, "OWN_SPLIT", RATIO + 0.1)
    assert by_own_pieces(readings, points, PLAYERS, grass(readings))[-1] == doubted
    monkeypatch.setattr(scanning, "OWN_SPLIT", RATIO - 0.1)
    assert by_own_pieces(readings, points, PLAYERS, grass(readings))[-1] == Hex((9, 9), "1")


# A forest hex's art: dark green, far from both players' pieces.
FOREST_ART = np.log([0.15, 0.35, 0.12])


def hexes(tested: Hex, colour: np.ndarray, art: np.ndarray = FOREST_ART, empties: int = PIECES_SEEN,
          seen: int = PIECES_SEEN, first: int = PIECES_SEEN) -> tuple[tuple[Hex, ...], np.ndarray, tuple[Terrain, ...]]:
    """Readings: `first` sure pieces of player 1 (orange) and `seen` of player 2 (yellow) on
    grass, `empties` sure empty forest hexes whose spots are `art`, and `tested` last, on
    forest, its spot of `colour`."""
    readings = (*(Hex((10 + n // 20, n % 20), "1") for n in range(first)), *(Hex((1, n), "2") for n in range(seen)),
                *(Hex((2, n), None) for n in range(empties)), tested)
    points = np.stack([spot(ORANGE)] * first + [spot(YELLOW)] * seen + [spot(art)] * empties + [spot(colour)])
    terrains = (Terrain.GRASS,) * (first + seen) + (Terrain.FOREST,) * (empties + 1)
    return readings, points, terrains


EMPTY = Hex((9, 9), None)
RINGED = Hex((9, 9), None, False, (None, "1"), PIECE_LIKE)


@pytest.mark.parametrize("tested, colour, art, empties, expected", [
    # Read surely empty, its spot the orange pieces' colour: 45.4 likelier player 1's than 2's,
    # fitting theirs, and far likelier theirs than the forest's: a piece the readers missed.
    (EMPTY, ORANGE, FOREST_ART, PIECES_SEEN, RINGED),
    # Too few sure empty forest hexes to know the forest's look (the hex itself one of them):
    # the player's look decides.
    (EMPTY, ORANGE, FOREST_ART, PIECES_SEEN - 2, RINGED),
    # Its spot the forest's colour: no player's pieces' points.
    (EMPTY, FOREST_ART, FOREST_ART, PIECES_SEEN, EMPTY),
    # The forest's empty hexes all show that orange (a mark of the art), and the orange pieces
    # are 0.04 brighter (log, each channel: 0.02 in as_hue): the spot is 1/2 0.02^2 / 0.03^2 =
    # 0.22 likelier (log) the forest's than theirs, though it fits theirs (within FIT): a mark.
    (EMPTY, ORANGE - 0.04, ORANGE - 0.04, PIECES_SEEN, EMPTY),
    # The same, the spot 0.01 darker than the pieces: 0.005 and 0.015 off in as_hue from the
    # pieces' and the forest's, 0.014 and 0.125 worse: 0.11 likelier the pieces'.
    (EMPTY, ORANGE - 0.01, ORANGE - 0.04, PIECES_SEEN, RINGED),
    # A piece read as its player's, and a doubt, stand.
    (Hex((9, 9), "1"), ORANGE, FOREST_ART, PIECES_SEEN, Hex((9, 9), "1")),
    (Hex((9, 9), "1", False, ("1", None), GLARE), ORANGE, FOREST_ART, PIECES_SEEN,
     Hex((9, 9), "1", False, ("1", None), GLARE)),
])
def test_a_hex_read_empty_that_looks_like_a_players_pieces_is_ringed(tested, colour, art, empties, expected):
    readings, points, terrains = hexes(tested, colour, art, empties)
    checked = by_own_hexes(readings, points, PLAYERS, terrains)
    assert checked[:-1] == readings[:-1]
    assert checked[-1] == expected


def test_a_hex_a_set_up_photo_saw_unchanged_stays_empty():
    readings, points, terrains = hexes(EMPTY, ORANGE)
    still = np.zeros(len(readings), bool)
    assert by_own_hexes(readings, points, PLAYERS, terrains, still)[-1] == RINGED
    still[-1] = True
    assert by_own_hexes(readings, points, PLAYERS, terrains, still)[-1] == EMPTY


@pytest.mark.parametrize("seen, expected", [
    # Read surely as player 2's (yellow), its spot orange, with 20 other yellow pieces: their
    # look, widened by this one (1 piece in 21 at 0.2858 in as_hue: a variance of 0.00462
    # that way), is at orange 1/2 (20/21 0.2858)^2 / 0.00462 + 1/2 ln(0.00462 / 0.03^2) = 8.8
    # less likely (log) than the orange pieces' look, over OWN_SPLIT: ringed, orange offered.
    (20, Hex((9, 9), "2", False, ("2", "1"), OTHERS_LOOK)),
    # With 3 other yellow pieces, this one widens their look to 2.8: it stands.
    (PIECES_SEEN, Hex((9, 9), "2")),
])
def test_a_piece_that_looks_like_another_players_pieces_is_ringed(seen, expected):
    readings, points, terrains = hexes(Hex((9, 9), "2"), ORANGE, seen=seen)
    assert by_own_hexes(readings, points, PLAYERS, terrains)[-1] == expected


@pytest.mark.parametrize("art, expected", [
    # A piece the net reads doubted against none, its spot orange, on a forest whose sure
    # empty hexes are dark green: player 1's piece.
    (FOREST_ART, Hex((9, 9), "1")),
    # The forest's empty hexes all show that orange (a mark of the art), 0.04 darker than the
    # pieces: the spot is 0.22 likelier (log) the forest's than theirs (as above): it stands.
    (ORANGE - 0.04, None),
])
def test_a_doubt_of_a_piece_against_none_that_looks_like_its_terrain_stands(art, expected):
    doubted = Hex((9, 9), "1", False, ("1", None), DIFFER)
    readings, points, terrains = hexes(doubted, art if expected is None else ORANGE, art)
    assert by_own_pieces(readings, points, PLAYERS, terrains)[-1] == (doubted if expected is None else expected)


# A forest whose art lies `dim` (log, each channel) darker than the orange pieces: in as_hue
# only the brightness, at half weight, differs, so a spot of that art is 1/2 (dim / 2)^2 /
# 0.03^2 likelier (log) the forest's than the orange pieces': 12.5 at 0.3, over LOOKS; 8.7 at
# 0.25, under it. Than the yellow pieces' (0.2007 off in red and blue against green, 0.0334
# darker): 1/2 (0.2007^2 2 + (0.0334 + dim / 2)^2) / 0.03^2 = 63.4 at 0.3, 58.6 at 0.25.
DIM_ART, DIMMER_ART = ORANGE - 0.3, ORANGE - 0.25


def leaning_to_none(reason: str, margin: float = EMPTY_LEAN) -> Hex:
    return Hex((9, 9), None, False, (None, "1"), reason, margin)


@pytest.mark.parametrize("doubted, art, empties, seen, expected", [
    # The net leans to none by EMPTY_LEAN, and the spot shows the forest's art, 12.5 and 63.4
    # likelier the forest's than either player's pieces': empty, by any of the four reasons
    # (a set-up photo saw the spot change: a neighbour's house leans in).
    (leaning_to_none(BETWEEN), DIM_ART, PIECES_SEEN, PIECES_SEEN, Hex((9, 9), None, margin=EMPTY_LEAN)),
    (leaning_to_none(GLARE), DIM_ART, PIECES_SEEN, PIECES_SEEN, Hex((9, 9), None, margin=EMPTY_LEAN)),
    (leaning_to_none(RIM_HIDDEN), DIM_ART, PIECES_SEEN, PIECES_SEEN, Hex((9, 9), None, margin=EMPTY_LEAN)),
    (leaning_to_none(CHANGE), DIM_ART, PIECES_SEEN, PIECES_SEEN, Hex((9, 9), None, margin=EMPTY_LEAN)),
    # Read as player 1's piece where the spot changed, or where nothing changed: the net leans
    # to the piece, and it stands (the spot, 0.15 off the orange pieces' look in as_hue's
    # brightness, fits them 12.5 worse than their worst piece, over FIT: no one's).
    (Hex((9, 9), "1", False, ("1", None), CHANGE, EMPTY_LEAN), DIM_ART, PIECES_SEEN, PIECES_SEEN, None),
    (Hex((9, 9), "1", False, ("1", None), STILL, EMPTY_LEAN), DIM_ART, PIECES_SEEN, PIECES_SEEN, None),
    # Only 8.7 likelier the forest's than the orange pieces': it stands.
    (leaning_to_none(BETWEEN), DIMMER_ART, PIECES_SEEN, PIECES_SEEN, None),
    # The net leans to none by less than EMPTY_LEAN: a piece the photo blurs looks like its terrain.
    (leaning_to_none(BETWEEN, EMPTY_LEAN - 0.1), DIM_ART, PIECES_SEEN, PIECES_SEEN, None),
    # Where the readers differ, or the hand reader sees a washed-out hex, it stands.
    (leaning_to_none(DIFFER), DIM_ART, PIECES_SEEN, PIECES_SEEN, None),
    (leaning_to_none(WASHED), DIM_ART, PIECES_SEEN, PIECES_SEEN, None),
    # Too few sure empty forest hexes, or of player 2's pieces, to know their looks: it stands.
    (leaning_to_none(BETWEEN), DIM_ART, PIECES_SEEN - 1, PIECES_SEEN, None),
    (leaning_to_none(BETWEEN), DIM_ART, PIECES_SEEN, PIECES_SEEN - 1, None),
])
def test_a_doubt_leaning_to_none_that_looks_like_its_terrain_is_empty(doubted, art, empties, seen, expected):
    readings, points, terrains = hexes(doubted, art, art, empties, seen)
    settled = by_own_terrain(readings, points, PLAYERS, terrains)
    assert settled[:-1] == readings[:-1]
    assert settled[-1] == (doubted if expected is None else expected)


@pytest.mark.parametrize("doubted, art, players, first, expected", [
    # Its rim hidden, or the readers differ, the net leaning to none: the spot is orange, 45.4
    # likelier player 1's pieces' than player 2's, and far likelier theirs than the dark green
    # forest's: player 1's piece.
    (leaning_to_none(RIM_HIDDEN, 1.0), FOREST_ART, PLAYERS, PIECES_SEEN, Hex((9, 9), "1", margin=1.0)),
    (leaning_to_none(DIFFER, 1.0), FOREST_ART, PLAYERS, PIECES_SEEN, Hex((9, 9), "1", margin=1.0)),
    # Where a set-up photo saw the spot change, read empty or as the piece: the same.
    (leaning_to_none(CHANGE, 1.0), FOREST_ART, PLAYERS, PIECES_SEEN, Hex((9, 9), "1", margin=1.0)),
    (Hex((9, 9), "1", False, ("1", None), CHANGE, 1.0), FOREST_ART, PLAYERS, PIECES_SEEN, Hex((9, 9), "1", margin=1.0)),
    # Read as the piece where the net alone doubts it, or where nothing changed since the set-up
    # photo: `by_own_pieces` settles the one, and the other stands.
    (Hex((9, 9), "1", False, ("1", None), BETWEEN, 1.0), FOREST_ART, PLAYERS, PIECES_SEEN, None),
    (Hex((9, 9), "1", False, ("1", None), STILL, 1.0), FOREST_ART, PLAYERS, PIECES_SEEN, None),
    # The forest's art 0.3 darker than the orange pieces: the spot 12.5 likelier theirs, over
    # LOOKS: theirs; 0.25 darker, 8.7: it stands.
    (leaning_to_none(RIM_HIDDEN, 1.0), DIM_ART, PLAYERS, PIECES_SEEN, Hex((9, 9), "1", margin=1.0)),
    (leaning_to_none(RIM_HIDDEN, 1.0), DIMMER_ART, PLAYERS, PIECES_SEEN, None),
    # Under glare, or a doubt the net alone leaves: glare whitens a hex to a white piece's look.
    (leaning_to_none(GLARE, 1.0), FOREST_ART, PLAYERS, PIECES_SEEN, None),
    (leaning_to_none(BETWEEN, 1.0), FOREST_ART, PLAYERS, PIECES_SEEN, None),
    # A black player's (a shadow's points are a black piece's), or one who has as many sure
    # pieces as a player has: it stands.
    (leaning_to_none(RIM_HIDDEN, 1.0), FOREST_ART, [("1", "black"), ("2", "yellow")], PIECES_SEEN, None),
    (leaning_to_none(RIM_HIDDEN, 1.0), FOREST_ART, PLAYERS, MAX_SETTLEMENTS, None),
])
def test_a_doubt_against_none_that_looks_like_a_players_pieces_is_theirs(doubted, art, players, first, expected):
    readings, points, terrains = hexes(doubted, ORANGE, art, first=first)
    settled = by_own_terrain(readings, points, players, terrains)
    assert settled[:-1] == readings[:-1]
    assert settled[-1] == (doubted if expected is None else expected)
