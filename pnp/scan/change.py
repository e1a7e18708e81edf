"""What changed between a set-up photo and a photo of the same board later: the set-up board
carried onto the later one pixel for pixel, its light evened region by region, and the share of
each place's spot that changed. The board's art is in both photos and cancels out; a piece
standing on a place is what changed there, whatever the art looks like."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

from pnp.scan.sampling import sample
from pnp.scan.stats import masked_medians

STEP = 0.12        # a pixel changed where its log colour moved this much more than its light did, in any channel
STEADY = 0.015     # the two photos compare where a tenth of the ground round a place changed less than this (log)
SPAN = 3.5         # the light is evened over windows this many places wide
SEEN = 3           # a place's changed colour is known where this many points of its spot changed


@dataclass(frozen=True)
class Change:
    """Per place, the share of its spot's points that changed by either of two evenings of the
    light (`share`) and by both (`surely`), and by either in the first part of its spot alone
    (`base`: where a piece on it stands, which a neighbour's piece leaning in or its shadow
    reaches less), whether the two photos compare there at all (a careless photo's glare,
    noise or blur leaves nothing steady), the colour of what changed there: what now stands
    on it, without the art round about, the colour of the set-up photo there: what a piece
    stands on, and how the light changed there."""

    share: Any
    surely: Any
    steady: Any
    changed: Any  # per place, the median log colour of its spot's changed points, the light evened over the
                  # windows (NaN where fewer than SEEN changed)
    printed: Any  # per place, the median log colour of its spot in the set-up photo (the same light as `changed`)
    base: Any
    light: Any    # per place, the median change of log colour over the windows at its spot: how its light changed
    points: Any   # per place and point of its spot, the log colour where it changed, the light evened over the
                  # windows (NaN where it did not): a piece's lit and shaded faces, its shadow

    def at(self, index: Any) -> Change:
        """The places `index` (numpy's) picks, alone."""
        return Change(*(getattr(self, field.name)[index] for field in fields(self)))


def carried(before: Any, before_centres: Any, after: Any, after_centres: Any) -> tuple[Any, Any, float]:
    """`before` (a straightened board, RGB) carried onto `after`'s frame: first by the places'
    centres found in each, then to the pixel by the images themselves (OpenCV's ECC, whose
    homography is blind to a change of light over the whole board); where it covers it; and
    how far (pixels) the images moved a place's centre from where the centres carried it: the
    most at any place (a grid a place off in either photo is carried a place off first),
    endless where they did not settle it."""
    import cv2
    import numpy as np

    height, width = after.shape[:2]
    first, _ = cv2.findHomography(before_centres.astype(np.float32), after_centres.astype(np.float32), 0)
    rough = cv2.warpPerspective(before, first, (width, height), flags=cv2.INTER_LINEAR)
    grey = [cv2.cvtColor(image, cv2.COLOR_RGB2GRAY).astype(np.float32) for image in (after, rough)]
    warp: Any = np.eye(3, dtype=np.float32)
    try:
        _, warp = cv2.findTransformECC(grey[0], grey[1], warp, cv2.MOTION_HOMOGRAPHY,
                                       (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 50, 1e-5), None)
        points = after_centres.astype(np.float32).reshape(-1, 1, 2)
        moved = float(np.linalg.norm(cv2.perspectiveTransform(points, warp.astype(np.float64)) - points, axis=2).max())
    except cv2.error:  # it did not converge: the centres' carrying stands
        warp, moved = np.eye(3, dtype=np.float32), math.inf
    whole = np.linalg.inv(warp) @ first
    inside = cv2.warpPerspective(np.ones(before.shape[:2], np.uint8), whole, (width, height), flags=cv2.INTER_NEAREST)
    return cv2.warpPerspective(before, whole, (width, height), flags=cv2.INTER_LINEAR), inside > 0, moved


def changes(after: Any, before: Any, covered: Any, spots: Any, rims: Any, grounds: Any, apart: float) -> Change:
    """How much of each place's spot (`spots`: places x parts x points x 2, in pixels of both
    images; the first part where a piece would stand) changed from `before` to `after` (RGB, the
    same frame; `covered` where both show the board; `apart` the places' distance in pixels),
    the light evened two ways: by the median change of log colour over windows SPAN places wide
    (pieces cover well under half of any), taken again without what changed by the first (the
    pieces round a place would bias its median towards theirs), and by that round the place's
    rim (`rims`, places x points x 2: the same print as its spot, so that glare's veil or a
    colour cast, which change each colour of the print its own way, cancel; but pieces leaning
    over it from round about can take its light for theirs). A spot's point counts as changed only beyond the darkest and
    lightest of its before-neighbours (a pixel's misalignment is no change). The photos compare
    at a place where a tenth of the points of its `grounds` (round it: places x points x 2)
    changed less than STEADY over the windows: pieces and their shadows may cover most of them,
    glare or grain all."""
    import cv2
    import numpy as np

    parts = spots.shape[1]
    spots = spots.reshape(len(spots), -1, 2)
    a = np.log(after.astype(np.float32) / 255 + 1 / 64)
    b = np.log(before.astype(np.float32) / 255 + 1 / 64)
    near = np.ones((3, 3), np.uint8)
    lightest, darkest = cv2.dilate(b, near), cv2.erode(b, near)
    # The median change over windows, in 1/64 steps (OpenCV's large median takes bytes).
    steps = np.clip((a - b) * 64 + 128, 0, 255).astype(np.uint8)
    steps[~covered] = 128
    window = (cv2.medianBlur(steps, int(SPAN * apart) | 1).astype(np.float32) - 128) / 64
    # Again without what changed: pieces round a place bias its window's median towards theirs.
    changed = (beyond(a - window, lightest, darkest) > STEP) & covered
    steps[changed] = np.median(steps[covered & ~changed], axis=0).astype(np.uint8)
    window = (cv2.medianBlur(steps, int(SPAN * apart) | 1).astype(np.float32) - 128) / 64
    moved = beyond(a - window, lightest, darkest)
    moved[~covered] = np.inf  # no ground to compare
    steady = np.quantile(sample(moved, grounds)[..., 0], 0.1, axis=1) < STEADY
    rim = np.median(sample(a - b, rims), axis=1)  # per place and channel
    seen, low, high = (sample(image, spots) for image in (a, darkest, lightest))
    shown = sample(covered.astype(np.float32), spots)[..., 0] > 0.5
    lit = sample(window, spots)
    by_window = (beyond(seen - lit, high, low) > STEP) & shown
    by_rim = (beyond(seen - rim[:, None, :], high, low) > STEP) & shown
    moved_points = by_window | by_rim
    known = moved_points.sum(axis=1) >= SEEN
    colour = masked_medians(seen - lit, moved_points & known[:, None])
    printed = np.median(sample(b, spots), axis=1)
    base = moved_points.reshape(len(spots), parts, -1)[:, 0].mean(axis=1)
    return Change(moved_points.mean(axis=1), (by_window & by_rim).mean(axis=1), steady, colour, printed, base,
                  np.median(lit, axis=1), np.where(moved_points[..., None], seen - lit, np.nan))


def beyond(a: Any, lightest: Any, darkest: Any) -> Any:
    """How far log colours `a` (light evened) lie beyond the range of their before-neighbours
    (`lightest`, `darkest`, per channel; the same for one colour against another): in hue or
    in brightness, whichever is more."""
    import numpy as np

    signed = np.maximum(a - lightest, 0) - np.maximum(darkest - a, 0)
    brightness = signed.mean(axis=-1)
    hue = np.abs(signed - brightness[..., None]).max(axis=-1)
    return np.maximum(hue, np.abs(brightness))
