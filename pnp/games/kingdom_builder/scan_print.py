"""Printed art on a board's hexes: the art that repeats from hex to hex of one look (terrain
and way round), which hexes show it all over, and the size of the patch a piece makes where
the art and the terrain's colours do not explain it."""

from __future__ import annotations

import math
from typing import Any

from pnp.games.kingdom_builder.scan_layout import W
from pnp.games.kingdom_builder.scan_models import EmptyModels
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.scan.sampling import sample
from pnp.scan.stats import channel_sum, log_rgb, median, robust_spread

NUDGES = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]  # shifts to find printed art at, pixels


def square() -> tuple[Any, Any, int]:
    """The pixel grid over a hex's inside: the points (x, y) of the square round its centre, row
    by row, which of them lie inside (within PARAMS.inside of a hex's width), and its half-width."""
    import numpy as np

    reach = int(round(PARAMS.inside * W))
    grid = np.mgrid[-reach:reach + 1, -reach:reach + 1].transpose(1, 2, 0)[..., ::-1].astype(float).reshape(-1, 2)
    return grid, np.linalg.norm(grid, axis=1) <= PARAMS.inside * W, reach


def interior(image: Any, centres: Any, light: Any) -> tuple[Any, Any]:
    """Light-corrected log colours at the points of `square` inside each hex, and each point's
    distance from the centre."""
    import numpy as np

    grid, inside, _ = square()
    points = grid[inside]
    return log_rgb(sample(image, centres[:, None, :] + points[None])) - light[:, None, :], np.linalg.norm(points, axis=1)


def repeated_art(image: Any, centres: Any, light: Any, look: Any, trusted: Any, first_empty: Any) -> tuple[Any, Any, Any]:
    """For each hex: whether its look's art repeats from hex to hex (printed art), if so
    whether the hex shows that art everywhere (no piece), and whether the art was checked.
    The art is learned from the trusted hexes of the look, or from those of them the first
    reading found empty, whichever explains more hexes: most hexes of a look may hold one
    player's pieces (then all of them teach the pieces), or the first reading may take the
    art for a piece of its colour. With too few hexes first read as empty there is nothing
    to check all of them against: the art is used, but unchecked."""
    import numpy as np

    values, radius = interior(image, centres, light)
    middle = radius <= PARAMS.middle * W

    def shows_art(values: Any, template: Any, spread: Any) -> Any:
        # Over the whole hex and over its middle, where a piece stands and covers more.
        unlike = _differs(values, template, spread)
        return (unlike.mean(axis=1) < PARAMS.unlike) & (unlike[:, middle].mean(axis=1) < PARAMS.unlike)

    repeats, plain, checked = (np.zeros(len(centres), bool) for _ in range(3))
    for group in np.unique(look):
        members = look == group
        teachers = [pick for pick in (members & trusted, members & trusted & first_empty) if pick.sum() >= PARAMS.art_teachers]
        if not teachers:
            continue
        learned = [_typical(values[pick]) for pick in teachers]
        strict = np.min([spread for _, spread in learned], axis=0)
        explained = [shows_art(values[members], template, strict).sum() for template, _ in learned]
        template, spread = learned[int(np.argmax(explained))]
        if max(median(spread), median(spread[middle])) > PARAMS.repeats:  # over the hex, and where pieces stand
            continue
        shows = shows_art(values[members], template, spread)
        if shows.sum() < PARAMS.art_teachers:  # art found on hardly a hex is not art that repeats
            continue
        # A hex a pixel off the grid (a section lying askew) still shows the art.
        again = np.flatnonzero(members)[~shows]
        if len(again):
            moved, _ = interior(image, (centres[again][None] + np.array(NUDGES)[:, None]).reshape(-1, 2),
                                np.tile(light[again], (len(NUDGES), 1)))
            shows[~shows] = shows_art(moved, template, spread).reshape(len(NUDGES), -1).any(axis=0)
        repeats[members] = True
        plain[members] = shows
        checked[members] = len(teachers) == 2
    return repeats, plain, checked


def like_pieces_elsewhere(colour: Any, kind: Any, look: Any, plain: Any, labels: Any, trusted: Any, ground: Any) -> Any:
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
        art = median(colour[shown], axis=0)
        alike[members] = np.linalg.norm(art - median(elsewhere, axis=0)) < np.linalg.norm(art - ground[members][0])
    return alike


def _typical(samples: Any) -> tuple[Any, Any]:
    """What hexes of one look show at each place: the median, and a robust spread (the median
    absolute deviation scaled to a standard deviation, never below 0.03)."""
    template = median(samples, axis=0)
    return template, robust_spread(samples, 0.03)


def _differs(values: Any, template: Any, spread: Any) -> Any:
    """Per hex and place: whether the colour lies more than 4 spreads from the typical one."""
    import numpy as np

    return np.sqrt(channel_sum(((values - template) / spread) ** 2)) > 4


def blobs(image: Any, centres: Any, lean: Any, light: Any, kind: Any, empty_models: EmptyModels, look: Any, empty: Any) -> Any:
    """For each hex, the size of the patch of pixels unlike its empty terrain that holds the
    middle of its piece spot, relative to the typical such patch of the photo's pieces: a
    piece makes one patch its own size, the terrain's art only small specks. A pixel is unlike
    the terrain if its colour is (by the terrain's colour model), or if it differs from what
    the `empty` hexes of the same `look` (terrain and way round) show at that very place, where
    they all agree: printed art repeats on every hex, so a piece the colour of a printed
    symbol still shows where the symbol is not."""
    import cv2
    import numpy as np

    values, _ = interior(image, centres, light)
    _, inside, reach = square()
    side = 2 * reach + 1
    unlike = np.zeros((len(centres), inside.sum()), bool)
    for k, (model, cut) in empty_models.items():
        unlike[kind == k] = model(values[kind == k]) < cut
    for group in np.unique(look):
        members = look == group
        if (members & empty).sum() < 4:
            continue
        unlike[members] |= _differs(values[members], *_typical(values[members & empty]))
    across = int(math.ceil(math.sqrt(len(centres))))
    foreign = np.zeros((across * across, side * side), np.uint8)
    foreign[:len(centres), inside] = unlike
    # Each hex's square in a tile of the big picture, row by row.
    tiles = np.ascontiguousarray(foreign.reshape(across, across, side, side).transpose(0, 2, 1, 3)).reshape(across * side, -1)
    _, parts, stats, _ = cv2.connectedComponentsWithStats(tiles, connectivity=8)
    # The largest patch among the 3 x 3 pixels round where the middle of each hex's spot lies.
    row, col = np.divmod(np.arange(len(centres)), across)
    x, y = (np.clip(np.round(lean / 2) + reach, 1, side - 2)).astype(int).T
    step = np.arange(-1, 2)
    near = parts[(row * side + y)[:, None, None] + step[None, :, None], (col * side + x)[:, None, None] + step[None, None, :]]
    size = stats[:, cv2.CC_STAT_AREA].copy()
    size[0] = 0  # the background
    areas = size[near].reshape(len(centres), -1).max(axis=1).astype(float)
    big = areas[areas > np.quantile(areas, 0.5)]
    typical = median(big) if len(big) else 1.0
    return areas / max(typical, 1.0)
