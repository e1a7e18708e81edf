"""SVG backend (svgwrite): a Drawing becomes an SVG document sized in millimetres."""

from __future__ import annotations

from pnp.draw import PT, Circle, Drawing, Group, Item, Matrix, Paint, Polygon, Rect, Text, outset, with_ink_saver
from pnp.escape import drawable
from pnp.render import fonts


def _n(value: float) -> str:
    """Numbers rounded to 1/1000 mm keep files small and stable."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


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

    def shape(self, item: Rect | Circle | Polygon) -> object:
        svg = self.svg
        if isinstance(item, Rect):
            extra = {"rx": _n(item.radius), "ry": _n(item.radius)} if item.radius else {}
            return svg.rect(insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)), **extra, **_paint(item.paint))
        if isinstance(item, Circle):
            return svg.circle(center=(_n(item.cx), _n(item.cy)), r=_n(item.r), **_paint(item.paint))
        points = [(_n(x), _n(y)) for x, y in item.points]
        make = svg.polygon if item.closed else svg.polyline
        return make(points=points, **_paint(item.paint))

    def text(self, item: Text) -> object:
        try:
            laid = fonts.layout(item)
        except fonts.TextOverflow as error:
            raise fonts.TextOverflow(f"{self.where}: {error}") from None
        anchor = {"left": "start", "center": "middle", "right": "end"}[item.align]
        group = self.svg.g(font_family=fonts.FAMILY, font_size=_n(laid.size * PT), text_anchor=anchor, fill=item.colour,
                           font_weight="bold" if item.bold else "normal")
        for line, baseline in zip(laid.lines, laid.baselines):
            group.add(self.svg.text(drawable(line), insert=(_n(laid.anchor_x), _n(baseline))))
        return group

    def items(self, parent: object, items: tuple[Item, ...]) -> None:
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
                parent.add(group)  # type: ignore[attr-defined]
            elif isinstance(item, Text):
                parent.add(self.text(item))  # type: ignore[attr-defined]
            else:
                parent.add(self.shape(item))  # type: ignore[attr-defined]


def render(drawing: Drawing, bleed: float = 0.0, ink_saver: bool = False) -> str:
    """The drawing as an SVG document; `bleed` mm of artwork show beyond its edges.
    svgwrite escapes XML's special characters; `drawable` replaces those XML cannot hold."""
    writer = _Writer(drawing, bleed)
    art = with_ink_saver(drawing.items) if ink_saver else drawing.items
    # Round and hex pieces show their artwork up to `bleed` beyond their own outline.
    writer.items(writer.svg, art if drawing.cut is None else (Group(art, clip=outset(drawing.cut, bleed)),))
    return writer.svg.tostring() + "\n"
