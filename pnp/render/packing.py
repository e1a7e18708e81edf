"""Packing pieces onto a page: a guillotine packer over free rectangles.

Every piece keeps `gap` mm from its neighbours; pieces with shared cut lines go in as one block
(a grid of pieces, abutting or `spacing` mm apart). Each placement splits the free rectangle it used in two, guillotine-wise:
into what is left to its right (as tall as the piece) and below it (as wide as the rectangle),
so pieces of one height fill rows; or by columns, the other way round. The layout can always
be cut apart with straight cuts across the paper.
The free rectangles are grown by `gap` on the right and at the bottom, so that a piece may touch
the area's right and bottom edges.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

EPSILON = 1e-6


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Block:
    """Where a block of abutting pieces went: its top-left corner, columns, and pieces placed."""

    x: float
    y: float
    cols: int
    count: int


@dataclass
class Area:
    """The free space of one page."""

    left: float
    top: float
    width: float
    height: float
    gap: float
    rows: bool = True  # split what is left into rows (else into columns)
    spacing: float = 0.0  # between the pieces of a block
    free: list[Box] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.free = [Box(self.left, self.top, self.width + self.gap, self.height + self.gap)]

    def place(self, w: float, h: float) -> tuple[float, float] | None:
        """Put a w x h piece in the free rectangle it fits best (least space left on its short side)."""
        fits = [box for box in self.free if box.w + EPSILON >= w + self.gap and box.h + EPSILON >= h + self.gap]
        if not fits:
            return None
        box = min(fits, key=lambda b: (min(b.w - w, b.h - h), max(b.w - w, b.h - h), b.y, b.x))
        self._use(box, w + self.gap, h + self.gap)
        return box.x, box.y

    def capacity(self, w: float, h: float) -> int:
        """How many w x h pieces one block can take in the roomiest free rectangle."""
        return max((math.prod(self._grid(box, w, h)) for box in self.free), default=0)

    def place_block(self, w: float, h: float, count: int) -> Block | None:
        """Put up to `count` w x h pieces, row by row, in the free rectangle taking most."""
        best: tuple[int, float, float, int, Box] | None = None
        for box in self.free:
            cols, rows = self._grid(box, w, h)
            taken = min(count, cols * rows)
            if taken and (best is None or (-taken, box.y, box.x) < (-best[0], best[1], best[2])):
                best = (taken, box.y, box.x, cols, box)
        if best is None:
            return None
        taken, _, _, cols, box = best
        cols = min(cols, taken)
        rows = math.ceil(taken / cols)
        s = self.spacing
        self._use(box, cols * (w + s) - s + self.gap, rows * (h + s) - s + self.gap)
        left_over = rows * cols - taken  # empty places at the end of the last row
        if left_over:
            # The empty end of the last row is free again, a gap away from the last piece and
            # from the cut lines along the row's top and bottom.
            filled = cols - left_over
            self.free.append(Box(box.x + filled * (w + s) - s + self.gap, box.y + (rows - 1) * (h + s) + self.gap,
                                 left_over * (w + s), h - self.gap))
        return Block(box.x, box.y, cols, taken)

    def _grid(self, box: Box, w: float, h: float) -> tuple[int, int]:
        s = self.spacing
        return (max(0, math.floor((box.w - self.gap + s + EPSILON) / (w + s))),
                max(0, math.floor((box.h - self.gap + s + EPSILON) / (h + s))))

    def _use(self, box: Box, w: float, h: float) -> None:
        """Take w x h from the top-left of `box`: what is left is split guillotine-wise."""
        self.free.remove(box)
        if self.rows:  # the rest of the row beside the piece, and all below it
            right, below = Box(box.x + w, box.y, box.w - w, h), Box(box.x, box.y + h, box.w, box.h - h)
        else:  # the rest of the column under the piece, and all beside it
            right, below = Box(box.x + w, box.y, box.w - w, box.h), Box(box.x, box.y + h, w, box.h - h)
        self.free += [b for b in (right, below) if b.w > self.gap + EPSILON and b.h > self.gap + EPSILON]
