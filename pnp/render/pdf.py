"""PDF backend (reportlab canvas): pages of the drawing model, fonts embedded and subset."""

from __future__ import annotations

import hashlib
import io
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from pnp.draw import PT, Circle, Drawing, Group, Item, Paint, Rect, Shape, Text
from pnp.escape import drawable
from pnp.render import fonts, shaping

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfbase.ttfonts import TTFontFace
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.pathobject import PDFPathObject

MM = 1 / PT  # points per millimetre


@lru_cache(maxsize=None)
def _colour(hex_colour: str) -> Color:
    """reportlab's colour for '#rrggbb', parsed once (parsing on every shape is slow)."""
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)


def _set_paint(canvas: Canvas, paint: Paint) -> tuple[int, int]:
    c = canvas  # reportlab Canvas
    if paint.fill:
        c.setFillColor(_colour(paint.fill))
    if paint.stroke:
        c.setStrokeColor(_colour(paint.stroke))
        c.setLineWidth(paint.width)
        c.setDash(list(paint.dash) if paint.dash else [])
    return (1 if paint.stroke else 0), (1 if paint.fill else 0)


def _path(canvas: Canvas, shape: Shape) -> PDFPathObject:
    path = canvas.beginPath()
    if isinstance(shape, Rect):
        if shape.radius:
            path.roundRect(shape.x, shape.y, shape.w, shape.h, shape.radius)
        else:
            path.rect(shape.x, shape.y, shape.w, shape.h)
    elif isinstance(shape, Circle):
        path.circle(shape.cx, shape.cy, shape.r)
    else:
        path.moveTo(*shape.points[0])
        for point in shape.points[1:]:
            path.lineTo(*point)
        if shape.closed:
            path.close()
    return path


class _Painter:
    def __init__(self, canvas: Canvas, where: str, marks: int = 0):
        self.c, self.where = canvas, where
        self.marks = marks  # right-to-left marks the page still owes its text layer (see `_page_marks`)

    def items(self, items: tuple[Item, ...]) -> None:
        c = self.c
        for item in items:
            if isinstance(item, Group):
                c.saveState()
                c.transform(*item.transform)
                if item.clip is not None:
                    c.clipPath(_path(c, item.clip), stroke=0, fill=0)
                self.items(item.items)
                c.restoreState()
            elif isinstance(item, Text):
                self.text(item)
            else:
                stroke, fill = _set_paint(c, item.paint)
                if stroke or fill:
                    c.drawPath(_path(c, item), stroke=stroke, fill=fill)

    def text(self, item: Text) -> None:
        try:
            laid = fonts.layout(item)
        except fonts.TextOverflow as error:
            raise fonts.TextOverflow(f"{self.where}: {error}") from None
        c = self.c
        c.setFillColor(_colour(item.colour))
        draw = {"left": "drawString", "center": "drawCentredString", "right": "drawRightString"}[laid.align]
        size = laid.size * PT
        for index, (line, baseline) in enumerate(zip(laid.shaped, laid.baselines)):
            c.saveState()
            if line.plain:
                c.translate(laid.anchor_x, baseline)
                c.scale(1, -1)  # text upright in the y-down page space
                c.setFont(line.face.name, size)
                getattr(c, draw)(0, 0, drawable(line.text))  # no control characters or lone surrogates
            else:
                c.translate(laid.left(index), baseline)
                c.scale(1, -1)
                marks = min(self.marks, len(_spare(line.glyphs)))
                _shaped_line(c, line, size, marks)
                self.marks -= marks
            c.restoreState()


def _shaped_line(canvas: Canvas, line: shaping.Line, size: float, marks: int = 0) -> None:
    """A shaped line from its left end, in visual order as PDF producers store text, face by
    face through reportlab's shaped strings. Each glyph's character code is a character the
    font maps to it: the one it was shaped from where possible, else its own (joined forms are
    Unicode's Arabic presentation forms, which the ToUnicode map turns back into the letters
    they join; a bracket mirrored in right-to-left text has a code of its own); a glyph whose
    code does not read as the text it prints (a glyph with no character of its own, a letter
    carrying its vowel mark) carries its text as ActualText. A vowel mark, whose text its letter
    carries, is drawn as its outline, so that text extractors see no character where it is. Neutral characters set right to left are fenced with
    zero-width right-to-left marks (see `_runs`), and so are its first `marks` Persian letters
    (see `_page_marks`)."""
    from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

    c = canvas
    text = c.beginText(0, 0)  # one text object: each run starts where the last ended
    outlines = []
    x, face = 0.0, None
    for run in _runs(line.glyphs, marks):
        advance = sum(g.advance for g in run.glyphs)
        if run.outline:
            outlines += [(g, x) for g in run.glyphs]  # after the text: no path inside a text object
        else:
            codes = [_code(g) for g in run.glyphs]
            widths = shaping.ttf(run.face).face.charWidths
            data = [ShapeData(k, 1000 * g.advance, 0, 1000 * g.dx, 1000 * g.dy, widths[code])
                    for k, (g, code) in enumerate(zip(run.glyphs, codes))]
            if run.face != face:
                text.setFont(run.face.name, size)
                face = run.face
            if run.actual is not None:
                # reportlab has no call for marked content: its operators go in the text object's
                # private list, which typeshed's stub leaves out.
                text._code.append(f"/Span <</ActualText {_pdf_text(run.actual)}>> BDC")  # type: ignore[attr-defined]
            # typeshed's stub takes one ShapeData; reportlab's ShapedStr takes one per glyph.
            text.textOut(ShapedStr("".join(map(chr, codes)), shapeData=data))  # type: ignore[arg-type]
            if run.actual is not None:
                text._code.append("EMC")  # type: ignore[attr-defined]  # as above
        x += advance * size
    c.drawText(text)
    for glyph, at in outlines:
        _outline(c, glyph, at, size)


@dataclass
class _Run:
    """Glyphs of one face drawn together: as one string whose codes read as what it prints
    (`actual` None), in a span with `actual` as its text, or as outlines."""

    face: shaping.Face
    glyphs: list[shaping.Glyph]
    actual: str | None = None
    outline: bool = False


def _runs(glyphs: tuple[shaping.Glyph, ...], marks: int = 0) -> list[_Run]:
    """The line's glyphs as runs: a glyph whose code reads as what it prints joins the string
    before it; one that does not goes alone in a span with its text; the other glyphs of a
    cluster, whose text their letter carries (see `_split`), are outlines where they take no
    room (a vowel mark, set on a lower or higher baseline, would split the word for poppler).

    Text extractors order a right-to-left line by a simpler rule than the bidi algorithm
    (poppler: pdftotext, Evince, Okular): from the right, a right-to-left section runs up to a
    character of `_STARTS_LTR` (a Latin letter, a digit, or a separator of numbers: «:», «،»,
    «.», «-», «٪»), and a left-to-right section from there leftwards up to the next
    right-to-left letter, taking every character on its way («۱، ۲» came back as «۲ ،۱»,
    «دور: هر» as «دور :هر»). A zero-width right-to-left mark just left of such a character
    ends its section where the bidi algorithm ends its run (see `_fenced`); between two
    Persian words, or in a Latin run, none is needed. Poppler reads a gap between two glyphs
    as a space: a fenced glyph kerned away from its neighbour goes in a span with its mark,
    whose box reaches the next glyph."""
    runs: list[_Run] = []
    split = _split(glyphs)
    fenced = _fenced(split) | frozenset(_spare(split)[:marks])
    for index, glyph in enumerate(split):
        font = shaping.ttf(glyph.face).face
        mark = font.charToGlyph.get(ord(RLM))
        reads = _reads_as(glyph) == _visual(glyph)
        if not glyph.text and not glyph.advance:
            run = _Run(glyph.face, [glyph], outline=True)
        elif index in fenced and mark is not None:
            fence = shaping.Glyph(glyph.face, mark, RLM, 0.0)
            kerned = abs(1000 * glyph.advance - font.charWidths[_code(glyph)]) > 1
            run = _Run(glyph.face, [fence, glyph], None if reads and not kerned else RLM + _visual(glyph))
        else:
            run = _Run(glyph.face, [glyph], None if reads else _visual(glyph))
        last = runs[-1] if runs else None
        if last and run.actual is None and not run.outline and last.actual is None and not last.outline \
                and last.face == run.face:
            last.glyphs += run.glyphs
        else:
            runs.append(run)
    return runs


def _page_marks(items: tuple[Item, ...]) -> int:
    """How many right-to-left marks a page of mostly right-to-left paragraphs lacks for poppler
    to read its lines from the right. Poppler takes one direction for the whole page: right to
    left only where its text layer holds more right-to-left characters than left-to-right
    letters (digits and neutrals count for neither), and reads every line of a left-to-right page
    from the left. Latin names and ids in a Persian page (the score picture's legend and title)
    can outnumber its Persian letters and the marks `_runs` puts; the marks made up stand left of
    Persian letters (see `_spare`; from the page's first line on), inside a right-to-left
    section, where they change no line's order; a page with too few letters stays short. Marks
    all at one place would not do: poppler drops a character drawn where the same one was."""
    balance, rtl_text, ltr_text = 0, 0, 0
    for line in _lines(items):
        if shaping.style(line.text, False).rtl:
            rtl_text += len(line.text)
        else:
            ltr_text += len(line.text)
        held = drawable(line.text) if line.plain else "".join(
            run.actual if run.actual is not None else "".join(_visual(g) for g in run.glyphs)
            for run in _runs(line.glyphs) if not run.outline)
        for char in held:
            kind = unicodedata.bidirectional(char)
            balance += 1 if kind == "L" else -1 if kind in ("R", "AL") else 0
    return balance + 1 if rtl_text > ltr_text and balance >= 0 else 0


def _spare(glyphs: Sequence[shaping.Glyph]) -> list[int]:
    """The indices of the glyphs a right-to-left mark may precede without changing poppler's
    order: those that print a Persian letter, inside a right-to-left section. (A mark before a
    neutral is not always kept: poppler gave back one fewer than it was given.)"""
    return [index for index, glyph in enumerate(glyphs)
            if glyph.text and unicodedata.bidirectional(glyph.text[0]) in ("R", "AL")]


def _lines(items: tuple[Item, ...]) -> Iterator[shaping.Line]:
    """The shaped lines of the items' texts, groups opened (a text that overflows is left to the
    painter, which names where it is)."""
    for item in items:
        if isinstance(item, Group):
            yield from _lines(item.items)
        elif isinstance(item, Text):
            try:
                yield from fonts.layout(item).shaped
            except fonts.TextOverflow:
                continue


def _fenced(glyphs: list[shaping.Glyph]) -> frozenset[int]:
    """The glyphs a right-to-left mark must precede (stand left of): each glyph that starts a
    left-to-right section for poppler (see `_runs`) whose left neighbour is no right-to-left
    letter and is not of the same left-to-right run (a number, a Latin name)."""
    written = [index for index, glyph in enumerate(glyphs) if glyph.text]
    fenced = set()
    for left, index in zip(written, written[1:]):
        before, glyph = glyphs[left], glyphs[index]
        if unicodedata.bidirectional(glyph.text[0]) in _STARTS_LTR and (glyph.rtl or before.rtl) \
                and unicodedata.bidirectional(before.text[-1]) not in ("R", "AL"):
            fenced.add(index)
    return frozenset(fenced)


def _outline(canvas: Canvas, glyph: shaping.Glyph, x: float, size: float) -> None:
    """Fill the glyph's outline at pen position x, in the current fill colour."""
    c = canvas
    pen = _OutlinePen(c.beginPath())
    shaping.hb_font(glyph.face).draw_glyph_with_pen(glyph.gid, pen)
    scale = size / shaping.UNITS_PER_EM
    c.saveState()
    c.transform(scale, 0, 0, scale, x + glyph.dx * size, glyph.dy * size)
    c.drawPath(pen.path, stroke=0, fill=1, fillMode=1)  # nonzero winding, as fonts fill
    c.restoreState()


class _OutlinePen:
    """A glyph outline (HarfBuzz's pen protocol, in font units) as a reportlab path."""

    def __init__(self, path: PDFPathObject):
        self.path = path
        self.at = (0.0, 0.0)

    def moveTo(self, point: tuple[float, float]) -> None:  # noqa: N802 (the pen protocol's names)
        self.path.moveTo(*point)
        self.at = point

    def lineTo(self, point: tuple[float, float]) -> None:  # noqa: N802
        self.path.lineTo(*point)
        self.at = point

    def qCurveTo(self, control: tuple[float, float], point: tuple[float, float]) -> None:  # noqa: N802
        # The cubic curve that draws a quadratic one: control points 2/3 of the way to its control.
        (x0, y0), (cx, cy), (x, y) = self.at, control, point
        self.curveTo((x0 + 2 * (cx - x0) / 3, y0 + 2 * (cy - y0) / 3), (x + 2 * (cx - x) / 3, y + 2 * (cy - y) / 3), point)

    def curveTo(self, a: tuple[float, float], b: tuple[float, float], point: tuple[float, float]) -> None:  # noqa: N802
        self.path.curveTo(*a, *b, *point)
        self.at = point

    def closePath(self) -> None:  # noqa: N802
        self.path.close()


# Bidi classes of the characters poppler takes as left to right when it orders a line: letters,
# digits and the separators and terminators of numbers (tried one by one with pdftotext 22.12).
_STARTS_LTR = frozenset({"L", "EN", "AN", "ES", "ET", "CS"})
RLM = "\u200f"


def _split(glyphs: tuple[shaping.Glyph, ...]) -> list[shaping.Glyph]:
    """The glyphs with the text of a cluster of several glyphs (a letter and its vowel mark,
    «بَ») moved to its widest glyph, the letter: readers place a glyph's text in the glyph's box,
    and a zero-width mark's box would put the text beside the word."""
    out: list[shaping.Glyph] = []
    i = 0
    while i < len(glyphs):
        j = i + 1
        while j < len(glyphs) and not glyphs[j].text and glyphs[j].face == glyphs[i].face:
            j += 1
        cluster = glyphs[i:j]
        widest = max(range(len(cluster)), key=lambda k: cluster[k].advance)
        out += [replace(g, text=cluster[0].text if k == widest else "") for k, g in enumerate(cluster)]
        i = j
    return out


def _reads_as(glyph: shaping.Glyph) -> str | None:
    """The text a reader takes from the glyph's character code through the ToUnicode map; None
    for a code of the Private Use Area (a glyph with no character of its own)."""
    code = _code(glyph)
    return None if 0xE000 <= code < MIRRORED_CODES else _base(code)


def _visual(glyph: shaping.Glyph) -> str:
    """The characters a glyph prints in the order the page holds them: a glyph set right to left
    (lam-alef, a letter with its vowel mark) holds its characters right to left, as the line
    holds its glyphs, and readers reverse them with the line. No control character or lone
    surrogate (U+FFFD in their place, as HarfBuzz draws them)."""
    return drawable(glyph.text[::-1] if glyph.rtl else glyph.text)


def _base(code: int) -> str:
    """The text of a character code: an Arabic presentation form (a joined form, a ligature,
    always set right to left) reads as the letters it joins, as NFKC folds them, in the order
    the page holds them (see `_visual`)."""
    if MIRRORED_CODES <= code < MIRRORED_CODES + len(MIRRORED):
        return MIRRORED[code - MIRRORED_CODES][0]
    char = chr(code)
    return unicodedata.normalize("NFKC", char)[::-1] if 0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF else char


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """reportlab's ToUnicode CMap of a font subset, each code mapped to `_base` of its character
    (several characters where a ligature joins them)."""
    entries = [f"<{i:02X}> <{_base(code).encode('utf-16-be').hex().upper()}>" for i, code in enumerate(subset)]
    return "\n".join(["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap", "/CIDSystemInfo",
                      f"<< /Registry ({fontname})", f"/Ordering ({fontname})", "/Supplement 0", ">> def",
                      f"/CMapName /{fontname} def", "/CMapType 2 def", "1 begincodespacerange",
                      f"<00> <{len(subset) - 1:02X}>", "endcodespacerange", f"{len(subset)} beginbfchar",
                      *entries, "endbfchar", "endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"])


def _pdf_text(text: str) -> str:
    """A PDF text string in UTF-16 (big-endian, with its byte order mark), as hex."""
    return f"<FEFF{text.encode('utf-16-be').hex().upper()}>"


# A bracket set right to left prints its mirror's glyph: a code of its own maps that glyph to the
# bracket it stands for, «(» printed as the glyph of «)». Codes from U+F800, the same in every face.
MIRRORED = tuple((pair[i], pair[1 - i]) for pair in ("()", "[]", "{}", "<>", "«»", "‹›") for i in (0, 1))
MIRRORED_CODES = 0xF800


def _code(glyph: shaping.Glyph) -> int:
    """The character code that prints the glyph (see _shaped_line)."""
    if len(glyph.text) == 1 and shaping.ttf(glyph.face).face.charToGlyph.get(ord(glyph.text)) == glyph.gid:
        return ord(glyph.text)
    return _mirrored(glyph.face).get((glyph.gid, glyph.text)) or _codes(glyph.face)[glyph.gid]


@lru_cache(maxsize=None)
def _mirrored(face: shaping.Face) -> dict[tuple[int, str], int]:
    """The code of each bracket printed as its mirror's glyph, by (glyph, bracket)."""
    font = shaping.ttf(face).face
    codes = {}
    for index, (char, mirror) in enumerate(MIRRORED):
        gid = font.charToGlyph.get(ord(mirror))
        if gid is not None:
            code = MIRRORED_CODES + index
            font.charToGlyph[code] = gid
            font.charWidths[code] = font.charWidths[ord(mirror)]
            codes[(gid, char)] = code
    return codes


def _glyph_chars(font: TTFontFace) -> dict[int, list[int]]:
    """Each glyph's characters, as reportlab's font file reader maps them."""
    return font.glyphToChar  # type: ignore[attr-defined, no-any-return]  # set by the reader; not in typeshed's stub


@lru_cache(maxsize=None)
def _characters(face: shaping.Face) -> frozenset[int]:
    """The glyphs that have a character of their own in the font."""
    font = shaping.ttf(face).face
    return frozenset(gid for gid, chars in _glyph_chars(font).items() if any(font.charToGlyph.get(c) == gid for c in chars))


@lru_cache(maxsize=None)
def _codes(face: shaping.Face) -> dict[int, int]:
    """A character code for every glyph of the face, as reportlab's subsets are built from
    characters: the glyph's own character, else a free code in the Private Use Area, assigned in
    glyph order so that every document gets the same codes."""
    font = shaping.ttf(face).face
    own = _characters(face)
    codes = {gid: min(c for c in chars if font.charToGlyph.get(c) == gid)
             for gid, chars in _glyph_chars(font).items() if gid in own}
    free = (code for code in range(0xE000, MIRRORED_CODES) if code not in font.charToGlyph)
    for gid in range(len(font.hmetrics)):
        if gid not in codes:
            code = next(free)
            font.charToGlyph[code] = gid
            font.charWidths[code] = font.hmetrics[gid][0] * 1000 / font.unitsPerEm
            codes[gid] = code
    return codes


@lru_cache(maxsize=1)
def _tag_subsets_by_content() -> None:
    """Name every font subset after what it holds. reportlab tags a font's n-th subset with the
    same six letters in every font and document (AAAAAA+ for the first), so PDFs merged later
    could mix two different subsets under one name; a tag hashed from the font and the
    subset's characters differs wherever the subsets do, and stays the same run to run."""
    from reportlab.pdfbase import ttfonts

    add_objects = ttfonts.TTFont.addObjects

    def tagged(font: ttfonts.TTFont, doc: object) -> None:
        subsets = font.state[doc].subsets
        tags = [_subset_tag(font.face.name, subset) for subset in subsets]
        numbered = ttfonts.SUBSETN

        def subset_name(n: int, table: object = None) -> bytes:  # addObjects names subset n by SUBSETN(n)
            return tags[n]

        ttfonts.SUBSETN = subset_name
        try:
            add_objects(font, doc)
        finally:
            ttfonts.SUBSETN = numbered

    ttfonts.TTFont.addObjects = tagged  # type: ignore[method-assign, assignment]  # patched on purpose, as said above


def _subset_tag(font: bytes, subset: Sequence[int]) -> bytes:
    """Six capital letters from a hash of the font's name and the subset's character codes."""
    digest = int.from_bytes(hashlib.sha256(font + b"".join(c.to_bytes(4, "big") for c in subset)).digest()[:8], "big")
    letters = []
    for _ in range(6):
        digest, k = divmod(digest, 26)
        letters.append(65 + k)
    return bytes(letters)


def render(pages: Sequence[Drawing], title: str, on_page: Callable[[int], None] | None = None,
           duplex: bool = False, short_edge: bool = False) -> bytes:
    """A PDF of the pages (each a Drawing of the paper size). Byte-identical for equal input.
    `duplex` asks print dialogs to start double-sided, flipping on the long edge (or the short one)."""
    from reportlab.pdfgen.canvas import Canvas

    from reportlab.pdfbase import ttfonts

    _tag_subsets_by_content()
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap  # reportlab offers no other way to set a subset's ToUnicode map
    out = io.BytesIO()
    first = pages[0]
    # The initial font is ours too, so every font the PDF names is embedded (no bare Helvetica).
    canvas = Canvas(out, pagesize=(first.width * MM, first.height * MM), invariant=1, pageCompression=1,
                    # typeshed's stub types the font name a float
                    initialFontName=shaping.ttf(shaping.LATIN[False]).fontName)  # type: ignore[arg-type]
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    canvas.setViewerPreference("PrintScaling", "None")  # print at actual size
    if duplex:
        canvas.setViewerPreference("Duplex", "DuplexFlipShortEdge" if short_edge else "DuplexFlipLongEdge")
    for number, page in enumerate(pages, start=1):
        canvas.setPageSize((page.width * MM, page.height * MM))
        canvas.saveState()
        # Millimetres with y growing downwards, as in the drawing model.
        canvas.translate(0, page.height * MM)
        canvas.scale(MM, -MM)
        _Painter(canvas, page.name, _page_marks(page.items)).items(page.items)
        canvas.restoreState()
        canvas.showPage()
        if on_page:
            on_page(number)
    canvas.save()
    return out.getvalue()
