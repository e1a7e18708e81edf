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


def test_ink_saver_prints_sections_as_light_tints_at_under_half_their_ink():
    # The sections were about 65 % of the ink-saver kit's ink, printed in full colour. Under the
    # ink saver every hex is a light tint, the darkest forest at grey 186 (art.SAVER_GREYS, its
    # RGB rounded to 185.6), and a section takes under half its full-colour ink (46-48 %; it was
    # at most 35 % when the buildable terrains were 4 to 9 levels apart).
    t = components.catalog("en")
    for section in generator.generate_set(DEFAULT_SET):
        drawing = board_art.section_drawing(section, t)
        saved = with_ink_saver(drawing.items)
        hexes = _hex_items(saved)
        assert len(hexes) == 100
        assert all(grey(h.paint.fill) >= 185 for h in hexes), sorted({h.paint.fill for h in hexes})
        full, light = _ink(drawing.items, drawing.width, drawing.height), _ink(saved, drawing.width, drawing.height)
        assert light <= 0.5 * full, (section.name, round(full, 3), round(light, 3))


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


DPI = 100


def _board_page_levels(ink_saver: bool) -> tuple[dict[Terrain, float], float]:
    """The kit's first board page as poppler renders it in grey (`pdftoppm -gray`): each
    terrain's level (the median over its hexes of the mean grey of a disc a quarter of a hex
    radius across, a third of a radius below the centre: clear of the symbol at the top, the
    outlines and the middle), and the page's mean grey."""
    import subprocess
    import tempfile
    from pathlib import Path

    import cv2
    import numpy as np

    from pnp import hexgrid
    from pnp.games.kingdom_builder.kit import sheets
    from pnp.render import pdf
    from pnp.render.imposition import Options, plan, render_page

    t = components.catalog("en")
    options = Options(ink_saver=ink_saver)
    pages = plan(sheets(t, "a4", False), options, t)
    number, page = next((n, p) for n, p in enumerate(pages, 1) if any(pl.piece.name.startswith("section-") for pl in p.placements))
    placement = next(pl for pl in page.placements if pl.piece.name.startswith("section-"))
    section = next(s for s in generator.generate_set(DEFAULT_SET) if placement.piece.name == f"section-{s.name}")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "page.pdf").write_bytes(pdf.render([render_page(page, number, len(pages), options, t("title"), t)], "kit"))
        subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), "page.pdf", "page"], cwd=tmp, check=True)
        image = cv2.imread(str(next(Path(tmp).glob("page*.pgm"))), cv2.IMREAD_UNCHANGED)
    size, px = board_art.HEX_RADIUS, DPI / 25.4
    r = 0.25 * size * px
    found: dict[Terrain, list[float]] = {}
    for cell in hexgrid.cells(board_art.SIZE, board_art.SIZE):
        x, y = hexgrid.centre(cell, size)
        cx, cy = (placement.x + x) * px, (placement.y + y + size / 3) * px
        ys, xs = np.mgrid[int(cy - r):int(cy + r) + 1, int(cx - r):int(cx + r) + 1]
        disc = (xs - cx) ** 2 + (ys - cy) ** 2 <= r * r
        found.setdefault(section.at(cell), []).append(float(image[ys[disc], xs[disc]].mean()))
    return {terrain: float(np.median(levels)) for terrain, levels in found.items()}, float(image.mean())


def test_ink_saver_board_page_keeps_buildable_terrains_15_grey_levels_apart():
    # Rendered as a grey print renders it, the ink-saver board page had the buildable terrains at
    # 248 / 243 / 239 / 235 / 226 (desert, grass, flower, canyon, forest): 4 to 9 levels apart.
    # Now 250 / 234 / 218 / 202 / 186 (art.SAVER_GREYS): every two at least 15 apart.
    levels, page = _board_page_levels(ink_saver=True)
    buildable = {terrain: levels[terrain] for terrain in BUILDABLE if terrain in levels}
    assert len(buildable) == 5  # the first section has all five
    for (a, la), (b, lb) in itertools.combinations(buildable.items(), 2):
        assert abs(la - lb) >= 15, (a.value, la, b.value, lb)
    # Still an ink saver: the page's mean grey 226.7 against 197.6 in full colour (it was 232.5),
    # so under half the full-colour page's ink (255 - 226.7 = 28.3 levels of 57.4).
    _, full = _board_page_levels(ink_saver=False)
    assert 255 - page < 0.5 * (255 - full), (round(page, 1), round(full, 1))
