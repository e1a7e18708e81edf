"""The light on each place of a straightened board photo (a hex, say): its rim's colour against
its terrain's usual rim (a gain per channel), the places whose rim cannot tell, and the grey that
glare adds on top. A place's terrain is whatever ground the board prints there, named per place
(`terrain`); `neighbours` lists each place's neighbours (indices), as `hexgrid.neighbour_table`
does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.scan.stats import log_rgb, masked_medians, median

Neighbours = Sequence[Sequence[int]]


@dataclass(frozen=True)
class LightParams:
    """The numbers the light is judged by (colours as `log_rgb`; tuned with Kingdom Builder's
    reader on its benchmark's photos, as its ScanParams)."""

    rim_hue: float = 0.15             # a rim sample this far (log ratios) from its terrain's usual hue shows something else
    rim_noise: float = 2.0            # or this many times its terrain's usual distance, if more
    rim_seen: int = 6                 # a rim with fewer samples of its terrain's hue than this is hidden
    rim_shade: float = 0.05           # rim samples within this brightness (log) of each other are lit alike
    light_jump: float = 0.15          # a place's light this far (log) from its neighbours' is not its own
    light_tint: float = 0.4           # or its light tinted this much more (log) than the board's usual
    clipped: float = 0.97             # a channel this bright (of white) may have been cut off
    smooth: float = 0.3               # how strongly light and glare are held alike on neighbouring places
    veil_ridge: float = 0.01          # and glare held at none where nothing says otherwise


PARAMS = LightParams()


def rim_colours(samples: Any, terrain: Sequence[str], covered: Any) -> tuple[Any, Any]:
    """Per place, the colour of its terrain around its rim (`samples`, per place): the median of
    the samples of its terrain's usual hue at the brightness most of them share; and whether
    enough samples have that hue to tell. Part of a rim may show a neighbour's piece leaning
    over it or the table beyond the board's edge (another hue), or a shadow (darker)."""
    import numpy as np

    logs = log_rgb(samples)
    hue = logs[..., [0, 2]] - logs[..., 1:2]
    usual = usual_rims(median(hue, axis=1), terrain, covered)
    off = np.linalg.norm(hue - usual[:, None], axis=2)
    # The hue of a dark terrain is noisy: the tolerance grows with how far its samples usually are.
    alike = off < np.maximum(PARAMS.rim_hue, PARAMS.rim_noise * usual_rims(median(off, axis=1, keepdims=True), terrain, covered))
    bright = logs.mean(axis=2)
    near = np.abs(bright[:, :, None] - bright[:, None, :]) < PARAMS.rim_shade
    crowd = (near & alike[:, None, :]).sum(axis=2) * alike  # in-hue samples of about each one's brightness
    seen = alike.sum(axis=1) >= PARAMS.rim_seen
    crowded = np.take_along_axis(near, np.argmax(crowd, axis=1)[:, None, None], axis=1)[:, 0] & alike
    rims = np.where(seen[:, None], masked_medians(samples, crowded | ~seen[:, None]), median(samples, axis=1))
    return rims, seen


def usual_rims(rim: Any, terrain: Sequence[str], covered: Any) -> Any:
    """Per place, its terrain's usual rim: the median over that terrain's places of their rims
    (or of any other value per place, such as a rim's hue)."""
    import numpy as np

    names = sorted(set(terrain))
    kind = np.array([names.index(t) for t in terrain])
    usual = np.zeros((len(names), rim.shape[1]))
    for k in range(len(names)):
        members = (kind == k) & covered
        usual[k] = median(rim[members], axis=0) if members.any() else rim[kind == k].mean(axis=0)
    return usual[kind]


def light_jumps(light: Any, usable: Any, neighbours: Neighbours) -> Any:
    """Per place, whether its light (log gain per channel) is far from the median of its
    `usable` neighbours', or tinted far from the usual: light changes little from place to place
    and, the photo's cast being in every terrain's usual rim, changes the channels alike. A
    rim mostly hidden by the pieces leaning over it and their shadows, or showing the table
    beyond the board's edge, gives a light that is not the place's own."""
    import numpy as np

    most = max(map(len, neighbours))
    ids = np.array([[*near, *[i] * (most - len(near))] for i, near in enumerate(neighbours)])  # padded with the place itself
    given = np.array([[k < len(near) for k in range(most)] for near in neighbours]) & usable[ids]
    around = masked_medians(light[ids], given)
    alone = ~given.any(axis=1)  # no usable neighbour: the place's own light
    around[alone] = light[alone]
    tint = light - light.mean(axis=1, keepdims=True)
    usual = median(tint[usable], axis=0)
    return (np.abs(light - around).mean(axis=1) > PARAMS.light_jump) | (np.abs(tint - usual).max(axis=1) > PARAMS.light_tint)


def grey_veil(rim: Any, usual: Any, covered: Any, neighbours: Neighbours) -> Any:
    """Per place, the grey added on top of the light (glare): with a gain, what best turns the
    `usual` rims of its terrain and its neighbours' into the rims seen (least squares over the
    place and its neighbours, the grey held near 0 where the terrains around are too alike to
    tell the gain and the grey apart). Light that only shades keeps the grey at 0; glare lifts dark terrain most.
    Held near 0, it finds where glare is, not how much: that is `own_veil`'s."""
    import numpy as np

    x, y = usual, rim
    sums = np.zeros((len(rim), 5))  # sum x^2, sum x, sum xy, sum y, count
    for i, near in enumerate(neighbours):
        around = [j for j in (i, *near) if covered[j]]
        xs, ys = x[around].ravel(), y[around].ravel()
        sums[i] = (xs @ xs, xs.sum(), xs @ ys, ys.sum(), len(xs))
    sxx, sx, sxy, sy, n = sums.T
    n = np.maximum(n, 1)
    damp = 0.5 * n  # how strongly the grey is held at 0
    det = sxx * (n + damp) - sx * sx
    return np.where(det > 1e-9, (sxx * sy - sx * sxy) / np.where(det > 1e-9, det, 1), 0.0)


def own_veil(rim: Any, usual: Any, covered: Any, neighbours: Neighbours) -> Any:
    """Per place, the grey on it (glare): with the gain fitted smoothly over the board, what its
    own rim's channels not cut off at white add to its terrain's `usual` rim."""
    import numpy as np

    gain, smooth = _veil_fit(rim, usual, covered, neighbours)
    grey = rim - gain[:, None] * usual
    seen = rim < PARAMS.clipped
    own = np.where(seen.any(axis=1), masked_medians(grey[..., None], seen)[:, 0], smooth)
    return np.maximum(own, 0)


def _veil_fit(rim: Any, usual: Any, covered: Any, neighbours: Neighbours) -> tuple[Any, Any]:
    """Per place, a gain and a grey added on top that turn its terrain's `usual` rim into the rim
    seen. Both vary smoothly over the board, so they are fitted together by least squares over
    all places with a penalty on their differences between neighbours. A channel cut off at
    white was at least that bright: it counts only where the fit says less."""
    import numpy as np

    n = len(rim)
    near = np.zeros((n, n))
    for i, around in enumerate(neighbours):
        near[i, list(around)] = 1
    laplacian = PARAMS.smooth * (np.diag(near.sum(axis=1)) - near)
    clipped = rim >= PARAMS.clipped
    weight = ~clipped & covered[:, None]
    for _ in range(3):
        # Normal equations for the unknowns (gain of every place, then grey of every place).
        xx, x1, ones = (weight * usual * usual).sum(axis=1), (weight * usual).sum(axis=1), weight.sum(axis=1)
        a = np.block([[laplacian + np.diag(xx + 1e-6), np.diag(x1)],
                      [np.diag(x1), laplacian + np.diag(ones + PARAMS.veil_ridge)]])
        b = np.concatenate([(weight * usual * rim).sum(axis=1) + 1e-6, (weight * rim).sum(axis=1)])
        gain, veil = np.split(np.linalg.solve(a, b), 2)
        weight = (~clipped | (gain[:, None] * usual + veil[:, None] < PARAMS.clipped)) & covered[:, None]
    return gain, veil


def unveiled(spot: Any, rim: Any, usual: Any, veil: Any) -> Any:
    """Log colours of the samples with each place's grey `veil` taken off and its light divided
    out: the light from its rim's channels not cut off at white, the same for all three.
    `usual` is the log colour of each place's terrain's usual rim."""
    import numpy as np

    lifted = log_rgb(np.maximum(rim - veil[:, None], 0)) - usual
    open_ = rim < PARAMS.clipped
    light = masked_medians(lifted[..., None], open_ | ~open_.any(axis=1, keepdims=True))[:, 0]
    return log_rgb(np.maximum(spot - veil[:, None, None], 0)) - light[:, None, None]
