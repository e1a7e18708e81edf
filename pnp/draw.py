"""The drawing model: components as plain, hashable data in millimetres, y growing downwards.

A component is drawn once, as a `Drawing`; `pnp.render.svg` and `pnp.render.pdf` render the
same data, so the two outputs cannot drift apart. Nothing here knows about any game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Union

Point = tuple[float, float]
# An affine transform (a, b, c, d, e, f): x' = a*x + c*y + e, y' = b*x + d*y + f (SVG and PDF order).
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
PT = 25.4 / 72  # one typographic point in millimetres


@dataclass(frozen=True)
class Paint:
    fill: str | None = None  # "#rrggbb"
    stroke: str | None = None
    width: float = 0.3  # stroke width, mm
    dash: tuple[float, ...] = ()  # dash pattern, mm
    bulk: bool = False  # a large colour area that --ink-saver leaves out


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    paint: Paint
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    paint: Paint
    closed: bool = True  # False draws an open polyline


@dataclass(frozen=True)
class Text:
    """Text fitted into a box: shrinks from `size` down to `min_size` (points), wraps at spaces."""

    x: float
    y: float
    w: float
    h: float
    text: str
    size: float
    bold: bool = False
    align: str = "center"  # left | center | right
    valign: str = "middle"  # top | middle | bottom
    colour: str = "#000000"
    min_size: float = 5.0


@dataclass(frozen=True)
class Group:
    items: tuple[Item, ...]
    transform: Matrix = IDENTITY
    clip: Shape | None = None  # in the group's own coordinates


Shape = Union[Rect, Circle, Polygon]
Item = Union[Rect, Circle, Polygon, Text, Group]


@dataclass(frozen=True)
class Drawing:
    """A component or a page: its size, what is on it, and the outline it is cut along."""

    name: str
    width: float
    height: float
    items: tuple[Item, ...]
    cut: Shape | None = field(default=None)

    @property
    def outline(self) -> Shape:
        return self.cut or Rect(0, 0, self.width, self.height, CUT)


CUT = Paint(stroke="#000000", width=0.2)


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float) -> Matrix:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return (c, s, -s, c, 0.0, 0.0)


def compose(*matrices: Matrix) -> Matrix:
    """The transform applying the last matrix first, like nested groups outer to inner."""
    a, b, c, d, e, f = IDENTITY
    for a2, b2, c2, d2, e2, f2 in matrices:
        a, b, c, d, e, f = (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2,
                            b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)
    return a, b, c, d, e, f


def place(items: tuple[Item, ...], x: float, y: float, size: float = 1.0) -> Group:
    """Put items drawn in a unit box at (x, y), scaled to `size` millimetres."""
    return Group(items, compose(translate(x, y), scale(size)))


def regular_polygon(cx: float, cy: float, radius: float, sides: int, start_degrees: float = -90.0) -> tuple[Point, ...]:
    return tuple(
        (cx + radius * math.cos(math.radians(start_degrees + 360 * k / sides)),
         cy + radius * math.sin(math.radians(start_degrees + 360 * k / sides)))
        for k in range(sides)
    )


def outset(shape: Shape, distance: float) -> Shape:
    """The shape grown by `distance` mm on every side (convex polygons only), for bleed."""
    if isinstance(shape, Rect):
        return replace(shape, x=shape.x - distance, y=shape.y - distance,
                       w=shape.w + 2 * distance, h=shape.h + 2 * distance)
    if isinstance(shape, Circle):
        return replace(shape, r=shape.r + distance)
    if distance == 0:
        return shape
    # Move every edge out along its normal and intersect neighbouring edges.
    points = shape.points
    n = len(points)
    area = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))
    sign = 1 if area > 0 else -1
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = sign * (y2 - y1) / length, -sign * (x2 - x1) / length
        lines.append(((x1 + nx * distance, y1 + ny * distance), (x2 - x1, y2 - y1)))
    grown = []
    for i in range(n):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        t = ((qx - px) * ey - (qy - py) * ex) / (dx * ey - dy * ex)
        grown.append((px + t * dx, py + t * dy))
    return replace(shape, points=tuple(grown))


def with_ink_saver(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """Drop the large colour fills marked `bulk`, keeping their outlines, patterns and text."""
    result: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            result.append(replace(item, items=with_ink_saver(item.items)))
        elif isinstance(item, Text) or not item.paint.bulk:
            result.append(item)
        elif item.paint.stroke:
            result.append(replace(item, paint=replace(item.paint, fill=None, bulk=False)))
    return tuple(result)


def texts(items: tuple[Item, ...]) -> list[Text]:
    """Every text item, depth first, in drawing order."""
    found: list[Text] = []
    for item in items:
        if isinstance(item, Group):
            found.extend(texts(item.items))
        elif isinstance(item, Text):
            found.append(item)
    return found
