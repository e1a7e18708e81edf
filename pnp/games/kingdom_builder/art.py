"""Kingdom Builder's look: a colour-blind-safe palette and vector icons of our own making.

Every terrain has a symbol as well as a colour (Okabe-Ito based tints), so a black-and-white
print still plays. Icons are drawn in a unit box (0..1, y down); `pnp.draw.place` sizes them.
"""

from __future__ import annotations

import math
from dataclasses import replace

from pnp.draw import Circle, Group, Item, Paint, Point, Polygon, Rect, Text, place
from pnp.games.kingdom_builder.facts import Terrain
from pnp.render.art import INK as INK, lightened, symbol, tint  # INK: the boards' and pictures' ink too

# In grey (luma) the buildable terrains stand at least 15 levels apart: desert 223, grass 195,
# flower 177, canyon 157, forest 113; water (174) and mountain (135) carry a pattern as well.
COLOURS = {
    Terrain.GRASS: "#A8DC8C",
    Terrain.CANYON: "#DB8A5C",
    Terrain.DESERT: "#F3E58E",
    Terrain.FLOWER: "#D89AC8",
    Terrain.FOREST: "#3F8F5E",
    Terrain.WATER: "#79BDE8",
    Terrain.MOUNTAIN: "#878787",
    Terrain.CASTLE: "#D9D2BF",
}
SAVER_WHITE_PARTS = 4  # --ink-saver prints a board hex in a fifth of its colour, but for:
# Under --ink-saver the buildable terrains print as greys 16 apart, each a light tint of its
# colour (a fifth of each colour made them 248/243/239/235/226, 4 to 9 levels apart). Water and
# mountain, told from the others by their patterns, print lighter than a fifth of their colour
# (240, 231) to pay for some of that ink.
SAVER_GREYS = {Terrain.DESERT: 250, Terrain.GRASS: 234, Terrain.FLOWER: 218, Terrain.CANYON: 202, Terrain.FOREST: 186,
               Terrain.WATER: 246, Terrain.MOUNTAIN: 242}
LOCATION_COLOUR = "#F2C46B"
# Player colours, each with its own mark for colour-blind players and grey prints.
PLAYERS = (("orange", "#E69F00", "circle"), ("blue", "#0072B2", "triangle"),
           ("purple", "#7B4F9E", "square"), ("black", "#3A3A3A", "diamond"))


def colour(terrain: Terrain) -> str:
    return LOCATION_COLOUR if terrain.is_location else COLOURS[terrain]


def saver(terrain: Terrain, fill: str) -> str:
    """The light fill --ink-saver prints for a board hex of this terrain and colour."""
    return lightened(fill, SAVER_GREYS[terrain]) if terrain in SAVER_GREYS else tint(fill, SAVER_WHITE_PARTS)


def _line(*points: Point, width: float = 0.05, ink: str = INK) -> Polygon:
    return Polygon(tuple(points), Paint(stroke=ink, width=width), closed=False)


def _shape(*points: Point, fill: str, ink: str = INK, width: float = 0.035) -> Polygon:
    return Polygon(tuple(points), Paint(fill=fill, stroke=ink, width=width))


def arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 12) -> list[Point]:
    """Points along an elliptical arc, angles in degrees, clockwise on screen (y down)."""
    return [(cx + rx * math.cos(math.radians(start + (end - start) * k / steps)),
             cy + ry * math.sin(math.radians(start + (end - start) * k / steps))) for k in range(steps + 1)]


def _grass() -> tuple[Item, ...]:
    blades = []
    for x in (0.22, 0.5, 0.78):
        blades += [_line((x - 0.08, 0.78), (x - 0.12, 0.42)), _line((x, 0.78), (x, 0.28)), _line((x + 0.08, 0.78), (x + 0.13, 0.42))]
    return tuple(blades)


def _canyon() -> tuple[Item, ...]:
    return (_line((0.08, 0.5), (0.28, 0.25), (0.5, 0.5), (0.72, 0.25), (0.92, 0.5)),
            _line((0.08, 0.8), (0.28, 0.55), (0.5, 0.8), (0.72, 0.55), (0.92, 0.8)))


def _desert() -> tuple[Item, ...]:
    dots = tuple(Circle(x, y, 0.035, Paint(fill=INK)) for x, y in ((0.25, 0.3), (0.5, 0.22), (0.75, 0.3), (0.38, 0.42), (0.62, 0.42)))
    return dots + (_line(*arc(0.35, 0.85, 0.3, 0.25, 200, 340)), _line(*arc(0.7, 0.9, 0.25, 0.2, 200, 340)))


def _flower() -> tuple[Item, ...]:
    petals = tuple(Circle(0.5 + 0.2 * math.cos(math.radians(a)), 0.45 + 0.2 * math.sin(math.radians(a)), 0.13,
                          Paint(fill="#FFFFFF", stroke=INK, width=0.035)) for a in range(-90, 270, 72))
    return (_line((0.5, 0.6), (0.5, 0.95)),) + petals + (Circle(0.5, 0.45, 0.1, Paint(fill="#F0E442", stroke=INK, width=0.035)),)


def _tree(x: float, y: float, s: float) -> tuple[Item, ...]:
    return (Rect(x - 0.04 * s, y + 0.55 * s, 0.08 * s, 0.2 * s, Paint(fill="#6B4A2B", stroke=INK, width=0.03)),
            _shape((x, y), (x - 0.28 * s, y + 0.6 * s), (x + 0.28 * s, y + 0.6 * s), fill="#1E5E38"))


def _forest() -> tuple[Item, ...]:
    return _tree(0.32, 0.2, 0.9) + _tree(0.68, 0.12, 1.0)


def _water() -> tuple[Item, ...]:
    waves = []
    for y in (0.3, 0.5, 0.7):
        waves.append(_line(*[(0.1 + 0.8 * k / 16, y + 0.06 * math.sin(k * math.pi / 4)) for k in range(17)]))
    return tuple(waves)


def _mountain() -> tuple[Item, ...]:
    return (_shape((0.05, 0.85), (0.38, 0.2), (0.7, 0.85), fill="#6E6E6E"),
            _shape((0.4, 0.85), (0.68, 0.35), (0.95, 0.85), fill="#8A8A8A"),
            _shape((0.38, 0.2), (0.3, 0.36), (0.46, 0.36), fill="#FFFFFF"))


def _castle() -> tuple[Item, ...]:
    wall = [(0.15, 0.9), (0.15, 0.3), (0.25, 0.3), (0.25, 0.4), (0.35, 0.4), (0.35, 0.3), (0.45, 0.3), (0.45, 0.4),
            (0.55, 0.4), (0.55, 0.3), (0.65, 0.3), (0.65, 0.4), (0.75, 0.4), (0.75, 0.3), (0.85, 0.3), (0.85, 0.9)]
    door = arc(0.5, 0.72, 0.1, 0.12, 180, 360, 8) + [(0.6, 0.9), (0.4, 0.9)]
    return (_shape(*wall, fill="#BDB39A"), _shape(*door, fill=INK), _line((0.5, 0.3), (0.5, 0.08)),
            _shape((0.5, 0.08), (0.68, 0.13), (0.5, 0.18), fill="#D55E00"))


def _oracle() -> tuple[Item, ...]:
    lens = arc(0.5, 0.78, 0.45, 0.45, 232, 308, 10) + arc(0.5, 0.22, 0.45, 0.45, 52, 128, 10)
    return (_shape(*lens, fill="#FFFFFF"), Circle(0.5, 0.5, 0.15, Paint(fill="#0072B2", stroke=INK, width=0.035)),
            Circle(0.5, 0.5, 0.06, Paint(fill=INK)))


def _farm() -> tuple[Item, ...]:
    house = _shape((0.12, 0.55), (0.12, 0.3), (0.3, 0.12), (0.48, 0.3), (0.48, 0.55), fill="#D55E00")
    rows = tuple(_line((0.08 + 0.1 * k, 0.92), (0.55 + 0.05 * k, 0.62)) for k in range(5))
    return (house, Rect(0.25, 0.4, 0.1, 0.15, Paint(fill=INK))) + rows


def _tavern() -> tuple[Item, ...]:
    return (_line(*arc(0.72, 0.52, 0.16, 0.18, -80, 80, 10), width=0.06),
            _shape((0.2, 0.25), (0.72, 0.25), (0.72, 0.85), (0.2, 0.85), fill="#F0E442"),
            Circle(0.3, 0.2, 0.1, Paint(fill="#FFFFFF", stroke=INK, width=0.03)),
            Circle(0.46, 0.17, 0.11, Paint(fill="#FFFFFF", stroke=INK, width=0.03)),
            Circle(0.62, 0.2, 0.1, Paint(fill="#FFFFFF", stroke=INK, width=0.03)))


def _tower() -> tuple[Item, ...]:
    body = [(0.3, 0.95), (0.34, 0.3), (0.26, 0.3), (0.26, 0.12), (0.36, 0.12), (0.36, 0.2), (0.45, 0.2), (0.45, 0.12),
            (0.55, 0.12), (0.55, 0.2), (0.64, 0.2), (0.64, 0.12), (0.74, 0.12), (0.74, 0.3), (0.66, 0.3), (0.7, 0.95)]
    return (_shape(*body, fill="#BDB39A"), Rect(0.45, 0.4, 0.1, 0.16, Paint(fill=INK)))


def _harbor() -> tuple[Item, ...]:
    return (Circle(0.5, 0.15, 0.08, Paint(stroke=INK, width=0.05)), _line((0.5, 0.23), (0.5, 0.88), width=0.07),
            _line((0.3, 0.35), (0.7, 0.35), width=0.06), _line(*arc(0.5, 0.55, 0.33, 0.33, 10, 170, 14), width=0.07),
            _shape((0.83, 0.6), (0.9, 0.45), (0.75, 0.5), fill=INK), _shape((0.17, 0.6), (0.1, 0.45), (0.25, 0.5), fill=INK))


def _paddock() -> tuple[Item, ...]:
    shoe = _line(*arc(0.5, 0.45, 0.3, 0.35, 200, -20, 16), width=0.14, ink="#6E6E6E")
    nails = tuple(Circle(0.5 + 0.3 * math.cos(math.radians(a)), 0.45 + 0.35 * math.sin(math.radians(a)), 0.03,
                         Paint(fill="#FFFFFF")) for a in (175, 140, 105, 75, 40, 5))
    return (shoe,) + nails


def _barn() -> tuple[Item, ...]:
    body = _shape((0.12, 0.9), (0.12, 0.45), (0.25, 0.22), (0.5, 0.1), (0.75, 0.22), (0.88, 0.45), (0.88, 0.9), fill="#B2382B")
    return (body, Rect(0.35, 0.55, 0.3, 0.35, Paint(fill="#FFFFFF", stroke=INK, width=0.035)),
            _line((0.35, 0.55), (0.65, 0.9), width=0.035), _line((0.65, 0.55), (0.35, 0.9), width=0.035))


def _oasis() -> tuple[Item, ...]:
    pool = tuple(arc(0.5, 0.85, 0.4, 0.1, 0, 360, 20))
    trunk = _line((0.5, 0.82), (0.47, 0.55), (0.5, 0.3), width=0.06, ink="#6B4A2B")
    leaves = tuple(_shape((0.5, 0.3), (0.5 + 0.3 * math.cos(math.radians(a)), 0.3 + 0.18 * math.sin(math.radians(a))),
                          (0.5 + 0.18 * math.cos(math.radians(a + 25)), 0.3 + 0.12 * math.sin(math.radians(a + 25))), fill="#1E5E38")
                   for a in (150, 200, 250, 290, 340, 30))
    return (Polygon(pool, Paint(fill="#79BDE8", stroke=INK, width=0.03)), trunk) + leaves


ICONS = {
    Terrain.GRASS: _grass, Terrain.CANYON: _canyon, Terrain.DESERT: _desert, Terrain.FLOWER: _flower,
    Terrain.FOREST: _forest, Terrain.WATER: _water, Terrain.MOUNTAIN: _mountain, Terrain.CASTLE: _castle,
    Terrain.ORACLE: _oracle, Terrain.FARM: _farm, Terrain.TAVERN: _tavern, Terrain.TOWER: _tower,
    Terrain.HARBOR: _harbor, Terrain.PADDOCK: _paddock, Terrain.BARN: _barn, Terrain.OASIS: _oasis,
}


def icon(terrain: Terrain) -> tuple[Item, ...]:
    return ICONS[terrain]()


def pattern(terrain: Terrain) -> tuple[Item, ...]:
    """What a board hex of water or mountain carries over its colour, in a unit box (the hex's
    bounding square): their greys lie close to other terrains', their patterns do not."""
    if terrain is Terrain.WATER:  # dark blue waves
        return tuple(_line(*[(k / 16, y + 0.03 * math.sin(k * math.pi / 2)) for k in range(17)], width=0.012, ink="#2F6FA8")
                     for y in (0.18, 0.34, 0.66, 0.82))
    if terrain is Terrain.MOUNTAIN:  # dark diagonal hatching
        return tuple(_line((x, 1.0), (x + 1.0, 0.0), width=0.014, ink="#4A4A4A") for x in (-0.8, -0.5, -0.2, 0.1, 0.4, 0.7))
    return ()


def bold(items: tuple[Item, ...], factor: float = 1.6) -> tuple[Item, ...]:
    """The same drawing with every line `factor` times as thick: a small symbol that reads."""
    result: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            result.append(replace(item, items=bold(item.items, factor)))
        elif isinstance(item, Text) or not item.paint.stroke:
            result.append(item)
        else:
            result.append(replace(item, paint=replace(item.paint, width=item.paint.width * factor)))
    return tuple(result)


def house(fill: str, mark: str) -> tuple[Item, ...]:
    """A settlement: a house in the player's colour with the player's mark in white."""
    return (_shape((0.15, 0.9), (0.15, 0.42), (0.5, 0.1), (0.85, 0.42), (0.85, 0.9), fill=fill, width=0.05),
            place(symbol(mark), 0.33, 0.47, 0.34))
