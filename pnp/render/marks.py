"""Marks for cutting other than full cut lines (`--marks`): crop marks outside the trim, and the
registration marks a print-and-cut machine reads.

Registration marks are Silhouette Studio's standard ones as inkscape-silhouette draws them
(render_silhouette_regmarks.py, see docs/printing.md): a filled 5 mm square whose corner is 10 mm
from the paper's top and left edges, and L marks with 20 mm arms whose corners are 10 mm from the
other corners' edges (Studio's standard style reads the top-right and bottom-left ones; the
bottom-right one is for checking a sheet by eye and for four-mark machines). Nothing else may be
printed outside the rectangle the marks span, nor in the 20 mm square at each of its corners.
"""

from __future__ import annotations

from pnp.draw import Item, Paint, Polygon, Rect

INSET = 10.0  # mm from the paper's edges to the marks' outer corners
SQUARE = 5.0  # side of the top-left mark
ARM = 20.0  # length of each arm of an L mark, and side of each corner's keep-out square
LINE = 0.5  # the marks' thickness: what the machine is told to look for (Graphtec TB53,10 in 0.05 mm)
CLEAR = 0.5  # mm between the marks' rectangle and the nearest piece (its cut line is a line too)
CROP_OFFSET = 1.0  # mm between a crop mark and the trim, beyond the bleed
CROP_LENGTH = 5.0
INK = "#000000"
Box = tuple[float, float, float, float]  # left, top, right, bottom


def registration(width: float, height: float) -> tuple[Item, ...]:
    """The marks on a page of this size."""
    ink = Paint(stroke=INK, width=LINE)
    left, top, right, bottom = INSET, INSET, width - INSET, height - INSET
    corners = ((right, top, -1, 1), (left, bottom, 1, -1), (right, bottom, -1, -1))
    marks: list[Item] = [Rect(left, top, SQUARE, SQUARE, Paint(fill=INK))]
    # Each L's outer edges lie on the marks' rectangle, as the square's do, and its arms reach ARM
    # from there (the line is centred half a width inside).
    for x, y, across, down in corners:
        x, y = x + across * LINE / 2, y + down * LINE / 2
        marks.append(Polygon(((x + across * (ARM - LINE / 2), y), (x, y), (x, y + down * (ARM - LINE / 2))), ink,
                             closed=False))
    return tuple(marks)


def safe(width: float, height: float) -> tuple[Box, list[Box]]:
    """Where a print-and-cut page may carry other print: inside this box, outside these corner squares."""
    left, top, right, bottom = INSET, INSET, width - INSET, height - INSET
    corners = [(x, y, x + ARM, y + ARM) for x in (left, right - ARM) for y in (top, bottom - ARM)]
    return (left, top, right, bottom), corners


def crop(start: float, end: float, bleed: float, limit: float) -> list[tuple[float, float]]:
    """The crop marks of a cut line whose trim runs from `start` to `end`: one beyond each end,
    clear of the bleed, kept on the paper (0 to `limit`)."""
    near = bleed + CROP_OFFSET
    marks = [(max(0.0, start - near - CROP_LENGTH), start - near), (end + near, min(limit, end + near + CROP_LENGTH))]
    return [(a, b) for a, b in marks if b - a > 1e-6]
