"""Placing a board's grid in a photo: the board straightened into a frame of its own by the
homography from four corner places, the places' centres refined against the ground they show,
and how far a standing piece leans in the photo."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pnp.scan.sampling import ring, sample, transform

FOCAL_35MM = 26.0                 # a phone's main camera, when the photo does not say


@dataclass(frozen=True)
class Frame:
    """The straightened picture a board is read in: `scale` pixels to a board unit (the game's own,
    e.g. a hex's circumradius), the board's origin `margin` pixels in from the top and the left
    (room for refinement and leaning pieces), `size` (width, height) pixels in all."""

    scale: float
    margin: float
    size: tuple[int, int]

    def canvas(self) -> Any:
        """The homography from board units to the frame's pixels."""
        import numpy as np

        return np.array([[self.scale, 0, self.margin], [0, self.scale, self.margin], [0, 0, 1.0]])


def straighten(image: Any, to_photo: Any, size: tuple[int, int]) -> tuple[Any, Any]:
    """The board warped to the straightened frame (`size`: width, height; `to_photo`: the
    homography from the frame to the photo), and a mask of what the photo covers.
    A large photo is first shrunk (area-averaged) to about twice the straightened resolution."""
    import cv2
    import numpy as np

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


def refine(straight: Any, centres: Any, corners: list[int], parts: Any, width: float) -> Any:
    """The places' centres (in the straightened frame) moved to where the ground they show says
    they are: each place should look like one colour up to its rim (`width` across), so the grid
    is shifted as a whole, then its four `corners` (indices of the centres at the top-left,
    top-right, bottom-left and bottom-right, whose moves carry the others by a homography) each
    on its own, then each of its loose `parts` (per centre, the section it lies on), to make the
    colour within the places as even as it gets."""
    import cv2
    import numpy as np

    blurred = cv2.GaussianBlur(straight, (0, 0), 1.0).astype(np.float32)
    pattern = np.vstack([ring(0.2 * width, 8), ring(0.38 * width, 12, 0.26)])
    base = centres[corners].astype(np.float32)

    def looks(grids: list[Any], which: Any = slice(None)) -> Any:
        """What the pattern round each place (of `which`) shows, per grid: (grids, pattern, places, 3)."""
        return sample(blurred, pattern[None, :, None, :] + np.stack([grid[which] for grid in grids])[:, None])

    def cost(values: Any) -> float:
        deviation = values - values.mean(axis=0)
        deviation *= deviation
        # Summed place by place: the float32 sum's rounding is that of (places, pattern, 3).
        return float(deviation.transpose(1, 0, 2).copy().sum())

    def moved(delta: Any) -> Any:
        matrix = cv2.getPerspectiveTransform(base, (base + delta.reshape(4, 2)).astype(np.float32))
        return transform(matrix, centres)

    def descend(best: Any, best_cost: float, steps: list[Any], grid: Any, which: Any = slice(None),
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

    # Coarse: the whole grid shifted, within about a third of a place.
    best, best_cost = np.zeros(8), cost(looks([centres])[0])
    span = np.arange(-0.35 * width, 0.35 * width + 1e-9, width / 14)
    shifts = [(dx, dy) for dx in span for dy in span]
    for (dx, dy), values in zip(shifts, looks([centres + [dx, dy] for dx, dy in shifts])):
        if (c := cost(values)) < best_cost:
            best, best_cost = np.tile([dx, dy], 4), c
    # Fine: each corner on its own, in shrinking steps.
    for step in (width / 12, width / 24, width / 48):
        best, best_cost = descend(best, best_cost, [sign * step * np.eye(8)[k] for k in range(8) for sign in (1, -1)], moved)
    points = moved(best)
    # Loose sections lie a little apart: each may shift a little on its own.
    for part in np.unique(parts):
        which = np.flatnonzero(parts == part)
        shift, here = np.zeros(2), cost(looks([points], which)[0])
        for step in (width / 16, width / 32):
            shift, here = descend(shift, here, [np.array(d) for d in ((step, 0), (-step, 0), (0, step), (0, -step))],
                                  lambda trial: points + np.where((parts == part)[:, None], trial, 0), which,
                                  lambda trial: np.abs(trial).max() <= 0.25 * width)
        points[which] += shift
    return points


def parallax(to_photo: Any, points: Any, width: int, height: int, frame: Frame, rise: float, cap: float) -> Any:
    """How far, in straightened pixels, the top of a piece `rise` board units tall standing at
    each of `points` (in `frame`) appears from its base, `cap` at the most: away from the point
    under the camera, found from the homography `to_photo` (board units to the pixels of the
    photo, `width` x `height`) and a phone's typical focal length."""
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
    if above <= 2 * rise:
        return np.zeros_like(points)
    units = (points - frame.margin) / frame.scale
    lean = (units - nadir) * rise / (above - rise) * frame.scale
    size = np.linalg.norm(lean, axis=1, keepdims=True)
    return np.where(size > cap, lean * cap / np.maximum(size, 1e-9), lean)
