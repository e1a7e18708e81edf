"""Points in a picture and the colours there: points carried by a homography, rings and discs of
points round a centre, and bilinear samples of a picture at any points."""

from __future__ import annotations

import math
from typing import Any


def transform(matrix: Any, points: Any) -> Any:
    """Points (n x 2) carried by a homography."""
    import numpy as np

    pts = np.hstack([points, np.ones((len(points), 1))]) @ matrix.T
    return pts[:, :2] / pts[:, 2:3]


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
    # One map of both coordinates (CV_32FC2) takes no second map, which OpenCV's stubs require.
    out = cv2.remap(image, padded.reshape(-1, width, 2), None, cv2.INTER_LINEAR,  # type: ignore[call-overload]
                    borderMode=cv2.BORDER_REPLICATE)
    return out.reshape(len(padded), -1)[:len(pts)].reshape(*points.shape[:-1], -1)
