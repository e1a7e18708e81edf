"""Pieces that go on the board fit the place they go: a location tile within the location hex
it is stacked on, a gold or +100 marker within a gold track cell, and a settlement token
centred on a hex leaving the terrain symbol printed at the top of the hex in view."""

from __future__ import annotations

import pytest

from pnp import hexgrid
from pnp.draw import CUT, Group, Polygon, Rect, apply, inside
from pnp.games.kingdom_builder import board_art, components as c
from pnp.games.kingdom_builder.facts import BUILDABLE, LOCATIONS
from pnp.render.imposition import page_area


def board_hex() -> Polygon:
    """A printed section's hex, centred on (0, 0)."""
    size = board_art.HEX_RADIUS
    cx, cy = hexgrid.centre((0, 0), size)
    return Polygon(tuple((x - cx, y - cy) for x, y in hexgrid.corners((0, 0), size)), CUT)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_location_tiles_lie_within_the_hex_they_are_stacked_on(lang):
    # The digest: "Put 2 matching location tiles on each location hex". A tile larger than
    # the hex (they were 32 mm across the flats against the hex's 18.8) covers the terrain of
    # its six neighbours, where players build to take it.
    t = c.catalog(lang)
    hex_ = board_hex()
    for location in LOCATIONS:
        for tile in (c.location_tile(location, t), c.location_tile_action(location, t)):
            corners = [(x - tile.width / 2, y - tile.height / 2) for x, y in tile.outline.points]
            assert all(inside(hex_, point) for point in corners), tile.name
            assert tile.width <= board_art.HEX_WIDTH - 1.0  # half a millimetre to spare on each side


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gold_and_lap_markers_fit_a_gold_track_cell(paper):
    t = c.catalog("en")
    track = c.gold_track(*page_area(paper), t)
    cells = [item for item in track.items if isinstance(item, Rect) and abs(item.w - item.h) < 1e-9]
    assert len(cells) == 100
    cell = min(r.w for r in cells)  # 19.4 mm on A4: (198 - 4) / 10
    markers = [c.gold_marker(p) for p in range(4)] + [c.lap_marker(p, t) for p in range(4)]
    # A marker standing in its cell covers no neighbouring number: its diameter is at most the
    # cell's side, less a millimetre for a hand that does not place it dead centre.
    assert all(m.width == m.height and m.width <= cell - 1.0 for m in markers), (cell, [m.width for m in markers])


def _symbol_box(terrain) -> tuple[float, float, float, float]:
    """Where a buildable terrain's symbol is printed, relative to its hex's centre."""
    size = board_art.HEX_RADIUS
    items = board_art.hexes(lambda cell: terrain, 1, 1, size)
    symbol = next(item for item in items if isinstance(item, Group))
    (x0, y0), (x1, y1) = apply(symbol.transform, (0, 0)), apply(symbol.transform, (1, 1))
    cx, cy = hexgrid.centre((0, 0), size)
    return x0 - cx, y0 - cy, x1 - cx, y1 - cy


@pytest.mark.parametrize("terrain", BUILDABLE, ids=lambda t: t.value)
def test_a_settlement_centred_on_a_hex_leaves_its_terrain_symbol_in_view(terrain):
    left, top, right, bottom = _symbol_box(terrain)
    # The nearest point of the symbol's box to the hex's middle, where the token stands.
    nearest = (min(max(0.0, left), right), min(max(0.0, top), bottom))
    distance = (nearest[0] ** 2 + nearest[1] ** 2) ** 0.5
    # The symbol's box ends 0.39 hex radii (4.23 mm) above the middle: 0.6 rise - 0.42 / 2.
    assert distance == pytest.approx(0.39 * board_art.HEX_RADIUS)
    for player in range(4):
        token = c.settlement(player)
        assert token.width / 2 < distance, (token.width, distance)
