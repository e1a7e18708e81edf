"""Carolus Magnus components as drawings.

Territory segments come in 3 shapes of our own: a square, a "house" (a square under an
equilateral roof) and a half hexagon. All their edges are EDGE long except the half
hexagon's base (2 x EDGE), so any two segments can be laid edge to edge in the circle and
merged territories fit together.
"""

from __future__ import annotations

import math
from pathlib import Path

from pnp.draw import CUT, Circle, Drawing, Item, Paint, Point, Polygon, Rect, Text, place
from pnp.games.carolus_magnus.facts import CLANS, SEGMENTS, SIDES
from pnp.render.i18n import Catalog
from pnp.render.pieces import CARD_H, CARD_W, OVER, card_frame, game_catalog, round_piece

EDGE = 42.0
LAND = "#E8DDB5"
INK = "#222222"
DISC, MARKER, CASTLE, EMPEROR, PALADIN = 22.0, 22.0, 16.0, 28.0, 11.0
FACE = 20.0  # dice faces


def catalog(lang: str) -> Catalog:
    return game_catalog(Path(__file__).resolve().parent / "text", lang)


def _roof(edge: float) -> float:
    return edge * math.sqrt(3) / 2


SHAPES: dict[str, tuple[Point, ...]] = {
    "square": ((0, 0), (EDGE, 0), (EDGE, EDGE), (0, EDGE)),
    "house": ((EDGE / 2, 0), (EDGE, _roof(EDGE)), (EDGE, _roof(EDGE) + EDGE), (0, _roof(EDGE) + EDGE), (0, _roof(EDGE))),
    "half-hexagon": ((EDGE / 2, 0), (1.5 * EDGE, 0), (2 * EDGE, _roof(EDGE)), (0, _roof(EDGE))),
}
SHAPE_OF = {n: ("square", "house", "half-hexagon")[(n - 1) // 5] for n in range(1, SEGMENTS + 1)}


def symbol(name: str, fill: str) -> tuple[Item, ...]:
    """Each colour's own mark, in a unit box."""
    paint = Paint(fill=fill, stroke=INK, width=0.06)
    star = tuple(p for k in range(5) for p in (
        (0.5 + 0.45 * math.cos(math.radians(-90 + 72 * k)), 0.55 + 0.45 * math.sin(math.radians(-90 + 72 * k))),
        (0.5 + 0.19 * math.cos(math.radians(-54 + 72 * k)), 0.55 + 0.19 * math.sin(math.radians(-54 + 72 * k)))))
    shapes = {
        "circle": Circle(0.5, 0.5, 0.38, paint),
        "triangle": Polygon(((0.5, 0.1), (0.9, 0.85), (0.1, 0.85)), paint),
        "square": Rect(0.15, 0.15, 0.7, 0.7, paint),
        "diamond": Polygon(((0.5, 0.05), (0.92, 0.5), (0.5, 0.95), (0.08, 0.5)), paint),
        "star": Polygon(star, paint),
    }
    return (shapes[name],)


def castle_icon(fill: str) -> tuple[Item, ...]:
    outline = ((0.15, 0.9), (0.15, 0.3), (0.27, 0.3), (0.27, 0.42), (0.39, 0.42), (0.39, 0.3), (0.61, 0.3), (0.61, 0.42),
               (0.73, 0.42), (0.73, 0.3), (0.85, 0.3), (0.85, 0.9))
    return (Polygon(outline, Paint(fill=fill, stroke=INK, width=0.05)),
            Rect(0.42, 0.62, 0.16, 0.28, Paint(fill=INK if fill != INK else "#FFFFFF")))


def _crown() -> tuple[Item, ...]:
    return (Polygon(((0.12, 0.78), (0.1, 0.3), (0.32, 0.52), (0.5, 0.2), (0.68, 0.52), (0.9, 0.3), (0.88, 0.78)),
                    Paint(fill="#F0E442", stroke=INK, width=0.05)),
            Circle(0.5, 0.62, 0.06, Paint(fill="#D55E00", stroke=INK, width=0.03)))


def segment(number: int, t: Catalog) -> Drawing:
    points = SHAPES[SHAPE_OF[number]]
    width = max(x for x, _ in points)
    height = max(y for _, y in points)
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    scale = 1 + 2 * OVER / EDGE
    background = tuple((cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in points)
    items: list[Item] = [Polygon(background, Paint(fill=LAND, bulk=True)),
                         Circle(cx, cy, 7, Paint(fill="#FFFFFF", stroke=INK, width=0.3)),
                         Text(cx - 6, cy - 4.5, 12, 9, t.number(number), 15, bold=True, min_size=8),
                         Text(cx - 15, cy + 7.5, 30, 4, t("piece.segment"), 6, min_size=4)]
    return Drawing(f"segment-{number:02d}", width, height, tuple(items), cut=Polygon(points, CUT))


def court(t: Catalog) -> Drawing:
    """A court: a castle, then per clan its colour, symbol and a row of cube spaces with a gap
    after every 5th (to count at a glance), all in the reading direction."""
    width, height, box, gap = 186.0, 72.0, 6.6, 2.6

    def x(left: float, w: float) -> float:
        return t.from_start(left, w, width)

    items: list[Item] = [Rect(-OVER, -OVER, width + 2 * OVER, height + 2 * OVER, Paint(fill="#DCCFA3", bulk=True)),
                         place(castle_icon("#BDB39A"), x(3, 16), 3, 16),
                         Text(x(21, 80), 4, 80, 12, t("piece.court"), 16, bold=True, align="left")]
    for row, (name, fill, mark) in enumerate(CLANS):
        y = 20 + row * 10.2
        items += [Rect(x(3, 30), y, 30, 9, Paint(fill=fill, stroke=INK, width=0.3), radius=1.5),
                  place(symbol(mark, "#FFFFFF"), x(4, 7), y + 1, 7),
                  Text(x(11.5, 21), y, 21, 9, t(f"clan.{name}"), 8, bold=True, align="left", min_size=5,
                       colour="#000000" if name in ("yellow", "pink") else "#FFFFFF")]
        for k in range(20):
            items.append(Rect(x(36 + k * (box + 0.4) + (k // 5) * gap, box), y + 1.2, box, box,
                              Paint(fill="#FFFFFF", stroke=fill, width=0.35)))
    return Drawing("court", width, height, tuple(items))


def disc(side: int, value: int, t: Catalog) -> Drawing:
    name, fill, mark = SIDES[side]
    ink = "#FFFFFF" if name == "black" else INK
    return round_piece(f"disc-{name}-{value}", DISC, [
        Circle(DISC / 2, DISC / 2, DISC / 2 - 1.2, Paint(stroke=ink, width=0.4)),
        Text(4, 3, DISC - 8, 13, t.number(value), 24, bold=True, colour=ink, min_size=12),
        place(symbol(mark, fill), DISC / 2 - 2.5, 15.5, 5)], fill)


def clan_marker(clan: int, t: Catalog) -> Drawing:
    name, fill, mark = CLANS[clan]
    return round_piece(f"clan-marker-{name}", MARKER, [
        place(symbol(mark, "#FFFFFF"), 5, 2.5, 12),
        Text(2, 15, MARKER - 4, 4.5, t(f"clan.{name}"), 7, bold=True, min_size=4.5,
             colour="#000000" if name in ("yellow", "pink") else "#FFFFFF")], fill)


def castle(side: int) -> Drawing:
    name, fill, mark = SIDES[side]
    return round_piece(f"castle-{name}", CASTLE, [
        place(castle_icon(fill), 2.5, 1.5, 11), place(symbol(mark, fill), CASTLE / 2 - 1.8, 11.5, 3.6)], "#BDB39A")


def emperor(t: Catalog) -> Drawing:
    return round_piece("emperor", EMPEROR, [
        place(_crown(), 6, 2, 16), Text(3, 18, EMPEROR - 6, 5, t("piece.emperor"), 8, bold=True, min_size=5)], "#F3D98B")


def paladin(clan: int) -> Drawing:
    name, fill, mark = CLANS[clan]
    return Drawing(f"paladin-{name}", PALADIN, PALADIN, (
        Rect(-OVER, -OVER, PALADIN + 2 * OVER, PALADIN + 2 * OVER, Paint(fill=fill, bulk=True)),
        place(symbol(mark, "#FFFFFF"), 2, 2, PALADIN - 4)), cut=Rect(0, 0, PALADIN, PALADIN, CUT))


def die_net(t: Catalog) -> Drawing:
    """A cube to fold: a column of 4 faces with one face either side of the second, and glue
    tabs. Faces: the 5 clans and a crown (any colour)."""
    f, tab = FACE, 6.0
    # Face positions (column, row) in the cross; tabs on the edges that glue to another face.
    faces = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3)]
    items: list[Item] = []
    outline_cells = set(faces)
    for k, (col, row) in enumerate(faces):
        x, y = col * f + tab, row * f + tab
        if k < 5:
            name, fill, mark = CLANS[k]
            items += [Rect(x, y, f, f, Paint(fill=fill, stroke=INK, width=0.2)), place(symbol(mark, "#FFFFFF"), x + 3, y + 3, f - 6)]
        else:
            items += [Rect(x, y, f, f, Paint(fill="#FFFFFF", stroke=INK, width=0.2)), place(_crown(), x + 2, y + 1, f - 4),
                      Text(x + 1, y + f - 5, f - 2, 4.5, t("piece.crown"), 5, min_size=3.5)]
    tabs = [((0, 1), "up"), ((0, 1), "down"), ((2, 1), "up"), ((2, 1), "down"), ((1, 3), "left"), ((1, 3), "right"), ((1, 3), "down")]
    polygons = []
    for (col, row), side in tabs:
        x, y = col * f + tab, row * f + tab
        shape = {"up": ((x, y), (x + 3, y - tab), (x + f - 3, y - tab), (x + f, y)),
                 "down": ((x, y + f), (x + f, y + f), (x + f - 3, y + f + tab), (x + 3, y + f + tab)),
                 "left": ((x, y), (x, y + f), (x - tab, y + f - 3), (x - tab, y + 3)),
                 "right": ((x + f, y), (x + f + tab, y + 3), (x + f + tab, y + f - 3), (x + f, y + f))}[side]
        polygons.append(Polygon(shape, Paint(fill="#EEEEEE", stroke="#888888", width=0.2, dash=(1.0, 0.8))))
    fold = Paint(stroke="#555555", width=0.25, dash=(1.5, 1.0))
    for col, row in faces:  # a fold wherever two faces meet
        x, y = col * f + tab, row * f + tab
        if (col + 1, row) in outline_cells:
            polygons.append(Polygon(((x + f, y), (x + f, y + f)), fold, closed=False))
        if (col, row + 1) in outline_cells:
            polygons.append(Polygon(((x, y + f), (x + f, y + f)), fold, closed=False))
    width, height = 3 * f + 2 * tab, 4 * f + 2 * tab
    cut = Polygon(_net_outline(f, tab), CUT)
    return Drawing("die", width, height, tuple(polygons + items), cut=cut)


def _net_outline(f: float, tab: float) -> tuple[Point, ...]:
    """The die net's cut line, tabs included, clockwise from the top face's top-left corner."""
    o = tab
    return (
        (o + f, o), (o + 2 * f, o), (o + 2 * f, o + f),
        (o + 2 * f + 3, o + f - tab), (o + 3 * f - 3, o + f - tab), (o + 3 * f, o + f),
        (o + 3 * f, o + 2 * f), (o + 3 * f - 3, o + 2 * f + tab), (o + 2 * f + 3, o + 2 * f + tab), (o + 2 * f, o + 2 * f),
        (o + 2 * f, o + 3 * f), (o + 2 * f + tab, o + 3 * f + 3), (o + 2 * f + tab, o + 4 * f - 3), (o + 2 * f, o + 4 * f),
        (o + 2 * f - 3, o + 4 * f + tab), (o + f + 3, o + 4 * f + tab), (o + f, o + 4 * f),
        (o + f - tab, o + 4 * f - 3), (o + f - tab, o + 3 * f + 3), (o + f, o + 3 * f),
        (o + f, o + 2 * f), (o + f - 3, o + 2 * f + tab), (o + 3, o + 2 * f + tab), (o, o + 2 * f),
        (o, o + f), (o + 3, o + f - tab), (o + f - 3, o + f - tab), (o + f, o + f),
    )


def turn_card(t: Catalog) -> Drawing:
    items = card_frame("#F1E7CF")
    items += [Text(4, 3, 55, 9, t("turn.title"), 13, bold=True, min_size=7)]
    y = 13.0
    for key, h in (("turn.discs", 17), ("turn.play", 17), ("turn.move", 20), ("turn.roll", 16)):
        items.append(Text(5, y, 53, h, t(key), 7.5, align="left", valign="top", min_size=5))
        y += h + 1
    return Drawing("turn-summary", CARD_W, CARD_H, tuple(items))


def aid_card(t: Catalog) -> Drawing:
    items = card_frame("#F1E7CF")
    items += [Text(4, 3, 55, 9, t("aid.title"), 13, bold=True, min_size=7)]
    y = 13.0
    for key, h in (("aid.control", 13), ("aid.majority", 19), ("aid.stop", 17), ("aid.merge", 10), ("aid.end", 12)):
        items.append(Text(5, y, 53, h, t(key), 7, align="left", valign="top", min_size=5))
        y += h + 1
    return Drawing("majority-aid", CARD_W, CARD_H, tuple(items))
