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
INK = "#222222"  # outlines and dark text: softer than pure black, still black in a grey print
PAPER = "#FFFFFF"
# Least contrast (WCAG ratio) for text, and for a mark's fill or outline, against what lies under it.
TEXT_CONTRAST = 3.0
MARK_CONTRAST = 1.5


@dataclass(frozen=True)
class Paint:
    fill: str | None = None  # "#rrggbb"
    stroke: str | None = None
    width: float = 0.3  # stroke width, mm
    dash: tuple[float, ...] = ()  # dash pattern, mm
    bulk: bool = False  # a large colour area that --ink-saver leaves out
    saver: str | None = None  # the light fill --ink-saver prints instead of a bulk one (else none)


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


MIN_SIZE = 6.0  # points: no text smaller reads well in print


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
    min_size: float = MIN_SIZE


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
    """The shape grown by `distance` mm on every side, for bleed (polygons: see `grown`)."""
    if isinstance(shape, Rect):
        return replace(shape, x=shape.x - distance, y=shape.y - distance,
                       w=shape.w + 2 * distance, h=shape.h + 2 * distance)
    if isinstance(shape, Circle):
        return replace(shape, r=shape.r + distance)
    if distance == 0:
        return shape
    return replace(shape, points=tuple(grown(shape.points, distance)[1]))


def grown(points: tuple[Point, ...], distance: float) -> tuple[list[Point], list[Point], list[tuple[Point, Point, Point]]]:
    """A polygon's edges moved out by `distance` and meeting at sharp corners: its corners, and
    for each where the moved edges meet (on the corner's bisector). An edge beside an inward
    corner that the growth swallows (a die net's glue tab beside a face) gives way to its
    neighbours, whose lines then meet in a corner of their own, listed in place of its ends; the
    pockets so cut off the outside, each the swallowed edge's ends and that corner, come third.
    The growth goes in quarter millimetres, so that the edge swallowed first gives way first."""
    corners = list(points)
    pockets: list[tuple[Point, Point, Point]] = []
    steps = max(1, math.ceil(distance / 0.25))
    for step in range(1, steps + 1):
        while True:
            moved = _grown_corners(corners, distance * step / steps)
            n = len(corners)
            swallowed = next((i for i in range(n) if n > 3 and _dot(_minus(moved[(i + 1) % n], moved[i]),
                                                                   _minus(corners[(i + 1) % n], corners[i])) < 0), None)
            meeting = None if swallowed is None else _meeting(corners, swallowed)
            if swallowed is None or meeting is None:
                break
            pockets.append((corners[swallowed], corners[(swallowed + 1) % n], meeting))
            corners = [meeting if k == swallowed else p for k, p in enumerate(corners) if k != (swallowed + 1) % n]
    return corners, _grown_corners(corners, distance), pockets


def _grown_corners(points: list[Point], distance: float) -> list[Point]:
    """Every edge moved out along its normal, neighbouring edges intersected."""
    n = len(points)
    area = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))
    sign = 1 if area > 0 else -1
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = sign * (y2 - y1) / length, -sign * (x2 - x1) / length
        lines.append(((x1 + nx * distance, y1 + ny * distance), (x2 - x1, y2 - y1)))
    meets = []
    for i in range(n):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        t = ((qx - px) * ey - (qy - py) * ex) / (dx * ey - dy * ex)
        meets.append((px + t * dx, py + t * dy))
    return meets


def _meeting(points: list[Point], i: int) -> Point | None:
    """Where the lines of the edges before and after edge i meet (None: they run parallel)."""
    n = len(points)
    (px, py), (ax, ay) = points[i - 1], points[i]
    (qx, qy), (bx, by) = points[(i + 1) % n], points[(i + 2) % n]
    dx, dy, ex, ey = ax - px, ay - py, bx - qx, by - qy
    det = dx * ey - dy * ex
    if abs(det) < 1e-12:
        return None
    t = ((qx - px) * ey - (qy - py) * ex) / det
    return px + t * dx, py + t * dy


def _minus(a: Point, b: Point) -> Point:
    return a[0] - b[0], a[1] - b[1]


def _dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1]


def with_ink_saver(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """Drop the large colour fills marked `bulk` (or print their light `saver` tint instead),
    keeping their outlines, patterns and text; text and marks that stood out only against a
    dropped fill turn to ink, so every piece keeps them."""
    return legible(_without_bulk(items))


def _without_bulk(items: tuple[Item, ...]) -> tuple[Item, ...]:
    result: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            result.append(replace(item, items=_without_bulk(item.items)))
        elif isinstance(item, Text) or not item.paint.bulk:
            result.append(item)
        elif item.paint.saver:  # an outline the colour of the fill belongs to the area
            paint = item.paint
            stroke = paint.saver if paint.stroke == paint.fill else paint.stroke
            result.append(replace(item, paint=replace(paint, fill=paint.saver, stroke=stroke, saver=None)))
        elif item.paint.stroke:
            result.append(replace(item, paint=replace(item.paint, fill=None, bulk=False)))
    return tuple(result)


def legible(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """The items with every text and mark that would vanish into what is under it recoloured:
    ink on light ground, paper white on dark ground."""
    below: list[Painted] = []
    return _legible(items, IDENTITY, below)


def _legible(items: tuple[Item, ...], matrix: Matrix, below: list[Painted]) -> tuple[Item, ...]:
    result: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            result.append(replace(item, items=_legible(item.items, compose(matrix, item.transform), below)))
            continue
        ground = colour_under(below, apply(matrix, centre(item)))
        if isinstance(item, Text):
            if contrast(item.colour, ground) < TEXT_CONTRAST:
                item = replace(item, colour=ink_on(ground))
        elif not item.paint.bulk and not any(visible(item.paint, colour_under(below, apply(matrix, p))) for p in samples(item)):
            paint = item.paint
            item = replace(item, paint=replace(paint, stroke=ink_on(ground)) if paint.stroke else replace(paint, fill=ink_on(ground)))
        if not isinstance(item, Text):
            below.append(painted(item, matrix))
        result.append(item)
    return tuple(result)


def visible(paint: Paint, ground: str) -> bool:
    """Whether a mark with this paint stands out against `ground`, by its fill or its outline."""
    return any(colour is not None and contrast(colour, ground) >= MARK_CONTRAST for colour in (paint.fill, paint.stroke))


# Colour: relative luminance and contrast as WCAG 2 defines them.

def luminance(colour: str) -> float:
    """Relative luminance of '#rrggbb', 0 (black) to 1 (white)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """Contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(ground: str) -> str:
    """The colour that reads on `ground`: ink on light colours, paper white on dark ones."""
    return INK if contrast(INK, ground) >= contrast(PAPER, ground) else PAPER


# Geometry in absolute coordinates, for packing pages and checking them.

def apply(matrix: Matrix, point: Point) -> Point:
    a, b, c, d, e, f = matrix
    x, y = point
    return a * x + c * y + e, b * x + d * y + f


def invert(matrix: Matrix) -> Matrix:
    a, b, c, d, e, f = matrix
    det = a * d - b * c
    return d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det


def bounds(item: Shape | Text) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of a shape or a text's box, in its own coordinates."""
    if isinstance(item, (Rect, Text)):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    xs, ys = [x for x, _ in item.points], [y for _, y in item.points]
    return min(xs), min(ys), max(xs), max(ys)


def centre(item: Shape | Text) -> Point:
    left, top, right, bottom = bounds(item)
    return (left + right) / 2, (top + bottom) / 2


def samples(item: Shape | Text) -> list[Point]:
    """Points where to look at what lies under an item: its centre, and halfway to each corner
    of its bounds (a line crossing another still shows beside the crossing)."""
    left, top, right, bottom = bounds(item)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    return [(cx, cy)] + [((cx + x) / 2, (cy + y) / 2) for x in (left, right) for y in (top, bottom)]


def area(shape: Shape) -> float:
    if isinstance(shape, Rect):
        return shape.w * shape.h
    if isinstance(shape, Circle):
        return math.pi * shape.r ** 2
    points = shape.points
    return abs(sum(points[i - 1][0] * p[1] - p[0] * points[i - 1][1] for i, p in enumerate(points))) / 2


def inside(shape: Shape, point: Point) -> bool:
    """Whether a point (in the shape's coordinates) lies in the shape's area (open polylines have none)."""
    x, y = point
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle):
        return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2
    if not shape.closed:
        return False
    crossings = 0
    points = shape.points
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def _on_line(shape: Shape, point: Point) -> bool:
    """Whether a point lies on the shape's outline as stroked."""
    half = shape.paint.width / 2
    x, y = point
    if isinstance(shape, Circle):
        return abs(math.hypot(x - shape.cx, y - shape.cy) - shape.r) <= half
    if isinstance(shape, Rect):
        corners = ((shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x + shape.w, shape.y + shape.h), (shape.x, shape.y + shape.h))
        segments = list(zip(corners, corners[1:] + corners[:1]))
    else:
        segments = list(zip(shape.points, shape.points[1:] + (shape.points[:1] if shape.closed else ())))
    return any(_distance(point, a, b) <= half for a, b in segments)


def _distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


@dataclass(frozen=True)
class Painted:
    """A shape as laid on the page: itself, the inverse of its transform, its absolute bounds."""

    shape: Shape
    inverse: Matrix
    box: tuple[float, float, float, float]


def painted(shape: Shape, matrix: Matrix) -> Painted:
    left, top, right, bottom = bounds(shape)
    grow = shape.paint.width / 2 if shape.paint.stroke else 0.0
    corners = [apply(matrix, (x, y)) for x in (left - grow, right + grow) for y in (top - grow, bottom + grow)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return Painted(shape, invert(matrix), (min(xs), min(ys), max(xs), max(ys)))


def flat(items: tuple[Item, ...], matrix: Matrix = IDENTITY) -> list[Painted]:
    """Every shape of a drawing as laid down, in drawing order (text left out)."""
    laid: list[Painted] = []
    for item in items:
        if isinstance(item, Group):
            laid += flat(item.items, compose(matrix, item.transform))
        elif not isinstance(item, Text):
            laid.append(painted(item, matrix))
    return laid


def colour_under(below: list[Painted], point: Point) -> str:
    """The colour showing at an absolute point: the topmost fill or stroke there, or the paper."""
    x, y = point
    for laid in reversed(below):
        left, top, right, bottom = laid.box
        if not (left <= x <= right and top <= y <= bottom):
            continue
        shape, local = laid.shape, apply(laid.inverse, point)
        if shape.paint.stroke and _on_line(shape, local):
            return shape.paint.stroke
        if shape.paint.fill and inside(shape, local):
            return shape.paint.fill
    return PAPER


def texts(items: tuple[Item, ...]) -> list[Text]:
    """Every text item, depth first, in drawing order."""
    found: list[Text] = []
    for item in items:
        if isinstance(item, Group):
            found.extend(texts(item.items))
        elif isinstance(item, Text):
            found.append(item)
    return found
