"""Laying components out on paper for a print-and-play crafter.

- Rectangular pieces with shared cuts (cards) abut in a grid; their cut lines are shared by
  neighbours and run to the page edge. Bleed extends artwork beyond the outer cut lines.
- Other pieces (tokens, hex tiles) keep a gap and carry their own cut outline; bleed grows the
  artwork beyond that outline.
- Backs follow their front page, mirrored about the page's vertical centre line so that a
  long-edge duplex print puts every back behind its front. Without duplex, back pages come
  after all fronts, unmirrored, for cutting and gluing.
- Every page carries a 100 mm calibration bar, the kit name, the page number and the paper
  size, at least 6 mm from the paper's edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnp.draw import (
    CUT, Drawing, Group, Item, Paint, Polygon, Rect, Text, compose, outset, rotate, translate, with_ink_saver,
)
from pnp.errors import PnpError
from pnp.render.choices import Paper
from pnp.render.i18n import Catalog

PAPERS = {Paper.A4.value: (210.0, 297.0), Paper.LETTER.value: (215.9, 279.4)}
MARGIN = 6.0  # printers cannot print closer to the edge
FURNITURE = 4.2  # depth of the band holding the calibration bar or the footer
SPACED_GAP = 3.0  # between pieces with their own cut outlines
GUIDE = Paint(stroke="#9a9a9a", width=0.15, dash=(1.0, 1.0))


@dataclass(frozen=True)
class Sheet:
    """Same-size pieces printed together, on as many pages as they need."""

    title: str
    fronts: tuple[Drawing, ...]
    backs: tuple[Drawing, ...] = ()  # one per front, or none for single-sided pieces
    cuts: str = "own"  # "shared" (abutting cards), "own" (each its outline), "none" (whole pages)


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    bleed: float = 0.0
    duplex: bool = True
    ink_saver: bool = False


@dataclass(frozen=True)
class _Slot:
    x: float
    y: float
    col: int
    row: int


@dataclass(frozen=True)
class _Draft:
    """A page before its furniture: the items, and the box its artwork (with bleed) covers."""

    name: str
    items: tuple[Item, ...]
    box: tuple[float, float, float, float]  # left, top, right, bottom


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[paper]
    except KeyError:
        raise PnpError(f"unknown paper '{paper}' (one of: {', '.join(PAPERS)})") from None


def grid(piece_w: float, piece_h: float, paper: str, bleed: float, cuts: str) -> tuple[int, int, float]:
    """Columns, rows and gap for pieces of this size, leaving room for the page furniture.

    Cut lines keep the printer margin; bleed may run into it (it is cut away anyway) but not
    into the band holding the furniture.
    """
    pw, ph = paper_size(paper)
    bleed = 0.0 if cuts == "none" else bleed
    gap = 0.0 if cuts != "own" else max(SPACED_GAP, 2 * bleed + 1)

    def fits(size: float, page: float, furniture: float) -> int:
        edge = MARGIN + furniture + bleed if furniture else max(MARGIN, bleed)
        return max(0, math.floor((page - 2 * edge + gap + 1e-9) / (size + gap)))

    # Furniture goes in the top and bottom bands, or in the side bands: take the better fit.
    across = fits(piece_w, pw, 0) * fits(piece_h, ph, FURNITURE)
    down = fits(piece_w, pw, FURNITURE) * fits(piece_h, ph, 0)
    cols, rows = ((fits(piece_w, pw, 0), fits(piece_h, ph, FURNITURE)) if across >= down
                  else (fits(piece_w, pw, FURNITURE), fits(piece_h, ph, 0)))
    if cols * rows == 0:
        raise PnpError(f"a {piece_w:.0f} x {piece_h:.0f} mm piece with {bleed} mm bleed does not fit on {paper} paper")
    return cols, rows, gap


def _slots(cols: int, rows: int, w: float, h: float, gap: float, paper: str) -> list[_Slot]:
    pw, ph = paper_size(paper)
    left = (pw - (cols * w + (cols - 1) * gap)) / 2
    top = (ph - (rows * h + (rows - 1) * gap)) / 2
    return [_Slot(left + c * (w + gap), top + r * (h + gap), c, r) for r in range(rows) for c in range(cols)]


def _page(name: str, pieces: list[tuple[Drawing, _Slot]], sheet: Sheet, options: Options,
          gap: float, paper: str) -> _Draft:
    """One page of pieces; slots are already mirrored for a back page."""
    bleed = 0.0 if sheet.cuts == "none" else options.bleed
    used = {(slot.col, slot.row) for _, slot in pieces}
    items: list[Item] = []
    for piece, slot in pieces:
        art = with_ink_saver(piece.items) if options.ink_saver else piece.items
        if sheet.cuts == "none":
            items.append(Group(art, translate(slot.x, slot.y)))
            continue
        if sheet.cuts == "shared":
            # Bleed only where no neighbour abuts: the neighbour's art is beyond a shared line.
            grow = [0.0 if (slot.col + dc, slot.row + dr) in used else bleed
                    for dc, dr in ((-1, 0), (0, -1), (1, 0), (0, 1))]
            clip = Rect(-grow[0], -grow[1], piece.width + grow[0] + grow[2], piece.height + grow[1] + grow[3], CUT)
        else:
            clip = outset(piece.outline, bleed)
        items.append(Group(art, translate(slot.x, slot.y), clip=clip))
        if sheet.cuts == "own":
            items.append(Group((replace(piece.outline, paint=CUT),), translate(slot.x, slot.y)))
    xs = [slot.x for _, slot in pieces]
    ys = [slot.y for _, slot in pieces]
    w, h = pieces[0][0].width, pieces[0][0].height
    box = (min(xs) - bleed, min(ys) - bleed, max(xs) + w + bleed, max(ys) + h + bleed)
    if sheet.cuts == "shared":
        items.extend(_shared_cut_lines(pieces, paper))
    return _Draft(name, tuple(items), box)


def _shared_cut_lines(pieces: list[tuple[Drawing, _Slot]], paper: str) -> list[Item]:
    """Lines along every column and row boundary, from page edge to page edge."""
    pw, ph = paper_size(paper)
    w, h = pieces[0][0].width, pieces[0][0].height
    xs = sorted({round(s.x, 6) for _, s in pieces} | {round(s.x + w, 6) for _, s in pieces})
    ys = sorted({round(s.y, 6) for _, s in pieces} | {round(s.y + h, 6) for _, s in pieces})
    lines: list[Item] = [Polygon(((x, 0.0), (x, ph)), CUT, closed=False) for x in xs]
    lines += [Polygon(((0.0, y), (pw, y)), CUT, closed=False) for y in ys]
    return lines


def impose(sheets: list[Sheet], options: Options, kit_title: str, text: Catalog) -> list[Drawing]:
    """All pages of a kit, in print order, each with its furniture."""
    drafts: list[_Draft] = []
    glue_backs: list[_Draft] = []
    for sheet in sheets:
        first = sheet.fronts[0]
        cols, rows, gap = grid(first.width, first.height, options.paper, options.bleed, sheet.cuts)
        slots = _slots(cols, rows, first.width, first.height, gap, options.paper)
        per_page = cols * rows
        for start in range(0, len(sheet.fronts), per_page):
            chunk = list(range(start, min(start + per_page, len(sheet.fronts))))
            fronts = [(sheet.fronts[i], slots[i - start]) for i in chunk]
            drafts.append(_page(sheet.title, fronts, sheet, options, gap, options.paper))
            if not sheet.backs:
                continue
            if options.duplex:
                mirrored = [(sheet.backs[i], _mirror(slots[i - start], first.width, cols, options.paper)) for i in chunk]
                drafts.append(_page(f"{sheet.title} (back)", mirrored, sheet, options, gap, options.paper))
            else:
                same = [(sheet.backs[i], slots[i - start]) for i in chunk]
                glue_backs.append(_page(f"{sheet.title} (back)", same, sheet, options, gap, options.paper))
    drafts.extend(glue_backs)
    total = len(drafts)
    return [_finish(draft, number, total, options.paper, kit_title, text) for number, draft in enumerate(drafts, 1)]


def _mirror(slot: _Slot, width: float, cols: int, paper: str) -> _Slot:
    """Where the back of a piece goes for long-edge duplex: mirrored left to right."""
    pw, _ = paper_size(paper)
    return _Slot(pw - slot.x - width, slot.y, cols - 1 - slot.col, slot.row)


def _finish(draft: _Draft, number: int, total: int, paper: str, kit_title: str, text: Catalog) -> Drawing:
    pw, ph = paper_size(paper)
    left, top, right, bottom = draft.box
    footer = f"{kit_title} · {text('page', number=number, total=total)} · {paper.upper() if paper == 'a4' else paper.capitalize()}"
    # Prefer the top and bottom bands; use the side bands when the artwork leaves them no room.
    if min(top, ph - bottom) - MARGIN >= FURNITURE or min(top, ph - bottom) >= min(left, pw - right):
        bar = Group(_calibration(text), translate((pw - 100) / 2, MARGIN))
        foot = Group((Text(MARGIN, 0, pw - 2 * MARGIN, FURNITURE, footer, 7, valign="bottom", min_size=4),),
                     translate(0, ph - MARGIN - FURNITURE))
    else:
        # Along the left edge reading upwards, and along the right edge reading downwards.
        bar = Group(_calibration(text), compose(translate(MARGIN, (ph + 100) / 2), rotate(-90)))
        foot = Group((Text(0, 0, ph - 2 * MARGIN, FURNITURE, footer, 7, valign="bottom", min_size=4),),
                     compose(translate(pw - MARGIN, MARGIN), rotate(90)))
    return Drawing(f"{draft.name}, page {number}", pw, ph, draft.items + (bar, foot))


def _calibration(text: Catalog) -> tuple[Item, ...]:
    """A 100 mm bar with centimetre ticks and its explanation, FURNITURE deep."""
    black = Paint(fill="#000000")
    items: list[Item] = [Rect(-1, -0.5, 102, FURNITURE + 0.5, Paint(fill="#ffffff")), Rect(0, 0, 100, 0.8, black)]
    items += [Rect(min(10.0 * k, 99.8), 0, 0.2, 1.8 if k % 5 == 0 else 1.3, black) for k in range(11)]
    items.append(Text(0, 1.9, 100, FURNITURE - 1.9, text("calibration"), 6, min_size=4))
    return tuple(items)


def page_area(paper: str) -> tuple[float, float]:
    """Size of a whole-page piece (cover, aids, the duplex test): the paper inside the furniture."""
    pw, ph = paper_size(paper)
    return pw - 2 * MARGIN, ph - 2 * (MARGIN + FURNITURE) - 0.01


def alignment_sheet(paper: str, text: Catalog) -> Sheet:
    """The duplex test: crosses symmetric about the vertical centre line on both sides, so
    each back cross lies on its front cross when the printer aligns the two sides."""
    w, h = page_area(paper)
    marks = [(x, y) for x in (24.0, w / 2, w - 24.0) for y in (30.0, h / 2, h - 30.0)]
    sides = []
    for side in ("front", "back"):
        items: list[Item] = []
        for x, y in marks:
            items += [Polygon(((x - 8, y), (x + 8, y)), CUT, closed=False),
                      Polygon(((x, y - 8), (x, y + 8)), CUT, closed=False)]
        items.append(Text(15, 45, w - 30, 14, f"{text('alignment.title')} · {text(f'alignment.{side}')}", 16, bold=True))
        items.append(Text(15, h / 2 + 15, w - 30, 45, text("alignment.how"), 10, valign="top"))
        sides.append(Drawing(f"duplex-test-{side}", w, h, tuple(items)))
    return Sheet(text("alignment.title"), (sides[0],), (sides[1],), cuts="none")
