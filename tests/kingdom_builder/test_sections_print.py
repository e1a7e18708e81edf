"""Printed sections: true hex size, fit on the paper, and four of them interlock into one board."""

import itertools
import math

import pytest

from pnp import hexgrid
from pnp.draw import Group, Polygon
from pnp.games.kingdom_builder import board_art, components, generator
from pnp.games.kingdom_builder.facts import Terrain
from pnp.render.imposition import MARGIN, Options, Sheet, impose, paper_size

SIZE = 1.0
WIDTH, HEIGHT = hexgrid.map_extent(10, 10, SIZE)
HEX_AREA = 3 * math.sqrt(3) / 2 * SIZE**2


def unit_edges(points):
    """The polygon's edges cut into hex-edge lengths, as directed pairs of rounded points."""
    edges = []
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        pieces = round(math.hypot(x2 - x1, y2 - y1) / SIZE)
        for k in range(pieces):
            a = (x1 + (x2 - x1) * k / pieces, y1 + (y2 - y1) * k / pieces)
            b = (x1 + (x2 - x1) * (k + 1) / pieces, y1 + (y2 - y1) * (k + 1) / pieces)
            edges.append((tuple(round(v, 4) + 0.0 for v in a), tuple(round(v, 4) + 0.0 for v in b)))
    return edges


def area(points):
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))) / 2


def placed_outline(quarter, turned):
    """A section's cut line where it lies on the 20x20 board, turned 180 degrees or not."""
    points = list(board_art.outline(hexgrid.cells(10, 10), SIZE))
    if turned:
        points = [(WIDTH - x, HEIGHT - y) for x, y in points]
    # Sections start on even rows (0 and 10), so a section moves by whole hexes: 10 columns
    # are 10 hex widths across, 10 rows are 15 radii down.
    dx, dy = hexgrid.hex_width(SIZE) * 10 * (quarter % 2), 1.5 * SIZE * 10 * (quarter // 2)
    return [(x + dx, y + dy) for x, y in points]


def test_outline_encloses_exactly_100_hexes_and_is_the_same_when_turned():
    points = list(board_art.outline(hexgrid.cells(10, 10), SIZE))
    assert area(points) == pytest.approx(100 * HEX_AREA)
    turned = [(WIDTH - x, HEIGHT - y) for x, y in points]
    assert set(map(frozenset, unit_edges(points))) == set(map(frozenset, unit_edges(turned)))


@pytest.mark.parametrize("turns", list(itertools.product([False, True], repeat=4)))
def test_four_sections_either_way_round_interlock_without_gap_or_overlap(turns):
    outlines = [placed_outline(q, turned) for q, turned in enumerate(turns)]
    board = list(board_art.outline(hexgrid.cells(20, 20), SIZE))
    # No overlap and no gap: the pieces' areas add up to exactly the board's ...
    assert sum(area(o) for o in outlines) == pytest.approx(area(board))
    # ... and every cut edge is either shared by two neighbours, run in opposite directions,
    # or lies on the board's outer edge, which the pieces cover completely.
    edges = [e for o in outlines for e in unit_edges(o)]
    inner = {e for e in edges if (e[1], e[0]) in edges}
    outer = set(edges) - inner
    assert outer == set(unit_edges(board))
    assert len(edges) == len(inner) + len(outer)  # no edge drawn twice the same way


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_one_section_per_page_at_true_size(paper, bleed):
    t = components.catalog("en")
    drawing = board_art.section_drawing(generator.generate(1000, Terrain.TAVERN), t)
    # Hexes 18.8 mm across the flats (at least 17), so the section is 10.5 hexes wide.
    assert board_art.HEX_WIDTH >= 17 and drawing.width == pytest.approx(10.5 * board_art.HEX_WIDTH)
    pages = impose([Sheet("sections", (drawing, drawing))], Options(paper, bleed), "Kit", t)
    assert len(pages) == 2
    pw, ph = paper_size(paper)
    cut = next(g for g in pages[0].items if isinstance(g, Group) and g.clip is None and isinstance(g.items[0], Polygon))
    x0, y0 = cut.transform[4], cut.transform[5]
    xs = [x0 + x for x, _ in cut.items[0].points]
    ys = [y0 + y for _, y in cut.items[0].points]
    assert min(xs) >= MARGIN and max(xs) <= pw - MARGIN and min(ys) >= MARGIN and max(ys) <= ph - MARGIN


def test_printed_section_shows_its_id_and_type_but_no_coordinates():
    from pnp.draw import texts

    t = components.catalog("en")
    drawing = board_art.section_drawing(generator.generate(1000, Terrain.OASIS), t)
    labels = [x.text for x in texts(drawing.items)]
    # The id broken before its last hyphen so it fits one hex; the arrow marks the top edge.
    assert labels == ["▲ kb2-1000\n-oasis"]
    russian = board_art.section_drawing(generator.generate(1000, Terrain.OASIS), components.catalog("ru"))
    # The name below, a text of its own: in Persian it is set at 7 pt (the id stays at 6).
    assert [x.text for x in texts(russian.items)] == ["▲ kb2-1000\n-oasis", "Оазис"]
    # The label lies inside the section's castle hex (its only one, at row 2, column 3 of the
    # oasis section's file): it covers no other hex.
    label = texts(drawing.items)[0]
    x, y = hexgrid.centre((2, 3), board_art.HEX_RADIUS)
    assert abs(label.x + label.w / 2 - x) < 1e-6 and label.y > y - board_art.HEX_RADIUS / 2


@pytest.mark.parametrize("seed", [1000, 7, 42])
def test_a_sections_label_lies_where_nobody_builds(seed):
    """The label, printed in a hex, must never sit where a settlement may stand: a scan of the
    board reads what it finds in a buildable hex as a piece (a white plate there was read as a
    white settlement). It goes on a castle (every section has one or two)."""
    from pnp.draw import texts

    t = components.catalog("en")
    size = board_art.HEX_RADIUS
    for section in generator.generate_set(seed):
        (label,) = texts(board_art.section_drawing(section, t).items)
        # The label's box is centred across its hex and starts 0.3 radius above its middle.
        x, y = label.x + label.w / 2, label.y + 0.3 * size
        (cell,) = [c for c in hexgrid.cells(10, 10) if math.dist(hexgrid.centre(c, size), (x, y)) < 1e-6]
        assert section.at(cell) is Terrain.CASTLE, (section.name, cell)


def test_a_terrain_symbol_leaves_the_middle_of_its_hex_to_a_settlement():
    """A settlement stands in the middle of its hex and would hide a symbol there; a scan of
    the board would also see the symbol's colour round the piece. On the kit's hexes (radius
    10.85 mm) each terrain's symbol box (0.42 radius square, centred 0.6 radius up) runs from
    0.81 to 0.39 radius above the middle: inside the hex, clear of the middle 0.35 radius
    (3.8 mm). Castles and locations, where nobody builds, keep their icons in the middle."""
    size = board_art.HEX_RADIUS
    for terrain in (Terrain.GRASS, Terrain.MOUNTAIN, Terrain.CASTLE):
        items = board_art.hexes(lambda cell, terrain=terrain: terrain, 1, 1, size)
        (symbol,) = [item for item in items if isinstance(item, Group) and item.clip is None]  # not the pattern
        box, _, _, _, _, top = symbol.transform
        middle = hexgrid.centre((0, 0), size)[1]
        if terrain is Terrain.CASTLE:
            assert math.isclose(top + box / 2, middle)
        else:
            assert middle - size <= top and top + box <= middle - 0.35 * size


@pytest.mark.parametrize("lang", ["en", "ru", "fa"])
def test_section_labels_are_legible_in_the_kits_language_and_no_line_ends_with_a_hyphen(lang):
    """Labels were 6 pt text straight on the terrain: on dark forest about 4:1. WCAG's 7:1
    (enhanced) is asked of every label on every section, the location's name is there in the
    kit's language, and the id is broken only before a hyphen, never after one."""
    from pnp.draw import IDENTITY, PT, Text, colour_under, contrast, painted
    from pnp.render import fonts
    from pnp.games.kingdom_builder.library import DEFAULT_SET

    t = components.catalog(lang)
    for section in generator.generate_set(DEFAULT_SET):
        drawing = board_art.section_drawing(section, t)
        lines = [line for item in drawing.items if isinstance(item, Text) for line in item.text.split("\n")]
        assert not any(line.endswith("-") for line in lines), lines
        assert "".join(lines[:2]).replace("▲ ", "") == section.name
        assert t(f"location.{section.location.value}") in lines or lang == "en"
        below = []
        for item in drawing.items:
            if isinstance(item, Text):
                laid = fonts.layout(item)
                assert laid.lines == tuple(item.text.split("\n"))  # no other break
                # Where the glyphs are: each line's ends and middle, halfway up its letters.
                em = laid.size * PT
                points = [(laid.left(k) + f * laid.shaped[k].width * em, baseline - 0.35 * em)
                          for k, baseline in enumerate(laid.baselines) for f in (0.0, 0.5, 1.0)]
                for point in points:
                    ground = colour_under(below, point)
                    assert contrast(item.colour, ground) >= 7.0, (section.name, item.colour, ground)
            elif not isinstance(item, Group):
                below.append(painted(item, IDENTITY))
