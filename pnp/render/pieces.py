"""Building blocks every game's components share: card frames, round pieces, catalogs.

Artwork is drawn `OVER` mm beyond each cut line so any bleed up to that much has art to show;
the imposition clips it to the requested bleed. Pieces that abut on a kit's pages (cards,
courts, paladin tokens) have a white frame instead, which a cut can land in; the same piece
cut on its own (`cut_alone`: a print shop's image) has its background run through the bleed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from pnp.draw import CUT, MIN_SIZE, Circle, Drawing, Item, Paint, Point, Polygon, Rect, Text, colour_under, flat, grown
from pnp.render import fonts
from pnp.render.i18n import Catalog, load, render_catalog

CARD_W, CARD_H = 63.0, 88.0
OVER = 5.0
FRAME = 1.5  # the white frame of pieces with shared cut lines, mm
TEXT_TOP, TEXT_BOTTOM = 13.0, CARD_H - 3.0  # a text card's rules below its title, clear of the rounded corners
PARAGRAPH_GAP = 1.2  # mm


def framed(width: float, height: float, fill: str) -> Rect:
    """The background of a piece that abuts others (shared cut lines): FRAME inside its cut
    the paper shows, on every such piece alike, so a cut a little off the line shows a
    sliver of the neighbour's frame, white like its own, never the neighbour's colour."""
    return Rect(FRAME, FRAME, width - 2 * FRAME, height - 2 * FRAME, Paint(fill=fill, bulk=True), radius=1.0)


# A card's dashed rounded-corner guide, for scissors (the corners are a guide only: the cut is straight).
GUIDE = Rect(0, 0, CARD_W, CARD_H, Paint(stroke="#5A5A5A", width=0.15, dash=(1.0, 1.0)), radius=3.0)


def card_frame(fill: str) -> list[Item]:
    """A card's background inside its white frame, and its corner guide."""
    return [framed(CARD_W, CARD_H, fill), GUIDE]


def cut_alone(drawing: Drawing) -> Drawing:
    """The piece as a print shop cuts it, on its own rather than abutting others: a framed
    background runs OVER beyond the cut, like every other piece's art, and the scissors'
    corner guide is left out."""
    def alone(item: Item) -> Item | None:
        if item == GUIDE:
            return None
        if isinstance(item, Rect) and item.paint.fill and item == framed(drawing.width, drawing.height, item.paint.fill):
            return replace(item, x=-OVER, y=-OVER, w=drawing.width + 2 * OVER, h=drawing.height + 2 * OVER, radius=0.0)
        return item

    items = tuple(kept for kept in map(alone, drawing.items) if kept is not None)
    return drawing if items == drawing.items else replace(drawing, items=items)


def fitting(name: str, size: float, room: float, height: Callable[[float], float]) -> float:
    """The largest size from `size` down to MIN_SIZE (points) at which what `height` lays out
    takes no more than `room` mm; a piece whose text does not fit even then is an error (its
    rules need another card)."""
    while height(size) > room + 1e-9:
        if size - fonts.SIZE_STEP < MIN_SIZE - 1e-9:
            raise fonts.TextOverflow(f"the text of '{name}' does not fit it even at {MIN_SIZE} pt")
        size = round(size - fonts.SIZE_STEP, 4)
    return size


def text_card(name: str, title: str, paragraphs: list[str], size: float, fill: str) -> Drawing:
    """A card of rules in short paragraphs under a title, one after another at one size: the
    largest from `size` down at which they all fit the card."""
    def stack(size: float) -> list[Text]:
        boxes, y = [], TEXT_TOP
        for paragraph in paragraphs:
            boxes.append(box := fonts.paragraph(5, y, 53, paragraph, size))
            y = box.y + box.h + PARAGRAPH_GAP
        return boxes

    def height(size: float) -> float:
        last = stack(size)[-1]
        return last.y + last.h - TEXT_TOP

    boxes = stack(fitting(name, size, TEXT_BOTTOM - TEXT_TOP, height))
    return Drawing(name, CARD_W, CARD_H, tuple([*card_frame(fill), Text(4, 3, 55, 9, title, 13, bold=True, min_size=7), *boxes]))


def edge_bleed(cut: Polygon, items: tuple[Item, ...]) -> list[Item]:
    """Art for the bleed of a polygon piece whose colours meet its cut in several places: beyond
    each edge, out to OVER, a strip the colour just inside the edge's middle. Strips meet on the
    bisectors of the corners (where the edges moved out meet), so what lies beyond the cut takes
    the colour of the edge nearest it. A short edge in an inward corner that growing swallows
    (see `grown`) has its pocket, between its neighbours' strips, in its own colour."""
    corners, moved, pockets = grown(cut.points, OVER)
    laid = flat(items)

    def inside(a: Point, b: Point, away: Point) -> str:
        """The colour 0.5 mm in from the middle of edge a-b, away from a point beyond it."""
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        step = 0.5 / math.dist(middle, away)
        return colour_under(laid, (middle[0] + step * (middle[0] - away[0]), middle[1] + step * (middle[1] - away[1])))

    def paint(colour: str) -> Paint:
        return Paint(fill=colour, stroke=colour, width=0.1, bulk=True)

    strips: list[Item] = [Polygon((a, b, c), paint(inside(a, b, c))) for a, b, c in pockets]
    for i, a in enumerate(corners):
        b, a_out, b_out = corners[(i + 1) % len(corners)], moved[i], moved[(i + 1) % len(corners)]
        beyond = ((a_out[0] + b_out[0]) / 2, (a_out[1] + b_out[1]) / 2)
        strips.append(Polygon((a, b, b_out, a_out), paint(inside(a, b, beyond))))
    return strips


def round_piece(name: str, diameter: float, items: list[Item], fill: str, saved: bool = True) -> Drawing:
    """A round token cut along its circle, its background bleeding beyond it; `saved`: the
    background is a colour area the ink saver leaves out."""
    r = diameter / 2
    background: list[Item] = [Circle(r, r, r + OVER, Paint(fill=fill, bulk=saved))]
    return Drawing(name, diameter, diameter, tuple(background + items), cut=Circle(r, r, r, CUT))


def game_catalog(folder: Path, lang: str) -> Catalog:
    """A game's texts (folder/LANG.yaml) plus the print pipeline's, in one language."""
    return render_catalog(lang).merged(load(folder, lang))
