"""SVG backend (svgwrite): a Drawing becomes an SVG document sized in millimetres.

Text is drawn as glyph outlines from the bundled fonts, shaped and ordered as in the PDF, so a
file looks the same wherever it is opened, with no font installed. Each glyph's outline is
defined once per file and placed with <use>; each text keeps its words in an aria-label.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from pnp.draw import PT, Circle, Drawing, Group, Item, Matrix, Paint, Polygon, Rect, Text, outset, with_ink_saver
from pnp.escape import drawable
from pnp.render import fonts, shaping

if TYPE_CHECKING:
    from svgwrite.base import BaseElement


def _n(value: float, places: int = 3) -> str:
    """Numbers rounded (to 1/1000 mm by default) keep files small and stable."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class _PathPen:
    """SVG path data of a glyph outline in relative commands, in whole font units (y up).
    Points are rounded before their differences are taken, so rounding never accumulates."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.at = self.start = (0, 0)

    def _to(self, command: str, *points: tuple[float, float]) -> None:
        # Every point of a segment is relative to where the segment starts.
        x0, y0 = self.at
        rounded = [(round(x), round(y)) for x, y in points]
        self.parts.append(command + " ".join(f"{x - x0} {y - y0}" for x, y in rounded).replace(" -", "-"))
        self.at = rounded[-1]

    def moveTo(self, point: tuple[float, float]) -> None:  # noqa: N802 (the pen protocol's names)
        self._to("m", point)
        self.start = self.at

    def lineTo(self, point: tuple[float, float]) -> None:  # noqa: N802
        self._to("l", point)

    def qCurveTo(self, *points: tuple[float, float]) -> None:  # noqa: N802
        self._to("q", *points)

    def curveTo(self, *points: tuple[float, float]) -> None:  # noqa: N802
        self._to("c", *points)

    def closePath(self) -> None:  # noqa: N802
        self.parts.append("z")
        self.at = self.start


@lru_cache(maxsize=None)
def _outline(face: shaping.Face, gid: int) -> str:
    """A glyph's outline as SVG path data; empty for blank glyphs such as the space."""
    pen = _PathPen()
    shaping.hb_font(face).draw_glyph_with_pen(gid, pen)
    return "".join(pen.parts)


def _paint(paint: Paint) -> dict[str, str]:
    attrs = {"fill": paint.fill or "none"}
    if paint.stroke:
        attrs.update({"stroke": paint.stroke, "stroke-width": _n(paint.width)})
        if paint.dash:
            attrs["stroke-dasharray"] = " ".join(_n(d) for d in paint.dash)
    return attrs


def _matrix(m: Matrix) -> str:
    return "matrix(" + " ".join(_n(v) for v in m) + ")"


class _Writer:
    def __init__(self, drawing: Drawing, bleed: float):
        import svgwrite

        w, h = drawing.width + 2 * bleed, drawing.height + 2 * bleed
        self.svg = svgwrite.Drawing(
            size=(f"{_n(w)}mm", f"{_n(h)}mm"),
            viewBox=f"{_n(-bleed)} {_n(-bleed)} {_n(w)} {_n(h)}",
            profile="full", debug=False,
        )
        self.svg.set_desc(title=drawing.name)
        self.clips = 0
        self.where = drawing.name
        self.glyphs: set[tuple[shaping.Face, int]] = set()

    def shape(self, item: Rect | Circle | Polygon) -> BaseElement:
        svg = self.svg
        if isinstance(item, Rect):
            extra = {"rx": _n(item.radius), "ry": _n(item.radius)} if item.radius else {}
            return svg.rect(insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)), **extra, **_paint(item.paint))
        if isinstance(item, Circle):
            return svg.circle(center=(_n(item.cx), _n(item.cy)), r=_n(item.r), **_paint(item.paint))
        points = [(_n(x), _n(y)) for x, y in item.points]
        make = svg.polygon if item.closed else svg.polyline
        return make(points=points, **_paint(item.paint))

    def text(self, item: Text) -> BaseElement:
        try:
            laid = fonts.layout(item)
        except fonts.TextOverflow as error:
            raise fonts.TextOverflow(f"{self.where}: {error}") from None
        group = self.svg.g(fill=item.colour, aria_label=drawable(item.text))  # no control characters or lone surrogates
        scale = _n(laid.size * PT / shaping.UNITS_PER_EM, 6)
        for index, (line, baseline) in enumerate(zip(laid.shaped, laid.baselines)):
            # Font units, y up, from the line's left end on its baseline.
            row = self.svg.g(transform=f"matrix({scale} 0 0 -{scale} {_n(laid.left(index))} {_n(baseline)})")
            x = 0.0
            for glyph in line.glyphs:
                if _outline(glyph.face, glyph.gid):
                    name = f"{glyph.face.short}{glyph.gid}"
                    self.glyphs.add((glyph.face, glyph.gid))
                    dy = glyph.dy * shaping.UNITS_PER_EM
                    row.add(self.svg.use(f"#{name}", x=_n((x + glyph.dx) * shaping.UNITS_PER_EM, 1),
                                         **({"y": _n(dy, 1)} if dy else {})))
                x += glyph.advance
            if row.elements:
                group.add(row)
        return group

    def define_glyphs(self) -> None:
        """Every glyph outline the text uses, once, in a stable order."""
        for face, gid in sorted(self.glyphs, key=lambda key: (key[0].short, key[1])):
            self.svg.defs.add(self.svg.path(d=_outline(face, gid), id=f"{face.short}{gid}"))

    def items(self, parent: BaseElement, items: tuple[Item, ...]) -> None:
        for item in items:
            if isinstance(item, Group):
                group = self.svg.g()
                if item.transform != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                    group["transform"] = _matrix(item.transform)
                if item.clip is not None:
                    self.clips += 1
                    clip = self.svg.clipPath(id=f"clip{self.clips}")
                    clip.add(self.shape(item.clip))
                    self.svg.defs.add(clip)
                    group["clip-path"] = f"url(#clip{self.clips})"
                self.items(group, item.items)
                parent.add(group)
            elif isinstance(item, Text):
                parent.add(self.text(item))
            else:
                parent.add(self.shape(item))


def render(drawing: Drawing, bleed: float = 0.0, ink_saver: bool = False) -> str:
    """The drawing as an SVG document; `bleed` mm of artwork show beyond its edges.
    svgwrite escapes XML's special characters; `drawable` replaces those XML cannot hold."""
    writer = _Writer(drawing, bleed)
    art = with_ink_saver(drawing.items) if ink_saver else drawing.items
    # Round and hex pieces show their artwork up to `bleed` beyond their own outline.
    writer.items(writer.svg, art if drawing.cut is None else (Group(art, clip=outset(drawing.cut, bleed)),))
    writer.define_glyphs()
    return writer.svg.tostring() + "\n"
