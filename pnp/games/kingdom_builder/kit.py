"""The Kingdom Builder print-and-play kit: which components, how many, on which sheets."""

from __future__ import annotations

from pnp.draw import Drawing, Item, Paint, Rect, place
from pnp.errors import OptionError
from pnp.games.kingdom_builder import art, board_art, components as c, generator
from pnp.games.kingdom_builder.facts import BUILDABLE, LOCATIONS, Terrain
from pnp.games.kingdom_builder.library import DEFAULT_SET
from pnp.games.kingdom_builder.scan_layout import CORNER_LABELS
from pnp.games.kingdom_builder.section import SIZE
from pnp.render.art import INK
from pnp.render.cover import Cover
from pnp.render.i18n import Catalog
from pnp.render.imposition import Sheet, cover_sheet, page_area
from pnp.scan.markers import marker_cards

GAME_ID = "kingdom-builder"
SETTLEMENTS = 40  # per colour


def _terrain_key(t: Catalog) -> tuple[tuple[tuple[Item, ...], str], ...]:
    """Each terrain's colour and symbol, for checking a grey print."""
    return tuple(((Rect(0, 0, 1, 1, Paint(fill=art.colour(terrain), stroke=INK, width=0.02)), place(art.icon(terrain), 0.1, 0.1, 0.8)),
                  t(f"terrain.{terrain.value}")) for terrain in (*BUILDABLE, Terrain.WATER, Terrain.MOUNTAIN, Terrain.CASTLE))


def board_spots(section: Drawing) -> tuple[tuple[float, float], ...]:
    """Where the first four sections lie in the board they make up, top-left, top-right,
    bottom-left, bottom-right (their centres, mm): a section's odd rows are indented half a hex, so
    its right-hand neighbour starts 10 hexes on and the one below 15 hex radii down."""
    step_x, step_y = SIZE * board_art.HEX_WIDTH, 1.5 * SIZE * board_art.HEX_RADIUS
    return tuple((col * step_x + section.width / 2, row * step_y + section.height / 2) for row in range(2) for col in range(2))


def sheets(t: Catalog, paper: str, settlements: bool, tokens: str = "cut") -> list[Sheet]:
    """All sheets. Double-sided pieces carry their backs. `tokens`: the settlement tokens to cut
    out, or to punch with a 3/8-inch circle punch."""
    punch = tokens == "punch"
    if punch and not settlements:
        raise OptionError(["--tokens punch lays out the settlement tokens for a punch; it goes with --settlements"])
    width, height = page_area(paper)
    terrain = c.terrain_cards(t)
    kingdom = c.kingdom_cards(t)
    tile_fronts, tile_backs = c.location_tiles(t)
    markers_and_tiles = c.tokens(t)
    sections = tuple(board_art.section_drawing(section, t) for section in generator.generate_set(DEFAULT_SET))
    summaries = tuple(c.summary_card(location, t) for location in LOCATIONS)
    houses = tuple(c.settlement(p, punch) for p in range(len(art.PLAYERS))
                   for _ in range(SETTLEMENTS)) if settlements else ()
    markers = marker_cards(t, CORNER_LABELS)
    sections_title = t("contents.sections")
    contents = [(len(sections), sections_title),
                (len(terrain), t("contents.terrain_cards")), (len(kingdom), t("contents.kingdom_cards")),
                (len(summaries), t("contents.summaries")), (1, t("contents.turn")),
                (len(tile_fronts), t("contents.location_tiles")),
                (4, t("contents.gold_markers")), (8, t("contents.lap_markers")), (1, t("contents.start_player")),
                (1, t("contents.gold_track")), (len(markers), t("contents.scan_markers"))]
    if settlements:
        contents.append((len(houses), t("contents.settlements")))
    cover = Cover(t("title"), t("kit"), tuple(contents), needs=() if settlements else (t("needs.settlements"),),
                  key_title=t("key"), key=_terrain_key(t))
    result = [
        cover_sheet(cover, paper, t),
        Sheet(sections_title, sections, id="sections", board=board_spots(sections[0])),
        Sheet(t("contents.terrain_cards"), tuple(terrain), (c.terrain_back(t),) * len(terrain), cuts="shared", id="terrain-cards"),
        Sheet(t("contents.kingdom_cards"), tuple(kingdom), (c.kingdom_back(t),) * len(kingdom), cuts="shared", id="kingdom-cards"),
        Sheet(t("contents.summaries"), summaries, cuts="shared", id="summaries"),
        Sheet(t("contents.turn"), (c.turn_card(t),), cuts="shared", id="turn"),
        Sheet(t("contents.location_tiles"), tuple(tile_fronts), tuple(tile_backs), id="location-tiles"),
        # Markers look the same on both sides, so they can be flipped without giving anything away.
        Sheet(t("contents.tokens"), tuple(markers_and_tiles), tuple(markers_and_tiles), id="tokens"),
        Sheet(t("contents.gold_track"), (c.gold_track(width, height, t),), cuts="none", id="gold-track"),
        Sheet(t("contents.scan_markers"), markers, id="scan-markers"),
    ]
    if settlements:
        result.append(Sheet(t("contents.settlements"), houses, houses, id="settlements"))
    return result
