"""Where each hex of a photographed Kingdom Builder board is: the board straightened with
the homography from four corner hexes, the hex centres refined against the terrain they must
show, how far a standing piece leans in the photo, and colours sampled at points."""

from __future__ import annotations

import math
from typing import Any

from pnp import hexgrid
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTOR_OF, label

Cell = tuple[int, int]
CORNER_CELLS: tuple[Cell, ...] = ((0, 0), (0, COLS - 1), (ROWS - 1, 0), (ROWS - 1, COLS - 1))
CORNER_LABELS = tuple(label(cell) for cell in CORNER_CELLS)  # A1, A20, T1, T20
S = 14.0                          # circumradius of a hex in the straightened image, pixels
W = math.sqrt(3) * S              # its width across the flats
MARGIN = 1.5 * W                  # room around the board for refinement and leaning pieces
PIECE_HEIGHT = 0.5                # a house's height in hex widths, for parallax
FOCAL_35MM = 26.0                 # a phone's main camera, when the photo does not say


def board_centres() -> Any:
    """Centres of all 400 hexes in board units (circumradius 1), row by row."""
    import numpy as np

    return np.array([hexgrid.centre(cell, 1.0) for cell in hexgrid.cells(ROWS, COLS)], dtype=float)


def hexes_apart(corners: list[tuple[float, float]]) -> float:
    """How far apart, in pixels, neighbouring hexes lie at the least in a photo whose pixel
    centres of A1, A20, T1, T20 are `corners`."""
    a1, a20, t1, t20 = corners
    across = min(math.dist(a1, a20), math.dist(t1, t20)) / (COLS - 1)  # hex centres along a row
    down = min(math.dist(a1, t1), math.dist(a20, t20)) / (ROWS - 1) * 2 / math.sqrt(3)  # rows are closer than hexes
    return min(across, down)


def flat(cell: Cell) -> int:
    """A cell's place in the row-by-row order of all 400."""
    return cell[0] * COLS + cell[1]


def transform(matrix: Any, points: Any) -> Any:
    """Points (n x 2) carried by a homography."""
    import numpy as np

    pts = np.hstack([points, np.ones((len(points), 1))]) @ matrix.T
    return pts[:, :2] / pts[:, 2:3]


def straighten(image: Any, to_photo: Any) -> tuple[Any, Any]:
    """The board warped to the straightened frame, and a mask of what the photo covers.
    A large photo is first shrunk (area-averaged) to about twice the straightened resolution."""
    import cv2
    import numpy as np

    bw, bh = hexgrid.map_extent(ROWS, COLS, S)
    size = (int(bw + 2 * MARGIN), int(bh + 2 * MARGIN))
    frame = np.array([[0, 0], [size[0], 0], [0, size[1]], [size[0], size[1]]], float)
    spots = transform(to_photo, frame)
    # The smallest pixels-per-straightened-pixel over the board decides how far to shrink.
    grid = np.array([[x, y] for x in np.linspace(0, size[0], 6) for y in np.linspace(0, size[1], 6)])
    a, b = transform(to_photo, grid), transform(to_photo, grid + [1.0, 0])
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


def ring(radius: float, count: int, phase: float = 0.0) -> Any:
    import numpy as np

    angles = phase + np.arange(count) * 2 * math.pi / count
    return radius * np.stack([np.cos(angles), np.sin(angles)], axis=1)


DISC_CORE = 7                     # `disc`'s first points, its centre and inner ring: the disc's middle


def disc(radius: float) -> Any:
    """Points filling a disc: its middle first (the centre and an inner ring, DISC_CORE points
    in all), then an outer ring."""
    import numpy as np

    return np.vstack([[[0.0, 0.0]], ring(radius * 0.5, DISC_CORE - 1), ring(radius, 12, math.pi / 12)])


def sample(image: Any, points: Any) -> Any:
    """Bilinear samples of an image at points of shape (..., 2)."""
    import cv2
    import numpy as np

    pts = points.reshape(-1, 2)
    width = 1024  # remap's maps are images, at most 32767 wide
    padded = np.zeros((-(-len(pts) // width) * width, 2), np.float32)
    padded[:len(pts)] = pts
    out = cv2.remap(image, padded.reshape(-1, width, 2), None, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out.reshape(len(padded), -1)[:len(pts)].reshape(*points.shape[:-1], -1)


def refine(straight: Any, centres: Any) -> Any:
    """Hex centres moved to where the terrain says they are: each hex should look like one
    colour up to its rim, so the grid is shifted (corner by corner, then section by section)
    to make the colour within the hexes as even as it gets."""
    import cv2
    import numpy as np

    blurred = cv2.GaussianBlur(straight, (0, 0), 1.0).astype(np.float32)
    pattern = np.vstack([ring(0.2 * W, 8), ring(0.38 * W, 12, 0.26)])
    corner_idx = [flat(c) for c in CORNER_CELLS]
    base = centres[corner_idx].astype(np.float32)

    def looks(grids: list, which: Any = slice(None)) -> Any:
        """What the pattern round each hex (of `which`) shows, per grid: (grids, pattern, hexes, 3)."""
        return sample(blurred, pattern[None, :, None, :] + np.stack([grid[which] for grid in grids])[:, None])

    def cost(values: Any) -> float:
        deviation = values - values.mean(axis=0)
        deviation *= deviation
        # Summed hex by hex: the float32 sum's rounding is that of (hexes, pattern, 3).
        return float(deviation.transpose(1, 0, 2).copy().sum())

    def moved(delta: Any) -> Any:
        matrix = cv2.getPerspectiveTransform(base, (base + delta.reshape(4, 2)).astype(np.float32))
        return transform(matrix, centres)

    def descend(best: Any, best_cost: float, steps: list, grid: Any, which: Any = slice(None),
                allowed: Any = lambda trial: True) -> tuple[Any, float]:
        """`best` moved by each of `steps` in turn where that lowers the cost, until none does.
        The trials left are sampled together; their costs are worked out in turn up to the first
        that is lower."""
        improved = True
        while improved:
            improved = False
            left = [step for step in steps if allowed(best + step)]
            while left:
                trials = [best + step for step in left]
                for n, values in enumerate(looks([grid(trial) for trial in trials], which)):
                    if (c := cost(values)) < best_cost:
                        best, best_cost, improved = trials[n], c, True
                        left = [step for step in left[n + 1:] if allowed(best + step)]
                        break
                else:
                    left = []
        return best, best_cost

    # Coarse: the whole grid shifted, within about a third of a hex.
    best, best_cost = np.zeros(8), cost(looks([centres])[0])
    span = np.arange(-0.35 * W, 0.35 * W + 1e-9, W / 14)
    shifts = [(dx, dy) for dx in span for dy in span]
    for (dx, dy), values in zip(shifts, looks([centres + [dx, dy] for dx, dy in shifts])):
        if (c := cost(values)) < best_cost:
            best, best_cost = np.tile([dx, dy], 4), c
    # Fine: each corner on its own, in shrinking steps.
    for step in (W / 12, W / 24, W / 48):
        best, best_cost = descend(best, best_cost, [sign * step * np.eye(8)[k] for k in range(8) for sign in (1, -1)], moved)
    points = moved(best)
    # Loose sections lie a little apart: each may shift a little on its own.
    sectors = np.array(SECTOR_OF)
    for quarter in range(4):
        which = np.flatnonzero(sectors == quarter)
        shift, here = np.zeros(2), cost(looks([points], which)[0])
        for step in (W / 16, W / 32):
            shift, here = descend(shift, here, [np.array(d) for d in ((step, 0), (-step, 0), (0, step), (0, -step))],
                                  lambda trial: points + np.where((sectors == quarter)[:, None], trial, 0), which,
                                  lambda trial: np.abs(trial).max() <= 0.25 * W)
        points[which] += shift
    return points


def parallax(to_photo: Any, refined: Any, centres: Any, width: int, height: int) -> Any:
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
