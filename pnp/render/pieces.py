"""Building blocks every game's components share: card frames, round pieces, catalogs.

Artwork is drawn `OVER` mm beyond each cut line so any bleed up to that much has art to show;
the imposition clips it to the requested bleed. Pieces that abut (cards, courts, paladin tokens)
have a white frame instead, which a cut can land in.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.draw import CUT, MIN_SIZE, Circle, Drawing, Item, Paint, Rect, Text
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


def card_frame(fill: str) -> list[Item]:
    """A card's background inside its white frame, and its dashed rounded-corner guide (the
    corners are a guide only: the cut is straight)."""
    return [framed(CARD_W, CARD_H, fill),
            Rect(0, 0, CARD_W, CARD_H, Paint(stroke="#5A5A5A", width=0.15, dash=(1.0, 1.0)), radius=3.0)]


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


def round_piece(name: str, diameter: float, items: list[Item], fill: str, saved: bool = True) -> Drawing:
    """A round token cut along its circle, its background bleeding beyond it; `saved`: the
    background is a colour area the ink saver leaves out."""
    r = diameter / 2
    background: list[Item] = [Circle(r, r, r + OVER, Paint(fill=fill, bulk=saved))]
    return Drawing(name, diameter, diameter, tuple(background + items), cut=Circle(r, r, r, CUT))


def game_catalog(folder: Path, lang: str) -> Catalog:
    """A game's texts (folder/LANG.yaml) plus the print pipeline's, in one language."""
    return render_catalog(lang).merged(load(folder, lang))
