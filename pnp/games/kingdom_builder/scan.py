"""Reading the settlements off a photo of a finished Kingdom Builder board.

The board's terrain is known, so nothing here recognises terrain. The photo is straightened
with the homography from four corner hexes (refined by the terrain they must show), each hex
is compared with how its *own terrain* looks, empty, in *this* photo (learned from that
terrain's hexes, most of them empty), and the hexes that differ are settlements; those are
grouped by colour and the groups matched to the players' colours. Every comparison is made
relative to the hex's own rim, so uneven light and a colour cast cancel out. Whatever is
close to a decision boundary is reported as unsure rather than guessed silently.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp import hexgrid
from pnp.errors import InputError, PnpError, Problem, say
from pnp.games.kingdom_builder.facts import MAX_SETTLEMENTS, UNBUILDABLE, Terrain
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTOR_OF, Board
from pnp.games.kingdom_builder.scan_layout import (CORNER_CELLS, CORNER_LABELS, FRAME, PIECE_HEIGHT, W, Cell, board_centres,
                                                   flat)
from pnp.games.kingdom_builder.scan_fit import fits, mismatch, nearby
from pnp.games.kingdom_builder.scan_net import CLASSES, MODELS, PATCH, colour_class, patches
from pnp.games.kingdom_builder.scan_models import (EmptyModels, as_hue, colour_costs, empty_looks, first_reading,
                                                   in_shadow, piece_colours, sample_costs, terrain_explains, who)
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.games.kingdom_builder.scan_print import blobs, like_pieces_elsewhere, repeated_art
from pnp.games.kingdom_builder.scan_points import OWN_SPLIT, Spread, likelier, owner
from pnp.games.kingdom_builder.scan_setup import (BASE, CHANGE, CHANGED, CLIPPED, FAR, MISSED, NEAR, OTHERS,
                                                   PIECES_SEEN, STILL, UNCHANGED, UNLIKE, another_players, apart_from,
                                                   blends, compared, evenly_lit, likeliest, told_apart, told_by_points,
                                                   vouches)
from pnp.scan.change import Change, carried
from pnp.scan.corners import FLAG, SETUP_FLAG, check_corners
from pnp.scan.grid import parallax, refine, straighten
from pnp.scan.light import grey_veil, light_jumps, own_veil, rim_colours, unveiled, usual_rims
from pnp.scan.net import probabilities
from pnp.scan.sampling import DISC_CORE, disc, ring, sample, transform
from pnp.scan.stats import log_rgb, median, robust_spread

LOST = "'s pieces not found"      # the reason a hex is unsure then, after the player's key
CROWDED = f"more than {MAX_SETTLEMENTS} read"  # ... and for one of the least sure pieces of a player read with more
WASHED, GLARE, RIM_HIDDEN = "washed out", "glare", "rim hidden"  # where the hand reader may not see a piece
PATCHY = "patchy"  # ... and where what it reads as a piece makes a patch too small for one (a mark of the art)
PIECE_LIKE = "a piece's look, not its terrain's"  # ... and a hex read surely empty whose spot looks like a player's pieces
OTHERS_LOOK = "another player's look"  # ... and a sure piece whose spot looks like another player's pieces
UNUSUAL, ODD = "unusual colour", "unlike anything else"  # ... and where what it reads may be no piece at all
BETWEEN, DIFFER = "between", "the readers differ"  # ... and where its readings lie close, or the two readers differ
SURE = 7.0   # the net's reading is sure where it is this much likelier (log) than the next (set on the check photos)
PAIR = 6.0   # ... and a piece where the next reading is another player's piece (set on path-traced 10000-10599)
OVERRULE = 9.0  # ... and stands where the hand reader reads otherwise where this much likelier (likewise)
BLIND = 13.0    # ... and reads empty a hex the hand reader cannot see (WASHED, GLARE, RIM_HIDDEN), or a piece
                # whose patch it finds too small for a piece (PATCHY), where this much
LEAN = 6.0      # where both read a hex empty, the hand reader settles the net's doubt only where the net leans to
                # empty this much (log): a piece both readers miss leaves the net unsure more often than not
MISREAD = 2     # pieces the net surely reads as one player's and the hand reader as another's: from this many on, the
                # hand reader has the players' colours wrong in the photo and settles no doubt of the net's between them
LOOKS = 10.0    # a doubt where the net leans to none is settled where a hex's spot points are this much likelier (log,
                # per point, the median) its terrain's sure empty hexes' than every player's sure pieces' (empty), or one
                # player's pieces' than its terrain's (theirs; `by_own_terrain`). On the stored readings a piece's lay
                # at most e^8.0 likelier its terrain's (careless varied 627 L18), an empty hex's e^4.2 likelier a
                # player's pieces' (path-traced 7611 D1, a neighbour's piece over its spot)
EMPTY_LEAN = 5.0  # ... empty only where the net leans to none this much (log): a piece the photo hides or blurs looks
                  # like its terrain (careless varied 1853 A8 at e^4.9, 627 N15 at e^4.6)
STRANGER = 4.0  # a piece is unusual where a colour no player has is this much likelier (log) than any player's


@dataclass(frozen=True)
class Hex:
    """What one hex was read as: a player key or None (empty), and if unsure, what else it may be."""

    cell: Cell
    key: str | None
    sure: bool = True
    alternatives: tuple[str | None, ...] = ()  # the readings to choose from, best first
    reason: str = ""
    margin: float = 0.0   # how much likelier (log) the reading is than the next one
    oddness: float = 0.0  # how much worse it fits its group than the group's members do (robust z)


@dataclass
class Scan:
    hexes: tuple[Hex, ...]                       # every hex that can hold a settlement, row by row
    corners: tuple[tuple[float, float], ...]     # A1, A20, T1, T20 in the photo, refined
    straightened: Any                            # the board in the straightened image (RGB)
    centres: dict[Cell, tuple[float, float]]     # hex centres in `straightened`
    players: tuple[tuple[str, str], ...]         # (key, colour) of each player
    uncompared: int | None = None                # with a set-up photo, how many hexes it could not be compared on

    def settlements(self) -> dict[str, list[Cell]]:
        result: dict[str, list[Cell]] = {key: [] for key, _ in self.players}
        for read in self.hexes:
            if read.key is not None:
                result[read.key].append(read.cell)
        return result

    def uncertain(self) -> list[Hex]:
        return [read for read in self.hexes if not read.sure]


def check_board_corners(corners: list[tuple[float, float]], width: int, height: int, flag: str = FLAG) -> None:
    """The centres of A1, A20, T1, T20 inside the photo, going round the board the right way, and
    the board big enough to read and of its shape (`flag`: the option that gave them)."""
    check_corners(corners, width, height, CORNER_LABELS, flag)
    a1, a20, t1, t20 = corners
    across = min(math.dist(a1, a20), math.dist(t1, t20)) / (COLS - 1)
    down = min(math.dist(a1, t1), math.dist(a20, t20)) / (ROWS - 1)
    if min(across, down) < 6:
        raise InputError([Problem(flag, None, say("problem.scan.small", apart=round(min(across, down))))])
    if not 0.25 < across / down < 4:
        raise InputError([Problem(flag, None, say("problem.scan.shape"))])


def scan(image: Any, board: Board, players: list[tuple[str, str]], corners: list[tuple[float, float]] | None = None,
         setup: tuple[Any, list[tuple[float, float]] | None] | None = None) -> Scan:
    """Read the settlements. `players` are (key, colour) pairs; `corners` the photo's pixel
    centres of A1, A20, T1, T20 (else the scan markers are looked for); `setup` the set-up
    photo of the same board before anyone built, and its corners likewise (`with_setup`): where
    the terrain refuses one photo's grid and not the other's, the two must agree on it
    (`vouches`), else the refusal stands (both refusals where it refuses both). Sets OpenCV to
    one thread for the process: the scan runs its net beside its hand reader itself, and
    OpenCV's own threads, on its many small images, cost more than they give (most on a busy
    machine)."""
    import cv2

    cv2.setNumThreads(1)
    grid, refused = located(image, corners, board, players, vouched=setup is not None)
    seen = measure(grid, board)
    # The net runs beside the hand reader: OpenCV lets go of Python's lock while it runs.
    with ThreadPoolExecutor(1) as beside:
        net = beside.submit(read_by_net, grid, seen, board, players)
        before, refused_before = (None, None) if setup is None else located(setup[0], setup[1], board, setup=True,
                                                                             vouched=True)
        by_hand = _read(seen, grid.centres, grid.lean, board, players)
        by_net = net.result()
    if refused is not None and refused_before is not None:
        raise InputError(refused.problems + refused_before.problems)  # both photos' grids, at once
    readings = by_hand if by_net is None else combined(by_net, by_hand)
    spots, uncompared = seen.samples.spot[seen.use], None
    if before is not None:
        carried_before, both, moved = carried(before.straight, before.centres, grid.straight, grid.centres)
        change = compared(grid.straight, carried_before, both & grid.inside, grid.centres, grid.lean, W).at(seen.use)
        refusal = refused or refused_before
        if refusal is not None and not vouches(change, moved, W):
            raise refusal
        readings = with_setup(readings, change, spots, players)
        uncompared = int((~change.steady).sum())
    points, terrains = log_rgb(spots), tuple(board.at(read.cell) for read in readings)
    readings = by_own_pieces(readings, points, players, terrains)
    readings = by_own_terrain(readings, points, players, terrains)
    still = None if before is None else change.steady & (change.share < UNCHANGED)
    readings = by_own_hexes(readings, points, players, terrains, still)
    return Scan(readings, tuple(grid.corners()), grid.straight,
                {cell: tuple(grid.centres[flat(cell)]) for cell in hexgrid.cells(ROWS, COLS)}, tuple(players), uncompared)


def located(image: Any, corners: list[tuple[float, float]] | None, board: Board,
            players: list[tuple[str, str]] | None = None, setup: bool = False,
            vouched: bool = False) -> tuple[Grid, InputError | None]:
    """The board's grid in the photo (`locate`, the pieces of `players` read where needed), from
    the pixel centres of A1, A20, T1, T20 as given (checked), else from the scan markers
    (`setup`: the set-up photo's, for the problems). Where the terrain refuses it and the other
    photo may vouch for it (`vouched`), the grid through those centres as they are, and the
    refusal beside it, to be raised unless the two photos agree on it (`vouches`)."""
    import cv2
    import numpy as np

    height, width = image.shape[:2]
    source = SETUP_FLAG if setup else FLAG
    if corners is None:
        from pnp.scan.markers import find_board_box

        box = find_board_box(image)
        if box is None:
            raise PnpError(say("problem.scan.setup_no_markers" if setup else "problem.scan.no_markers"))
        bw, bh = hexgrid.map_extent(ROWS, COLS, 1.0)
        from_box = cv2.getPerspectiveTransform(np.array([[0, 0], [bw, 0], [0, bh], [bw, bh]], dtype=np.float32),
                                               np.array(box, dtype=np.float32))
        corners = [tuple(p) for p in transform(from_box, board_centres()[[flat(c) for c in CORNER_CELLS]])]
        corners = [(min(max(x, 0.0), width - 1.0), min(max(y, 0.0), height - 1.0)) for x, y in corners]
        source = say("problem.scan.setup_by_markers" if setup else "problem.scan.by_markers")
    check_board_corners(corners, width, height, SETUP_FLAG if setup else FLAG)
    try:
        return locate(image, corners, board, source, players), None
    except InputError as refusal:
        if not vouched:
            raise
        return place_grid(image, corners), refusal


def with_setup(readings: tuple[Hex, ...], change: Change, spots: Any, players: list[tuple[str, str]]) -> tuple[Hex, ...]:
    """The readings (of the readable hexes the photo shows, in order) checked against how much of
    each hex's spot changed since the set-up photo (`change`, of the same hexes); the rules in
    order, each with the photos that set it, are docs/scanning.md's (A set-up photo, 5).
    Wherever the photos compare or not: a piece doubted against none whose base changed whole
    (BASE) into its player's look (`told_apart`) is sure; a sure piece whose changed points are
    another player's and unlike its own player's (`another_players`) is unsure, that player
    offered; the readers' doubt of whose piece a hex holds, where its spot surely changed, is
    settled by its points (`by_points`). Where they do not compare (a dense cluster covers the
    ground), a hex read surely empty whose base changed MISSED or more into a player's look or
    points is unsure, that player offered; every other reading stands. Where they compare: read
    empty where nothing changed (UNCHANGED), it is empty surely, unless the photo is clipped
    there (CLIPPED) or the doubted player's pieces might not change that print (`blends`); a
    piece read there is unsure (STILL). Read surely empty, its base changed under BASE: empty
    (a neighbour's house leans in). Read empty where the spot surely changed, or changed by one
    evening into a player's look (a white piece in a white cluster: independent 1529): unsure,
    read as the piece it looks like where one does. A sure piece changed FAR from its player's
    look and within OTHERS of another's: unsure (UNLIKE). A doubt of a piece against none, or
    between two players where the spot surely changed, is settled by what changed looking like
    one player's pieces (NEAR, `told_apart`), unless the doubt is the count, an unusual colour
    or a player not found. What changed under a glare's veil (not `evenly_lit`) settles nothing
    by its colour; a hex washed out white keeps its reading; a piece unsure only for its
    player's count may then be sure (`uncrowded`)."""
    keys = tuple(key for key, _ in players)
    even = evenly_lit(change)
    seen = pieces_seen(readings, change, keys, even)
    pieces = {key: as_hue(change.changed[theirs]) for key, theirs in seen.items()}
    spreads = {key: Spread.of(change.points[theirs]) for key, theirs in seen.items()}
    looks = {key: median(theirs, axis=0) for key, theirs in pieces.items()}
    settled = []
    for n, (read, spot) in enumerate(zip(readings, spots)):
        if (read.reason in (BETWEEN, DIFFER) and read.key is not None and None in read.alternatives and even[n]
                and change.base[n] >= BASE and told_apart(change.changed[n], pieces, keys) == read.key):
            settled.append(Hex(read.cell, read.key, margin=read.margin))  # a piece stands there, one of theirs
        elif (whose := by_points(read, change, n, even[n], spreads, keys)) is not None:
            settled.append(Hex(read.cell, whose, margin=read.margin))  # whose piece: the points of what changed say
        elif (read.key is None and read.sure and not change.steady[n] and change.base[n] >= MISSED
              and (whose := told_apart(change.changed[n], pieces, keys)
                   or told_by_points(change, n, even[n], spreads, keys)) is not None):
            settled.append(Hex(read.cell, None, False, (None, whose), CHANGE, read.margin))  # a piece in a cluster, missed
        elif read.sure and read.key is not None and (other := another_players(change, n, even[n], seen, spreads,
                                                                               read.key)) is not None:
            settled.append(Hex(read.cell, read.key, False, (read.key, other), UNLIKE, read.margin))  # another's, surely
        elif read.reason == WASHED or not change.steady[n]:
            settled.append(read)
        elif change.share[n] < UNCHANGED and read.key is None:
            hidden = float(median(spot, axis=0).max()) >= CLIPPED or any(
                blends(change.printed[n], pieces.get(str(key))) for key in read.alternatives if key is not None)
            settled.append(read if hidden else Hex(read.cell, None, margin=read.margin))
        elif change.share[n] < UNCHANGED:
            settled.append(Hex(read.cell, read.key, False, (read.key, None), STILL, read.margin))
        elif read.key is None and read.sure and change.base[n] < BASE:
            settled.append(read)  # changed up the spot, not at its base: a neighbour's house leans in, or its shadow
        elif read.key is None and change.share[n] >= CHANGED:
            whose = told_apart(change.changed[n], pieces, keys)
            if change.surely[n] >= CHANGED:  # a piece stands there: read as the one it looks like, if any
                doubt = (None, likeliest(spot, players)) if whose is None else (whose, None)
                settled.append(Hex(read.cell, doubt[0], False, doubt, CHANGE, read.margin))
            else:  # changed by one evening only: a piece may stand there, or the light changed
                settled.append(read if whose is None else Hex(read.cell, None, False, (None, whose), CHANGE, read.margin))
        elif (read.sure and read.key is not None and change.surely[n] >= CHANGED
              and FAR < apart_from(change.changed[n], looks.get(read.key)) < math.inf
              and any(apart_from(change.changed[n], looks[key]) <= OTHERS if key in looks else True
                      for key in keys if key != read.key)):
            other = told_apart(change.changed[n], pieces, keys)
            settled.append(Hex(read.cell, read.key, False, (read.key, other), UNLIKE, read.margin))
        elif read.sure or read.reason in (CROWDED, UNUSUAL, ODD) or read.reason.endswith(LOST):
            settled.append(read)  # a doubt of whose piece, or whether it is one, that a change cannot settle
        elif (change.surely[n] >= CHANGED and set(read.alternatives) == {read.key, None} and even[n]
              and apart_from(change.changed[n], looks.get(str(read.key))) <= NEAR):
            settled.append(Hex(read.cell, read.key, margin=read.margin))
        else:
            told = (told_apart(change.changed[n], pieces, read.alternatives)
                    if change.surely[n] >= CHANGED and even[n] else None)
            settled.append(read if told is None else Hex(read.cell, told, margin=read.margin))
    return uncrowded(tuple(settled), change, looks, even)


def by_points(read: Hex, change: Change, n: int, even: bool, spreads: dict[str, Spread],
              keys: tuple[str, ...]) -> str | None:
    """Whose piece hex `n` holds, where the readers doubt it (`read`) and its spot surely
    changed (CHANGED), by the points of what changed (`told_by_points`): between the two
    players doubted, or, doubted against none, where its base changed whole (BASE) and the
    points are one of every player's (the one doubted). None where they do not tell."""
    if read.reason not in (BETWEEN, DIFFER) or change.surely[n] < CHANGED:
        return None
    if None not in read.alternatives:
        return told_by_points(change, n, even, spreads, tuple(map(str, read.alternatives)))
    whose = told_by_points(change, n, even, spreads, keys) if change.base[n] >= BASE else None
    return whose if whose in read.alternatives else None


def by_own_pieces(readings: tuple[Hex, ...], points: Any, players: list[tuple[str, str]],
                  terrains: tuple[Terrain, ...]) -> tuple[Hex, ...]:
    """The readers' doubts that are left (`readings`, with a set-up photo's say) settled by this
    photo's own pieces: each player's sure pieces' spot points (`points`, per hex, log colour;
    PIECES_SEEN pieces or more) a Gaussian, and a hex the readers doubt between two players, or
    between a piece the net reads and none, the piece of the player whose its spot's points
    are (`owner`, OWN_SPLIT), while that player has fewer sure pieces than a player has. Not a
    black piece against none: a shadow's points are a black piece's (careless varied 1597 E10,
    an empty desert hex). Nor where the net leans to none: green and white marks of the art fit
    green and white pieces' points (independent 2774 I11 J16, read empty rightly); nor where
    they are likelier its terrain's sure empty hexes' (`terrains`, per reading;
    `like_its_terrain`: careless retail 1929 L14, a forest's trees taken for a green house).
    Each player's and terrain's points are taken again by `by_own_terrain` and `by_own_hexes`,
    after this settles doubts. The light is not divided out: each hex's light, taken from its
    rim, is off where neighbours' pieces hide it, more than the board's light varies
    (independent 1643 H8 I9 J7, settled wrong with it)."""
    spreads, empties = own_looks(readings, points, terrains)
    shadowed = black(players)
    sure = Counter(read.key for read in readings if read.sure)
    settled = []
    for n, read in enumerate(readings):
        doubted = (tuple(map(str, read.alternatives)) if None not in read.alternatives
                   else (read.key,) if read.key is not None and read.key not in shadowed else ())
        whose = owner(points[n], spreads, doubted, OWN_SPLIT) if read.reason in (BETWEEN, DIFFER) and doubted else None
        if whose is not None and None in read.alternatives and like_its_terrain(points[n], spreads[whose], empties,
                                                                                terrains[n]):
            whose = None
        if whose is None or sure[whose] >= MAX_SETTLEMENTS:
            settled.append(read)
        else:
            settled.append(Hex(read.cell, whose, margin=read.margin))
            sure[whose] += 1
    return tuple(settled)


def by_own_terrain(readings: tuple[Hex, ...], points: Any, players: list[tuple[str, str]],
                   terrains: tuple[Terrain, ...]) -> tuple[Hex, ...]:
    """The readers' doubts of a piece against none (`readings`, `by_own_pieces`'s) settled by
    this photo's own sure hexes: its terrain's sure empty hexes' spot points (`terrains`, per
    reading) and each player's sure pieces' (`points`, per hex, log colour; `sure_spreads`).
    Empty, where the net leans to none by EMPTY_LEAN and its points are LOOKS likelier its
    terrain's than every player's pieces' (a doubt between the two, under glare, where the hand
    reader could not see its rim, or where a set-up photo saw the spot change: a mark of the
    art, white flowers or green trees, lies on its terrain's other hexes too; a neighbour's
    house leans in). A player's piece, where its points are that player's pieces' (`owner`,
    OWN_SPLIT) and LOOKS likelier theirs than its terrain's, and the readers differ or its rim
    is hidden, the net leaning to none (a piece in a cluster, its neighbours hiding its rim,
    that the net reads off its hex's middle: independent 2796's green cluster on forest and
    grass), or a set-up photo saw the spot change (CHANGE, read as a piece or not). Not a black
    piece (a shadow's points are a black piece's), nor a player's piece past the count a player
    has. Under glare, or a doubt the net alone leaves, a piece is not settled: glare whitens an
    empty hex to a white piece's look (careless retail 39)."""
    keys = tuple(key for key, _ in players)
    pieces, empties = own_looks(readings, points, terrains)
    shadowed = black(players)
    sure = Counter(read.key for read in readings if read.sure)
    settled = []
    for n, read in enumerate(readings):
        empty = None if read.sure or None not in read.alternatives else empties.get(terrains[n])
        leans_none = read.key is None
        whose = (owner(points[n], pieces, keys, OWN_SPLIT) if empty is not None and (
            read.reason == CHANGE or leans_none and read.reason in (RIM_HIDDEN, DIFFER)) else None)
        if (empty is not None and leans_none and read.reason in (BETWEEN, GLARE, RIM_HIDDEN, CHANGE)
                and read.margin >= EMPTY_LEAN and len(pieces) == len(keys)
                and all(likelier(points[n], empty, spread) >= LOOKS for spread in pieces.values())):
            settled.append(Hex(read.cell, None, margin=read.margin))
        elif (whose is not None and whose not in shadowed and sure[whose] < MAX_SETTLEMENTS and empty is not None
              and likelier(points[n], pieces[whose], empty) >= LOOKS):
            settled.append(Hex(read.cell, whose, margin=read.margin))
            sure[whose] += 1
        else:
            settled.append(read)
    return tuple(settled)


def by_own_hexes(readings: tuple[Hex, ...], points: Any, players: list[tuple[str, str]],
                 terrains: tuple[Terrain, ...], still: Any = None) -> tuple[Hex, ...]:
    """The readings (`by_own_terrain`'s), each sure one unsure where its spot's points are one
    player's pieces' in this photo (`owner`, OWN_SPLIT, among every player's) and it was read
    otherwise. Read as another player's piece (OTHERS_LOOK: independent 2194 R4). Read empty
    (PIECE_LIKE), where they are likelier that player's than its terrain's: the points of the
    terrain's sure empty hexes (`terrains`, per reading; `likelier`; PIECES_SEEN hexes or
    more, else the player's). A piece the readers miss, in a cluster or off its hex's middle
    (independent 1583 J1, 1618 S20, 2796 P6), looks like that player's pieces; a mark of the
    art in a player's colour, white flowers or green trees, lies on the terrain's other hexes
    too, and looks like them. Not where a set-up photo saw the hex's spot unchanged (`still`,
    per reading): it is empty."""
    keys = tuple(key for key, _ in players)
    pieces, empties = own_looks(readings, points, terrains)
    result = []
    for n, read in enumerate(readings):
        whose = owner(points[n], pieces, keys, OWN_SPLIT) if read.sure else None
        if whose is None or whose == read.key:
            result.append(read)
        elif read.key is not None:
            result.append(Hex(read.cell, read.key, False, (read.key, whose), OTHERS_LOOK, read.margin))
        elif (still is None or not still[n]) and not like_its_terrain(points[n], pieces[whose], empties, terrains[n]):
            result.append(Hex(read.cell, None, False, (None, whose), PIECE_LIKE, read.margin))
        else:
            result.append(read)
    return tuple(result)


def like_its_terrain(points: Any, spread: Spread, empties: dict[Any, Spread], terrain: Terrain) -> bool:
    """Whether `points` (a hex's, rows of log colour) are likelier the sure empty hexes' of its
    terrain (`empties`, per terrain) than the pieces' of `spread` (`likelier`, below 0): a mark
    of the art in a player's colour lies on the terrain's other hexes too. False where the
    terrain's are not known."""
    return terrain in empties and likelier(points, spread, empties[terrain]) < 0


def own_looks(readings: tuple[Hex, ...], points: Any,
              terrains: tuple[Terrain, ...]) -> tuple[dict[Any, Spread], dict[Any, Spread]]:
    """This photo's own looks (`sure_spreads`): each player's sure pieces', and each terrain's
    sure empty hexes' (`terrains`, per reading)."""
    return (sure_spreads(readings, points, lambda n, read: read.key),
            sure_spreads(readings, points, lambda n, read: terrains[n] if read.key is None else None))


def black(players: list[tuple[str, str]]) -> set[str]:
    """The players whose pieces are black (as the net names colours): a shadow's points are a black piece's."""
    return {key for key, colour in players if CLASSES[colour_class(colour)] == "black"}


def sure_spreads(readings: tuple[Hex, ...], points: Any, group: Callable[[int, Hex], Any]) -> dict[Any, Spread]:
    """How the points (`points`, per reading, log colour) of the sure readings spread in this
    photo, grouped by `group` (of a reading's index and the reading; None: left out), for the
    groups of PIECES_SEEN hexes or more (`Spread`)."""
    groups: dict[Any, list[int]] = {}
    for n, read in enumerate(readings):
        if read.sure and (name := group(n, read)) is not None:
            groups.setdefault(name, []).append(n)
    return {name: Spread.of(points[seen]) for name, seen in groups.items() if len(seen) >= PIECES_SEEN}


def pieces_seen(readings: tuple[Hex, ...], change: Change, keys: tuple[str, ...], even: Any) -> dict[str, list[int]]:
    """The pieces that show how each player's pieces look in this photo: per player with
    PIECES_SEEN or more, their sure pieces (indices into `readings`) whose spots surely changed
    where the photos compare and the light changed as over the board (`even`)."""
    import numpy as np

    pieces = {}
    for key in keys:
        theirs = [n for n, read in enumerate(readings) if read.key == key and read.sure and change.surely[n] >= CHANGED
                  and change.steady[n] and even[n] and not np.isnan(change.changed[n]).any()]
        if len(theirs) >= PIECES_SEEN:
            pieces[key] = theirs
    return pieces


def uncrowded(settled: tuple[Hex, ...], change: Change, looks: dict[str, Any], even: Any) -> tuple[Hex, ...]:
    """The readings `with_setup` settled, each piece unsure only for its player's count
    (CROWDED) sure where it surely changed into what looks like its player's pieces (`looks`;
    a neighbour's shadow changes a hex too, and looks like a black piece's: varied 627 E8) and
    its player now has no more than a player has, those pieces and the sure ones counted: the
    art read as that player's pieces made the count."""
    counts: Counter[str | None] = Counter(read.key for read in settled if read.sure or read.reason == CROWDED)
    return tuple(Hex(read.cell, read.key, margin=read.margin)
                 if read.reason == CROWDED and change.steady[n] and even[n] and change.surely[n] >= CHANGED
                 and apart_from(change.changed[n], looks.get(str(read.key))) <= NEAR
                 and counts[read.key] <= MAX_SETTLEMENTS else read for n, read in enumerate(settled))


@dataclass
class Grid:
    """The board straightened and its hexes found."""

    straight: Any   # the board in the straightened frame (RGB)
    inside: Any     # where the photo covers that frame
    centres: Any    # each hex's centre there, refined against the terrain (400 x 2, row by row)
    lean: Any       # how far the top of a piece standing on each hex appears from its base
    to_photo: Any   # the homography from the straightened frame to the photo

    def frame_corners(self) -> list[tuple[float, float]]:
        """The refined centres of A1, A20, T1, T20 in the straightened frame."""
        return [(float(x), float(y)) for x, y in self.centres[[flat(c) for c in CORNER_CELLS]]]

    def corners(self) -> list[tuple[float, float]]:
        """The refined centres of A1, A20, T1, T20 in the photo."""
        import numpy as np

        return [(float(x), float(y)) for x, y in transform(self.to_photo, np.array(self.frame_corners()))]


def locate(image: Any, corners: list[tuple[float, float]], board: Board, source: str,
           players: list[tuple[str, str]] | None = None) -> Grid:
    """The board's grid in the photo from the corners given (`source`: where they came from),
    refined, then checked against the terrain the board shows: placed anew where the corners
    were a hex or two off, refused (InputError) where it fits nowhere near. A refinement that
    moved a corner half a hex or more was given corners off; it can take up most of a hex at
    one corner and leave the grid half a hex off at another, so the grid found nearby is
    preferred then, where it fits. Where that refuses the grid and `players` are given, the
    pieces are read on it and all this is done again without the rim samples they cover:
    pieces larger than the kit's, or leaning, cover the rims the check compares."""
    import numpy as np

    grid = place_grid(image, corners)
    given = [tuple(p) for p in transform(np.linalg.inv(grid.to_photo), np.array(corners))]
    found = _settled(image, grid, given, board, None)
    if found is None and players:
        found = _settled(image, grid, given, board, _pieces(grid, board, players))
    if found is None:
        raise mismatch(grid.straight, given, board, source)
    return found


def _settled(image: Any, grid: Grid, given: list[tuple[float, float]], board: Board, hidden: Any) -> Grid | None:
    """`grid`, or the grid found near `given` (its corners as given, in its frame), that fits
    the terrain (`locate`), the rim samples that the pieces `hidden` (`_pieces`) cover left out;
    None where neither does."""
    import numpy as np

    fitting = fits(grid.straight, grid.frame_corners(), board, _in_frame(grid, hidden))
    if fitting and max(math.dist(a, b) for a, b in zip(given, grid.frame_corners())) < PARAMS.fit_drift * W:
        return grid
    near = nearby(grid.straight, given, board, _in_frame(grid, hidden))
    again = place_grid(image, [tuple(p) for p in transform(grid.to_photo, np.array(near))])
    if fits(again.straight, again.frame_corners(), board, _in_frame(again, hidden)):
        return again
    return grid if fitting else None


def _pieces(grid: Grid, board: Board, players: list[tuple[str, str]]) -> Any:
    """Where, in the photo, the readers find a piece or are unsure on `grid`: each such hex's
    centre, and where the top of a piece standing there appears (pairs of points, 2 x n x 2)."""
    import numpy as np

    seen = measure(grid, board)
    readings = read_by_net(grid, seen, board, players) or _read(seen, grid.centres, grid.lean, board, players)
    at = [flat(read.cell) for read in readings if read.key or not read.sure]
    return np.stack([transform(grid.to_photo, grid.centres[at]), transform(grid.to_photo, grid.centres[at] + grid.lean[at])])


def _in_frame(grid: Grid, pieces: Any) -> Any:
    """Where `pieces` (`_pieces`; None: not looked for) stand in `grid`'s straightened frame: an
    image, 255 within `fit_piece` hex widths of each piece's base and top and between them."""
    import cv2
    import numpy as np

    if pieces is None:
        return None
    hidden = np.zeros(grid.straight.shape[:2], np.uint8)
    reach = round(PARAMS.fit_piece * W)
    bases, tops = np.rint(transform(np.linalg.inv(grid.to_photo), pieces.reshape(-1, 2))).astype(int).reshape(pieces.shape)
    for base, top in zip(map(tuple, bases.tolist()), map(tuple, tops.tolist())):
        cv2.line(hidden, base, top, 255, 2 * reach)
        cv2.circle(hidden, base, reach, 255, -1)
        cv2.circle(hidden, top, reach, 255, -1)
    return hidden


def place_grid(image: Any, corners: list[tuple[float, float]]) -> Grid:
    """The board straightened from the photo's pixel centres of A1, A20, T1, T20, and its hexes."""
    import cv2
    import numpy as np

    height, width = image.shape[:2]
    units = board_centres()
    # Board units -> photo pixels, from the four corner hexes as given.
    to_photo = cv2.getPerspectiveTransform(np.array(units[[flat(c) for c in CORNER_CELLS]], dtype=np.float32),
                                           np.array(corners, dtype=np.float32))
    canvas = FRAME.canvas()  # board units -> straightened pixels
    straight, inside = straighten(image, to_photo @ np.linalg.inv(canvas), FRAME.size)
    centres = transform(canvas, units)
    refined = refine(straight, centres, [flat(c) for c in CORNER_CELLS], np.array(SECTOR_OF), W)
    # A house's height in board units (a hex is sqrt(3) across); its lean at most a hex.
    lean = parallax(to_photo, refined, width, height, FRAME, PIECE_HEIGHT * math.sqrt(3), W)
    return Grid(straight, inside, refined, lean, to_photo @ np.linalg.inv(canvas))


@dataclass
class Measured:
    """The straightened board's hexes sampled and their light measured, once for both readers."""

    image: Any        # the straightened board, RGB as float32 in 0..1
    readable: Any     # per hex, whether its terrain can hold a settlement
    samples: Any      # HexSamples
    light: Any        # HexLight
    use: Any          # the readable hexes the photo shows (indices into all 400)


def measure(grid: Grid, board: Board) -> Measured:
    import numpy as np

    readable = np.array([t not in UNBUILDABLE for t in board.terrain])
    image = grid.straight.astype(np.float32) / 255.0
    seen = sample_hexes(image, grid.inside, grid.centres, grid.lean)
    lit = hex_light(seen, board.terrain, readable)
    return Measured(image, readable, seen, lit, np.flatnonzero(readable & seen.covered))


def _read(measured: Measured, centres: Any, lean: Any, board: Board, players: list[tuple[str, str]]) -> tuple[Hex, ...]:
    """Every readable hex as empty or a player's piece. Each hex is described by the colour at
    its piece spot with the hex's light divided out (the light is how its rim differs from its
    terrain's usual rim); an empty hex then looks like the others of its terrain, a piece like
    the other pieces of its colour on any terrain. Both kinds of group are learned together."""
    import numpy as np

    image, readable, seen, lit, use = (measured.image, measured.readable, measured.samples, measured.light, measured.use)
    corrected = log_rgb(seen.spot) - lit.light[:, None, :]
    turned = np.array([board.placements[sector].turned for sector in SECTOR_OF])
    declared = [colour for _, colour in players]
    first = first_look(image, centres[use], corrected[use], lit, use, turned[use], declared)
    pieces = read_pieces(seen.spot[use], corrected[use], lit, use, first, declared)
    blob = blobs(image, centres[use], lean[use], lit.light[use], lit.kind[use], pieces.empty_models, first.look,
                 first.empty & first.trusted)
    return _hexes(readable, use, lit, first, pieces, blob, tuple(key for key, _ in players))


def combined(by_net: tuple[Hex, ...], by_hand: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """Each hex's reading from both readers' (`both_readers`), the hand reader settling the net's
    doubts between two players only where it reads the players' colours as the net does and reads
    neither of the two with more pieces than a player has, and an empty hex the net doubts only
    where the net leans to empty by LEAN."""
    misread = sum(net.sure and None not in (net.key, hand.key) and net.key != hand.key for net, hand in zip(by_net, by_hand))
    counts = Counter(hand.key for hand in by_hand if hand.key is not None)
    crowded = {key for key, count in counts.items() if count > MAX_SETTLEMENTS}  # others' pieces taken for theirs
    net_counts: Counter[str | None] = Counter(net.key for net in by_net if net.key is not None)  # None: 0
    return tuple(both_readers(net, hand, misread < MISREAD and crowded.isdisjoint(net.alternatives),
                              net_counts[net.key] <= MAX_SETTLEMENTS)
                 for net, hand in zip(by_net, by_hand))


def both_readers(net: Hex, hand: Hex, settles: bool = True, overrules: bool = True) -> Hex:
    """One hex's reading: the net's. Where the two readers agree, sure where either is sure (the
    hand reader, where the net doubts between two players, only if it `settles` such doubts, and
    where the net doubts an empty hex, only if the net leans to empty by LEAN);
    where they differ, sure only where the net is overwhelmingly sure (OVERRULE) and `overrules`
    (it does not where it read the player with more pieces than a player has: some of them are
    another's), or sure of an empty hex where the hand reader's piece makes a patch too small for
    one (PATCHY: it doubts its own piece), else unsure between the two (the net's own reading and
    its unsureness where neither is sure). A hex the hand reader rings as one it cannot see
    (washed out white, under glare's veil, or its rim hidden by a neighbour's piece) is read
    empty surely only where the net is surer still (BLIND): a piece may vanish there for both
    readers. Likewise a piece both read, where the hand reader finds its patch too small for a
    piece (PATCHY): a mark of the board's art in a player's colour fools the net too. Where the
    hand reader found none of a player's pieces, it has no say on a piece the net surely reads
    as that player's."""
    if net.sure and net.key is not None and hand.reason == f"{net.key}{LOST}":
        return net
    if net.key is None and hand.reason in (WASHED, GLARE, RIM_HIDDEN) and net.margin < BLIND:
        return Hex(net.cell, None, False, (None, *(key for key in hand.alternatives if key is not None))[:2], hand.reason,
                   net.margin)
    if hand.key == net.key:
        if net.key is not None and hand.reason == PATCHY and net.margin < BLIND:
            return Hex(net.cell, net.key, False, (net.key, None), PATCHY, net.margin)
        doubted = (None not in net.alternatives and not settles) or (net.key is None and net.margin < LEAN)
        return net if net.sure or not hand.sure or doubted else Hex(net.cell, net.key, margin=net.margin)
    if net.sure and net.margin >= OVERRULE and overrules or not (net.sure or hand.sure):
        return net
    if net.sure and net.key is None and hand.reason == PATCHY:
        return net
    return Hex(net.cell, net.key, False, (net.key, hand.key), DIFFER, net.margin)


def read_by_net(grid: Grid, measured: Measured, board: Board, players: list[tuple[str, str]]) -> tuple[Hex, ...] | None:
    """Every readable hex as the net reads it: its likeliest of empty and the players' colours.
    Unsure: less than SURE likelier (log) than the next reading (PAIR where both are players'
    pieces, and any likelier where the photo's pieces keep the two players `apart`); a piece
    STRANGER likelier of a colour no player has than of any player's; a piece of a player read
    with more than a player has, under OVERRULE, and the least sure of them; and every hex where
    a player's pieces were hardly found (the form's colour may be wrong, its pieces read as
    another's).
    None where two players' colours are nearest one named colour (the net knows only those):
    then the hand reader tells them apart."""
    import numpy as np

    classes = [colour_class(colour) for _, colour in players]
    if len(set(classes)) < len(classes):
        return None
    cells, inputs = hex_inputs(grid.straight, grid.centres, grid.lean, measured)
    return net_verdicts(cells, probabilities(MODELS, inputs) if cells else np.zeros((0, len(CLASSES))), board, players)


def net_verdicts(cells: list[Cell], every: Any, board: Board, players: list[tuple[str, str]]) -> tuple[Hex, ...]:
    """Every readable hex's verdict from the net's probabilities (`every`, per hex of `cells`, of each of CLASSES)."""
    import numpy as np

    classes = [colour_class(colour) for _, colour in players]
    odds = every[:, [0, *classes]]
    stranger = np.log(every.max(axis=1) + 1e-12) - np.log(odds.max(axis=1) + 1e-12) > STRANGER
    odds /= np.maximum(odds.sum(axis=1, keepdims=True), 1e-12)
    ranked = np.argsort(-odds, axis=1, kind="stable")
    rows = np.arange(len(cells))
    margin = np.log(odds[rows, ranked[:, 0]] + 1e-12) - np.log(odds[rows, ranked[:, 1]] + 1e-12)
    # Between two players' pieces PAIR, or less where the photo keeps them `apart`; but not for a
    # player read with more pieces than a player has: some are another's, however sure they look,
    # so each of theirs is unsure below OVERRULE, and the least sure are surely among them.
    keys = (None, *(key for key, _ in players))
    counts = np.bincount(ranked[:, 0], minlength=len(keys))  # empty, then each player's pieces read
    over = (counts > MAX_SETTLEMENTS) & (np.arange(len(keys)) > 0)
    players_only = ~(ranked[:, :2] == 0).any(axis=1) & ~over[ranked[:, 0]] & ~over[ranked[:, 1]]
    needed = np.where(players_only, np.where(apart(ranked, odds), 0.0, PAIR), SURE)
    extra = surplus(ranked[:, 0], margin, len(players)) | (over[ranked[:, 0]] & (margin < OVERRULE))
    found = counts[1:] >= PARAMS.found
    lost = keys[1 + int(np.argmin(found))] if not found.all() else None
    read = {cell: n for n, cell in enumerate(cells)}
    result = []
    for cell in hexgrid.cells(ROWS, COLS):
        if board.at(cell) in UNBUILDABLE:
            continue
        if cell not in read:
            result.append(Hex(cell, None, False, keys, "not in the photo"))
            continue
        n = read[cell]
        best, runner = keys[ranked[n, 0]], keys[ranked[n, 1]]
        if lost is not None:
            runner = None if best is not None else lost
        reason = (f"{lost}{LOST}" if lost is not None else BETWEEN if margin[n] < needed[n]
                  else UNUSUAL if stranger[n] else CROWDED if extra[n] else "")
        result.append(Hex(cell, best, not reason, (best, runner) if reason else (), reason, float(margin[n])))
    return tuple(result)


def apart(ranked: Any, odds: Any) -> Any:
    """Per hex, whether its two likeliest readings are two players' pieces that the net keeps apart
    in this photo: no piece it reads as either's lies in a band PAIR wide round even odds between
    the two. One player's pieces look alike in a photo, so the net's odds between two players'
    colours fall in two groups, both moved alike by the light (warm light makes yellow look orange);
    a piece near the band's edge still lies in its group. `ranked`: per hex, 0 (empty) and
    1 + each player, likeliest first; `odds` their probabilities."""
    import numpy as np

    log = np.log(odds + 1e-12)
    result = np.zeros(len(ranked), bool)
    for a, b in sorted({(min(x, y), max(x, y)) for x, y in ranked[:, :2].tolist() if 0 not in (x, y)}):
        either = np.isin(ranked[:, 0], (a, b))
        towards_a = log[either, a] - log[either, b]
        band = towards_a[towards_a > 0].min(initial=np.inf) - towards_a[towards_a < 0].max(initial=-np.inf)
        if band >= PAIR:
            result |= (np.sort(ranked[:, :2], axis=1) == (a, b)).all(axis=1)
    return result


def hex_inputs(straight: Any, centres: Any, lean: Any, measured: Measured, size: int = PATCH) -> tuple[list[Cell], Any]:
    """The readable hexes the photo shows, and the net's input for each (`scan_net.patches`),
    their light as the hand reader measured it."""
    lit, use = measured.light, measured.use
    overall = lit.usual_rim.mean(axis=0)  # the photo's light: its terrains' usual rims on average
    inputs = patches(straight, centres[use], lean[use], lit.light[use] + overall,
                     lit.usual_rim[lit.kind[use]] - overall, size)
    cells = list(hexgrid.cells(ROWS, COLS))
    return [cells[i] for i in use], inputs


@dataclass
class HexSamples:
    """RGB (0..1) sampled on each hex of the straightened board."""

    spot: Any      # (hexes, points, 3): where a piece stands, the disc at each of PARAMS.spot_heights, base first
    rim: Any       # (hexes, PARAMS.rim_points, 3): round its rim
    covered: Any   # (hexes,): whether the photo shows all of them


def sample_hexes(image: Any, inside: Any, centres: Any, lean: Any) -> HexSamples:
    """Each hex's piece spot (a disc at its base and up the way a standing piece leans) and rim."""
    import numpy as np

    p = PARAMS
    spot_disc = disc(p.spot_radius * W)
    piece_pts = np.concatenate([centres[:, None, :] + t * lean[:, None, :] + spot_disc[None] for t in p.spot_heights], axis=1)
    rim_pts = centres[:, None, :] + ring(p.rim_radius * W, p.rim_points)[None]
    shown = sample(inside.astype(np.float32), np.concatenate([piece_pts, rim_pts], axis=1))[..., 0].min(axis=1)
    return HexSamples(sample(image, piece_pts), sample(image, rim_pts), shown > p.in_photo)


def spot_middles() -> Any:
    """Which of a hex's spot samples (`sample_hexes`) lie in the middle of their disc: `disc`
    puts its DISC_CORE middle points first, and the spot repeats the disc at each height."""
    import numpy as np

    points = len(disc(1.0))
    return np.concatenate([np.arange(DISC_CORE) + k * points for k in range(len(PARAMS.spot_heights))])


@dataclass
class HexLight:
    """The light on each hex, from how its rim differs from its terrain's usual rim: a gain
    (shade, light falling off, a colour cast, a print a little darker) plus a grey veil added
    on top (glare)."""

    kind: Any          # per hex, its terrain's index among the readable terrains; -1 where none is read
    usual_rim: Any     # per kind, the log colour of its usual rim
    light: Any         # per hex, its light: log gain per channel, taken out of its samples by subtraction
    rim: Any           # per hex, its rim's colour (RGB)
    terrain_rims: Any  # per hex, its terrain's usual rim (RGB)
    covered: Any       # per hex, whether the photo shows it
    glare: Any         # per hex, washed out or under a grey veil: nothing to learn from
    washed: Any        # per hex, its spot or rim washed out white: nothing left to read
    beside_glare: Any  # per hex, next to a glare hex (a piece's colour there is already off)
    hidden_rim: Any    # per hex, its rim shows too little of its terrain, or a light not its own


def hex_light(seen: HexSamples, terrain: tuple[Terrain, ...], readable: Any) -> HexLight:
    import numpy as np

    p, covered, near = PARAMS, seen.covered, hexgrid.neighbour_table(ROWS, COLS)
    ground = tuple(t.value for t in terrain)
    rim, rim_seen = rim_colours(seen.rim, ground, covered)
    washed = (seen.spot.min(axis=2) > p.washed_out).mean(axis=1) > p.washed_share  # nothing left to read
    terrain_rims = usual_rims(rim, ground, covered)
    veil = grey_veil(rim, terrain_rims, covered, near)
    veiled = np.array([max(veil[j] for j in (i, *around)) for i, around in enumerate(near)])
    washed |= rim.min(axis=1) > p.rim_white  # a rim gone white: no light to divide out
    glare = washed | (veiled > p.glare)  # or a grey veil
    # Glare fades out gradually: beside a washed-out hex a piece's colour is already off.
    beside_glare = np.array([any(glare[j] for j in around) for around in near])
    kinds = sorted({t.value for t, r in zip(terrain, readable) if r})
    kind = np.array([kinds.index(t.value) if r else -1 for t, r in zip(terrain, readable)])
    use = np.flatnonzero(readable & covered)
    usual_rim = np.zeros((len(kinds), 3))
    rim_log = log_rgb(rim)
    for k in range(len(kinds)):
        members = use[kind[use] == k]
        if len(members):
            usual_rim[k] = median(rim_log[members], axis=0)
    light = rim_log - usual_rim[np.maximum(kind, 0)]
    hidden_rim = light_jumps(light, covered & readable, near) | ~rim_seen
    return HexLight(kind, usual_rim, light, rim, terrain_rims, covered, glare, washed, beside_glare, hidden_rim)


@dataclass
class FirstLook:
    """Per hex read: what the first reading, by each hex's overall colour, and the printed art say."""

    labels: Any      # 0 empty, else 1 + the player whose piece it first seemed
    says: Any        # how surely it saw a piece (> 0) or none
    look: Any        # terrain and way round: printed art repeats on the hexes of one look
    ground: Any      # its terrain's colour, empty, under the usual light (log)
    trusted: Any     # not under glare
    repeats: Any     # its look's art repeats from hex to hex
    plain: Any       # and it shows that art all over
    checked: Any     # and that art was checked against the hexes first read empty
    empty: Any       # the hexes to learn their terrain's empty look from


def first_look(image: Any, centres: Any, corrected: Any, lit: HexLight, use: Any, turned: Any,
               declared: list[str]) -> FirstLook:
    import numpy as np

    kind = lit.kind[use]
    low, high = np.quantile(corrected, PARAMS.variety, axis=1)
    feature = np.hstack([median(corrected, axis=1), (high - low).mean(axis=1, keepdims=True)])
    trusted = ~lit.glare[use]  # what glare washed out teaches nothing
    groups = first_reading(feature, kind, lit.usual_rim, declared, trusted)
    labels = np.argmin(groups.cost, axis=1)
    says = groups.cost[:, 0] - groups.cost[:, 1:].min(axis=1)
    # Printed art repeats on every hex of a terrain: where it does, the hexes that show the
    # art of their look (terrain and way round) at every place are the empty ones to learn
    # the terrain from, whatever colours its art and the pieces share.
    look = kind * 2 + turned
    ground = lit.usual_rim[kind]
    repeats, plain, checked = repeated_art(image, centres, lit.light[use], look, trusted, labels == 0)
    # Art not checked against first empties may still be told from pieces by their colour elsewhere.
    checked |= repeats & ~like_pieces_elsewhere(feature[:, :3], kind, look, plain, labels, trusted, ground)
    # Unchecked art teaches a terrain's empty look only where the first reading agrees.
    empty = np.where(checked, plain, (labels == 0) & (plain | ~repeats))
    return FirstLook(labels, says, look, ground, trusted, repeats, plain, checked, empty)


@dataclass
class Pieces:
    """Per hex read: the second reading, by each sample's colour, and whose each piece is."""

    cost: Any             # -log likelihood of empty (column 0) and of each player's piece
    labels: Any           # the likeliest of those
    colour_cost: Any      # -log likelihood of the piece's colour being each player's
    colour_distance: Any  # its distance from each player's usual colour, in spreads
    foreign: Any          # per sample, whether its terrain does not explain it
    empty_models: EmptyModels  # per terrain kind, its empty look's colour model and its cut
    hidden: Any           # (kind, player): the terrain's colours explain that player's pieces


def read_pieces(spot: Any, samples: Any, lit: HexLight, use: Any, first: FirstLook, declared: list[str]) -> Pieces:
    import numpy as np

    players = len(declared)
    kind, trusted, ground = lit.kind[use], first.trusted, first.ground
    # Glare adds grey: divided out as a gain, it tints a black piece its terrain's colour.
    # For the colour of a piece under glare, the grey is taken off first.
    tinted = samples.copy()
    if lit.glare.any():
        usual = lit.usual_rim[np.maximum(lit.kind, 0)]
        veil = own_veil(lit.rim, lit.terrain_rims, lit.covered, hexgrid.neighbour_table(ROWS, COLS))
        ungreyed = unveiled(spot, lit.rim[use], usual[use], veil[use])
        tinted[~trusted] = ungreyed[~trusted]
    shade = in_shadow(samples, ground)
    looks = empty_looks(samples, kind, first.empty, trusted)
    foreign = looks.foreign
    # Whose piece: decided on each piece's own colour, the samples its terrain does not
    # explain, less the piece's shadow.
    colour = piece_colours(tinted, foreign & ~shade, ground)
    cost = sample_costs(samples, looks, first.labels, players, trusted)
    labels = np.argmin(cost, axis=1)
    piece = labels > 0
    labels[piece] = 1 + who(colour[piece], declared, trusted[piece])
    cost = sample_costs(samples, looks, labels, players, trusted)
    labels = np.argmin(cost, axis=1)
    colour_cost, colour_distance = colour_costs(as_hue(colour), as_hue(ground), labels, players, trusted)
    hidden = terrain_explains(colour, labels, trusted, looks.models, players)
    return Pieces(cost, labels, colour_cost, colour_distance, foreign, looks.models, hidden)


def oddness(fit: Any, labels: Any) -> Any:
    """How much worse each hex fits the group it joined (`fit`, a cost) than that group's
    members do: in robust spreads of the group's fits."""
    import numpy as np

    odd = np.zeros(len(fit))
    for g in np.unique(labels):
        members = labels == g
        odd[members] = (fit[members] - median(fit[members])) / robust_spread(fit[members], PARAMS.odd_floor)
    return odd


def _hexes(readable: Any, use: Any, lit: HexLight, first: FirstLook, pieces: Pieces, blob: Any,
           keys: tuple[str, ...]) -> tuple[Hex, ...]:
    """Each readable hex's verdict from the evidence the stages gathered."""
    import numpy as np

    cost, labels, colour_cost = pieces.cost, pieces.labels, pieces.colour_cost
    # A player of whose pieces hardly any were found may have them all taken for a terrain,
    # or for another player's: then any hex may hold one, and none is sure.
    found = np.bincount(labels, minlength=len(keys) + 1)[1:] >= PARAMS.found
    lost = keys[int(np.argmin(found))] if not found.all() else None
    # A piece covers the middle of its spot; specks of the terrain's art cannot.
    core = pieces.foreign[:, spot_middles()].mean(axis=1)
    odd = oddness(cost[np.arange(len(use)), labels], labels)
    faint = _faint(cost, labels, lit.kind[use], len(keys))
    margin = cost[:, 0] - cost[:, 1:].min(axis=1)
    extra = surplus(np.where(margin > 0, np.argmin(colour_cost, axis=1) + 1, 0), margin, len(keys))
    result = []
    position = {int(i): n for n, i in enumerate(use)}
    order = np.argsort(colour_cost, axis=1)
    for i, cell in enumerate(hexgrid.cells(ROWS, COLS)):
        if not readable[i]:
            continue
        if i not in position:
            result.append(Hex(cell, None, False, (None, *keys), "not in the photo"))
            continue
        n = position[i]
        ranked = order[n]
        result.append(_verdict(cell, _Evidence(
            piece_margin=float(cost[n, 0] - cost[n, 1:].min()),
            colours=tuple(keys[j] for j in ranked),
            colour_margin=_colour_margin(colour_cost[n], ranked),
            colour_distance=float(pieces.colour_distance[n, ranked[0]]),
            oddness=float(odd[n]), patch=float(blob[n]), core=float(core[n]),
            print_checked=bool(first.checked[n]), print_plain=bool(first.plain[n]), first_says=float(first.says[n]),
            hiding=tuple(keys[j] for j in np.flatnonzero(pieces.hidden[lit.kind[i]])),
            faint=bool(faint[n]), glare=bool(lit.glare[i]), washed=bool(lit.washed[i]), beside_glare=bool(lit.beside_glare[i]), lost=lost,
            rim_hidden=bool(lit.hidden_rim[i]), surplus=bool(extra[n]))))
    return tuple(result)


def surplus(whose: Any, margin: Any, players: int) -> Any:
    """Per hex read, whether it is one of the pieces read least surely (by `margin`) of a
    player read with more pieces than a player has: at least that many of them are misread.
    `whose` is 0 for empty, else 1 + the player."""
    import numpy as np

    extra = np.zeros(len(whose), bool)
    for j in range(1, players + 1):
        mine = np.flatnonzero(whose == j)
        if len(mine) > MAX_SETTLEMENTS:
            extra[mine[np.argsort(margin[mine])[:len(mine) - MAX_SETTLEMENTS]]] = True
    return extra


@dataclass(frozen=True)
class _Evidence:
    """What the scan found on one hex."""

    piece_margin: float           # how much likelier (log) a piece is than none; below 0, none is likelier
    colours: tuple[str, ...]      # the players' keys, the likeliest colour of the piece first
    colour_margin: float          # how much likelier (log) that colour is than the next
    colour_distance: float        # how far the piece's colour is from that player's usual, in spreads
    oddness: float                # how much worse the hex fits its group than the group's members do
    patch: float                  # the patch it shows, against the photo's typical piece's
    core: float                   # the part of its spot's middle its terrain does not explain
    print_checked: bool           # its look's printed art was learned and checked
    print_plain: bool             # it shows that art everywhere
    first_says: float             # how surely the first reading saw a piece (> 0) or none
    hiding: tuple[str, ...]       # players whose pieces its terrain's colours explain
    faint: bool                   # read no more surely than a player's faint pieces on its terrain
    glare: bool                   # washed out, or under a grey veil
    washed: bool                  # its spot or rim washed out white: the reading says nothing
    beside_glare: bool
    lost: str | None              # a player whose pieces were hardly found
    rim_hidden: bool              # its rim's light is not its own
    surplus: bool = False         # one of the least sure pieces of a player read with more than they have


def _verdict(cell: Cell, e: _Evidence) -> Hex:
    """The reading of one hex and, if unsure, why and what else it may be."""
    best, runner = e.colours[0], e.colours[1 % len(e.colours)]
    names: tuple[str | None, str | None]  # the reading, and what else it may be
    if e.piece_margin <= 0:
        names, margin = (None, best), -e.piece_margin
    elif e.piece_margin < e.colour_margin:
        names, margin = (best, None), e.piece_margin
    else:
        names, margin = (best, runner), e.colour_margin
    piece = names[0] is not None
    # What only makes a reading harder (a grey veil, a rim not showing the hex's own light, a
    # terrain coloured like a player's pieces, faint pieces) rings a hex only where its own
    # reading is not clearly sure; a hex washed out white has no reading at all.
    close = margin < (PARAMS.hard_decisive if piece else PARAMS.hard_empty * surest_empty())
    veiled = e.glare or (e.beside_glare and piece)
    # A piece makes a patch of its own size; an empty hex keeps the middle of its spot
    # its terrain's (a patch beside it is the terrain's art, as its colours already say).
    patchy = e.patch < PARAMS.patch if piece else e.core > PARAMS.core
    # A veil greys every colour under it: there an unusual colour is no news by itself.
    unusual = piece and e.colour_distance > PARAMS.strange_colour and (close or not veiled)
    # A piece read on a hex whose rim is hidden, out of glare, may be a neighbour's leaning over.
    rim_hidden = e.rim_hidden and (close or (piece and not e.glare))
    # A sure first reading overruled by the second is unsure, unless checked printed art
    # backs the reading; so is a hex that fits its group badly, unless the print shows
    # everywhere on it. A close reading between a terrain and a player whose pieces its
    # colours explain (hiding on it) is unsure even then: that player's pieces may cover so
    # much of the terrain that its art was learned partly from them.
    print_agrees = e.print_checked and e.print_plain != piece
    overruled = (e.first_says < -PARAMS.overruled if piece else e.first_says > PARAMS.overruled) and not print_agrees
    odd = e.oddness > PARAMS.strange and not (print_agrees and not piece)
    hiding = [key for key in e.hiding if names[0] in (None, key)]
    if hiding:
        names = (names[0], None) if piece else (None, hiding[0])
    if e.lost is not None:
        names = (names[0], None) if piece else (None, e.lost)
    if e.surplus and names[1] is not None:
        names = (names[0], None)  # the other reading: no piece
    # Glare and a hidden rim come before a close reading: they say why it is close, and a hex the
    # hand reader cannot see needs the net surer (BLIND).
    reason = (WASHED if e.washed else e.lost + LOST if e.lost is not None
              else GLARE if veiled and close else RIM_HIDDEN if rim_hidden
              else BETWEEN if margin < PARAMS.decisive
              else ODD if odd else PATCHY if patchy else UNUSUAL if unusual
              else "the two readings differ" if overruled else "coloured like the terrain" if hiding and close
              else "faint pieces" if e.faint and close else CROWDED if e.surplus else "")
    return Hex(cell, names[0], not reason, names if reason else (), reason, margin, e.oddness)


def _colour_margin(costs: Any, ranked: Any) -> float:
    """How much likelier (log) a hex's likeliest colour is than the next: none where no colour
    fits at all (every cost infinite: no player's pieces were found), endless with one player."""
    if len(costs) < 2:
        return math.inf
    return float(costs[ranked[1]] - costs[ranked[0]]) if math.isfinite(costs[ranked[0]]) else 0.0


@lru_cache(maxsize=1)
def surest_empty() -> float:
    """The most an empty reading can be likelier (log) than a piece: a piece's spot shows
    some terrain too (`piece_share`), so a spot its terrain explains wholly is still that part
    a piece's, sample by sample."""
    return len(disc(1.0)) * len(PARAMS.spot_heights) * -math.log(1 - PARAMS.piece_share) / PARAMS.correlated


def _faint(cost: Any, labels: Any, kind: Any, players: int) -> Any:
    """Per hex, whether it is read as empty, or as a player's piece, no more surely than that
    player's pieces on its terrain are read as pieces, where those pieces stand out from the
    terrain far less than the photo's pieces do (their median margin under `faint` (ScanParams) of all
    the pieces'): green pieces on dark forest under glare."""
    import numpy as np

    margin = cost[:, 0] - cost[:, 1:].min(axis=1)  # > 0: a piece is likelier than none
    likeliest = np.argmin(cost[:, 1:], axis=1) + 1
    usual = median(margin[labels > 0]) if (labels > 0).any() else 0.0
    faint = np.zeros(len(cost), bool)
    for k in np.unique(kind):
        for j in range(1, players + 1):
            theirs = (labels == j) & (kind == k)
            if theirs.sum() >= 3 and (typical := median(margin[theirs])) < PARAMS.faint * usual:
                faint |= (kind == k) & (((labels == 0) & (likeliest == j) & (-margin < typical)) | (theirs & (margin < typical)))
    return faint
