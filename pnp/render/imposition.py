"""Laying a kit out on paper for a print-and-play crafter.

- A game hands over its sheets: pieces of one kind, with their backs if they have any. Pieces
  are packed onto pages whatever their kind (`packing`), tallest first, so no page is left
  mostly empty: double-sided pieces first, then single-sided ones, which fill what room the
  double-sided pages leave before starting pages of their own.
- Rectangular pieces with shared cuts (cards) abut in a grid; their cut lines are shared by
  neighbours and run on to the page edge wherever no other piece stands in the way. Bleed
  extends artwork beyond the outer cut lines. Other pieces keep a gap and carry their own cut
  outline; bleed grows their artwork beyond it.
- Duplex: the cover is page 1 and the duplex test its back, then every page with backs is
  followed by its back page, each back at the mirror of its front (about the page's vertical
  centre line), so the front/back pairs start on odd pages and the cover names the range to
  print double-sided. Single-sided pages come last. Without duplex, back pages come after all
  fronts, unmirrored, for cutting and gluing.
- Every page carries a 100 mm calibration bar, the kit name, the page number and the paper
  size, at least 6 mm from the paper's edge; cut lines leave them free.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from pnp.draw import (
    CUT, Circle, Drawing, Group, Item, Matrix, Paint, Polygon, Rect, Shape, Text, area, compose, outset, rotate, scale,
    translate, with_ink_saver,
)
from pnp.errors import PnpError, say
from pnp.render.choices import Paper
from pnp.render.cover import Cover, cover_back, cover_page
from pnp.render.i18n import Catalog
from pnp.render import marks as cutmarks
from pnp.render.packing import Area

PAPERS = {Paper.A4.value: (210.0, 297.0), Paper.LETTER.value: (215.9, 279.4)}
MARGIN = 6.0  # printers cannot print closer to the edge
FURNITURE = 4.2  # depth of the band holding the calibration bar or the footer
SPACED_GAP = 3.0  # between pieces with their own cut outlines
FOLD = Paint(stroke="#000000", width=0.2, dash=(3.0, 2.0))  # a gutter-fold page's fold line
MIN_FILL = 0.2  # no sheet of pieces is covered less than this
Box = tuple[float, float, float, float]  # left, top, right, bottom
NO_CORRECTION = ((0.0, 0.0), (1.0, 1.0))  # back offset and scale that leave a back page as it is


@dataclass(frozen=True)
class Sheet:
    """Pieces of one kind, with one back per front or none for single-sided pieces."""

    title: str
    fronts: tuple[Drawing, ...]
    backs: tuple[Drawing, ...] = ()
    cuts: str = "own"  # "shared" (abutting, like cards), "own" (each its outline), "none" (whole pages)
    cover: Cover | None = None  # set on the kit's cover, which the pipeline completes
    decks: tuple[str, ...] = ()  # cards: the deck of each front, where they make several (else one, the title)
    id: str = ""  # the component's name on the command line (--only), the same in every language
    # Where the first fronts lie in the board they make up on a table (a table export lays them so):
    # their centres, in mm right and down from the board's top-left corner.
    board: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    bleed: float = 0.0
    duplex: bool = True
    ink_saver: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm every back page is moved by (right, down): a printer's shift undone
    gutter_fold: bool = False  # double-sided cards on gutter-fold pages (printed single-sided, with duplex off)
    marks: str = "lines"  # "lines" to the page edge, "crop" marks outside the trim, "print-and-cut" (see `marks`)
    gap: float = 0.0  # mm between pieces with shared cuts (0: they abut); other pieces keep at least this too
    short_edge: bool = False  # duplex flipping on the short edge (else the long edge)
    back_scale: tuple[float, float] = (1.0, 1.0)  # every back page scaled about its centre: a printer's scaling undone


@dataclass(frozen=True)
class Placement:
    """A piece on a page: its top-left corner, how it is cut, and the back printed behind it."""

    piece: Drawing
    x: float
    y: float
    cuts: str
    title: str
    back: Drawing | None = None
    block: int = -1  # pieces of one shared-cut block have the same number

    @property
    def box(self) -> Box:
        return self.x, self.y, self.x + self.piece.width, self.y + self.piece.height


@dataclass
class Page:
    """A page before its furniture. `side` is cover, cover-back, front, back or single."""

    side: str
    tall: bool  # furniture along the sides (the pieces need the page's full height)
    placements: list[Placement] = field(default_factory=list)
    # A back printed double-sided: where its front has pieces with nothing behind them, which its
    # cut lines must not cross either.
    behind: list[Box] = field(default_factory=list)
    fold: float | None = None  # y of a gutter-fold page's fold line

    @property
    def titles(self) -> list[str]:
        return list(dict.fromkeys(p.title for p in self.placements))


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[paper]
    except KeyError:
        raise PnpError(f"unknown paper '{paper}' (one of: {', '.join(PAPERS)})") from None


def page_area(paper: str) -> tuple[float, float]:
    """Size of a whole-page piece (cover, aids): the paper inside the margins and furniture."""
    pw, ph = paper_size(paper)
    return pw - 2 * MARGIN, ph - 2 * (MARGIN + FURNITURE) - 0.01


def cover_sheet(cover: Cover, paper: str, text: Catalog) -> Sheet:
    """The kit's cover as a game hands it over; `impose` adds which pages to print how."""
    w, h = page_area(paper)
    return Sheet(text("cover.contents"), (cover_page(cover, w, h, (text("actual_size"),), text, False),), cover=cover,
                 id="cover")


def _area(paper: str, bleed: float, tall: bool, marks: str = "lines") -> tuple[float, float, float, float]:
    """Left, top, width, height of where cut lines may go. They keep the printer margin; bleed
    may run into the margin (it is cut away anyway) but not into the furniture's band. Beside
    registration marks, pieces and their bleed keep inside the marks and below and above the
    corners' keep-out squares (the furniture goes between those)."""
    pw, ph = paper_size(paper)
    if marks == "print-and-cut":
        across, down = cutmarks.INSET + cutmarks.CLEAR + bleed, cutmarks.INSET + cutmarks.ARM + cutmarks.CLEAR + bleed
        return across, down, pw - 2 * across, ph - 2 * down
    across, down = (MARGIN + FURNITURE + bleed, max(MARGIN, bleed)) if tall else (max(MARGIN, bleed), MARGIN + FURNITURE + bleed)
    return across, down, pw - 2 * across, ph - 2 * down


def gap(options: Options) -> float:
    """Room between pieces with their own outlines: neighbouring bleeds never touch, and at least
    the gap asked for between cards."""
    return max(SPACED_GAP, 2 * options.bleed + 1, options.gap)


@dataclass
class _Packer:
    """Pages being filled, each with its free space."""

    options: Options
    rows: bool = True
    whole: bool = False  # keep a run of shared-cut pieces on one page wherever a page can hold it
    pages: list[Page] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)
    blocks: int = 0

    def new_page(self, tall: bool) -> int:
        left, top, width, height = _area(self.options.paper, self.options.bleed, tall, self.options.marks)
        self.pages.append(Page("front", tall))
        self.areas.append(Area(left, top, width, height, gap(self.options), self.rows, self.options.gap))
        return len(self.pages) - 1

    def own(self, piece: Drawing, back: Drawing | None, title: str) -> None:
        if back is None and not self._fits(piece.width, piece.height) and self._fits(piece.height, piece.width):
            piece = _turned(piece)  # a single-sided piece too wide for the room beside registration marks
        for index in [*range(len(self.pages)), None]:
            if index is None:
                index = self.new_page(False)
            spot = self.areas[index].place(piece.width, piece.height)
            if spot:
                self.pages[index].placements.append(Placement(piece, spot[0], spot[1], "own", title, back))
                return
        raise PnpError(say("problem.layout.piece", width=round(piece.width), height=round(piece.height), name=piece.name,
                           bleed=self.options.bleed, paper=say(f"paper.{self.options.paper}")))

    def shared(self, run: list[tuple[Drawing, Drawing | None, str]]) -> None:
        """Pieces of one size in blocks of abutting pieces, each block as large as the room allows."""
        w, h = run[0][0].width, run[0][0].height
        index = 0
        while run:
            if index == len(self.pages):
                self.new_page(self._tall_pays(w, h))
            if self.whole and self.pages[index].placements and self.areas[index].capacity(w, h) < len(run) <= self._room(w, h):
                index += 1  # a later page takes them all, rather than one or two left over on their own
                continue
            block = self.areas[index].place_block(w, h, len(run))
            if block is None:
                if not self.pages[index].placements:
                    raise PnpError(say("problem.layout.pieces", width=round(w), height=round(h), bleed=self.options.bleed,
                                       paper=say(f"paper.{self.options.paper}")))
                index += 1
                continue
            self.blocks += 1
            for k, (piece, back, title) in enumerate(run[:block.count]):
                row, col = divmod(k, block.cols)
                self.pages[index].placements.append(
                    Placement(piece, block.x + col * (w + self.options.gap), block.y + row * (h + self.options.gap), "shared",
                              title, back, self.blocks))
            run = run[block.count:]

    def _fits(self, w: float, h: float) -> bool:
        return any(Area(*_area(self.options.paper, self.options.bleed, tall, self.options.marks), gap(self.options))
                   .place(w, h) for tall in (False, True))

    def _tall_pays(self, w: float, h: float) -> bool:
        """Whether furniture along the sides lets a new page take more of these pieces."""
        return self._room(w, h, True) > self._room(w, h, False)

    def _room(self, w: float, h: float, tall: bool | None = None) -> int:
        """How many w x h pieces a new page takes in one block (either way round by default)."""
        if tall is None:
            return max(self._room(w, h, True), self._room(w, h, False))
        return Area(*_area(self.options.paper, self.options.bleed, tall, self.options.marks), gap(self.options),
                    spacing=self.options.gap).capacity(w, h)


def plan(sheets: list[Sheet], options: Options, text: Catalog) -> list[Page]:
    """Every page of a kit in print order, with where each piece goes."""
    cover = next((s.cover for s in sheets if s.cover), None)
    folded = [s for s in sheets if options.gutter_fold and not s.cover and s.cuts == "shared" and s.backs]
    sheets = [s for s in sheets if not any(s is f for f in folded)]
    double = [p for s in sheets if not s.cover and s.cuts != "none" and s.backs for p in _pieces(s)]
    single = [p for s in sheets if not s.cover and s.cuts != "none" and not s.backs for p in _pieces(s)]
    pages, with_backs = _best_layout(double, single, options)
    # Without duplex a back page is a sheet of its own: one that would hold only a few backs
    # is not printed; those pieces print their backs beside them instead, to cut out and glue.
    while not options.duplex and with_backs and back_fill(pages[with_backs - 1], options.paper) < MIN_FILL:
        for p in pages[with_backs - 1].placements:
            if p.back is not None:
                double.remove(next(d for d in double if d[0] is p.piece and d[1] is p.back))
                single += [(p.piece, None, p.title, p.cuts), (p.back, None, p.title, p.cuts)]
        pages, with_backs = _best_layout(double, single, options)
    for page in pages:
        _centre(page, options)
    fronts, singles = pages[:with_backs], pages[with_backs:]
    for sheet in sheets:  # whole pages
        if sheet.cuts == "none" and not sheet.cover:
            for i, drawing in enumerate(sheet.fronts):
                page = _whole_page(drawing, sheet.title, sheet.backs[i] if sheet.backs else None, options.paper)
                (fronts if sheet.backs else singles).append(page)
    for page in singles:
        page.side = "single"
    backs = [_back_page(page, options) for page in fronts]
    gutter_pages = _gutter_pages(folded, options)
    if options.duplex:
        body = [page for pair in zip(fronts, backs) for page in pair] + singles
    else:
        body = fronts + singles + backs + gutter_pages
    if cover is None:
        return body
    duplex_test = options.duplex and bool(fronts)
    head = 2 if duplex_test else 1
    printing = _printing(text, options, head, len(fronts), len(singles), len(gutter_pages))
    w, h = page_area(options.paper)
    title = text("cover.contents")
    front = _whole_page(cover_page(cover, w, h, printing, text, duplex_test), title, None, options.paper)
    front.side = "cover"
    head_pages = [front]
    if duplex_test:
        back = _whole_page(cover_back(w, h, text, options.back_offset, options.short_edge), title, None, options.paper)
        back.side = "cover-back"
        head_pages.append(back)
    return head_pages + body


def _gutter_pages(sheets: list[Sheet], options: Options) -> list[Page]:
    """Gutter-fold pages for the cards of these sheets (see `gutter`), cards of a size together."""
    from pnp.render import gutter

    _, ph = paper_size(options.paper)
    runs: dict[tuple[float, float], list[Piece]] = {}
    for piece in (p for s in sheets for p in _pieces(s)):
        runs.setdefault((piece[0].width, piece[0].height), []).append(piece)
    pages = []
    for (w, h), run in runs.items():
        g = gutter.grid(w, h, ph, options.bleed, lambda tall: _area(options.paper, options.bleed, tall))
        if g.count == 0:
            raise PnpError(say("problem.layout.gutter_fold", width=round(w), height=round(h), bleed=options.bleed,
                               paper=say(f"paper.{options.paper}")))
        left, _, width, _ = _area(options.paper, options.bleed, g.tall)
        cell = (h, w) if g.turned else (w, h)
        fronts, backs = gutter.positions(g, *cell, ph, options.bleed, left, width)
        for start in range(0, len(run), g.count):
            page = Page("single", g.tall, fold=ph / 2)
            for (front, back, title, _), (fx, fy), (bx, by) in zip(run[start:start + g.count], fronts, backs):
                assert back is not None
                face, behind = (gutter.turned(front), gutter.turned(back)) if g.turned else (front, gutter.upside_down(back))
                page.placements += [Placement(face, fx, fy, "shared", title, block=1),
                                    Placement(behind, bx, by, "shared", title, block=2)]
            pages.append(page)
    return pages


def _turned(piece: Drawing, quarters: int = 1) -> Drawing:
    """The piece a quarter (or half) turn clockwise in its own box, its cut outline with it."""
    from pnp.render import gutter

    turned = gutter.turned(piece) if quarters == 1 else gutter.upside_down(piece)
    cut = piece.cut
    if cut is None:
        return turned
    w, h = piece.width, piece.height

    def point(x: float, y: float) -> tuple[float, float]:
        return (h - y, x) if quarters == 1 else (w - x, h - y)

    if isinstance(cut, Rect):
        corners = [point(cut.x, cut.y), point(cut.x + cut.w, cut.y + cut.h)]
        x0, x1 = sorted(x for x, _ in corners)
        y0, y1 = sorted(y for _, y in corners)
        return replace(turned, cut=replace(cut, x=x0, y=y0, w=x1 - x0, h=y1 - y0))
    if isinstance(cut, Circle):
        cx, cy = point(cut.cx, cut.cy)
        return replace(turned, cut=replace(cut, cx=cx, cy=cy))
    return replace(turned, cut=replace(cut, points=tuple(point(x, y) for x, y in cut.points)))


def _pieces(sheet: Sheet) -> list[Piece]:
    return [(front, sheet.backs[i] if sheet.backs else None, sheet.title, sheet.cuts) for i, front in enumerate(sheet.fronts)]


Piece = tuple[Drawing, Drawing | None, str, str]  # front, back, title, cuts
# Orders to pack pieces in: tallest first, largest first, widest first, the kit's own order
# (sorting keeps the kit's order among equals, so pieces of a kind stay together), smallest
# first (the small pieces together, the large ones left a page of their own rather than the
# last page to a few of them).
ORDERS: tuple[Callable[[Drawing], tuple[float, ...]], ...] = (
    lambda d: (-d.height, -d.width), lambda d: (-d.width * d.height,), lambda d: (-d.width, -d.height), lambda d: (),
    lambda d: (d.width * d.height,))


def _best_layout(double: list[Piece], single: list[Piece], options: Options) -> tuple[list[Page], int]:
    """A few orders to pack in, shared-cut runs split where they come or kept whole; the layout
    taking fewest sheets (then fewest double-sided pages, then with its emptiest sheet fullest)
    wins."""
    layouts = [_packed(double, single, options, order, rows, whole)
               for whole in (False, True) for rows in (True, False) for order in ORDERS]
    return min(layouts, key=lambda layout: (len(layout[0]), layout[1], -_emptiest(layout, options)))


def _emptiest(layout: tuple[list[Page], int], options: Options) -> float:
    """The fill of a layout's emptiest sheet: without duplex, back pages are sheets too."""
    pages, with_backs = layout
    backs = [] if options.duplex else [back_fill(p, options.paper) for p in pages[:with_backs]]
    return min([page_fill(p, options.paper) for p in pages] + backs, default=1.0)


def _packed(double: list[Piece], single: list[Piece], options: Options,
            order: Callable[[Drawing], tuple[float, ...]], rows: bool, whole: bool) -> tuple[list[Page], int]:
    """Pages packed with the double-sided pieces, then the single-sided ones filling what room
    is left; and how many of the pages have backs."""
    packer = _Packer(options, rows, whole)
    _pack(packer, sorted(double, key=lambda p: order(p[0])))
    with_backs = len(packer.pages)
    _pack(packer, sorted(single, key=lambda p: order(p[0])))
    return packer.pages, with_backs


def _pack(packer: _Packer, ordered: list[Piece]) -> None:
    """Pieces in the order given; pieces with shared cuts of one size go together in blocks."""
    k = 0
    while k < len(ordered):
        piece, back, title, cuts = ordered[k]
        if cuts == "shared":
            run = [(piece, back, title)]
            while k + len(run) < len(ordered) and ordered[k + len(run)][3] == "shared" and \
                    (ordered[k + len(run)][0].width, ordered[k + len(run)][0].height) == (piece.width, piece.height):
                run.append(ordered[k + len(run)][:3])
            packer.shared(run)
            k += len(run)
        else:
            packer.own(piece, back, title)
            k += 1


def _centre(page: Page, options: Options) -> None:
    """Move the page's pieces together to the middle of the space they may use."""
    if not page.placements:
        return
    left, top, width, height = _area(options.paper, options.bleed, page.tall, options.marks)
    boxes = [p.box for p in page.placements]
    dx = left + (width - (max(b[2] for b in boxes) - min(b[0] for b in boxes))) / 2 - min(b[0] for b in boxes)
    dy = top + (height - (max(b[3] for b in boxes) - min(b[1] for b in boxes))) / 2 - min(b[1] for b in boxes)
    page.placements = [replace(p, x=p.x + dx, y=p.y + dy) for p in page.placements]


def _whole_page(drawing: Drawing, title: str, back: Drawing | None, paper: str) -> Page:
    _, ph = paper_size(paper)
    page = Page("front", False)
    page.placements.append(Placement(drawing, MARGIN, (ph - drawing.height) / 2, "none", title, back))
    return page


def _back_page(front: Page, options: Options) -> Page:
    """The backs of a front page's pieces: mirrored for duplex, in place for gluing. Flipping on the
    short edge mirrors them top to bottom instead, each back turned half round, so that the
    finished piece is the same as one printed for the long edge."""
    pw, ph = paper_size(options.paper)
    backs = []
    for p in front.placements:
        if p.back is None:
            continue
        if not options.duplex:
            backs.append(Placement(p.back, p.x, p.y, p.cuts, p.title, block=p.block))
        elif options.short_edge:
            backs.append(Placement(_turned(p.back, 2), p.x, ph - p.y - p.back.height, p.cuts, p.title, block=p.block))
        else:
            backs.append(Placement(p.back, pw - p.x - p.back.width, p.y, p.cuts, p.title, block=p.block))
    boxes = [p.box for p in front.placements if p.back is None]
    if options.short_edge:
        behind = [(x0, ph - y1, x1, ph - y0) for x0, y0, x1, y1 in boxes]
    else:
        behind = [(pw - x1, y0, pw - x0, y1) for x0, y0, x1, y1 in boxes]
    return Page("back", front.tall, backs, behind if options.duplex else [])


def _printing(text: Catalog, options: Options, head: int, fronts: int, singles: int, folded: int = 0) -> tuple[str, ...]:
    """How to print this kit: which pages double-sided, which single-sided, which to glue or fold."""
    def span(form: str, first: int, last: int) -> str:
        """Pages `first` to `last` as the sentence names them (`form`: lead, from, to): one page
        ("Page 7", not "Pages 7–7") or a range."""
        if first == last:
            return text(f"printing.{form}.page", pages=text.number(first))
        return text(f"printing.{form}.pages", pages=text("printing.range", first=first, last=last))

    lines = [text("actual_size")]
    if options.duplex and fronts:
        last = head + 2 * fronts
        lines.append(text("printing.test"))
        lines.append(text("printing.duplex_short" if options.short_edge else "printing.duplex", pages=span("lead", 1, last)))
        if singles:
            lines.append(text("printing.single", pages=span("lead", last + 1, last + singles)))
        sheets = last // 2 + singles
    else:
        last = head + fronts + singles
        lines.append(text("printing.single", pages=span("lead", 1, last + fronts + folded)))
        if fronts:
            lines.append(text("printing.glue", pages=span("from", head + 1, head + fronts),
                              backs=span("to", last + 1, last + fronts)))
        if folded:
            lines.append(text("printing.fold", pages=span("lead", last + fronts + 1, last + fronts + folded)))
        sheets = last + fronts + folded
    lines.append(text("printing.sheets", sheets=sheets))
    return tuple(lines)


def sheets_of_paper(pages: list[Page]) -> int:
    """Sheets a kit takes: a page and the back printed behind it share one."""
    return sum(page.side not in ("back", "cover-back") for page in pages)


def page_fill(page: Page, paper: str) -> float:
    """Share of the space pieces may use (inside the margins and furniture) that they cover."""
    width, height = page_area(paper)
    return sum(area(p.piece.outline) for p in page.placements) / (width * height)


def back_fill(front: Page, paper: str) -> float:
    """The same share for the back page printed for a front page."""
    width, height = page_area(paper)
    return sum(area(p.back.outline) for p in front.placements if p.back is not None) / (width * height)


def impose(sheets: list[Sheet], options: Options, kit_title: str, text: Catalog) -> list[Drawing]:
    """All pages of a kit, in print order, each with its furniture."""
    pages = plan(sheets, options, text)
    return [render_page(page, number, len(pages), options, kit_title, text) for number, page in enumerate(pages, 1)]


def render_page(page: Page, number: int, total: int, options: Options, kit_title: str, text: Catalog) -> Drawing:
    """A planned page as a drawing: the pieces' art clipped to their bleed, cut lines, furniture."""
    pw, ph = paper_size(options.paper)
    # Registration marks go on pages with pieces to cut; whole pages (cover, aids) have none.
    machine = options.marks == "print-and-cut" and any(p.cuts != "none" for p in page.placements)
    furniture = _furniture(page.tall, number, total, options.paper, kit_title, text, machine)
    items: list[Item] = []
    for p in page.placements:
        art = _saved(p.piece.items) if options.ink_saver else p.piece.items
        if p.cuts == "none":
            items.append(Group(art, translate(p.x, p.y)))
            continue
        items.append(Group(art, translate(p.x, p.y), clip=_bleed_outline(p, page, options)))
        if p.cuts == "own" or machine:  # a machine cuts each piece along its own outline
            items.append(Group((replace(p.piece.outline, paint=CUT),), translate(p.x, p.y)))
    if machine:
        items += cutmarks.registration(pw, ph)
    else:
        items += _shared_cut_lines(page, options, [box for box, _ in furniture])
    if page.fold is not None:
        left, _, width, _ = _area(options.paper, options.bleed, page.tall)
        items.append(Polygon(((left, page.fold), (left + width, page.fold)), FOLD, closed=False))
    name = f"{' + '.join(page.titles) or kit_title}, page {number}"
    items += [group for _, group in furniture]
    if page.side in ("back", "cover-back") and options.duplex and (options.back_offset, options.back_scale) != NO_CORRECTION:
        return Drawing(name, pw, ph, (Group(tuple(items), _back_correction(options, pw, ph)),))
    return Drawing(name, pw, ph, tuple(items))


def _back_correction(options: Options, pw: float, ph: float) -> Matrix:
    """What undoes a printer's error on the back: a scale about the page's centre, then a shift."""
    if options.back_scale == (1.0, 1.0):
        return translate(*options.back_offset)
    return compose(translate(*options.back_offset), translate(pw / 2, ph / 2), scale(*options.back_scale),
                   translate(-pw / 2, -ph / 2))


@lru_cache(maxsize=512)
def _saved(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """A piece's art under the ink saver, worked out once for the many copies of a piece."""
    return with_ink_saver(items)


def _bleed_outline(p: Placement, page: Page, options: Options) -> Shape:
    """How far a piece's art shows: its outline grown by the bleed, except where a piece of its
    block is beside it: there the neighbour's art is beyond a shared line, or across a gap whose
    half on each side is its piece's."""
    bleed = options.bleed
    if p.cuts != "shared":
        return outset(p.piece.outline, bleed)
    x0, y0, x1, y1 = p.box
    neighbours = [q.box for q in page.placements if q.block == p.block and q is not p]

    def beside(box: Box) -> bool:
        return any(all(math.isclose(a, b, abs_tol=1e-6) for a, b in zip(box, other)) for other in neighbours)

    w, h, s = p.piece.width, p.piece.height, options.gap
    inner = min(bleed, s / 2)
    grow = [inner if beside(box) else bleed for box in ((x0 - w - s, y0, x0 - s, y1), (x0, y0 - h - s, x1, y0 - s),
                                                       (x1 + s, y0, x1 + w + s, y1), (x0, y1 + s, x1, y1 + h + s))]
    return Rect(-grow[0], -grow[1], w + grow[0] + grow[2], h + grow[1] + grow[3], CUT)


def _shared_cut_lines(page: Page, options: Options, furniture: list[Box]) -> list[Item]:
    """Cut lines along the edges of shared-cut pieces, merged where neighbours share them, and
    carried on to the page edge where no other piece stands in the way, leaving the furniture free."""
    lines: list[Item] = []
    for block in sorted({p.block for p in page.placements if p.cuts == "shared"}):
        members = [p.box for p in page.placements if p.block == block]
        others = [_grown(box, options.bleed) for box in [p.box for p in page.placements if p.block != block] + page.behind]
        if options.marks == "crop":
            lines += _crop_marks(members, others + [_grown(box, options.bleed) for box in members] + furniture, options)
        else:
            lines += _block_lines(members, others, furniture, options.paper, options.gap)
    return lines


def _block_lines(members: list[Box], others: list[Box], furniture: list[Box], paper: str, spacing: float) -> list[Item]:
    """A block's cut lines. A line runs on to the page edge when it crosses no other piece and
    nothing stands beside the block on that side (then one straight cut across the paper frees
    the block); otherwise it stops at the block. Pieces `spacing` apart share lines across the gap."""
    pw, ph = paper_size(paper)
    left, top = min(b[0] for b in members), min(b[1] for b in members)
    right, bottom = max(b[2] for b in members), max(b[3] for b in members)
    clear = {side: not any(_crosses(b, *band) for b in others) for side, band in
             (("up", (left, right, 0.0, top)), ("down", (left, right, bottom, ph)),
              ("left", (0.0, left, top, bottom)), ("right", (right, pw, top, bottom)))}
    vertical, horizontal = _edges(members)
    lines: list[Item] = []
    for x, spans in sorted(vertical.items()):
        for start, end in _merged(spans, spacing):
            start = 0.0 if clear["up"] and not any(_crosses(b, x, x, 0.0, start) for b in others) else start
            end = ph if clear["down"] and not any(_crosses(b, x, x, end, ph) for b in others) else end
            lines += [Polygon(((x, a), (x, b)), CUT, closed=False) for a, b in _around(start, end, x, furniture, vertical=True)]
    for y, spans in sorted(horizontal.items()):
        for start, end in _merged(spans, spacing):
            start = 0.0 if clear["left"] and not any(_crosses(b, 0.0, start, y, y) for b in others) else start
            end = pw if clear["right"] and not any(_crosses(b, end, pw, y, y) for b in others) else end
            lines += [Polygon(((a, y), (b, y)), CUT, closed=False) for a, b in _around(start, end, y, furniture, vertical=False)]
    return lines


def _crop_marks(members: list[Box], obstacles: list[Box], options: Options) -> list[Item]:
    """A block's crop marks: short lines beyond both ends of each of its cut lines, outside the
    trim and the bleed, wherever no piece or furniture is in the way."""
    pw, ph = paper_size(options.paper)
    vertical, horizontal = _edges(members)
    marks: list[Item] = []
    for x, spans in sorted(vertical.items()):
        for start, end in _merged(spans, options.gap):
            marks += [Polygon(((x, a), (x, b)), CUT, closed=False) for mark in cutmarks.crop(start, end, options.bleed, ph)
                      for a, b in _around(*mark, x, obstacles, vertical=True)]
    for y, spans in sorted(horizontal.items()):
        for start, end in _merged(spans, options.gap):
            marks += [Polygon(((a, y), (b, y)), CUT, closed=False) for mark in cutmarks.crop(start, end, options.bleed, pw)
                      for a, b in _around(*mark, y, obstacles, vertical=False)]
    return marks


def _edges(members: list[Box]) -> tuple[dict[float, list[tuple[float, float]]], dict[float, list[tuple[float, float]]]]:
    """The pieces' edges: the spans along each vertical line (by x) and each horizontal line (by y)."""
    vertical: dict[float, list[tuple[float, float]]] = {}
    horizontal: dict[float, list[tuple[float, float]]] = {}
    for box in members:
        x0, y0, x1, y1 = (round(v, 6) for v in box)
        for x in (x0, x1):
            vertical.setdefault(x, []).append((y0, y1))
        for y in (y0, y1):
            horizontal.setdefault(y, []).append((x0, x1))
    return vertical, horizontal


def _grown(box: Box, by: float) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _merged(spans: list[tuple[float, float]], join: float) -> list[tuple[float, float]]:
    """Spans on one line, those less than `join` apart made one."""
    result: list[tuple[float, float]] = []
    for start, end in sorted(spans):
        if result and start <= result[-1][1] + join + 1e-6:
            result[-1] = (result[-1][0], max(result[-1][1], end))
        else:
            result.append((start, end))
    return result


def _crosses(box: Box, x0: float, x1: float, y0: float, y1: float) -> bool:
    """Whether a line from (x0, y0) to (x1, y1), vertical or horizontal, runs through the box."""
    return box[0] < x1 + 1e-6 and x0 - 1e-6 < box[2] and box[1] < y1 + 1e-6 and y0 - 1e-6 < box[3]


def _around(start: float, end: float, at: float, furniture: list[Box], vertical: bool) -> list[tuple[float, float]]:
    """The parts of a line from start to end (at x or y = `at`) outside the furniture boxes."""
    parts = [(start, end)]
    for left, top, right, bottom in furniture:
        low, high, across = (top, bottom, left <= at <= right) if vertical else (left, right, top <= at <= bottom)
        if not across:
            continue
        parts = [piece for a, b in parts for piece in ((a, min(b, low)), (max(a, high), b)) if piece[1] - piece[0] > 1e-6]
    return parts


def _furniture(tall: bool, number: int, total: int, paper: str, kit_title: str, text: Catalog,
               machine: bool = False) -> list[tuple[Box, Group]]:
    """The calibration bar and the footer, each with the box a cut line must leave free. Beside
    registration marks (`machine`) they keep inside the marks and between their corner squares."""
    pw, ph = paper_size(paper)
    footer = text.join([kit_title, text("page", number=number, total=total), paper.upper() if paper == "a4" else paper.capitalize()],
                       text.separator)
    if not tall:
        margin, side = (cutmarks.INSET + 1, cutmarks.INSET + cutmarks.ARM) if machine else (MARGIN, MARGIN)
        bar = Group(_calibration(text), translate((pw - 100) / 2, margin))
        foot = Group((Text(side, 0, pw - 2 * side, FURNITURE, footer, 7, valign="bottom"),),
                     translate(0, ph - margin - FURNITURE))
        footer_width = _text_width(footer, 7)
        return [(((pw - 102) / 2, margin - 0.5, (pw + 102) / 2, margin + FURNITURE), bar),
                (((pw - footer_width) / 2 - 1, ph - margin - FURNITURE, (pw + footer_width) / 2 + 1, ph - margin), foot)]
    # Along the left edge reading upwards, and along the right edge reading downwards.
    bar = Group(_calibration(text), compose(translate(MARGIN, (ph + 100) / 2), rotate(-90)))
    foot = Group((Text(0, 0, ph - 2 * MARGIN, FURNITURE, footer, 7, valign="bottom"),),
                 compose(translate(pw - MARGIN, MARGIN), rotate(90)))
    footer_width = _text_width(footer, 7)
    return [((MARGIN - 0.5, (ph - 102) / 2, MARGIN + FURNITURE, (ph + 102) / 2), bar),
            ((pw - MARGIN - FURNITURE, (ph - footer_width) / 2 - 1, pw - MARGIN, (ph + footer_width) / 2 + 1), foot)]


def _text_width(line: str, size: float) -> float:
    from pnp.render import fonts

    return fonts.width(line, False, size)


def _calibration(text: Catalog) -> tuple[Item, ...]:
    """A 100 mm bar with centimetre ticks and its explanation, FURNITURE deep."""
    from pnp.render import fonts

    black = Paint(fill="#000000")
    items: list[Item] = [Rect(-1, -0.5, 102, FURNITURE + 0.5, Paint(fill="#ffffff")), Rect(0, 0, 100, 0.6, black)]
    items += [Rect(min(10.0 * k, 99.8), 0, 0.2, 1.2 if k % 5 == 0 else 0.9, black) for k in range(11)]
    # Centred in the band below the ticks; a line of 7 pt Persian is a little taller than the band.
    height = max(FURNITURE - 1.3, fonts.smallest_line(text("calibration")))
    items.append(Text(0, 1.3 + (FURNITURE - 1.3 - height) / 2, 100, height, text("calibration"), 6))
    return tuple(items)
