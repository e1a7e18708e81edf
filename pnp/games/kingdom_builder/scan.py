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
from dataclasses import dataclass
from typing import Any

from pnp import hexgrid
from pnp.errors import InputError, PnpError, Problem
from pnp.games.kingdom_builder.facts import UNBUILDABLE
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTOR_OF, Board, label
from pnp.games.kingdom_builder.scan_geometry import (CORNER_CELLS, MARGIN, S, W, Cell, board_centres, disc, flat,
                                                     parallax, refine, ring, sample, straighten, transform)
from pnp.games.kingdom_builder.scan_light import grey_veil, light_jumps, own_veil, rim_colours, unveiled, usual_rims
from pnp.games.kingdom_builder.scan_models import (as_hue, colour_costs, first_reading, in_shadow, piece_colours,
                                                   sample_costs, terrain_explains, who)
from pnp.games.kingdom_builder.scan_print import blobs, like_pieces_elsewhere, repeated_art

DECISIVE = 6.0                    # the best reading must be this much likelier (log) than the next
STRANGE = 6.0                     # a hex fitting its group this much worse than its members do is unsure
STRANGE_COLOUR = 4.5              # a piece this many spreads from its player's usual colour is unsure
OVERRULED = 120.0                 # a first reading this sure, overruled by the second, is unsure
GLARE = 0.03                      # more added grey than this (of white) and a hex is not to be trusted
FOUND = 5                         # a player with fewer pieces read than this may have them misread
LOST = "'s pieces not found"      # the reason a hex is unsure then, after the player's key
FAINT = 0.5                       # a player's pieces on a terrain read by under this part of the usual margin barely stand out
PATCH = 0.5                       # a piece's patch is at least this part of the photo's typical piece's (specks are smaller)


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

    def settlements(self) -> dict[str, list[Cell]]:
        result: dict[str, list[Cell]] = {key: [] for key, _ in self.players}
        for read in self.hexes:
            if read.key is not None:
                result[read.key].append(read.cell)
        return result

    def uncertain(self) -> list[Hex]:
        return [read for read in self.hexes if not read.sure]


def parse_corners(text: str) -> list[tuple[float, float]]:
    """'X,Y X,Y X,Y X,Y' (pixel centres of A1, A20, T1, T20) as four points."""
    points = []
    for part in text.replace(";", " ").split():
        x, comma, y = part.partition(",")
        try:
            point = (float(x), float(y))
        except ValueError:
            point = (math.nan, math.nan)
        if not comma or not all(math.isfinite(v) for v in point):
            raise InputError([Problem("--corners", None, f"'{part}' is not a point X,Y in pixels")])
        points.append(point)
    if len(points) != 4:
        raise InputError([Problem("--corners", None, f"{len(points)} points given; give 4, the centres of A1, A20, T1, T20: "
                                                     "\"X,Y X,Y X,Y X,Y\"")])
    return points


def check_corners(corners: list[tuple[float, float]], width: int, height: int) -> None:
    """Corners inside the photo, going round the board the right way, and big enough to read."""
    problems = []
    for (x, y), cell in zip(corners, CORNER_CELLS):
        if not (0 <= x < width and 0 <= y < height):
            problems.append(Problem("--corners", None, f"{label(cell)} at {x:g},{y:g} lies outside the photo ({width} x {height})"))
    if problems:
        raise InputError(problems)
    a1, a20, t1, t20 = corners
    around = [a1, a20, t20, t1]
    turns = []
    for k in range(4):
        (x0, y0), (x1, y1), (x2, y2) = around[k], around[(k + 1) % 4], around[(k + 2) % 4]
        turns.append((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1))
    across = min(math.dist(a1, a20), math.dist(t1, t20)) / (COLS - 1)
    down = min(math.dist(a1, t1), math.dist(a20, t20)) / (ROWS - 1)
    if not all(turn > 0 for turn in turns):
        raise InputError([Problem("--corners", None, "the four points do not form a board: give the centres of "
                                                     "A1, A20, T1 and T20 in that order (top-left, top-right, bottom-left, bottom-right)")])
    if min(across, down) < 6:
        raise InputError([Problem("--corners", None, f"the board is too small in this photo (hexes about {min(across, down):.0f} "
                                                     f"pixels apart, at least 6 needed): take the photo closer")])
    if not 0.25 < across / down < 4:
        raise InputError([Problem("--corners", None, "the four points do not form a board: its sides are far from "
                                                     "the shape of a 20 x 20 board")])


def scan(image: Any, board: Board, players: list[tuple[str, str]], corners: list[tuple[float, float]] | None = None) -> Scan:
    """Read the settlements. `players` are (key, colour) pairs; `corners` the photo's pixel
    centres of A1, A20, T1, T20 (else the scan markers are looked for)."""
    import cv2
    import numpy as np

    height, width = image.shape[:2]
    units = board_centres()
    if corners is None:
        from pnp.games.kingdom_builder.scan_markers import find_board_box

        box = find_board_box(image)
        if box is None:
            raise PnpError("no scan markers found in the photo: give the pixel centres of A1, A20, T1, T20 "
                           "with --corners \"X,Y X,Y X,Y X,Y\"")
        bw, bh = hexgrid.map_extent(ROWS, COLS, 1.0)
        from_box = cv2.getPerspectiveTransform(np.float32([[0, 0], [bw, 0], [0, bh], [bw, bh]]), np.float32(box))
        corners = [tuple(p) for p in transform(from_box, units[[flat(c) for c in CORNER_CELLS]])]
        corners = [(min(max(x, 0.0), width - 1.0), min(max(y, 0.0), height - 1.0)) for x, y in corners]
    check_corners(corners, width, height)

    # Board units -> photo pixels, from the four corner hexes as given.
    to_photo = cv2.getPerspectiveTransform(np.float32(units[[flat(c) for c in CORNER_CELLS]]), np.float32(corners))
    canvas = np.array([[S, 0, MARGIN], [0, S, MARGIN], [0, 0, 1.0]])  # board units -> straightened pixels
    straight, inside = straighten(image, to_photo @ np.linalg.inv(canvas))
    centres = transform(canvas, units)
    refined = refine(straight, centres)
    lean = parallax(to_photo, refined, centres, width, height)
    readings = _read(straight, inside, refined, lean, board, players)
    # Report the refined corners in the photo.
    to_photo_px = to_photo @ np.linalg.inv(canvas)
    new_corners = tuple(tuple(float(v) for v in p) for p in transform(to_photo_px, refined[[flat(c) for c in CORNER_CELLS]]))
    return Scan(readings, new_corners, straight, {cell: tuple(refined[flat(cell)]) for cell in hexgrid.cells(ROWS, COLS)},
                tuple(players))


def _read(straight: Any, inside: Any, centres: Any, lean: Any, board: Board, players: list[tuple[str, str]]) -> tuple[Hex, ...]:
    """Every readable hex as empty or a player's piece. Each hex is described by the colour at
    its piece spot with the hex's light divided out (the light is how its rim differs from its
    terrain's usual rim); an empty hex then looks like the others of its terrain, a piece like
    the other pieces of its colour on any terrain. Both kinds of group are learned together."""
    import numpy as np

    terrain = board.terrain
    keys = tuple(key for key, _ in players)
    readable = np.array([t not in UNBUILDABLE for t in terrain])
    image = straight.astype(np.float32) / 255.0
    spot_disc = disc(0.12 * W)
    piece_pts = np.concatenate([centres[:, None, :] + t * lean[:, None, :] + spot_disc[None] for t in (0.2, 0.5, 0.8)], axis=1)
    rim_pts = centres[:, None, :] + ring(0.4 * W, 24)[None]
    spot = sample(image, piece_pts)
    covered = sample(inside.astype(np.float32), np.concatenate([piece_pts, rim_pts], axis=1))[..., 0].min(axis=1) > 0.99
    rim, rim_seen = rim_colours(sample(image, rim_pts), terrain, covered)
    glare = (spot.min(axis=2) > 0.97).mean(axis=1) > 0.2  # washed out: nothing left to read

    # The light on each hex, from how its rim and its neighbours' rims differ from their
    # terrains' usual look: a gain (shade, light falling off, a colour cast) plus a grey
    # veil added on top (glare), both taken out of the samples.
    terrain_rims = usual_rims(rim, terrain, covered)
    veil = grey_veil(rim, terrain_rims, covered)
    veiled = np.array([max(veil[j] for j in (i, *near)) for i, near in enumerate(hexgrid.neighbour_table(ROWS, COLS))])
    glare |= (veiled > GLARE) | (rim.min(axis=1) > 0.85)  # a grey veil, or a rim gone white
    # Glare fades out gradually: beside a washed-out hex a piece's colour is already off.
    beside_glare = np.array([any(glare[j] for j in near) for near in hexgrid.neighbour_table(ROWS, COLS)])
    kinds = sorted({t.value for t, r in zip(terrain, readable) if r})
    kind_of = np.array([kinds.index(t.value) if r else -1 for t, r in zip(terrain, readable)])
    use = np.flatnonzero(readable & covered)
    usual_rim = np.zeros((len(kinds), 3))
    rim_log = np.log(rim + 0.02)
    for k in range(len(kinds)):
        members = use[kind_of[use] == k]
        if len(members):
            usual_rim[k] = np.median(rim_log[members], axis=0)
    # Each hex's own light (shade, light falling off, a colour cast, a print a little darker)
    # is how its rim differs from its terrain's usual rim; divided out, in logs a subtraction.
    light = rim_log - usual_rim[np.maximum(kind_of, 0)]
    hidden_rim = light_jumps(light, covered & readable) | ~rim_seen
    corrected = np.log(spot + 0.02) - light[:, None, :]
    quartiles = np.quantile(corrected, [0.2, 0.8], axis=1)
    feature = np.hstack([np.median(corrected, axis=1), (quartiles[1] - quartiles[0]).mean(axis=1, keepdims=True)])

    declared = [colour for _, colour in players]
    trusted = ~glare[use]  # what glare washed out teaches nothing
    groups = first_reading(feature[use], kind_of[use], usual_rim, declared, trusted)
    labels = np.argmin(groups.cost, axis=1)
    # How surely the first reading, by each hex's overall colour, saw a piece (> 0) or none.
    first_says = groups.cost[:, 0] - groups.cost[:, 1:].min(axis=1)
    # Printed art repeats on every hex of a terrain: where it does, the hexes that show the
    # art of their look (terrain and way round) at every place are the empty ones to learn
    # the terrain from, whatever colours its art and the pieces share.
    turned = np.array([board.placements[sector].turned for sector in SECTOR_OF])
    look = kind_of[use] * 2 + turned[use]
    ground = usual_rim[kind_of[use]]  # each hex's terrain colour, empty, under the usual light
    repeats, plain, checked = repeated_art(image, centres[use], light[use], look, trusted, labels == 0)
    # Art not checked against first empties may still be told from pieces by their colour elsewhere.
    checked |= repeats & ~like_pieces_elsewhere(feature[use, :3], kind_of[use], look, plain, labels, trusted, ground)
    # Unchecked art teaches a terrain's empty look only where the first reading agrees.
    first_empty = np.where(checked, plain, (labels == 0) & (plain | ~repeats))
    samples = corrected[use]
    # Glare adds grey: divided out as a gain, it tints a black piece its terrain's colour.
    # For the colour of a piece under glare, the grey is taken off first.
    tinted = samples.copy()
    if glare.any():
        ungreyed = unveiled(spot, rim, usual_rim[np.maximum(kind_of, 0)], own_veil(rim, terrain_rims, covered))
        tinted[~trusted] = ungreyed[use][~trusted]
    shade = in_shadow(samples, ground)
    cost, foreign, _ = sample_costs(samples, kind_of[use], first_empty, labels, len(keys), trusted)
    labels = np.argmin(cost, axis=1)
    pieces = labels > 0
    labels[pieces] = 1 + who(piece_colours(tinted, foreign & ~shade, ground)[pieces], declared, trusted[pieces])
    cost, foreign, empty_models = sample_costs(samples, kind_of[use], first_empty, labels, len(keys), trusted)
    labels = np.argmin(cost, axis=1)
    # Whose piece: decided on each piece's own colour, the samples its terrain does not
    # explain, less the piece's shadow.
    piece_colour = piece_colours(tinted, foreign & ~shade, ground)
    colour_cost, colour_distance = colour_costs(as_hue(piece_colour), as_hue(ground), labels, len(keys), trusted)
    hidden = terrain_explains(piece_colour, labels, trusted, empty_models, len(keys))
    # A player of whose pieces hardly any were found may have them all taken for a terrain,
    # or for another player's: then any hex may hold one, and none is sure.
    found = np.bincount(labels, minlength=len(keys) + 1)[1:] >= FOUND
    lost = keys[int(np.argmin(found))] if not found.all() else None
    # A piece covers the middle of its spot; specks of the terrain's art cannot.
    core = np.concatenate([np.arange(7) + k * len(spot_disc) for k in range(3)])
    covered_core = foreign[:, core].mean(axis=1)
    blob = blobs(image, centres[use], lean[use], light[use], kind_of[use], empty_models, look, first_empty & trusted)
    # How well each hex fits the group it joined, against the other members of that group.
    fit = cost[np.arange(len(use)), labels]
    oddness = np.zeros(len(use))
    for g in np.unique(labels):
        members = labels == g
        middle = np.median(fit[members])
        spread = max(np.median(np.abs(fit[members] - middle)) * 1.4826, 1.0)
        oddness[members] = (fit[members] - middle) / spread
    faint = _faint(cost, labels, kind_of[use], len(keys))
    result = []
    position = {int(i): n for n, i in enumerate(use)}
    for i, cell in enumerate(hexgrid.cells(ROWS, COLS)):
        if not readable[i]:
            continue
        if i not in position:
            result.append(Hex(cell, None, False, (None, *keys), "not in the photo"))
            continue
        n = position[i]
        ranked = np.argsort(colour_cost[n])
        result.append(_verdict(cell, _Evidence(
            piece_margin=float(cost[n, 0] - cost[n, 1:].min()),
            colours=tuple(keys[j] for j in ranked),
            colour_margin=float(colour_cost[n, ranked[1]] - colour_cost[n, ranked[0]]) if len(keys) > 1 else math.inf,
            colour_distance=float(colour_distance[n, ranked[0]]),
            oddness=float(oddness[n]), patch=float(blob[n]), core=float(covered_core[n]),
            print_checked=bool(checked[n]), print_plain=bool(plain[n]), first_says=float(first_says[n]),
            hiding=tuple(keys[j] for j in np.flatnonzero(hidden[kind_of[i]])),
            faint=bool(faint[n]), glare=bool(glare[i]), beside_glare=bool(beside_glare[i]), lost=lost,
            rim_hidden=bool(hidden_rim[i]))))
    return tuple(result)


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
    beside_glare: bool
    lost: str | None              # a player whose pieces were hardly found
    rim_hidden: bool              # its rim's light is not its own


def _verdict(cell: Cell, e: _Evidence) -> Hex:
    """The reading of one hex and, if unsure, why and what else it may be."""
    best, runner = e.colours[0], e.colours[1 % len(e.colours)]
    if e.piece_margin <= 0:
        names, margin = (None, best), -e.piece_margin
    elif e.piece_margin < e.colour_margin:
        names, margin = (best, None), e.piece_margin
    else:
        names, margin = (best, runner), e.colour_margin
    piece = names[0] is not None
    # A piece makes a patch of its own size; an empty hex keeps the middle of its spot
    # its terrain's (a patch beside it is the terrain's art, as its colours already say).
    patchy = e.patch < PATCH if piece else e.core > 0.5
    unusual = piece and e.colour_distance > STRANGE_COLOUR
    # A sure first reading overruled by the second is unsure, unless checked printed art
    # backs the reading; so is a hex that fits its group badly, unless the print shows
    # everywhere on it. A reading between a terrain and a player whose pieces its colours
    # explain (hiding on it) is unsure even then: that player's pieces may cover so much of
    # the terrain that its art was learned partly from them.
    print_agrees = e.print_checked and e.print_plain != piece
    overruled = (e.first_says < -OVERRULED if piece else e.first_says > OVERRULED) and not print_agrees
    odd = e.oddness > STRANGE and not (print_agrees and not piece)
    hiding = [key for key in e.hiding if names[0] in (None, key)]
    if hiding:
        names = (names[0], None) if piece else (None, hiding[0])
    washed = e.glare or (e.beside_glare and piece)
    if e.lost is not None:
        names = (names[0], None) if piece else (None, e.lost)
    reason = ("glare" if washed else e.lost + LOST if e.lost is not None else "rim hidden" if e.rim_hidden
              else "between" if margin < DECISIVE else "unlike anything else" if odd
              else "patchy" if patchy else "unusual colour" if unusual
              else "the two readings differ" if overruled else "coloured like the terrain" if hiding
              else "faint pieces" if e.faint else "")
    return Hex(cell, names[0], not reason, names if reason else (), reason, margin, e.oddness)


def _faint(cost: Any, labels: Any, kind: Any, players: int) -> Any:
    """Per hex, whether it is read as empty, or as a player's piece, no more surely than that
    player's pieces on its terrain are read as pieces, where those pieces stand out from the
    terrain far less than the photo's pieces do (their median margin under FAINT of all the
    pieces'): green pieces on dark forest under glare."""
    import numpy as np

    margin = cost[:, 0] - cost[:, 1:].min(axis=1)  # > 0: a piece is likelier than none
    likeliest = np.argmin(cost[:, 1:], axis=1) + 1
    usual = np.median(margin[labels > 0]) if (labels > 0).any() else 0.0
    faint = np.zeros(len(cost), bool)
    for k in np.unique(kind):
        for j in range(1, players + 1):
            theirs = (labels == j) & (kind == k)
            if theirs.sum() >= 3 and (typical := np.median(margin[theirs])) < FAINT * usual:
                faint |= (kind == k) & (((labels == 0) & (likeliest == j) & (-margin < typical)) | (theirs & (margin < typical)))
    return faint
