"""PDF backend (reportlab canvas): pages of the drawing model, fonts embedded and subset."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import lru_cache

from pnp.draw import PT, Circle, Drawing, Group, Item, Paint, Rect, Shape, Text
from pnp.escape import drawable
from pnp.render import fonts

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
        draw = {"left": "drawString", "center": "drawCentredString", "right": "drawRightString"}[item.align]
        for line, baseline in zip(laid.lines, laid.baselines):
            c.saveState()  # type: ignore[attr-defined]
            c.translate(laid.anchor_x, baseline)  # type: ignore[attr-defined]
            c.scale(1, -1)  # text upright in the y-down page space
            c.setFont(fonts.PDF_NAMES[item.bold], laid.size * PT)  # type: ignore[attr-defined]
            getattr(c, draw)(0, 0, drawable(line))  # no control characters or lone surrogates
            c.restoreState()  # type: ignore[attr-defined]


def render(pages: Sequence[Drawing], title: str, on_page: Callable[[int], None] | None = None) -> bytes:
    """A PDF of the pages (each a Drawing of the paper size). Byte-identical for equal input."""
    from reportlab.pdfgen.canvas import Canvas

    fonts.register()
    out = io.BytesIO()
    first = pages[0]
    # The initial font is ours too, so every font the PDF names is embedded (no bare Helvetica).
    canvas = Canvas(out, pagesize=(first.width * MM, first.height * MM), invariant=1, pageCompression=1,
                    initialFontName=fonts.PDF_NAMES[False])
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    canvas.setViewerPreference("PrintScaling", "None")  # print at actual size
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
