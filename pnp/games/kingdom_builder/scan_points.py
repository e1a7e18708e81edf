"""Whose pieces a hex's points are: each player's sure pieces' points in this photo (the points
of their spots, log colour) a Gaussian, and a hex's points judged point by point against each.
A photo's own pieces are labelled examples of each player's colour in its light, a few hundred
points a player: orange and yellow houses, or white and purple, whose median looks may lie
near, keep apart point by point (a lit face is orange, or yellow)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.games.kingdom_builder.scan_models import as_hue
from pnp.scan.stats import Gaussian

SPREAD = 0.03      # each player's points a Gaussian (as_hue), no channel's spread under this
FIT = 2.0          # a hex's points are a player's only where they fit that player's points no more than this worse
                   # than the worst of their sure pieces (careless varied 415 K7, Q16, R16: 4.1-4.8 worse)
OWN_SPLIT = 7.0    # a doubt between two players the readers leave is settled where a hex's spot points are this much
                   # likelier (log, per point, the median) one's sure pieces' than every other player's (careless varied
                   # 1597 I8, an empty hex read between black and white, 6.1; the right ones on independent 1560-1659,
                   # varied and retail 0-47, 7 and more but for 1 of 561)


@dataclass(frozen=True)
class Spread:
    """How a player's pieces' points spread in this photo (as_hue): lit and shaded faces, roofs
    and shadows, each as often as the photo shows them; and how well the worst fitting of their
    sure pieces fits (the median log likelihood of its points)."""

    gaussian: Gaussian
    worst: float

    @staticmethod
    def of(points: Any) -> Spread:
        """From their sure pieces' spots' points (pieces x points x channels, log colour, NaN
        where a point is not to count: where a spot did not change since a set-up photo)."""
        import numpy as np

        rows = points.reshape(-1, points.shape[-1])
        counted = ~np.isnan(rows).any(axis=1)
        gaussian = Gaussian.fitted(as_hue(rows[counted]), SPREAD)
        likely = np.full(len(rows), np.nan)
        likely[counted] = gaussian.log_likelihood(as_hue(rows[counted]))
        return Spread(gaussian, float(np.nanmedian(likely.reshape(points.shape[:2]), axis=1).min()))


def known(points: Any) -> Any:
    """The rows of `points` (points x channels) that are not NaN: where a spot changed."""
    import numpy as np

    return points[~np.isnan(points).any(axis=1)]


def owner(points: Any, spreads: dict[str, Spread], keys: tuple[str, ...], split: float) -> str | None:
    """Of the players `keys`, the one whose pieces' points (`spreads`) `points` (rows, log
    colour) belong to: per point, `split` likelier (log, the median over the points) under that
    player's than under every other player's there is, and fitting them (`fits`); None where
    no one's are that likely, or a player's in `keys` are not known."""
    import numpy as np

    if any(key not in spreads for key in keys):
        return None
    likely = {key: spread.gaussian.log_likelihood(as_hue(points)) for key, spread in spreads.items()}
    best = max(keys, key=lambda key: float(np.median(likely[key])))
    return best if fits(likely[best], spreads[best]) and all(
        float(np.median(likely[best] - likely[other])) >= split for other in spreads if other != best) else None


def likelier(points: Any, spread: Spread, other: Spread) -> float:
    """How much likelier (log, per point, the median) `points` (rows, log colour) are under
    `spread` than under `other`."""
    import numpy as np

    hue = as_hue(points)
    return float(np.median(spread.gaussian.log_likelihood(hue) - other.gaussian.log_likelihood(hue)))


def fits(likely: Any, spread: Spread) -> bool:
    """Whether points of these log likelihoods under a player's pieces' points (`likely`, one
    each) fit them no more than FIT worse than the worst fitting of their sure pieces."""
    import numpy as np

    return float(np.median(likely)) >= spread.worst - FIT
