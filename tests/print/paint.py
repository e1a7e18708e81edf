"""Helpers for tests that look at printed colour: the grey a colour prints as."""

from __future__ import annotations


def grey(colour: str) -> float:
    """Luma of an sRGB colour, 0 to 255: what a grey print or a photocopier makes of it."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b
