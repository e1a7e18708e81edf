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

import itertools
import math
from dataclasses import dataclass
from typing import Any

from pnp import hexgrid
from pnp.errors import InputError, PnpError, Problem
from pnp.games.kingdom_builder.facts import UNBUILDABLE
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTOR_OF, Board, label
from pnp.games.kingdom_builder.scan_colours import rgb

Cell = tuple[int, int]
CORNER_CELLS: tuple[Cell, ...] = ((0, 0), (0, COLS - 1), (ROWS - 1, 0), (ROWS - 1, COLS - 1))
S = 14.0                          # circumradius of a hex in the straightened image, pixels
W = math.sqrt(3) * S              # its width across the flats
MARGIN = 1.5 * W                  # room around the board for refinement and leaning pieces
PIECE_HEIGHT = 0.5                # a house's height in hex widths, for parallax
FOCAL_35MM = 26.0                 # a phone's main camera, when the photo does not say
DECISIVE = 6.0                    # the best reading must be this much likelier (log) than the next
STRANGE = 6.0                     # a hex fitting its group this much worse than its members do is unsure
STRANGE_COLOUR = 4.5              # a piece this many spreads from its player's usual colour is unsure
REPEATS = 0.08                    # art whose look varies less than this from hex to hex is printed art
NUDGES = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]  # shifts to find printed art at, pixels
ART_TEACHERS = 6                  # printed art is learned from, and must show on, this many hexes at least
UNLIKE = 0.08                     # a hex unlike its printed art over more than this part holds a piece
INSIDE = 0.45                     # the inside of a hex, where its art is compared, within this many widths of its centre
MIDDLE = 0.3                      # its middle, where a piece stands
OVERRULED = 120.0                 # a first reading this sure, overruled by the second, is unsure
CORRELATED = 4.0                  # neighbouring samples are alike: about one in four is independent
GLARE = 0.03                      # more added grey than this (of white) and a hex is not to be trusted
RIM_HUE = 0.15                    # a rim sample this far (log ratios) from its terrain's usual hue shows something else
RIM_NOISE = 2.0                   # or this many times its terrain's usual distance, if more
RIM_SEEN = 6                      # a rim with fewer samples of its terrain's hue than this is hidden
RIM_SHADE = 0.05                  # rim samples within this brightness (log) of each other are lit alike
LIGHT_JUMP = 0.15                 # a hex's light this far (log) from its neighbours' is not its own
LIGHT_TINT = 0.4                  # or its light tinted this much more (log) than the board's usual
CLIPPED = 0.97                    # a channel this bright (of white) may have been cut off
SMOOTH = 0.3                      # how strongly light and glare are held alike on neighbouring hexes
VEIL_RIDGE = 0.01                 # and glare held at none where nothing says otherwise
FOUND = 5                         # a player with fewer pieces read than this may have them misread
LOST = "'s pieces not found"      # the reason a hex is unsure then, after the player's key
CAST_DOUBT = 2.0                  # how strongly matching colours prefers no cast to a cast
SHADE = 0.15                      # a shadow is at least this much darker (log) than its terrain
SHADE_HUE = 0.12                  # and keeps the terrain's hue within this (log ratios)
SHARES = (1.0, 0.9, 0.8, 0.7)     # how much of a piece's colour its middle may show, blurred into its terrain
FAINT = 0.5                       # a player's pieces on a terrain read by under this part of the usual margin barely stand out
PATCH = 0.5                       # a piece's patch is at least this part of the photo's typical piece's (specks are smaller)
PIECE_SHARE = 0.7                 # the part of a piece's spot that shows the piece
STRAY = math.log(1e-3 / 4 ** 3)   # any sample may be a stray (a speck, a symbol's edge): 1 in 1000, over all log colours


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


def board_centres() -> Any:
    """Centres of all 400 hexes in board units (circumradius 1), row by row."""
    import numpy as np

    return np.array([hexgrid.centre(cell, 1.0) for cell in hexgrid.cells(ROWS, COLS)], dtype=float)


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
    ring = [a1, a20, t20, t1]
    turns = []
    for k in range(4):
        (x0, y0), (x1, y1), (x2, y2) = ring[k], ring[(k + 1) % 4], ring[(k + 2) % 4]
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
        corners = [tuple(p) for p in _apply(from_box, units[[_flat(c) for c in CORNER_CELLS]])]
        corners = [(min(max(x, 0.0), width - 1.0), min(max(y, 0.0), height - 1.0)) for x, y in corners]
    check_corners(corners, width, height)

    # Board units -> photo pixels, from the four corner hexes as given.
    to_photo = cv2.getPerspectiveTransform(np.float32(units[[_flat(c) for c in CORNER_CELLS]]), np.float32(corners))
    canvas = np.array([[S, 0, MARGIN], [0, S, MARGIN], [0, 0, 1.0]])  # board units -> straightened pixels
    straight, inside = _straighten(image, to_photo @ np.linalg.inv(canvas))
    centres = _apply(canvas, units)
    refined = _refine(straight, centres)
    lean = _parallax(to_photo, refined, centres, width, height)
    readings = _read(straight, inside, refined, lean, board, players)
    # Report the refined corners in the photo.
    to_photo_px = to_photo @ np.linalg.inv(canvas)
    new_corners = tuple(tuple(float(v) for v in p) for p in _apply(to_photo_px, refined[[_flat(c) for c in CORNER_CELLS]]))
    return Scan(readings, new_corners, straight, {cell: tuple(refined[_flat(cell)]) for cell in hexgrid.cells(ROWS, COLS)},
                tuple(players))


def _flat(cell: Cell) -> int:
    return cell[0] * COLS + cell[1]


def _apply(matrix: Any, points: Any) -> Any:
    import numpy as np

    pts = np.hstack([points, np.ones((len(points), 1))]) @ matrix.T
    return pts[:, :2] / pts[:, 2:3]


def _straighten(image: Any, to_photo: Any) -> tuple[Any, Any]:
    """The board warped to the straightened frame, and a mask of what the photo covers.
    A large photo is first shrunk (area-averaged) to about twice the straightened resolution."""
    import cv2
    import numpy as np

    bw, bh = hexgrid.map_extent(ROWS, COLS, S)
    size = (int(bw + 2 * MARGIN), int(bh + 2 * MARGIN))
    frame = np.array([[0, 0], [size[0], 0], [0, size[1]], [size[0], size[1]]], float)
    spots = _apply(to_photo, frame)
    # The smallest pixels-per-straightened-pixel over the board decides how far to shrink.
    grid = np.array([[x, y] for x in np.linspace(0, size[0], 6) for y in np.linspace(0, size[1], 6)])
    a, b = _apply(to_photo, grid), _apply(to_photo, grid + [1.0, 0])
    density = float(np.min(np.linalg.norm(b - a, axis=1)))
    h, w = image.shape[:2]
    x0, y0 = (int(max(0, math.floor(v))) for v in spots.min(axis=0))
    x1, y1 = int(min(w, math.ceil(spots[:, 0].max()) + 1)), int(min(h, math.ceil(spots[:, 1].max()) + 1))
    crop = image[y0:y1, x0:x1]
    shrink = min(1.0, 2.0 / density)
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
    if shrink < 1.0:
        crop = cv2.resize(crop, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
        shift = np.diag([shrink, shrink, 1.0]) @ shift
    matrix = shift @ to_photo
    straight = cv2.warpPerspective(crop, matrix, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    inside = cv2.warpPerspective(np.full(crop.shape[:2], 255, np.uint8), matrix, size,
                                 flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP, borderValue=0)
    return straight, inside > 0


def _ring(radius: float, count: int, phase: float = 0.0) -> Any:
    import numpy as np

    angles = phase + np.arange(count) * 2 * math.pi / count
    return radius * np.stack([np.cos(angles), np.sin(angles)], axis=1)


def _disc(radius: float) -> Any:
    """Points filling a disc: the centre and two rings."""
    import numpy as np

    return np.vstack([[[0.0, 0.0]], _ring(radius * 0.5, 6), _ring(radius, 12, math.pi / 12)])


def _sample(image: Any, points: Any) -> Any:
    """Bilinear samples of an image at points of shape (..., 2)."""
    import cv2
    import numpy as np

    flat = points.reshape(-1, 2).astype(np.float32)
    width = 1024  # remap's maps are images, at most 32767 wide
    padded = np.zeros((-(-len(flat) // width) * width, 2), np.float32)
    padded[:len(flat)] = flat
    maps = padded.reshape(-1, width, 2)
    out = cv2.remap(image, maps[..., 0].copy(), maps[..., 1].copy(), cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out.reshape(len(padded), -1)[:len(flat)].reshape(*points.shape[:-1], -1)


def _refine(straight: Any, centres: Any) -> Any:
    """Hex centres moved to where the terrain says they are: each hex should look like one
    colour up to its rim, so the grid is shifted (corner by corner, then section by section)
    to make the colour within the hexes as even as it gets."""
    import cv2
    import numpy as np

    blurred = cv2.GaussianBlur(straight, (0, 0), 1.0).astype(np.float32)
    pattern = np.vstack([_ring(0.2 * W, 8), _ring(0.38 * W, 12, 0.26)])
    corner_idx = [_flat(c) for c in CORNER_CELLS]
    base = centres[corner_idx].astype(np.float32)

    def cost(points: Any, which: Any = slice(None)) -> float:
        values = _sample(blurred, points[which][:, None, :] + pattern[None, :, :])
        return float(((values - values.mean(axis=1, keepdims=True)) ** 2).sum())

    def moved(delta: Any) -> Any:
        matrix = cv2.getPerspectiveTransform(base, (base + delta.reshape(4, 2)).astype(np.float32))
        return _apply(matrix, centres)

    # Coarse: the whole grid shifted, within about a third of a hex.
    best, best_cost = np.zeros(8), cost(centres)
    span = np.arange(-0.35 * W, 0.35 * W + 1e-9, W / 14)
    for dx in span:
        for dy in span:
            delta = np.tile([dx, dy], 4)
            c = cost(centres + [dx, dy])
            if c < best_cost:
                best, best_cost = delta, c
    # Fine: each corner on its own, in shrinking steps.
    for step in (W / 12, W / 24, W / 48):
        improved = True
        while improved:
            improved = False
            for k in range(8):
                for sign in (1, -1):
                    trial = best.copy()
                    trial[k] += sign * step
                    c = cost(moved(trial))
                    if c < best_cost:
                        best, best_cost, improved = trial, c, True
    points = moved(best)
    # Loose sections lie a little apart: each may shift a little on its own.
    sectors = np.array(SECTOR_OF)
    for quarter in range(4):
        which = np.flatnonzero(sectors == quarter)
        shift, here = np.zeros(2), cost(points, which)
        for step in (W / 16, W / 32):
            improved = True
            while improved:
                improved = False
                for d in ((step, 0), (-step, 0), (0, step), (0, -step)):
                    trial = shift + d
                    if np.abs(trial).max() > 0.25 * W:
                        continue
                    c = cost(points + np.where((sectors == quarter)[:, None], trial, 0), which)
                    if c < here:
                        shift, here, improved = trial, c, True
        points[which] += shift
    return points


def _parallax(to_photo: Any, refined: Any, centres: Any, width: int, height: int) -> Any:
    """How far, in straightened pixels, the top of a house standing on each hex appears from
    its base: away from the point under the camera, found from the homography and a phone's
    typical focal length."""
    import numpy as np

    focal = FOCAL_35MM / 43.27 * math.hypot(width, height)
    k = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1.0]])
    b = np.linalg.inv(k) @ to_photo  # board units -> camera rays
    scale = (np.linalg.norm(b[:, 0]) + np.linalg.norm(b[:, 1])) / 2
    r1, r2, t = b[:, 0] / scale, b[:, 1] / scale, b[:, 2] / scale
    if t[2] < 0:
        r1, r2, t = -r1, -r2, -t
    rotation = np.stack([r1, r2, np.cross(r1, r2)], axis=1)
    camera = -rotation.T @ t  # in board units; |z| is the height above the board
    nadir, above = camera[:2], abs(camera[2])
    rise = PIECE_HEIGHT * math.sqrt(3)
    if above <= 2 * rise:
        return np.zeros_like(refined)
    units = (refined - MARGIN) / S
    lean = (units - nadir) * rise / (above - rise) * S
    cap = 1.0 * W
    size = np.linalg.norm(lean, axis=1, keepdims=True)
    return np.where(size > cap, lean * cap / np.maximum(size, 1e-9), lean)


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
    disc = _disc(0.12 * W)
    piece_pts = np.concatenate([centres[:, None, :] + t * lean[:, None, :] + disc[None] for t in (0.2, 0.5, 0.8)], axis=1)
    rim_pts = centres[:, None, :] + _ring(0.4 * W, 24)[None]
    spot = _sample(image, piece_pts)
    covered = _sample(inside.astype(np.float32), np.concatenate([piece_pts, rim_pts], axis=1))[..., 0].min(axis=1) > 0.99
    rim, rim_seen = _rim_colours(_sample(image, rim_pts), terrain, covered)
    glare = (spot.min(axis=2) > 0.97).mean(axis=1) > 0.2  # washed out: nothing left to read

    # The light on each hex, from how its rim and its neighbours' rims differ from their
    # terrains' usual look: a gain (shade, light falling off, a colour cast) plus a grey
    # veil added on top (glare), both taken out of the samples.
    terrain_rims = _usual_rims(rim, terrain, covered)
    veil = _veil(rim, terrain_rims, covered)
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
    hidden_rim = _light_jumps(light, covered & readable) | ~rim_seen
    corrected = np.log(spot + 0.02) - light[:, None, :]
    quartiles = np.quantile(corrected, [0.2, 0.8], axis=1)
    feature = np.hstack([np.median(corrected, axis=1), (quartiles[1] - quartiles[0]).mean(axis=1, keepdims=True)])

    declared = [colour for _, colour in players]
    trusted = ~glare[use]  # what glare washed out teaches nothing
    groups = _groups(feature[use], kind_of[use], usual_rim, declared, trusted)
    labels = np.argmin(groups.cost, axis=1)
    # How surely the first reading, by each hex's overall colour, saw a piece (> 0) or none.
    first_says = groups.cost[:, 0] - groups.cost[:, 1:].min(axis=1)
    # Printed art repeats on every hex of a terrain: where it does, the hexes that show the
    # art of their look (terrain and way round) at every place are the empty ones to learn
    # the terrain from, whatever colours its art and the pieces share.
    turned = np.array([board.placements[sector].turned for sector in SECTOR_OF])
    look = kind_of[use] * 2 + turned[use]
    ground = usual_rim[kind_of[use]]  # each hex's terrain colour, empty, under the usual light
    repeats, plain, checked = _repeated_art(image, centres[use], light[use], look, trusted, labels == 0)
    # Art not checked against first empties may still be told from pieces by their colour elsewhere.
    checked |= repeats & ~_like_pieces_elsewhere(feature[use, :3], kind_of[use], look, plain, labels, trusted, ground)
    # Unchecked art teaches a terrain's empty look only where the first reading agrees.
    first_empty = np.where(checked, plain, (labels == 0) & (plain | ~repeats))
    samples = corrected[use]
    # Glare adds grey: divided out as a gain, it tints a black piece its terrain's colour.
    # For the colour of a piece under glare, the grey is taken off first.
    tinted = samples.copy()
    if glare.any():
        unveiled = _unveiled(spot, rim, usual_rim[np.maximum(kind_of, 0)], _own_veil(rim, terrain_rims, covered))
        tinted[~trusted] = unveiled[use][~trusted]
    shade = _shadow(samples, ground)
    cost, foreign, _ = _sample_costs(samples, kind_of[use], first_empty, labels, len(keys), trusted)
    labels = np.argmin(cost, axis=1)
    pieces = labels > 0
    labels[pieces] = 1 + _who(_piece_colour(tinted, foreign & ~shade, ground)[pieces], declared, trusted[pieces])
    cost, foreign, empty_models = _sample_costs(samples, kind_of[use], first_empty, labels, len(keys), trusted)
    labels = np.argmin(cost, axis=1)
    # Whose piece: decided on each piece's own colour, the samples its terrain does not
    # explain, less the piece's shadow.
    piece_colour = _piece_colour(tinted, foreign & ~shade, ground)
    colour_cost, colour_distance = _colour_costs(_hue(piece_colour), _hue(ground), labels, len(keys), trusted)
    hidden = _hidden(piece_colour, labels, trusted, empty_models, len(keys))
    # A player of whose pieces hardly any were found may have them all taken for a terrain,
    # or for another player's: then any hex may hold one, and none is sure.
    found = np.bincount(labels, minlength=len(keys) + 1)[1:] >= FOUND
    lost = keys[int(np.argmin(found))] if not found.all() else None
    # A piece covers the middle of its spot; specks of the terrain's art cannot.
    core = np.concatenate([np.arange(7) + k * len(disc) for k in range(3)])
    covered_core = foreign[:, core].mean(axis=1)
    blob = _blobs(image, centres[use], lean[use], light[use], kind_of[use], empty_models, look, first_empty & trusted)
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


def _rim_colours(samples: Any, terrain: tuple, covered: Any) -> tuple[Any, Any]:
    """Per hex, the colour of its terrain around its rim (`samples`, per hex): the median of the
    samples of its terrain's usual hue at the brightness most of them share; and whether
    enough samples have that hue to tell. Part of a rim may show a neighbour's piece leaning
    over it or the table beyond the board's edge (another hue), or a shadow (darker)."""
    import numpy as np

    logs = np.log(samples + 0.02)
    hue = logs[..., [0, 2]] - logs[..., 1:2]
    usual = _usual_rims(np.median(hue, axis=1), terrain, covered)
    off = np.linalg.norm(hue - usual[:, None], axis=2)
    # The hue of a dark terrain is noisy: the tolerance grows with how far its samples usually are.
    alike = off < np.maximum(RIM_HUE, RIM_NOISE * _usual_rims(np.median(off, axis=1, keepdims=True), terrain, covered))
    bright = logs.mean(axis=2)
    near = np.abs(bright[:, :, None] - bright[:, None, :]) < RIM_SHADE
    crowd = (near & alike[:, None, :]).sum(axis=2) * alike  # in-hue samples of about each one's brightness
    rims = np.median(samples, axis=1)
    seen = alike.sum(axis=1) >= RIM_SEEN
    for n in np.flatnonzero(seen):
        rims[n] = np.median(samples[n][near[n, np.argmax(crowd[n])] & alike[n]], axis=0)
    return rims, seen


def _light_jumps(light: Any, usable: Any) -> Any:
    """Per hex, whether its light (log gain per channel) is far from the median of its
    `usable` neighbours', or tinted far from the usual: light changes little from hex to hex
    and, the photo's cast being in every terrain's usual rim, changes the channels alike. A
    rim mostly hidden by the pieces leaning over it and their shadows, or showing the table
    beyond the board's edge, gives a light that is not the hex's own."""
    import numpy as np

    around = np.array([np.median(light[[j for j in near if usable[j]] or [i]], axis=0)
                       for i, near in enumerate(hexgrid.neighbour_table(ROWS, COLS))])
    tint = light - light.mean(axis=1, keepdims=True)
    usual = np.median(tint[usable], axis=0)
    return (np.abs(light - around).mean(axis=1) > LIGHT_JUMP) | (np.abs(tint - usual).max(axis=1) > LIGHT_TINT)


def _interior(image: Any, centres: Any, light: Any) -> tuple[Any, Any, int]:
    """Light-corrected log colours on a pixel grid over each hex's inside, each grid point's
    distance from the centre, and the grid's half-width."""
    import numpy as np

    reach = int(round(INSIDE * W))
    grid = np.mgrid[-reach:reach + 1, -reach:reach + 1].transpose(1, 2, 0)[..., ::-1].astype(float)  # (x, y)
    values = np.log(_sample(image, centres[:, None, :] + grid.reshape(1, -1, 2)) + 0.02) - light[:, None, :]
    return values, np.linalg.norm(grid, axis=2).reshape(-1), reach


def _repeated_art(image: Any, centres: Any, light: Any, look: Any, trusted: Any, first_empty: Any) -> tuple[Any, Any, Any]:
    """For each hex: whether its look's art repeats from hex to hex (printed art), if so
    whether the hex shows that art everywhere (no piece), and whether the art was checked.
    The art is learned from the trusted hexes of the look, or from those of them the first
    reading found empty, whichever explains more hexes: most hexes of a look may hold one
    player's pieces (then all of them teach the pieces), or the first reading may take the
    art for a piece of its colour. With too few hexes first read as empty there is nothing
    to check all of them against: the art is used, but unchecked."""
    import numpy as np

    values, radius, _ = _interior(image, centres, light)
    inside = radius <= INSIDE * W
    values, middle = values[:, inside], radius[inside] <= MIDDLE * W

    def shows_art(values: Any, template: Any, spread: Any) -> Any:
        # Over the whole hex and over its middle, where a piece stands and covers more.
        unlike = _differs(values, template, spread)
        return (unlike.mean(axis=1) < UNLIKE) & (unlike[:, middle].mean(axis=1) < UNLIKE)

    repeats, plain, checked = (np.zeros(len(centres), bool) for _ in range(3))
    for group in np.unique(look):
        members = look == group
        teachers = [pick for pick in (members & trusted, members & trusted & first_empty) if pick.sum() >= ART_TEACHERS]
        if not teachers:
            continue
        learned = [_typical(values[pick]) for pick in teachers]
        strict = np.min([spread for _, spread in learned], axis=0)
        explained = [shows_art(values[members], template, strict).sum() for template, _ in learned]
        template, spread = learned[int(np.argmax(explained))]
        if max(np.median(spread), np.median(spread[middle])) > REPEATS:  # over the hex, and where pieces stand
            continue
        shows = shows_art(values[members], template, spread)
        if shows.sum() < ART_TEACHERS:  # art found on hardly a hex is not art that repeats
            continue
        # A hex a pixel off the grid (a section lying askew) still shows the art.
        again = np.flatnonzero(members)[~shows]
        found = np.zeros(len(again), bool)
        for shift in NUDGES if len(again) else ():
            moved, _, _ = _interior(image, centres[again] + shift, light[again])
            found |= shows_art(moved[:, inside], template, spread)
        shows[~shows] = found
        repeats[members] = True
        plain[members] = shows
        checked[members] = len(teachers) == 2
    return repeats, plain, checked


def _like_pieces_elsewhere(colour: Any, kind: Any, look: Any, plain: Any, labels: Any, trusted: Any, ground: Any) -> Any:
    """For each hex: whether its look's art (the colour at the spot of the hexes showing it)
    is nearer the colour of the pieces that the first reading gave them to, as those pieces
    show on other terrains, than its terrain's own colour (`ground`, per hex). A player's
    pieces stand on every terrain, a print on its own: art unlike them is printed art, art
    like them may be one player's pieces on most of the terrain."""
    import numpy as np

    alike = np.ones(len(colour), bool)
    for group in np.unique(look[plain]):
        members = look == group
        shown = members & plain & trusted & (labels > 0)
        if not shown.any():
            continue
        player = np.bincount(labels[shown]).argmax()
        elsewhere = colour[(labels == player) & (kind != kind[members][0]) & trusted]
        if len(elsewhere) < 3:
            continue
        art = np.median(colour[shown], axis=0)
        alike[members] = np.linalg.norm(art - np.median(elsewhere, axis=0)) < np.linalg.norm(art - ground[members][0])
    return alike


def _typical(samples: Any) -> tuple[Any, Any]:
    """What hexes of one look show at each place: the median, and a robust spread (the median
    absolute deviation scaled to a standard deviation, never below 0.03)."""
    import numpy as np

    template = np.median(samples, axis=0)
    return template, np.maximum(np.median(np.abs(samples - template), axis=0) * 1.4826, 0.03)


def _differs(values: Any, template: Any, spread: Any) -> Any:
    """Per hex and place: whether the colour lies more than 4 spreads from the typical one."""
    import numpy as np

    return np.sqrt((((values - template) / spread) ** 2).sum(axis=2)) > 4


def _blobs(image: Any, centres: Any, lean: Any, light: Any, kind: Any, empty_models: dict, look: Any, empty: Any) -> Any:
    """For each hex, the size of the patch of pixels unlike its empty terrain that holds the
    middle of its piece spot, relative to the typical such patch of the photo's pieces: a
    piece makes one patch its own size, the terrain's art only small specks. A pixel is unlike
    the terrain if its colour is (by the terrain's colour model), or if it differs from what
    the `empty` hexes of the same `look` (terrain and way round) show at that very place, where
    they all agree: printed art repeats on every hex, so a piece the colour of a printed
    symbol still shows where the symbol is not."""
    import cv2
    import numpy as np

    values, radius, reach = _interior(image, centres, light)
    inside = radius <= INSIDE * W
    side = 2 * reach + 1
    foreign = np.zeros((len(centres), side * side), bool)
    for k, (model, cut) in empty_models.items():
        foreign[kind == k] = model(values[kind == k]) < cut
    for group in np.unique(look):
        members = look == group
        if (members & empty).sum() < 4:
            continue
        foreign[members] |= _differs(values[members], *_typical(values[members & empty]))
    foreign &= inside[None]
    across = int(math.ceil(math.sqrt(len(centres))))
    tiles = np.zeros((across * side, across * side), np.uint8)
    for n, mask in enumerate(foreign):
        row, col = divmod(n, across)
        tiles[row * side:(row + 1) * side, col * side:(col + 1) * side] = mask.reshape(side, side)
    _, parts, stats, _ = cv2.connectedComponentsWithStats(tiles, connectivity=8)
    areas = np.zeros(len(centres))
    for n in range(len(centres)):
        row, col = divmod(n, across)
        x, y = (np.clip(np.round(lean[n] / 2) + reach, 1, side - 2)).astype(int)
        near = parts[row * side + y - 1:row * side + y + 2, col * side + x - 1:col * side + x + 2]
        found = [stats[label, cv2.CC_STAT_AREA] for label in np.unique(near) if label]
        areas[n] = max(found, default=0)
    big = areas[areas > np.quantile(areas, 0.5)]
    typical = np.median(big) if len(big) else 1.0
    return areas / max(typical, 1.0)


def _unveiled(spot: Any, rim: Any, usual: Any, veil: Any) -> Any:
    """Log colours of the samples with each hex's grey `veil` taken off and its light divided
    out: the light from its rim's channels not cut off at white, the same for all three.
    `usual` is the log colour of each hex's terrain's usual rim."""
    import numpy as np

    lifted = np.log(np.maximum(rim - veil[:, None], 0) + 0.02) - usual
    open_ = rim < CLIPPED
    light = np.array([np.median(l[o]) if o.any() else np.median(l) for l, o in zip(lifted, open_)])
    return np.log(np.maximum(spot - veil[:, None, None], 0) + 0.02) - light[:, None, None]


def _own_veil(rim: Any, usual: Any, covered: Any) -> Any:
    """Per hex, the grey on it (glare): with the gain fitted smoothly over the board, what its
    own rim's channels not cut off at white add to its terrain's `usual` rim."""
    import numpy as np

    gain, smooth = _veil_fit(rim, usual, covered)
    grey = rim - gain[:, None] * usual
    seen = rim < CLIPPED
    own = np.array([np.median(g[m]) if m.any() else v for g, m, v in zip(grey, seen, smooth)])
    return np.maximum(own, 0)


def _veil_fit(rim: Any, usual: Any, covered: Any) -> tuple[Any, Any]:
    """Per hex, a gain and a grey added on top that turn its terrain's `usual` rim into the rim
    seen. Both vary smoothly over the board, so they are fitted together by least squares over
    all hexes with a penalty on their differences between neighbours. A channel cut off at
    white was at least that bright: it counts only where the fit says less."""
    import numpy as np

    n = len(rim)
    near = np.zeros((n, n))
    for i, around in enumerate(hexgrid.neighbour_table(ROWS, COLS)):
        near[i, list(around)] = 1
    laplacian = SMOOTH * (np.diag(near.sum(axis=1)) - near)
    clipped = rim >= CLIPPED
    weight = ~clipped & covered[:, None]
    for _ in range(3):
        # Normal equations for the unknowns (gain of every hex, then grey of every hex).
        xx, x1, ones = (weight * usual * usual).sum(axis=1), (weight * usual).sum(axis=1), weight.sum(axis=1)
        a = np.block([[laplacian + np.diag(xx + 1e-6), np.diag(x1)],
                      [np.diag(x1), laplacian + np.diag(ones + VEIL_RIDGE)]])
        b = np.concatenate([(weight * usual * rim).sum(axis=1) + 1e-6, (weight * rim).sum(axis=1)])
        gain, veil = np.split(np.linalg.solve(a, b), 2)
        weight = (~clipped | (gain[:, None] * usual + veil[:, None] < CLIPPED)) & covered[:, None]
    return gain, veil


def _usual_rims(rim: Any, terrain: tuple, covered: Any) -> Any:
    """Per hex, its terrain's usual rim: the median of the rims of that terrain's hexes."""
    import numpy as np

    names = sorted({t.value for t in terrain})
    kind = np.array([names.index(t.value) for t in terrain])
    usual = np.zeros((len(names), rim.shape[1]))
    for k in range(len(names)):
        members = (kind == k) & covered
        usual[k] = np.median(rim[members], axis=0) if members.any() else rim[kind == k].mean(axis=0)
    return usual[kind]


def _veil(rim: Any, usual: Any, covered: Any) -> Any:
    """Per hex, the grey added on top of the light (glare): with a gain, what best turns the
    `usual` rims of its terrain and its neighbours' into the rims seen (least squares over the
    7 hexes, the grey held near 0 where the terrains around are too alike to tell the gain and
    the grey apart). Light that only shades keeps the grey at 0; glare lifts dark terrain most.
    Held near 0, it finds where glare is, not how much: that is `_own_veil`'s."""
    import numpy as np

    x, y = usual, rim
    sums = np.zeros((len(rim), 5))  # sum x^2, sum x, sum xy, sum y, count
    for i, near in enumerate(hexgrid.neighbour_table(ROWS, COLS)):
        around = [j for j in (i, *near) if covered[j]]
        xs, ys = x[around].ravel(), y[around].ravel()
        sums[i] = (xs @ xs, xs.sum(), xs @ ys, ys.sum(), len(xs))
    sxx, sx, sxy, sy, n = sums.T
    n = np.maximum(n, 1)
    damp = 0.5 * n  # how strongly the grey is held at 0
    det = sxx * (n + damp) - sx * sx
    return np.where(det > 1e-9, (sxx * sy - sx * sxy) / np.where(det > 1e-9, det, 1), 0.0)


def _sample_costs(samples: Any, kind: Any, empty: Any, labels: Any, players: int, trusted: Any) -> tuple[Any, Any, dict]:
    """-log likelihood of each hex's samples being an empty hex of its terrain (column 0) or
    holding each player's piece: every group's colours as a small Gaussian mixture, so an
    empty terrain may have its specks of other colours and a piece its lit and shaded sides.
    A piece's spot also shows some terrain, so a piece is a mix of its colours and the terrain's.
    Also which samples their terrain does not explain, and each terrain's model (its log
    density) with the density below which a colour is unexplained."""
    import numpy as np

    hexes = len(samples)
    cost = np.zeros((hexes, players + 1))
    # Each terrain's empty look is learned from the hexes `empty` marks, those first read as
    # empty: learned from later readings it could take in the pieces it missed, for good.
    # Hexes not `trusted` (glare) only when too few others are left.
    empty_models = {}
    empty_ll = np.zeros(samples.shape[:2])
    foreign = np.zeros(samples.shape[:2], bool)
    for k in np.unique(kind):
        members = kind == k
        for pick in (members & empty & trusted, members & empty, members):
            if pick.sum() >= 3:
                break
        train = samples[pick].reshape(-1, 3)
        model = _mixture(train, 4, 0.03, 0.2)
        # Unexplained: less likely than all but the rarest 1 % of the terrain's own colours.
        empty_models[k] = model, np.quantile(model(train), 0.01)
        empty_ll[members] = model(samples[members])
        foreign[members] = empty_ll[members] < empty_models[k][1]
    for _ in range(2):
        cost[:, 0] = -empty_ll.sum(axis=1) / CORRELATED
        for j in range(players):
            mine = labels == j + 1
            train = samples[mine & trusted] if (mine & trusted).any() else samples[mine]
            if len(train) == 0:
                cost[:, j + 1] = np.inf
                continue
            # Train on the samples the terrain does not explain: the piece itself.
            own = train[foreign[mine & trusted if (mine & trusted).any() else mine]]
            model = _mixture((own if len(own) >= 20 else train.reshape(-1, 3)).reshape(-1, 3), 3, 0.05, 0.3)
            mixed = np.logaddexp(np.log(PIECE_SHARE) + model(samples), np.log(1 - PIECE_SHARE) + empty_ll)
            cost[:, j + 1] = -mixed.sum(axis=1) / CORRELATED
        labels = np.argmin(cost, axis=1)
    return cost, foreign, empty_models


def _shadow(samples: Any, ground: Any) -> Any:
    """Which samples (log colours, per hex) are the hex's own terrain (`ground`, per hex) in
    shadow: the same hue, darker. A piece's shadow is not the piece's colour."""
    import numpy as np

    hue = samples[..., [0, 2]] - samples[..., 1:2]
    ground_hue = (ground[:, [0, 2]] - ground[:, 1:2])[:, None]
    darker = samples.mean(axis=-1) < ground.mean(axis=-1)[:, None] - SHADE
    return darker & (np.linalg.norm(hue - ground_hue, axis=-1) < SHADE_HUE)


def _hidden(colour: Any, labels: Any, trusted: Any, empty_models: dict, players: int) -> Any:
    """(terrain, player): whether the player's typical piece colour (the median of the
    colours of the pieces read as theirs) is one the terrain's empty look explains."""
    import numpy as np

    hidden = np.zeros((max(empty_models) + 1, players), bool)
    for j in range(players):
        mine = (labels == j + 1) & trusted
        if not mine.any():
            continue
        typical = np.median(colour[mine], axis=0)
        for k, (model, cut) in empty_models.items():
            hidden[k, j] = model(typical) >= cut
    return hidden


def _piece_colour(samples: Any, foreign: Any, ground: Any) -> Any:
    """A piece's colour: of the samples its hex's terrain does not explain (all, if too few),
    the median of the half farthest from the terrain's colour (`ground`, per hex). Its
    edges, blurred into the terrain around, take on the terrain's colour."""
    import numpy as np

    colours = []
    for hex_samples, mask, own in zip(samples, foreign, ground):
        chosen = hex_samples[mask] if mask.sum() >= 6 else hex_samples
        far = np.linalg.norm(chosen - own, axis=1)
        colours.append(np.median(chosen[far >= np.median(far)], axis=0))
    return np.array(colours)


def _hue(colour: Any) -> Any:
    """Log colours as red and blue against green, and the brightness at half weight: shade on
    a piece's walls changes all three channels alike, so it moves the brightness alone."""
    import numpy as np

    return np.stack([colour[..., 0] - colour[..., 1], colour[..., 2] - colour[..., 1], colour.mean(axis=-1) / 2], axis=-1)


def _colour_costs(colour: Any, ground: Any, labels: Any, players: int, trusted: Any) -> tuple[Any, Any]:
    """-log likelihood of each hex's piece colour (`_hue`) under each player's colour (a
    Gaussian per player, learned from the hexes read as that player's, about the player's
    colour or its mixes with the hex's terrain colour, `ground`), and its distance in spreads
    from the player's colour itself."""
    import numpy as np

    cost = np.zeros((len(colour), players))
    distance = np.full((len(colour), players), np.inf)
    assign = labels - 1
    for _ in range(3):
        for j in range(players):
            members = colour[(assign == j) & trusted]
            if len(members) == 0:
                cost[:, j] = np.inf
                continue
            middle = np.median(members, axis=0)
            spread = np.maximum(np.median(np.abs(members - middle), axis=0) * 1.4826, 0.05) if len(members) >= 5 else np.full(3, 0.15)
            distance[:, j] = np.sqrt((((colour - middle) / spread) ** 2).sum(axis=1))
            # A piece's colour may be blended a little into its terrain's: the nearest of the mixes.
            share = np.array(SHARES)[:, None, None]
            mixes = share * middle + (1 - share) * ground[None]
            blended = (((colour[None] - mixes) / spread) ** 2).sum(axis=2).min(axis=0)
            cost[:, j] = 0.5 * blended + np.log(spread).sum()
        assign = np.where(labels > 0, np.argmin(cost, axis=1), -1)
    return cost, distance


def _mixture(points: Any, components: int, floor: float, ceiling: float) -> Any:
    """A diagonal Gaussian mixture fitted to points (n x 3) by a few EM steps from
    farthest-point seeds; returns its log density as a function of arrays (..., 3)."""
    import numpy as np

    step = max(1, len(points) // 800)
    data = points[::step]
    components = min(components, len(data))
    means = _kmeans(data, components)
    variances = np.full((components, 3), floor ** 2 * 4)
    weights = np.full(components, 1 / components)

    def log_parts(x: Any) -> Any:
        z = ((x[..., None, :] - means) ** 2 / variances).sum(axis=-1)
        return np.log(weights) - 0.5 * z - 0.5 * np.log(variances).sum(axis=1) - 1.5 * np.log(2 * np.pi)

    for _ in range(6):
        parts = log_parts(data)
        resp = np.exp(parts - parts.max(axis=1, keepdims=True))
        resp /= resp.sum(axis=1, keepdims=True)
        mass = resp.sum(axis=0) + 1e-9
        weights = mass / mass.sum()
        means = (resp.T @ data) / mass[:, None]
        variances = np.clip((resp.T @ data ** 2) / mass[:, None] - means ** 2, floor ** 2, ceiling ** 2)

    def log_density(x: Any) -> Any:
        parts = log_parts(x)
        top = parts.max(axis=-1)
        return np.logaddexp(top + np.log(np.exp(parts - top[..., None]).sum(axis=-1)), STRAY)

    return log_density


@dataclass
class _Groups:
    cost: Any        # (hexes, 1 + players): -log likelihood of being empty, or each player's piece
    distance: Any    # the same as normalised distances
    piece_means: Any # (players, 4)


def _groups(x: Any, kind: Any, usual_rim: Any, colours: list[str], trusted: Any) -> _Groups:
    """Learn each terrain's empty look and each colour's piece look together (hard EM): an
    empty hex is near its own terrain's look, a piece near its colour's look on any terrain."""
    import numpy as np

    kinds, players = len(usual_rim), len(colours)
    floor_empty = np.array([0.03, 0.03, 0.03, 0.02])
    floor_piece = np.array([0.06, 0.06, 0.06, 0.04])
    empty_mean = np.hstack([usual_rim, np.zeros((kinds, 1))])
    for k in range(kinds):
        members = x[kind == k]
        if len(members):
            empty_mean[k, 3] = np.quantile(members[:, 3], 0.25)
    empty_spread = np.tile(floor_empty * 2, (kinds, 1))
    # Pieces start from the declared colours (with a typical shading spread), then settle on
    # the colours this photo shows.
    piece_mean = np.array([[*np.log(np.array(rgb(colour)) / 255.0 + 0.02), 0.15] for colour in colours])
    piece_spread = np.tile(floor_piece * 1.5, (players, 1))
    for _ in range(12):
        cost, distance = _costs(x, kind, empty_mean, empty_spread, piece_mean, piece_spread)
        assign = np.argmin(cost, axis=1)
        for k in range(kinds):
            members = x[(assign == 0) & (kind == k) & trusted]
            if len(members) >= 4:
                empty_mean[k] = members.mean(axis=0)
                empty_spread[k] = np.clip(members.std(axis=0), floor_empty, 4 * floor_empty)
        for j in range(players):
            members = x[(assign == j + 1) & trusted]
            if len(members) >= 3:
                piece_mean[j] = members.mean(axis=0)
                piece_spread[j] = np.maximum(members.std(axis=0), floor_piece)
    cost, distance = _costs(x, kind, empty_mean, empty_spread, piece_mean, piece_spread)
    return _Groups(cost, distance, piece_mean)


def _costs(x: Any, kind: Any, empty_mean: Any, empty_spread: Any, piece_mean: Any, piece_spread: Any) -> tuple[Any, Any]:
    import numpy as np

    means = np.concatenate([empty_mean[kind][:, None], np.broadcast_to(piece_mean, (len(x), *piece_mean.shape))], axis=1)
    spreads = np.concatenate([empty_spread[kind][:, None], np.broadcast_to(piece_spread, (len(x), *piece_spread.shape))], axis=1)
    z2 = (((x[:, None, :] - means) / spreads) ** 2).sum(axis=2)
    return 0.5 * z2 + np.log(spreads).sum(axis=2), np.sqrt(z2)


def _kmeans(x: Any, k: int) -> Any:
    """k centres of the rows of x: farthest-point seeds, then Lloyd's steps (deterministic)."""
    import numpy as np

    def nearest(centres: Any) -> Any:
        return np.argmin(((x[:, None] - centres[None]) ** 2).sum(axis=2), axis=1)

    centres = [x[np.argmax(((x - x.mean(axis=0)) ** 2).sum(axis=1))]]
    while len(centres) < k:
        centres.append(x[np.argmax(np.min([((x - c) ** 2).sum(axis=1) for c in centres], axis=0))])
    centres = np.array(centres, dtype=float)
    for _ in range(8):
        assign = nearest(centres)
        centres = np.array([x[assign == j].mean(axis=0) if np.any(assign == j) else centres[j] for j in range(k)])
    return centres


def _who(colour: Any, declared: list[str], trusted: Any) -> Any:
    """Which player each piece is: the pieces' colours grouped into as many groups as there
    are players, and the groups matched one to one to the declared colours, the matching
    that fits best allowing the whole photo one colour cast (an offset in log colour)."""
    import numpy as np

    players = len(declared)
    colour = _hue(colour)
    everything, colour = colour, colour[trusted]
    refs = _hue(np.log(np.array([rgb(name) for name in declared]) / 255.0 + 0.02))
    if len(colour) < players:
        return np.argmin(np.linalg.norm(everything[:, None] - refs[None], axis=2), axis=1)
    # Groups grown from the declared colours shifted by the cast, so each starts near its own.
    cast = np.zeros(3)
    for _ in range(5):
        near = np.argmin(np.linalg.norm(colour[:, None] - (refs + cast)[None], axis=2), axis=1)
        cast = (colour - refs[near]).mean(axis=0)
    centres = refs + cast
    for _ in range(10):
        group = np.argmin(np.linalg.norm(colour[:, None] - centres[None], axis=2), axis=1)
        centres = np.array([colour[group == j].mean(axis=0) if np.any(group == j) else centres[j] for j in range(players)])
    best, best_cost = tuple(range(players)), math.inf
    for order in itertools.permutations(range(players)):
        diff = centres - refs[list(order)]
        cast = diff.sum(axis=0) / (players + CAST_DOUBT)
        cost = float(((diff - cast) ** 2).sum() + CAST_DOUBT * (cast ** 2).sum())
        if cost < best_cost:
            best, best_cost = order, cost
    return np.array(best)[np.argmin(np.linalg.norm(everything[:, None] - centres[None], axis=2), axis=1)]
