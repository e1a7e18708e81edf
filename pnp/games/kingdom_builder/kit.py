"""The Kingdom Builder print-and-play kit: which components, how many, on which sheets."""

from __future__ import annotations

from pnp.draw import Drawing, Item, Paint, Rect, Text, place
from pnp.games.kingdom_builder import art, board_art, components as c, generator
from pnp.games.kingdom_builder.facts import BUILDABLE, LOCATIONS, Terrain
from pnp.games.kingdom_builder.library import DEFAULT_SET
from pnp.games.kingdom_builder.scan_markers import marker_cards
from pnp.render.i18n import Catalog
from pnp.render.imposition import Sheet, alignment_sheet, page_area

GAME_ID = "kingdom-builder"


def cover(width: float, height: float, t: Catalog, counts: list[tuple[int, str]]) -> Drawing:
    """Title, contents, how to print, and the terrain key for checking a grey print."""
    items: list[Item] = [Text(0, 4, width, 18, t("title"), 30, bold=True),
                         Text(0, 22, width, 10, t("kit"), 14),
                         Text(10, 38, width - 20, 8, t("contents.heading"), 13, bold=True, align="left")]
    y = 47.0
    for count, key in counts:
        items.append(Text(14, y, width - 28, 6, t("contents.item", count=count, name=t(key)), 10, align="left"))
        y += 6.5
    y += 6
    items += [Text(10, y, width - 20, 8, t("contents.how_title"), 13, bold=True, align="left"),
              Text(10, y + 9, width - 20, 30, t("contents.how"), 10, align="left", valign="top")]
    y += 44
    for k, terrain in enumerate((*BUILDABLE, Terrain.WATER, Terrain.MOUNTAIN, Terrain.CASTLE)):
        x = 10 + (k % 4) * (width - 20) / 4
        row_y = y + (k // 4) * 24
        items += [Rect(x, row_y, 16, 16, Paint(fill=art.colour(terrain), stroke=art.INK, width=0.3)),
                  place(art.icon(terrain), x + 1.5, row_y + 1.5, 13),
                  Text(x + 18, row_y, (width - 20) / 4 - 20, 16, t(f"terrain.{terrain.value}"), 9, align="left")]
    return Drawing("cover", width, height, tuple(items))


def sheets(t: Catalog, paper: str, duplex: bool, settlements: bool) -> list[Sheet]:
    """All sheets in print order. Double-sided pieces carry their backs."""
    width, height = page_area(paper)
    terrain = c.terrain_cards(t)
    kingdom = c.kingdom_cards(t)
    tile_fronts, tile_backs = c.location_tiles(t)
    tokens = c.tokens(t)
    sections = tuple(board_art.section_drawing(section, t) for section in generator.generate_set(DEFAULT_SET))
    counts = [(len(sections), "contents.sections"), (len(terrain), "contents.terrain_cards"), (len(kingdom), "contents.kingdom_cards"),
              (len(LOCATIONS), "contents.summaries"), (len(tile_fronts), "contents.location_tiles"),
              (4, "contents.gold_markers"), (8, "contents.lap_markers"), (1, "contents.start_player"),
              (1, "contents.gold_track"), (4, "contents.scan_markers")]
    if settlements:
        counts.append((160, "contents.settlements"))
    result = [Sheet(t("contents.heading"), (cover(width, height, t, counts),), cuts="none")]
    if duplex:
        result.append(alignment_sheet(paper, t))
    result += [
        Sheet(t("contents.sections"), sections),
        Sheet(t("contents.terrain_cards"), tuple(terrain), (c.terrain_back(t),) * len(terrain), cuts="shared"),
        Sheet(t("contents.kingdom_cards"), tuple(kingdom), (c.kingdom_back(t),) * len(kingdom), cuts="shared"),
        Sheet(t("contents.summaries"), tuple(c.summary_card(location, t) for location in LOCATIONS), cuts="shared"),
        Sheet(t("contents.location_tiles"), tuple(tile_fronts), tuple(tile_backs)),
        # Markers look the same on both sides, so they can be flipped without giving anything away.
        Sheet(t("contents.tokens"), tuple(tokens), tuple(tokens)),
        Sheet(t("contents.gold_track"), (c.gold_track(width, height, t),), cuts="none"),
        Sheet(t("contents.scan_markers"), marker_cards(t)),
    ]
    if settlements:
        pieces = tuple(c.settlement(p) for p in range(4) for _ in range(40))
        result.append(Sheet(t("contents.settlements"), pieces, pieces))
    return result
