"""The light on each hex of a straightened board photo: its rim's colour against its
terrain's usual rim (a gain per channel), the hexes whose rim cannot tell, and the grey that
glare adds on top."""

from __future__ import annotations

from typing import Any

from pnp import hexgrid
from pnp.games.kingdom_builder.model import COLS, ROWS
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.scan.stats import log_rgb, masked_medians, median



def rim_colours(samples: Any, terrain: tuple, covered: Any) -> tuple[Any, Any]:
    """Per hex, the colour of its terrain around its rim (`samples`, per hex): the median of the
    samples of its terrain's usual hue at the brightness most of them share; and whether
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


def usual_rims(rim: Any, terrain: tuple, covered: Any) -> Any:
    """Per hex, its terrain's usual rim: the median over that terrain's hexes of their rims
    (or of any other value per hex, such as a rim's hue)."""
    import numpy as np

    names = sorted({t.value for t in terrain})
    kind = np.array([names.index(t.value) for t in terrain])
    usual = np.zeros((len(names), rim.shape[1]))
    for k in range(len(names)):
        members = (kind == k) & covered
        usual[k] = median(rim[members], axis=0) if members.any() else rim[kind == k].mean(axis=0)
    return usual[kind]


def light_jumps(light: Any, usable: Any) -> Any:
    """Per hex, whether its light (log gain per channel) is far from the median of its
    `usable` neighbours', or tinted far from the usual: light changes little from hex to hex
    and, the photo's cast being in every terrain's usual rim, changes the channels alike. A
    rim mostly hidden by the pieces leaning over it and their shadows, or showing the table
    beyond the board's edge, gives a light that is not the hex's own."""
    import numpy as np

    table = hexgrid.neighbour_table(ROWS, COLS)
    ids = np.array([[*near, *[i] * (6 - len(near))] for i, near in enumerate(table)])  # padded with the hex itself
    given = np.array([[k < len(near) for k in range(6)] for near in table]) & usable[ids]
    around = masked_medians(light[ids], given)
    alone = ~given.any(axis=1)  # no usable neighbour: the hex's own light
    around[alone] = light[alone]
    tint = light - light.mean(axis=1, keepdims=True)
    usual = median(tint[usable], axis=0)
    return (np.abs(light - around).mean(axis=1) > PARAMS.light_jump) | (np.abs(tint - usual).max(axis=1) > PARAMS.light_tint)


def grey_veil(rim: Any, usual: Any, covered: Any) -> Any:
    """Per hex, the grey added on top of the light (glare): with a gain, what best turns the
    `usual` rims of its terrain and its neighbours' into the rims seen (least squares over the
    7 hexes, the grey held near 0 where the terrains around are too alike to tell the gain and
    the grey apart). Light that only shades keeps the grey at 0; glare lifts dark terrain most.
    Held near 0, it finds where glare is, not how much: that is `own_veil`'s."""
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


def own_veil(rim: Any, usual: Any, covered: Any) -> Any:
    """Per hex, the grey on it (glare): with the gain fitted smoothly over the board, what its
    own rim's channels not cut off at white add to its terrain's `usual` rim."""
    import numpy as np

    gain, smooth = _veil_fit(rim, usual, covered)
    grey = rim - gain[:, None] * usual
    seen = rim < PARAMS.clipped
    own = np.where(seen.any(axis=1), masked_medians(grey[..., None], seen)[:, 0], smooth)
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
    laplacian = PARAMS.smooth * (np.diag(near.sum(axis=1)) - near)
    clipped = rim >= PARAMS.clipped
    weight = ~clipped & covered[:, None]
    for _ in range(3):
        # Normal equations for the unknowns (gain of every hex, then grey of every hex).
        xx, x1, ones = (weight * usual * usual).sum(axis=1), (weight * usual).sum(axis=1), weight.sum(axis=1)
        a = np.block([[laplacian + np.diag(xx + 1e-6), np.diag(x1)],
                      [np.diag(x1), laplacian + np.diag(ones + PARAMS.veil_ridge)]])
        b = np.concatenate([(weight * usual * rim).sum(axis=1) + 1e-6, (weight * rim).sum(axis=1)])
        gain, veil = np.split(np.linalg.solve(a, b), 2)
        weight = (~clipped | (gain[:, None] * usual + veil[:, None] < PARAMS.clipped)) & covered[:, None]
    return gain, veil


def unveiled(spot: Any, rim: Any, usual: Any, veil: Any) -> Any:
    """Log colours of the samples with each hex's grey `veil` taken off and its light divided
    out: the light from its rim's channels not cut off at white, the same for all three.
    `usual` is the log colour of each hex's terrain's usual rim."""
    import numpy as np

    lifted = log_rgb(np.maximum(rim - veil[:, None], 0)) - usual
    open_ = rim < PARAMS.clipped
    light = masked_medians(lifted[..., None], open_ | ~open_.any(axis=1, keepdims=True))[:, 0]
    return log_rgb(np.maximum(spot - veil[:, None, None], 0)) - light[:, None, None]
