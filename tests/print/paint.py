"""Helpers for tests that look at printed colour: a drawing's painted shapes, flattened, and
the grey a colour prints as."""

from __future__ import annotations

from pnp.draw import IDENTITY, Group, Item, Matrix, Painted, Text, compose, painted


def flat(items: tuple[Item, ...], matrix: Matrix = IDENTITY) -> list[Painted]:
    """Every shape of a drawing as laid down, in drawing order (text left out)."""
    laid: list[Painted] = []
    for item in items:
        if isinstance(item, Group):
            laid += flat(item.items, compose(matrix, item.transform))
        elif not isinstance(item, Text):
            laid.append(painted(item, matrix))
    return laid


def grey(colour: str) -> float:
    """Luma of an sRGB colour, 0 to 255: what a grey print or a photocopier makes of it."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b
