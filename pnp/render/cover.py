"""A kit's cover: what the game lists (contents, what else is needed, a key to its colours), and
what the print pipeline adds (which pages to print how); and the cover's back, the duplex test.

The duplex test's crosses stand near the top and well above the bottom, and mirrored left to
right on the back: with long-edge flipping each back cross lies on a front cross, and a printer
that flips on the short edge shows at once, as the back's crosses then land elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw import CUT, PT, Drawing, Item, Paint, Polygon, Rect, Text, place
from pnp.render import fonts
from pnp.render.art import INK
from pnp.render.i18n import Catalog

KEY_SIZE = 13.0  # the key's swatches, mm
CROSS_ARM = 6.0


@dataclass(frozen=True)
class Cover:
    """What a game puts on its cover."""

    title: str
    subtitle: str
    contents: tuple[tuple[int, str], ...]  # (count, what)
    needs: tuple[str, ...] = ()  # what else is needed beside the paper
    key_title: str = ""  # a line saying what the key shows
    key: tuple[tuple[tuple[Item, ...], str], ...] = ()  # (a drawing in a unit box, its name)


def crosses(width: float, height: float) -> list[tuple[float, float]]:
    """The duplex test's cross centres on a page area: symmetric left to right only."""
    return [(x, y) for x in (CROSS_ARM, width - CROSS_ARM) for y in (CROSS_ARM, height - 5 * CROSS_ARM)]


def _cross(x: float, y: float) -> list[Item]:
    return [Polygon(((x - CROSS_ARM, y), (x + CROSS_ARM, y)), CUT, closed=False),
            Polygon(((x, y - CROSS_ARM), (x, y + CROSS_ARM)), CUT, closed=False)]


def _paragraph(x: float, y: float, width: float, text: str, size: float, bold: bool = False) -> Text:
    """Text at its full size, in a box exactly as tall as its wrapped lines."""
    lines = fonts.layout(Text(x, y, width, 1000.0, text, size, bold=bold, align="left", valign="top", min_size=size)).lines
    return Text(x, y, width, len(lines) * size * PT * fonts.LEADING + 0.01, text, size, bold=bold, align="left",
                valign="top", min_size=size)


def cover_page(cover: Cover, width: float, height: float, printing: tuple[str, ...], text: Catalog,
               duplex_test: bool) -> Drawing:
    """The cover on a page area: title, contents, notes, how to print, the key."""
    items: list[Item] = [Text(0, 4, width, 16, cover.title, 28, bold=True), Text(0, 20, width, 9, cover.subtitle, 14)]
    y = 34.0
    sections = [(text("cover.contents"), tuple(text("cover.item", count=count, name=name) for count, name in cover.contents)),
                (text("cover.needs"), cover.needs), (text("cover.printing"), printing), (cover.key_title, ())]
    for heading, paragraphs in sections:
        if not heading or not (paragraphs or heading == cover.key_title):
            continue
        items.append(Text(10, y, width - 20, 7, heading, 13, bold=True, align="left"))
        y += 8.5
        for paragraph in paragraphs:
            block = _paragraph(14, y, width - 28, paragraph, 10)
            items.append(block)
            y += block.h + 1.2
        y += 4
    per_row = 5
    cell = (width - 20) / per_row
    for k, (art, name) in enumerate(cover.key):  # in the reading direction
        x, row_y = 10 + (k % per_row) * cell, y + (k // per_row) * (KEY_SIZE + 10)
        items += [place(art, text.from_start(x, KEY_SIZE, width), row_y, KEY_SIZE),
                  Text(text.from_start(x, cell - 2, width), row_y + KEY_SIZE + 1, cell - 2, 6, name, 9, align="left")]
    if duplex_test:
        for x, y in crosses(width, height):
            items += _cross(x, y)
    return Drawing("cover", width, height, tuple(items))


def cover_back(width: float, height: float, text: Catalog) -> Drawing:
    """The duplex test, printed behind the cover: crosses at the mirror of the cover's."""
    items: list[Item] = []
    for x, y in crosses(width, height):
        items += _cross(width - x, y)
    arrow = ((width / 2, 30.0), (width / 2 + 8, 42.0), (width / 2 - 8, 42.0))
    items += [Polygon(arrow, Paint(fill=INK)), Text(15, 44, width - 30, 8, text("duplex_test.top"), 12, bold=True),
              Rect(15, 60, width - 30, 0.4, Paint(fill=INK)),
              Text(15, 66, width - 30, 12, text("duplex_test.title"), 18, bold=True),
              _paragraph(20, 84, width - 40, text("duplex_test.how"), 11)]
    return Drawing("cover-back", width, height, tuple(items))
