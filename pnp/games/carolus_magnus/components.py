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
from pnp.render.art import INK, PAPER, PARCHMENT, crown, ink_on, symbol, tint
from pnp.render.i18n import Catalog
from pnp.render.pieces import OVER, edge_bleed, framed, game_catalog, round_piece, text_card

EDGE = 42.0
LAND = "#E8DDB5"
DISC, MARKER, CASTLE, EMPEROR = 22.0, 22.0, 16.0, 28.0
PALADIN = 10.0  # paladin tokens: a court's spaces hold them as well as 8 mm cubes
SPACE, PITCH = 10.6, 11.2  # a court's cube spaces and their spacing
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


def castle_icon(fill: str, line: str = INK) -> tuple[Item, ...]:
    outline = ((0.15, 0.9), (0.15, 0.3), (0.27, 0.3), (0.27, 0.42), (0.39, 0.42), (0.39, 0.3), (0.61, 0.3), (0.61, 0.42),
               (0.73, 0.42), (0.73, 0.3), (0.85, 0.3), (0.85, 0.9))
    return (Polygon(outline, Paint(fill=fill, stroke=line, width=0.05)),
            Rect(0.42, 0.62, 0.16, 0.28, Paint(fill=line)))


def segment(number: int, t: Catalog) -> Drawing:
    points = SHAPES[SHAPE_OF[number]]
    width = max(x for x, _ in points)
    height = max(y for _, y in points)
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    scale = 1 + 2 * OVER / EDGE
    background = tuple((cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in points)
    items: list[Item] = [Polygon(background, Paint(fill=LAND, bulk=True)),
                         Circle(cx, cy, 7, Paint(fill=PAPER, stroke=INK, width=0.3)),
                         Text(cx - 6, cy - 4.5, 12, 9, t.number(number), 15, bold=True, min_size=8),
                         Text(cx - 15, cy + 7.5, 30, 4, t("piece.segment"), 7)]
    return Drawing(f"segment-{number:02d}", width, height, tuple(items), cut=Polygon(points, CUT))


def court(t: Catalog) -> Drawing:
    """A court: a castle, then per clan its colour, symbol and name and 10 cube spaces with a gap
    after the 5th (to count at a glance), all in the reading direction; more cubes go on beyond
    the court's edge."""
    width, height, gap = 170.0, 60.0, 2.4
    top = (height - 5 * PITCH) / 2

    def x(left: float, w: float) -> float:
        return t.from_start(left, w, width)

    items: list[Item] = [framed(width, height, "#DCCFA3"),
                         place(castle_icon("#BDB39A"), x(2, 17), 12, 17),
                         Text(x(1, 19), 30, 19, 7, t("piece.court"), 9, bold=True)]
    for row, (name, fill, mark) in enumerate(CLANS):
        y = top + row * PITCH
        items += [Rect(x(21, 29), y + 0.3, 29, PITCH - 0.6, Paint(fill=fill, stroke=INK, width=0.3), radius=1.5),
                  place(symbol(mark), x(22, PITCH - 3.2), y + 1.6, PITCH - 3.2),
                  # The name 1.5 mm clear of the symbol, whose points reach the edge of its box.
                  Text(x(31.5, 18), y, 18, PITCH, t(f"clan.{name}"), 8, bold=True, align="left", colour=ink_on(fill))]
        for k in range(10):
            items.append(Rect(x(53 + k * PITCH + (k // 5) * gap, SPACE), y + (PITCH - SPACE) / 2, SPACE, SPACE,
                              Paint(fill=tint(fill, 3), stroke=INK, width=0.2)))
    return Drawing("court", width, height, tuple(items))


def disc(side: int, value: int, t: Catalog) -> Drawing:
    """A disc in its side's colour. A black disc stays black under the ink saver: white against
    black is what tells the two sides' discs apart at arm's length (as on the cover's key)."""
    name, fill, mark = SIDES[side]
    ink = ink_on(fill)
    return round_piece(f"disc-{name}-{value}", DISC, [
        Circle(DISC / 2, DISC / 2, DISC / 2 - 1.2, Paint(stroke=ink, width=0.4)),
        Text(4, 3, DISC - 8, 12, t.number(value), 24, bold=True, colour=ink, min_size=12),
        place(symbol(mark, ink), DISC / 2 - 2.75, 14.8, 5.5)], fill, saved=ink == INK)


def clan_marker(clan: int, t: Catalog) -> Drawing:
    name, fill, mark = CLANS[clan]
    return round_piece(f"clan-marker-{name}", MARKER, [
        place(symbol(mark), 5.5, 2.5, 11),
        Text(3, 14, MARKER - 6, 4.5, t(f"clan.{name}"), 7.5, bold=True, colour=ink_on(fill))], fill)


def castle(side: int) -> Drawing:
    """A castle token in its side's colour, with the side's mark."""
    name, fill, mark = SIDES[side]
    ink = ink_on(fill)
    return round_piece(f"castle-{name}", CASTLE, [
        place(castle_icon(fill, ink), 2.5, 0.8, 11), place(symbol(mark, ink), CASTLE / 2 - 2, 11.3, 4)], fill)


def emperor(t: Catalog) -> Drawing:
    return round_piece("emperor", EMPEROR, [
        place(crown(), 6, 2, 16), Text(3, 18, EMPEROR - 6, 5, t("piece.emperor"), 8, bold=True)], "#F3D98B")


def paladin(clan: int) -> Drawing:
    """A paladin token for players without cubes; they abut and share their cut lines."""
    name, fill, mark = CLANS[clan]
    return Drawing(f"paladin-{name}", PALADIN, PALADIN, (
        framed(PALADIN, PALADIN, fill),
        place(symbol(mark), 1.5, 1.5, PALADIN - 3)))


def die_net(t: Catalog) -> Drawing:
    """A cube to fold: a column of 4 faces with one face either side of the second, and glue
    tabs. Faces: the 5 clans and a crown (any colour). Only the outline is cut; every line
    inside it is a fold, dashed, drawn over the faces. Beyond the cut, each face's or tab's
    colour runs on into the bleed."""
    f, tab = FACE, 6.0
    # Face positions (column, row) in the cross; tabs on the edges that glue to another face.
    faces = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3)]
    items: list[Item] = []
    for k, (col, row) in enumerate(faces):
        x, y = col * f + tab, row * f + tab
        if k < 5:
            name, fill, mark = CLANS[k]
            items += [Rect(x, y, f, f, Paint(fill=fill, bulk=True)), place(symbol(mark), x + 3, y + 3, f - 6)]
        else:
            items += [place(crown(), x + 3, y + 0.5, f - 6),
                      Text(x + 1, y + f - 6, f - 2, 5.5, t("piece.crown"), 6.5)]
    tabs = [((0, 1), "up"), ((0, 1), "down"), ((2, 1), "up"), ((2, 1), "down"), ((1, 3), "left"), ((1, 3), "right"), ((1, 3), "down")]
    fold = Paint(stroke=INK, width=0.3, dash=(1.5, 1.0))
    folds: list[Item] = []
    for (col, row), side in tabs:
        x, y = col * f + tab, row * f + tab
        shape, edge = {"up": (((x, y), (x + 3, y - tab), (x + f - 3, y - tab), (x + f, y)), ((x, y), (x + f, y))),
                       "down": (((x, y + f), (x + f, y + f), (x + f - 3, y + f + tab), (x + 3, y + f + tab)), ((x, y + f), (x + f, y + f))),
                       "left": (((x, y), (x, y + f), (x - tab, y + f - 3), (x - tab, y + 3)), ((x, y), (x, y + f))),
                       "right": (((x + f, y), (x + f + tab, y + 3), (x + f + tab, y + f - 3), (x + f, y + f)), ((x + f, y), (x + f, y + f)))}[side]
        items.insert(0, Polygon(shape, Paint(fill="#CCCCCC")))
        folds.append(Polygon(edge, fold, closed=False))
    for col, row in faces:  # a fold wherever two faces meet
        x, y = col * f + tab, row * f + tab
        if (col + 1, row) in faces:
            folds.append(Polygon(((x + f, y), (x + f, y + f)), fold, closed=False))
        if (col, row + 1) in faces:
            folds.append(Polygon(((x, y + f), (x + f, y + f)), fold, closed=False))
    width, height = 3 * f + 2 * tab, 4 * f + 2 * tab
    cut = Polygon(_net_outline(f, tab), CUT)
    return Drawing("die", width, height, tuple(edge_bleed(cut, tuple(items)) + items + folds), cut=cut)


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


def _aid(name: str, group: str, keys: tuple[str, ...], t: Catalog) -> Drawing:
    """A player aid: the catalog's `group.title` over its paragraphs `group.KEY`."""
    return text_card(name, t(f"{group}.title"), [t(f"{group}.{key}") for key in keys], 8.5, PARCHMENT)


def round_card(t: Catalog) -> Drawing:
    """A round: the discs that set the turn order and the Emperor's reach."""
    return _aid("round-summary", "round", ("discs", "same", "order", "start", "back"), t)


def turn_card(t: Catalog) -> Drawing:
    """A player's turn: printed behind the round."""
    return _aid("turn-summary", "turn", ("play", "move", "roll", "out"), t)


def aid_card(t: Catalog) -> Drawing:
    """The majorities."""
    return _aid("majority-aid", "aid", ("control", "majority", "stop", "merge", "end"), t)


def setup_card(t: Catalog) -> Drawing:
    """The set-up: printed behind the majorities."""
    return _aid("set-up", "setup_card", ("circle", "paladins", "player", "reserve"), t)
