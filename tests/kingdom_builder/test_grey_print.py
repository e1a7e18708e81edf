"""A grey print plays: terrains differ in grey as they do in colour, and the ink saver prints
board sections as light tints with bold symbols, at a fraction of their ink."""

from __future__ import annotations

import itertools

import pytest

from pnp.draw import Group, Polygon, colour_under, flat, with_ink_saver
from pnp.games.kingdom_builder import art, board_art, components, generator
from pnp.games.kingdom_builder.facts import BUILDABLE, Terrain
from pnp.games.kingdom_builder.library import DEFAULT_SET
from tests.print.paint import grey

ORDINARY = (*BUILDABLE, Terrain.WATER, Terrain.MOUNTAIN)  # castles and locations have large icons


def test_terrains_differ_in_grey_by_lightness_or_pattern():
    # Grass (195) and flower (189) were 6 levels apart; canyon, mountain and water 165, 167, 174.
    # Every two ordinary terrains are at least 15 levels apart, or one of them carries a
    # pattern the other has not.
    for a, b in itertools.combinations(ORDINARY, 2):
        apart = abs(grey(art.colour(a)) - grey(art.colour(b)))
        patterned = art.pattern(a) != art.pattern(b)
        assert apart >= 15 or patterned, (a.value, b.value, round(apart, 1))
    # The five terrains players build on differ by lightness alone.
    for a, b in itertools.combinations(BUILDABLE, 2):
        assert abs(grey(art.colour(a)) - grey(art.colour(b))) >= 15, (a.value, b.value)


def _hex_items(drawing_items):
    """The board hexes of a section (its terrain polygons), in drawing order."""
    return [item for item in drawing_items if isinstance(item, Polygon) and item.paint.stroke == art.INK]


def _ink(items, width: float, height: float) -> float:
    """Mean darkness (1 - luma / 255) on a 2 mm grid over the drawing."""
    below = flat(items)
    points = [(x + 1.0, y + 1.0) for x in range(0, int(width) - 1, 2) for y in range(0, int(height) - 1, 2)]
    return sum(1 - grey(colour_under(below, p)) / 255 for p in points) / len(points)


def test_ink_saver_prints_sections_as_light_tints_at_about_a_third_of_their_ink():
    # The sections were about 65 % of the ink-saver kit's ink, printed in full colour. Under the
    # ink saver every hex is a light tint (grey at least 215 of 255) and a section takes at most
    # 35 % of its full-colour ink (what is left: hex outlines, symbols, patterns).
    t = components.catalog("en")
    for section in generator.generate_set(DEFAULT_SET):
        drawing = board_art.section_drawing(section, t)
        saved = with_ink_saver(drawing.items)
        hexes = _hex_items(saved)
        assert len(hexes) == 100
        assert all(grey(h.paint.fill) >= 215 for h in hexes), sorted({h.paint.fill for h in hexes})
        full, light = _ink(drawing.items, drawing.width, drawing.height), _ink(saved, drawing.width, drawing.height)
        assert light <= 0.35 * full, (section.name, round(full, 3), round(light, 3))


@pytest.mark.parametrize("terrain", ORDINARY, ids=lambda t: t.value)
def test_board_symbols_are_drawn_bold(terrain):
    # The symbols had 0.23 mm lines; on the board they are drawn at least 0.35 mm wide.
    size = board_art.HEX_RADIUS
    items = board_art.hexes(lambda cell: terrain, 1, 1, size)
    symbol = [item for item in items if isinstance(item, Group) and item.clip is None][-1]
    scale = symbol.transform[0]
    lines = [item for item in symbol.items if isinstance(item, Polygon) and not item.closed]
    if lines:
        assert min(item.paint.width for item in lines) * scale >= 0.35
