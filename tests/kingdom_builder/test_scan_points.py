"""Whose pieces a hex's points are (`pnp.games.kingdom_builder.scan_points`), and the photo's own
pieces settling the readers' doubts between two players, or between a piece the net reads and
none (`scan.by_own_pieces`)."""

from __future__ import annotations

import numpy as np
import pytest

from pnp.games.kingdom_builder import scan as scanning
from pnp.games.kingdom_builder.facts import MAX_SETTLEMENTS
from pnp.games.kingdom_builder.scan import DIFFER, GLARE, PATCHY, Hex, by_own_pieces
from pnp.games.kingdom_builder.scan_points import Spread, owner
from pnp.games.kingdom_builder.scan_setup import PIECES_SEEN

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
    settled = by_own_pieces(readings, points, PLAYERS)
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
    assert by_own_pieces(readings, points, players)[-1] == doubted


def test_one_more_sure_piece_fills_a_players_count():
    """With one under MAX_SETTLEMENTS sure, the first of two doubted pieces of the player is
    settled and makes the count; the second stands."""
    first = Hex((19, 18), "1", False, ("1", None), "between")
    second = Hex((19, 19), "1", False, ("1", None), "between")
    readings, points = pieces(first, first=MAX_SETTLEMENTS - 1)
    settled = by_own_pieces((*readings, second), np.concatenate([points, spot(ORANGE)[None]]), PLAYERS)
    assert settled[-2:] == (Hex((19, 18), "1"), second)


def test_a_doubt_settles_only_as_far_over_own_split(monkeypatch):
    """The doubt above stands where OWN_SPLIT lies over the 45.4 the points give."""
    doubted = Hex((9, 9), "2", False, ("2", "1"), "between")
    readings, points = pieces(doubted)
    monkeypatch.setattr(scanning, "OWN_SPLIT", RATIO + 0.1)
    assert by_own_pieces(readings, points, PLAYERS)[-1] == doubted
    monkeypatch.setattr(scanning, "OWN_SPLIT", RATIO - 0.1)
    assert by_own_pieces(readings, points, PLAYERS)[-1] == Hex((9, 9), "1")
