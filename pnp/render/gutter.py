"""Gutter-fold card pages: fronts on one half of the sheet, their backs on the other, mirrored
about a fold line across the middle, so a single-sided printer makes double-sided cards.

Fold the sheet along the dashed line, printed side out, glue the halves together, cut. A back
lies at the mirror of its front about the fold and is turned upside down, so that after folding
it stands upright behind its front when the card is turned over sideways. No card, bleed
included, comes closer than `FOLD_CLEAR` to the fold, so a fold a little off never shows on a
card. Cards are turned a quarter when that puts more of them on a page (A4: 4 instead of 3).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.draw import Drawing, Group, compose, rotate, translate

FOLD_CLEAR = 5.0  # mm from the fold line to any card's bleed


@dataclass(frozen=True)
class Grid:
    """How cards sit on one half of a gutter-fold page."""

    cols: int
    rows: int
    turned: bool  # cards a quarter turned
    tall: bool  # page furniture along the sides

    @property
    def count(self) -> int:
        return self.cols * self.rows


def grid(card_w: float, card_h: float, page_h: float, bleed: float,
         area: Callable[[bool], tuple[float, float, float, float]]) -> Grid:
    """The layout fitting most cards on a half page; `area(tall)` gives the left, top, width and
    height where cut lines may go (imposition's printable area)."""
    best = Grid(0, 0, False, False)
    for tall in (False, True):
        left, top, width, _ = area(tall)
        half = page_h / 2 - FOLD_CLEAR - bleed - top  # from the area's top to the fold's clearance
        for turned in (False, True):
            w, h = (card_h, card_w) if turned else (card_w, card_h)
            cols, rows = math.floor(width / w + 1e-9), math.floor(half / h + 1e-9)
            candidate = Grid(cols, rows, turned, tall)
            if candidate.count > best.count:
                best = candidate
    return best


def turned(drawing: Drawing) -> Drawing:
    """The drawing a quarter turn clockwise: its top edge becomes its right edge."""
    items = (Group(drawing.items, compose(translate(drawing.height, 0), rotate(90))),)
    return Drawing(drawing.name, drawing.height, drawing.width, items)


def upside_down(drawing: Drawing) -> Drawing:
    """The drawing turned half round, in its own box."""
    items = (Group(drawing.items, compose(translate(drawing.width, drawing.height), rotate(180))),)
    return Drawing(drawing.name, drawing.width, drawing.height, items, cut=None)


def positions(g: Grid, w: float, h: float, page_h: float, bleed: float,
              left: float, width: float) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Top-left corners of the fronts (upper half, their bottom row `FOLD_CLEAR` + bleed above
    the fold) and of their backs (the mirror about the fold), cell by cell."""
    fold = page_h / 2
    x0 = left + (width - g.cols * w) / 2
    bottom = fold - FOLD_CLEAR - bleed
    fronts = [(x0 + col * w, bottom - (g.rows - row) * h) for row in range(g.rows) for col in range(g.cols)]
    backs = [(x, 2 * fold - y - h) for x, y in fronts]
    return fronts, backs
