"""Great Wall of China icons, drawn in a unit box (0..1, y down), of our own making."""

from __future__ import annotations

import math

from pnp.draw import Circle, Item, Paint, Point, Polygon, Rect
from pnp.games.great_wall.facts import Kind
from pnp.render.art import INK

STONE = "#B9AE98"


def _shape(points: list[Point] | tuple[Point, ...], fill: str, width: float = 0.035) -> Polygon:
    return Polygon(tuple(points), Paint(fill=fill, stroke=INK, width=width))


def _line(*points: Point, width: float = 0.05) -> Polygon:
    return Polygon(tuple(points), Paint(stroke=INK, width=width), closed=False)


def _bricks(x: float, y: float, w: float, h: float, rows: int) -> list[Item]:
    items: list[Item] = [Rect(x, y, w, h, Paint(fill=STONE, stroke=INK, width=0.035))]
    step = h / rows
    for r in range(1, rows):
        items.append(_line((x, y + r * step), (x + w, y + r * step), width=0.025))
    for r in range(rows):
        offset = 0.5 if r % 2 else 0.0
        for k in range(1, 4):
            bx = x + w * (k - offset) / 3.5
            if x < bx < x + w:
                items.append(_line((bx, y + r * step), (bx, y + (r + 1) * step), width=0.025))
    return items


def _battlements(x: float, y: float, w: float, teeth: int) -> list[Item]:
    size = w / (2 * teeth - 1)
    return [Rect(x + 2 * k * size, y - size, size, size, Paint(fill=STONE, stroke=INK, width=0.03)) for k in range(teeth)]


def wall() -> tuple[Item, ...]:
    return tuple(_bricks(0.08, 0.35, 0.84, 0.5, 4) + _battlements(0.08, 0.35, 0.84, 5))


def gate() -> tuple[Item, ...]:
    arch = [(0.35, 0.85)] + [(0.5 + 0.15 * math.cos(math.radians(a)), 0.6 - 0.15 * math.sin(math.radians(a)))
                              for a in range(180, -1, -15)] + [(0.65, 0.85)]
    return tuple(_bricks(0.08, 0.3, 0.84, 0.55, 4) + _battlements(0.08, 0.3, 0.84, 5) + [_shape(arch, "#3B2A1A")])


def tower() -> tuple[Item, ...]:
    roof = _shape([(0.15, 0.32), (0.5, 0.06), (0.85, 0.32)], "#B2382B")
    return tuple(_bricks(0.28, 0.32, 0.44, 0.58, 5) + [roof, Rect(0.44, 0.45, 0.12, 0.14, Paint(fill=INK))])


def infantry() -> tuple[Item, ...]:
    return (_line((0.3, 0.95), (0.62, 0.12), width=0.05), _shape([(0.62, 0.05), (0.57, 0.2), (0.68, 0.18)], "#8A8A8A"),
            Circle(0.5, 0.6, 0.24, Paint(fill="#B2382B", stroke=INK, width=0.04)),
            Circle(0.5, 0.6, 0.09, Paint(fill="#E6C700", stroke=INK, width=0.03)))


def cavalry() -> tuple[Item, ...]:
    head = [(0.3, 0.95), (0.35, 0.55), (0.25, 0.5), (0.15, 0.62), (0.08, 0.55), (0.3, 0.2), (0.42, 0.08),
            (0.48, 0.2), (0.7, 0.3), (0.88, 0.6), (0.78, 0.95)]
    return (_shape(head, "#8C5A2B"), Circle(0.36, 0.32, 0.035, Paint(fill=INK)),
            _line((0.48, 0.2), (0.82, 0.45), (0.84, 0.7), width=0.06))


def nobility() -> tuple[Item, ...]:
    ribs = [_line((0.5, 0.85), (0.5 + 0.42 * math.cos(math.radians(a)), 0.85 - 0.42 * math.sin(math.radians(a))), width=0.025)
            for a in range(20, 161, 20)]
    fan = [(0.5, 0.85)] + [(0.5 + 0.42 * math.cos(math.radians(a)), 0.85 - 0.42 * math.sin(math.radians(a)))
                            for a in range(20, 161, 10)]
    return (_shape(fan, "#E6C700"), *ribs, Circle(0.5, 0.85, 0.05, Paint(fill="#B2382B", stroke=INK, width=0.03)))


def dragon() -> tuple[Item, ...]:
    body = [(0.1 + 0.7 * k / 20, 0.62 + 0.16 * math.sin(k * math.pi / 5)) for k in range(21)]
    head = _shape([(0.78, 0.5), (0.95, 0.42), (0.9, 0.58), (0.78, 0.7)], "#009E73")
    spikes = [_shape([(x, y), (x + 0.04, y - 0.1), (x + 0.08, y)], "#E6C700", 0.02) for x, y in body[2:18:4]]
    return (_line(*body, width=0.12), *spikes, head, Circle(0.86, 0.5, 0.025, Paint(fill="#FFFFFF")))


ICONS = {Kind.WALL: wall, Kind.GATE: gate, Kind.TOWER: tower, Kind.INFANTRY: infantry,
         Kind.CAVALRY: cavalry, Kind.NOBILITY: nobility, Kind.DRAGON: dragon}


def icon(kind: Kind) -> tuple[Item, ...]:
    return ICONS[kind]()

