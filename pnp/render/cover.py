"""A kit's cover: what the game lists (contents, what else is needed, a key to its colours), and
what the print pipeline adds (which pages to print how); and the cover's back, the duplex test.

The duplex test's crosses stand near the top and well above the bottom, and mirrored left to
right on the back: with long-edge flipping each back cross lies on a front cross, and a printer
that flips on the short edge shows at once, as the back's crosses then land elsewhere (for a kit
made for short-edge flipping, mirrored top to bottom, and the other way round).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw import CUT, Drawing, Item, Paint, Polygon, Rect, Text, place
from pnp.render import fonts
from pnp.render.art import INK
from pnp.render.i18n import Catalog

KEY_SIZE = 13.0  # the key's swatches, mm
CROSS_ARM = 6.0
# The offset test: marks on the front in the strip left of the cover's text, and millimetre
# scales behind them on the test page, read against the light. The back shifted by a printer
# by (x, y) puts the marks at (-x, -y) on its scales: the reading is what --back-offset corrects.
STRIP = 10.0  # mm of the page area's left edge that the cover leaves free
REACH = 5  # the scales run from -5 to +5 mm, as far as --back-offset goes


def offset_marks(height: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the front's marks cross the scales' zeros (x, y from the page area's top left): the
    upright mark, read on the horizontal scale, and the level mark, read on the vertical one."""
    # The upright mark stands far enough in for the scale's end labels (±REACH, 4 mm wide) to keep
    # inside the page area; the level mark, 2 x REACH long, ends half a millimetre short of the text.
    return (STRIP - 3, height / 2 - 6), (STRIP - REACH - 0.5, height / 2 + 6)


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
            block = fonts.paragraph(14, y, width - 28, paragraph, 10)
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
        (ux, uy), (lx, ly) = offset_marks(height)
        items += [Polygon(((ux, uy - REACH - 1), (ux, uy + REACH + 1)), CUT, closed=False),
                  Polygon(((lx - REACH, ly), (lx + REACH, ly)), CUT, closed=False)]
    return Drawing("cover", width, height, tuple(items))


def _offset_scales(width: float, height: float, short_edge: bool, text: Catalog) -> list[Item]:
    """The scales behind the front's offset marks (mirrored about the page's vertical centre line,
    or for a sheet flipped on the short edge its horizontal one), in millimetres, positive to the
    right and downwards; the upright scale labelled on its inner side, inside the page area, in
    the language's digits (in Persian the sign first, on the right, as in running text)."""
    (ux, uy), (lx, ly) = offset_marks(height)
    hx, vx = (ux, lx) if short_edge else (width - ux, width - lx)
    if short_edge:
        uy, ly = height - uy, height - ly
    line = Paint(stroke=INK, width=0.1)
    items: list[Item] = [Polygon(((hx - REACH, uy), (hx + REACH, uy)), line, closed=False),
                         Polygon(((vx, ly - REACH), (vx, ly + REACH)), line, closed=False)]
    for mm in range(-REACH, REACH + 1):
        tick = 2.0 if mm == 0 else 1.4 if mm % 5 == 0 else 0.8
        items += [Polygon(((hx + mm, uy), (hx + mm, uy + tick)), line, closed=False),
                  Polygon(((vx, ly + mm), (vx - tick, ly + mm)), line, closed=False)]
    for mm in (-REACH, 0, REACH):
        sign = "+" if mm > 0 else "-" if mm else ""
        label = ("\u200f" if text.rtl and mm else "") + sign + text.number(abs(mm))
        upright = (Text(vx + 2.2, ly + mm - 1.5, 4, 3, label, 6, align="left") if short_edge
                   else Text(vx - 6.2, ly + mm - 1.5, 4, 3, label, 6, align="right"))
        items += [Text(hx + mm - 2, uy + 2.2, 4, 3, label, 6), upright]
    return items


def offset_words(offset: tuple[float, float], text: Catalog) -> str:
    """How far the back pages are moved (--back-offset X,Y: X mm right, Y mm down), in words and
    the language's numbers: "1.5 mm right and 0.5 mm up", not "+1.5,-0.5", which reads
    ambiguously where the comma is the decimal separator."""
    x, y = offset
    parts = [text(f"offset.{name}", mm=text.number(abs(v))) for v, name in ((x, "right" if x > 0 else "left"),
                                                                           (y, "down" if y > 0 else "up")) if v]
    return text("offset.both", x=parts[0], y=parts[1]) if len(parts) == 2 else "".join(parts)


def cover_back(width: float, height: float, text: Catalog, moved: tuple[float, float] = (0.0, 0.0),
               short_edge: bool = False) -> Drawing:
    """The duplex test, printed behind the cover: crosses at the mirror of the cover's (left to
    right, or top to bottom for flipping on the short edge), the offset scales and how to read
    them (and by how much the backs were moved, if they were)."""
    items: list[Item] = []
    for x, y in crosses(width, height):
        items += _cross(x, height - y) if short_edge else _cross(width - x, y)
    items += _offset_scales(width, height, short_edge, text)
    arrow = ((width / 2, 30.0), (width / 2 + 8, 42.0), (width / 2 - 8, 42.0))
    items += [Polygon(arrow, Paint(fill=INK)), Text(15, 44, width - 30, 8, text("duplex_test.top"), 12, bold=True),
              Rect(15, 60, width - 30, 0.4, Paint(fill=INK)),
              Text(15, 66, width - 30, 12, text("duplex_test.title"), 18, bold=True),
              how := fonts.paragraph(20, 84, width - 40, text("duplex_test.how_short" if short_edge else "duplex_test.how"), 11)]
    notes = [text("duplex_test.scales_short" if short_edge else "duplex_test.scales")]
    if moved != (0.0, 0.0):
        notes.append(text("duplex_test.moved", offset=offset_words(moved, text)))
    y = how.y + how.h + 4
    for note in notes:
        items.append(block := fonts.paragraph(20, y, width - 40, note, 11))
        y += block.h + 3
    return Drawing("cover-back", width, height, tuple(items))
