"""Every printable Kingdom Builder component except the board sections, as drawings."""

from __future__ import annotations

import math
from pathlib import Path

from pnp import hexgrid
from pnp.draw import CUT, Circle, Drawing, Item, Paint, Polygon, Rect, Text, place, regular_polygon
from pnp.games.kingdom_builder import art
from pnp.games.kingdom_builder.model import CARDS
from pnp.games.kingdom_builder.facts import BUILDABLE, LOCATIONS, TWO_CASTLE_LOCATIONS, Terrain
from pnp.render import fonts
from pnp.render.art import INK, PARCHMENT, WHITE, crown
from pnp.render.i18n import Catalog
from pnp.render.pieces import (CARD_H, CARD_W, OVER, card_frame as _card_frame, fitting, game_catalog, round_piece as _round,
                               text_card)

# Pieces that go on the board fit their place (board hexes are 18.8 mm across the flats,
# board_art.HEX_WIDTH; gold track cells at least 19.4 mm, on A4):
TILE_RADIUS = 10.15  # location tiles: pointy-top hexes 17.6 mm across the flats, within a board hex
MARKER = 17.0  # gold and +100 markers, within a gold track cell
TOKEN = 24.0  # the start-player tile, which stays beside the board
# A settlement centred on a hex leaves the terrain symbol above it (its lowest point 4.2 mm
# above the hex's middle) in view.
SETTLEMENT = 8.0
PUNCH = 9.525  # mm: what a 3/8-inch circle punch cuts
PUNCH_GUIDE = PUNCH + 2.0  # the guide circle round a token to punch: 1 mm to spare all round
TERRAIN_CARDS_EACH = 5


def catalog(lang: str) -> Catalog:
    """Kingdom Builder's texts plus the print pipeline's, in one language."""
    return game_catalog(Path(__file__).resolve().parent / "text", lang)


def tiles_per_location(location: Terrain) -> int:
    """2 tiles per location hex: 1 hex on oracle and harbor sections, 2 on the others."""
    return 2 if location in TWO_CASTLE_LOCATIONS else 4


def terrain_card(terrain: Terrain, t: Catalog) -> Drawing:
    fill = art.colour(terrain)
    items = _card_frame(fill)
    items += [Rect(5, 5, 53, 12, WHITE, radius=2),
              Text(7, 5.5, 49, 11, t(f"terrain.{terrain.value}"), 15, bold=True, min_size=8),
              Circle(CARD_W / 2, 50, 22, Paint(fill="#FFFFFF", stroke=INK, width=0.4, bulk=True)),
              place(art.icon(terrain), CARD_W / 2 - 17, 33, 34),
              place(art.icon(terrain), 5, 76, 7), place(art.icon(terrain), CARD_W - 12, 76, 7)]
    return Drawing(f"terrain-card-{terrain.value}", CARD_W, CARD_H, tuple(items))


def terrain_back(t: Catalog) -> Drawing:
    items = _card_frame("#2F4B7C")
    for k, terrain in enumerate(BUILDABLE):
        angle = math.radians(-90 + 72 * k)
        x, y = CARD_W / 2 + 17 * math.cos(angle), 44 + 17 * math.sin(angle)
        items += [Circle(x, y, 8, Paint(fill=art.colour(terrain), stroke="#FFFFFF", width=0.4)),
                  place(art.icon(terrain), x - 6, y - 6, 12)]
    items += [Text(4, 6, 55, 12, t("title"), 14, bold=True, colour="#FFFFFF", min_size=7),
              Text(4, 72, 55, 10, t("back.terrain"), 11, colour="#FFFFFF", min_size=6)]
    return Drawing("terrain-card-back", CARD_W, CARD_H, tuple(items))


def kingdom_card(card: str, t: Catalog) -> Drawing:
    items = _card_frame(PARCHMENT)
    items += [Rect(4, 4, 55, 13, Paint(fill="#5B3A1E", stroke=INK, width=0.3), radius=2),
              Text(6, 4.5, 51, 12, t(f"card.{card}.name"), 15, bold=True, colour="#FFFFFF", min_size=8),
              Text(5, 19, 53, 10, t(f"card.{card}.goal"), 9, min_size=6),
              Rect(6, 30, 51, 28, Paint(fill="#FFFFFF", stroke=INK, width=0.25), radius=2),
              *_diagram(card, 6, 30, 51, 28),
              Text(5, 60, 53, 24, t(f"card.{card}.rule"), 9.5, valign="top", min_size=6)]
    return Drawing(f"kingdom-card-{card}", CARD_W, CARD_H, tuple(items))


def kingdom_back(t: Catalog) -> Drawing:
    items = _card_frame("#5B3A1E")
    items += [Rect(7, 7, 49, 74, Paint(stroke="#F0E442", width=0.6), radius=3),
              place(crown(), CARD_W / 2 - 15, 26, 30),
              Text(9, 56, 45, 18, t("back.kingdom"), 13, bold=True, colour="#FFFFFF", min_size=7)]
    return Drawing("kingdom-card-back", CARD_W, CARD_H, tuple(items))


# Small hex pictures on the Kingdom Builder cards: a few hexes of terrain and settlements.
# Each entry: hexes as (row, col, terrain letter), settlement cells, and whether to show sectors.
_G, _W, _M, _K, _L = "G", "W", "M", "K", "L"
_DIAGRAMS: dict[str, tuple[list[tuple[int, int, str]], set[tuple[int, int]], bool]] = {
    "fishermen": ([(0, 1, _G), (0, 2, _G), (1, 0, _G), (1, 1, _W), (1, 2, _W), (1, 3, _G), (2, 1, _G), (2, 2, _G)],
                  {(0, 1), (1, 3), (2, 2)}, False),
    "miners": ([(0, 1, _G), (0, 2, _G), (1, 1, _G), (1, 2, _M), (1, 3, _G), (2, 1, _G), (2, 2, _G)],
               {(0, 2), (1, 1), (2, 2)}, False),
    "merchants": ([(1, 0, _K), (1, 1, _G), (1, 2, _G), (1, 3, _G), (1, 4, _L), (0, 2, _G), (2, 2, _G)],
                  {(1, 1), (1, 2), (1, 3)}, False),
    "workers": ([(0, 1, _G), (0, 2, _G), (1, 1, _G), (1, 2, _L), (1, 3, _G), (2, 1, _G), (2, 2, _G)],
                {(0, 2), (1, 3), (2, 2)}, False),
    "discoverers": ([(r, c, _G) for r in range(3) for c in range(5)], {(0, 1), (1, 3), (2, 0)}, False),
    "knights": ([(r, c, _G) for r in range(3) for c in range(5)], {(1, 0), (1, 1), (1, 3), (1, 4), (0, 2)}, False),
    "hermits": ([(r, c, _G) for r in range(3) for c in range(5)], {(0, 0), (2, 2), (0, 4)}, False),
    "lords": ([(r, c, _G) for r in range(4) for c in range(6)], {(0, 0), (0, 1), (1, 1), (0, 4), (3, 1), (2, 4)}, True),
    "citizens": ([(r, c, _G) for r in range(3) for c in range(5)], {(0, 1), (0, 2), (1, 1), (1, 2), (2, 1), (1, 3)}, False),
    "farmers": ([(r, c, _G) for r in range(4) for c in range(6)], {(0, 1), (1, 4), (3, 0), (2, 5)}, True),
}
_BY_LETTER = {_G: Terrain.GRASS, _W: Terrain.WATER, _M: Terrain.MOUNTAIN, _K: Terrain.CASTLE, _L: Terrain.TAVERN}


def _diagram(card: str, x: float, y: float, w: float, h: float) -> list[Item]:
    hexes, houses, sectors = _DIAGRAMS[card]
    rows = max(r for r, _, _ in hexes) + 1
    cols = max(c for _, c, _ in hexes) + 1
    width, height = hexgrid.map_extent(rows, cols, 1.0)
    size = min((w - 4) / width, (h - 4) / height)
    left = x + (w - width * size) / 2
    top = y + (h - height * size) / 2
    items: list[Item] = []
    for row, col, letter in hexes:
        terrain = _BY_LETTER[letter]
        points = tuple((left + px, top + py) for px, py in hexgrid.corners((row, col), size))
        items.append(Polygon(points, Paint(fill=art.colour(terrain), stroke=INK, width=0.2)))
        cx, cy = hexgrid.centre((row, col), size)
        if terrain is not Terrain.GRASS:
            items.append(place(art.icon(terrain), left + cx - size * 0.7, top + cy - size * 0.7, size * 1.4))
        if (row, col) in houses:
            items.append(place(art.house(*art.PLAYERS[0][1:]), left + cx - size * 0.7, top + cy - size * 0.75, size * 1.4))
    if sectors:
        mid_x = left + hexgrid.hex_width(size) * (cols / 2 + 0.25)
        # Halfway between the centres of the two middle rows.
        mid_y = top + (hexgrid.centre((rows // 2 - 1, 0), size)[1] + hexgrid.centre((rows // 2, 0), size)[1]) / 2
        thick = Paint(stroke="#D55E00", width=0.8)
        items += [Polygon(((mid_x, top), (mid_x, top + height * size)), thick, closed=False),
                  Polygon(((left, mid_y), (left + width * size, mid_y)), thick, closed=False)]
    return items


MOVES = (Terrain.BARN, Terrain.HARBOR, Terrain.PADDOCK)  # the locations whose action moves a settlement
SUMMARY_ICON = 16.0  # mm
SUMMARY_FOOTER = 76.0  # where the summary's footer (once per turn) starts, or higher where it needs more room
SUMMARY_BOTTOM = 84.0  # where the footer ends


def summary_card(location: Terrain, t: Catalog) -> Drawing:
    """The location summary: what the tile does, in full; the rules below its action at one
    size, the largest from 8 pt down that fits above the footer."""
    name = location.value
    if location is Terrain.PADDOCK:  # the one move that ignores building rule 3
        detail = [t("action_detail.paddock")]
    else:
        detail = [t("action_detail.move" if location in MOVES else "action_detail.build")]
        if name in ("harbor", "tower"):
            detail.append(t(f"action_detail.{name}"))
    if location in MOVES:  # seed 001: a move that leaves a location without your settlements loses its tile
        detail.append(t("action_detail.lost"))
    text = " ".join(detail)
    action = fonts.paragraph(5, 21 + SUMMARY_ICON, 53, t(f"action.{name}"), 10, bold=True, align="center")
    top = action.y + action.h + 1.2

    def rules(size: float) -> Text:
        return fonts.paragraph(5, top, 53, text, size, align="center")

    once = t("action_detail.once")
    footer = min(SUMMARY_FOOTER, SUMMARY_BOTTOM - fonts.paragraph(5, 0, 53, once, 6).h)
    size = fitting(f"location-summary-{name}", 8, footer - 0.5 - top, lambda size: rules(size).h)
    items = _card_frame(PARCHMENT)
    items += [Rect(4, 4, 55, 13, Paint(fill=art.LOCATION_COLOUR, stroke=INK, width=0.3, bulk=True), radius=2),
              Text(6, 4.5, 51, 12, t(f"location.{name}"), 15, bold=True, min_size=8),
              place(art.icon(location), (CARD_W - SUMMARY_ICON) / 2, 19.5, SUMMARY_ICON), action,
              rules(size),
              Text(5, footer, 53, SUMMARY_BOTTOM - footer, once, 6, valign="bottom", min_size=6)]
    return Drawing(f"location-summary-{name}", CARD_W, CARD_H, tuple(items))


def turn_card(t: Catalog) -> Drawing:
    """The turn: the mandatory action, a terrain with no free hex, taking and losing tiles (when
    to use a tile, each summary says)."""
    return text_card("turn-summary", t("turn.title"), [t(f"turn.{key}") for key in ("play", "none", "tiles", "keep", "end")], 8,
                     PARCHMENT)


def _hex_tile(name: str, items: list[Item]) -> Drawing:
    radius = TILE_RADIUS
    w, h = math.sqrt(3) * radius, 2 * radius
    outline = Polygon(regular_polygon(w / 2, h / 2, radius, 6), CUT)
    return Drawing(name, w, h, tuple(items), cut=outline)


def location_tile(location: Terrain, t: Catalog) -> Drawing:
    """Picture side: the icon and name of the location hex it is laid on."""
    w, h = math.sqrt(3) * TILE_RADIUS, 2 * TILE_RADIUS
    items: list[Item] = [Polygon(regular_polygon(w / 2, h / 2, TILE_RADIUS + OVER, 6), Paint(fill=art.LOCATION_COLOUR, bulk=True)),
                         place(art.icon(location), w / 2 - 4.5, 2.4, 9),
                         Text(1.5, 11.6, w - 3, 3.4, t(f"location.{location.value}"), 7, bold=True, min_size=6)]
    return _hex_tile(f"location-tile-{location.value}", items)


def location_tile_action(location: Terrain, t: Catalog) -> Drawing:
    """Action side, printed behind the picture side: the icon over what the tile lets you do
    (a settlement built, or one moved); its location summary card says it in words."""
    w, h = math.sqrt(3) * TILE_RADIUS, 2 * TILE_RADIUS
    house = place(art.house(*art.PLAYERS[0][1:]), w / 2 - 1.5, 10.2, 6)
    if location in (Terrain.BARN, Terrain.HARBOR, Terrain.PADDOCK):
        sign: list[Item] = [Polygon(((w / 2 - 6.5, 14.2), (w / 2 - 2.2, 14.2)), Paint(stroke=INK, width=0.5), closed=False),
                            Polygon(((w / 2 - 3.2, 13.0), (w / 2 - 1.6, 14.2), (w / 2 - 3.2, 15.4)), Paint(fill=INK))]
    else:
        sign = [Rect(w / 2 - 6.3, 13.7, 4, 1, Paint(fill=INK)), Rect(w / 2 - 4.8, 12.2, 1, 4, Paint(fill=INK))]
    items: list[Item] = [Polygon(regular_polygon(w / 2, h / 2, TILE_RADIUS + OVER, 6), Paint(fill="#FBE9C4", bulk=True)),
                         place(art.icon(location), w / 2 - 3.5, 2.2, 7), house, *sign]
    return _hex_tile(f"location-tile-{location.value}-action", items)


def gold_marker(player: int) -> Drawing:
    colour_name, fill, mark = art.PLAYERS[player]
    return _round(f"gold-marker-{colour_name}", MARKER, [place(art.house(fill, mark), 2.5, 2.2, 12)], "#F3E58E")


def lap_marker(player: int, t: Catalog) -> Drawing:
    colour_name, fill, mark = art.PLAYERS[player]
    return _round(f"lap-marker-{colour_name}", MARKER, [
        place(art.house(fill, mark), 5.5, 1.2, 6),
        Text(1.8, 7.4, MARKER - 3.6, 5.5, t("piece.lap"), 10, bold=True, min_size=6)], "#F3E58E")


def start_player(t: Catalog) -> Drawing:
    return _round("start-player", TOKEN, [
        place(crown(), 5, 1.5, 14),
        Text(3, 14, TOKEN - 6, 6, t("piece.start_player"), 7, bold=True, min_size=6)], "#79BDE8")


def settlement(player: int, punch: bool = False) -> Drawing:
    """A settlement token: 8 mm to cut out, or for a 3/8-inch circle punch a 9.525 mm token inside
    a guide circle 1 mm larger all round (its cut line), to centre the punch in."""
    colour_name, fill, mark = art.PLAYERS[player]
    if not punch:
        return _round(f"settlement-{colour_name}", SETTLEMENT, [place(art.house(fill, mark), 1.1, 0.9, 5.8)], "#FFFFFF")
    k, ring = PUNCH / SETTLEMENT, (PUNCH_GUIDE - PUNCH) / 2
    return _round(f"settlement-{colour_name}-punch", PUNCH_GUIDE,
                  [place(art.house(fill, mark), ring + 1.1 * k, ring + 0.9 * k, 5.8 * k)], "#FFFFFF")


def gold_track(width: float, height: float, t: Catalog) -> Drawing:
    """0-99 in a 10 x 10 grid, read row by row in the reading direction; laps are counted with
    the +100 markers."""
    cell = min((width - 4) / 10, (height - 40) / 10)
    left = (width - 10 * cell) / 2
    top = 16.0
    items: list[Item] = [Text(0, 0, width, 12, f"{t('title')}{t.separator}{t('piece.gold_track')}", 18, bold=True)]
    for n in range(100):
        row, col = divmod(n, 10)
        x, y = t.from_start(left + col * cell, cell, width), top + row * cell
        fill = "#F3E58E" if n % 10 == 0 else "#FFFFFF"
        items += [Rect(x, y, cell, cell, Paint(fill=fill, stroke=INK, width=0.3)),
                  Text(x + 1, y + 1, cell - 2, cell - 2, t.number(n), 14, bold=n % 10 == 0)]
    items.append(Text(left, top + 10 * cell + 3, 10 * cell, height - top - 10 * cell - 3, f"{t('piece.gold_track_how')}\n{t('piece.castles')}", 10, valign="top"))
    return Drawing("gold-track", width, height, tuple(items))


def terrain_cards(t: Catalog) -> list[Drawing]:
    return [terrain_card(terrain, t) for terrain in BUILDABLE for _ in range(TERRAIN_CARDS_EACH)]


def kingdom_cards(t: Catalog) -> list[Drawing]:
    return [kingdom_card(card, t) for card in CARDS]


def location_tiles(t: Catalog) -> tuple[list[Drawing], list[Drawing]]:
    fronts, backs = [], []
    for location in LOCATIONS:
        for _ in range(tiles_per_location(location)):
            fronts.append(location_tile(location, t))
            backs.append(location_tile_action(location, t))
    return fronts, backs


def tokens(t: Catalog) -> list[Drawing]:
    """Start player, a gold marker and two +100 markers per colour."""
    return ([start_player(t)] + [gold_marker(p) for p in range(4)]
            + [lap_marker(p, t) for p in range(4) for _ in range(2)])
