"""PDF backend (reportlab canvas): pages of the drawing model, fonts embedded and subset."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import groupby

from pnp.draw import PT, Circle, Drawing, Group, Item, Paint, Rect, Shape, Text
from pnp.escape import drawable
from pnp.render import fonts, shaping

MM = 1 / PT  # points per millimetre


@lru_cache(maxsize=None)
def _colour(hex_colour: str) -> object:
    """reportlab's colour for '#rrggbb', parsed once (parsing on every shape is slow)."""
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)


def _set_paint(canvas: object, paint: Paint) -> tuple[int, int]:
    c = canvas  # reportlab Canvas
    if paint.fill:
        c.setFillColor(_colour(paint.fill))  # type: ignore[attr-defined]
    if paint.stroke:
        c.setStrokeColor(_colour(paint.stroke))  # type: ignore[attr-defined]
        c.setLineWidth(paint.width)  # type: ignore[attr-defined]
        c.setDash(list(paint.dash) if paint.dash else [])  # type: ignore[attr-defined]
    return (1 if paint.stroke else 0), (1 if paint.fill else 0)


def _path(canvas: object, shape: Shape) -> object:
    path = canvas.beginPath()  # type: ignore[attr-defined]
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
    def __init__(self, canvas: object, where: str):
        self.c, self.where = canvas, where

    def items(self, items: tuple[Item, ...]) -> None:
        c = self.c
        for item in items:
            if isinstance(item, Group):
                c.saveState()  # type: ignore[attr-defined]
                c.transform(*item.transform)  # type: ignore[attr-defined]
                if item.clip is not None:
                    c.clipPath(_path(c, item.clip), stroke=0, fill=0)  # type: ignore[attr-defined]
                self.items(item.items)
                c.restoreState()  # type: ignore[attr-defined]
            elif isinstance(item, Text):
                self.text(item)
            else:
                stroke, fill = _set_paint(c, item.paint)
                if stroke or fill:
                    c.drawPath(_path(c, item), stroke=stroke, fill=fill)  # type: ignore[attr-defined]

    def text(self, item: Text) -> None:
        try:
            laid = fonts.layout(item)
        except fonts.TextOverflow as error:
            raise fonts.TextOverflow(f"{self.where}: {error}") from None
        c = self.c
        c.setFillColor(_colour(item.colour))  # type: ignore[attr-defined]
        draw = {"left": "drawString", "center": "drawCentredString", "right": "drawRightString"}[laid.align]
        size = laid.size * PT
        for index, (line, baseline) in enumerate(zip(laid.shaped, laid.baselines)):
            c.saveState()  # type: ignore[attr-defined]
            if line.plain:
                c.translate(laid.anchor_x, baseline)  # type: ignore[attr-defined]
                c.scale(1, -1)  # text upright in the y-down page space
                c.setFont(line.face.name, size)  # type: ignore[attr-defined]
                getattr(c, draw)(0, 0, drawable(line.text))  # no control characters or lone surrogates
            else:
                c.translate(laid.left(index), baseline)  # type: ignore[attr-defined]
                c.scale(1, -1)
                _shaped_line(c, line, size)
            c.restoreState()  # type: ignore[attr-defined]


def _shaped_line(canvas: object, line: shaping.Line, size: float) -> None:
    """A shaped line from its left end, in visual order as PDF producers store text, face by
    face through reportlab's shaped strings. Each glyph's character code is a character the
    font maps to it: the one it was shaped from where possible, else its own (joined forms are
    Unicode's Arabic presentation forms), so readers recover the words; a glyph with no
    character of its own carries its text as ActualText."""
    from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

    c = canvas
    x = 0.0
    for (face, own), run in groupby(line.glyphs, key=lambda g: (g.face, g.gid in _characters(g.face))):
        glyphs = list(run)
        codes = [_code(g) for g in glyphs]
        widths = shaping.ttf(face).face.charWidths
        data = [ShapeData(k, 1000 * g.advance, 0, 1000 * g.dx, 1000 * g.dy, widths[code])
                for k, (g, code) in enumerate(zip(glyphs, codes))]
        # Glyphs with characters go in one string; the others one by one, each with its text.
        strings = [(None, codes, data)] if own else [(g.text, [code], [d]) for g, code, d in zip(glyphs, codes, data)]
        c.setFont(face.name, size)  # type: ignore[attr-defined]
        for actual, chars, shapes in strings:
            if actual is not None:
                c.addLiteral(f"/Span <</ActualText {_pdf_text(actual)}>> BDC")  # type: ignore[attr-defined]
            c.drawString(x, 0, ShapedStr("".join(map(chr, chars)), shapeData=shapes))  # type: ignore[attr-defined]
            if actual is not None:
                c.addLiteral("EMC")  # type: ignore[attr-defined]
            x += sum(shape.x_advance for shape in shapes) * size / 1000


def _pdf_text(text: str) -> str:
    """A PDF text string in UTF-16 (big-endian, with its byte order mark), as hex."""
    return f"<FEFF{text.encode('utf-16-be').hex().upper()}>"


def _code(glyph: shaping.Glyph) -> int:
    """The character code that prints the glyph (see _shaped_line)."""
    if len(glyph.text) == 1 and shaping.ttf(glyph.face).face.charToGlyph.get(ord(glyph.text)) == glyph.gid:
        return ord(glyph.text)
    return _codes(glyph.face)[glyph.gid]


@lru_cache(maxsize=None)
def _characters(face: shaping.Face) -> frozenset[int]:
    """The glyphs that have a character of their own in the font."""
    font = shaping.ttf(face).face
    return frozenset(gid for gid, chars in font.glyphToChar.items() if any(font.charToGlyph.get(c) == gid for c in chars))


@lru_cache(maxsize=None)
def _codes(face: shaping.Face) -> dict[int, int]:
    """A character code for every glyph of the face, as reportlab's subsets are built from
    characters: the glyph's own character, else a free code in the Private Use Area, assigned in
    glyph order so that every document gets the same codes."""
    font = shaping.ttf(face).face
    own = _characters(face)
    codes = {gid: min(c for c in chars if font.charToGlyph.get(c) == gid)
             for gid, chars in font.glyphToChar.items() if gid in own}
    free = (code for code in range(0xE000, 0xF900) if code not in font.charToGlyph)
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

    def tagged(font: object, doc: object) -> None:
        subsets = font.state[doc].subsets  # type: ignore[attr-defined]
        tags = [_subset_tag(font.face.name, subset) for subset in subsets]  # type: ignore[attr-defined]
        numbered = ttfonts.SUBSETN
        ttfonts.SUBSETN = lambda n: tags[n]  # addObjects names subset n by SUBSETN(n)
        try:
            add_objects(font, doc)
        finally:
            ttfonts.SUBSETN = numbered

    ttfonts.TTFont.addObjects = tagged  # type: ignore[method-assign]


def _subset_tag(font: bytes, subset: Sequence[int]) -> bytes:
    """Six capital letters from a hash of the font's name and the subset's character codes."""
    digest = int.from_bytes(hashlib.sha256(font + b"".join(c.to_bytes(4, "big") for c in subset)).digest()[:8], "big")
    letters = []
    for _ in range(6):
        digest, k = divmod(digest, 26)
        letters.append(65 + k)
    return bytes(letters)


def render(pages: Sequence[Drawing], title: str, on_page: Callable[[int], None] | None = None,
           duplex: bool = False) -> bytes:
    """A PDF of the pages (each a Drawing of the paper size). Byte-identical for equal input.
    `duplex` asks print dialogs to start double-sided, flipping on the long edge."""
    from reportlab.pdfgen.canvas import Canvas

    _tag_subsets_by_content()
    out = io.BytesIO()
    first = pages[0]
    # The initial font is ours too, so every font the PDF names is embedded (no bare Helvetica).
    canvas = Canvas(out, pagesize=(first.width * MM, first.height * MM), invariant=1, pageCompression=1,
                    initialFontName=shaping.ttf(shaping.LATIN[False]).fontName)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    canvas.setViewerPreference("PrintScaling", "None")  # print at actual size
    if duplex:
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    for number, page in enumerate(pages, start=1):
        canvas.setPageSize((page.width * MM, page.height * MM))
        canvas.saveState()
        # Millimetres with y growing downwards, as in the drawing model.
        canvas.translate(0, page.height * MM)
        canvas.scale(MM, -MM)
        _Painter(canvas, page.name).items(page.items)
        canvas.restoreState()
        canvas.showPage()
        if on_page:
            on_page(number)
    canvas.save()
    return out.getvalue()
