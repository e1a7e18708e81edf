"""The robust statistics and the log colour that every stage of a photo's reading measures in:
colours as natural logs of RGB in 0..1 (`log_rgb`), so a gain in light is a difference; medians
fast over many rows at once, and spreads that one outlier cannot inflate."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAD_TO_SD = 1.4826                # a median absolute deviation times this is a normal distribution's standard deviation
LOG_FLOOR = 0.02                  # added before taking the log of a colour: black stays finite, dark noise stays small


def log_rgb(colour: Any) -> Any:
    """RGB in 0..1 (any shape ending in 3) as log colours."""
    import numpy as np

    return np.log(colour + LOG_FLOOR)


def median(values: Any, axis: int | None = None, keepdims: bool = False) -> Any:
    """`np.median` of float values, the same numbers several times faster: one sort along the
    axis, then its middle (or the mean of its two middles), where `np.median` partitions a
    copy of each slice on its own."""
    import numpy as np

    values = np.asarray(values)
    if axis is None:
        whole = median(values.reshape(-1), 0, keepdims)
        return whole.reshape((1,) * values.ndim) if keepdims else whole
    ordered = np.sort(values, axis=axis)
    count = ordered.shape[axis]
    if count == 0 or np.isnan(np.take(ordered, [count - 1], axis=axis)).any():  # NaN sorts last
        return np.median(values, axis=axis, keepdims=keepdims)
    low = np.take(ordered, [(count - 1) // 2], axis=axis)
    middle = low if count % 2 else (low + np.take(ordered, [count // 2], axis=axis)) / 2
    return middle if keepdims else np.squeeze(middle, axis=axis)[()]


def channel_sum(values: Any) -> Any:
    """`values.sum(axis=-1)` for a short last axis (channels, mixture parts), the same numbers:
    numpy adds fewer than 8 in order, but its reduction over a short axis is slow."""
    total = values[..., 0]
    for k in range(1, values.shape[-1]):
        total = total + values[..., k]
    return total


def robust_spread(values: Any, floor: float, axis: Any = 0) -> Any:
    """How widely `values` spread about their median, as a standard deviation that one outlier
    cannot inflate (the median absolute deviation), never below `floor`."""
    import numpy as np

    middle = median(values, axis=axis, keepdims=True)
    return np.maximum(median(np.abs(values - middle), axis=axis) * MAD_TO_SD, floor)


def masked_medians(values: Any, keep: Any) -> Any:
    """Per row of `values` (rows, samples, channels), the median of the samples `keep` marks
    (rows, samples), channel by channel; as `np.median` of each row's kept samples gives it,
    at once for all rows. A row keeping none gives NaN."""
    import numpy as np

    ordered = np.sort(np.where(keep[..., None], values, np.nan), axis=1)  # NaN sorts last
    count = keep.sum(axis=1)
    low = np.take_along_axis(ordered, np.maximum((count - 1) // 2, 0)[:, None, None], axis=1)[:, 0]
    high = np.take_along_axis(ordered, np.minimum(count // 2, values.shape[1] - 1)[:, None, None], axis=1)[:, 0]
    middle = np.where((count % 2 == 1)[:, None], low, (low + high) / values.dtype.type(2))
    return np.where((count > 0)[:, None], middle, np.nan)


@dataclass(frozen=True)
class Gaussian:
    """A normal distribution fitted to rows of values (samples x channels), each channel's
    variance at least `floor` squared: how likely other rows are under it."""

    mean: Any
    inverse: Any   # of the covariance
    log_det: float  # of the covariance

    @staticmethod
    def fitted(rows: Any, floor: float) -> Gaussian:
        import numpy as np

        covariance = np.atleast_2d(np.cov(rows, rowvar=False)) + floor ** 2 * np.eye(rows.shape[1])
        return Gaussian(rows.mean(axis=0), np.linalg.inv(covariance), float(np.linalg.slogdet(covariance)[1]))

    def log_likelihood(self, rows: Any) -> Any:
        """Per row, its log density, less the constant every Gaussian of as many channels shares."""
        import numpy as np

        off = rows - self.mean
        return -0.5 * (np.einsum("ij,jk,ik->i", off, self.inverse, off) + self.log_det)
