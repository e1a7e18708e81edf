"""`--marks crop` and `--marks print-and-cut`: crop marks outside the trim, and registration marks
as Silhouette Studio reads them with nothing printed where it must see bare paper."""

from dataclasses import replace

import pytest

from pnp.draw import CUT, Group, Paint, Polygon, Rect, Text, apply, compose, painted
from pnp.games import GAMES
from pnp.render import marks
from pnp.render.i18n import render_catalog
from pnp.render.imposition import Options, impose, paper_size, plan

from tests.print.test_imposition import cards, cut_lines

TEXT = render_catalog("en")
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _segments(page, vertical: bool) -> list[tuple[float, float, float]]:
    """Cut-paint lines as (position, from, to), rounded to 0.001 mm."""
    k = 0 if vertical else 1
    return sorted((round(l.points[0][k], 3), round(min(p[1 - k] for p in l.points), 3), round(max(p[1 - k] for p in l.points), 3))
                  for l in cut_lines(page) if l.points[0][k] == l.points[1][k])


def test_crop_marks_lie_outside_the_trim_one_beyond_each_end_of_every_cut_line():
    page = impose([cards(9, backs=False)], Options("a4", marks="crop"), "Kit", TEXT)[0]
    # The cut lines of nine abutting cards on A4 are x = 10.5, 73.5, 136.5, 199.5 and
    # y = 16.5, 104.5, 192.5, 280.5 (see test_imposition). A crop mark is 5 mm long and starts
    # 1 mm beyond the trim: above the cards 16.5 - 1 - 5 = 10.5 to 15.5, below 281.5 to 286.5,
    # left of them 10.5 - 6 = 4.5 to 9.5, right 200.5 to 205.5.
    assert _segments(page, vertical=True) == [(x, a, b) for x in (10.5, 73.5, 136.5, 199.5)
                                              for a, b in ((10.5, 15.5), (281.5, 286.5))]
    assert _segments(page, vertical=False) == [(y, a, b) for y in (16.5, 104.5, 192.5, 280.5)
                                               for a, b in ((4.5, 9.5), (200.5, 205.5))]


def test_crop_marks_keep_clear_of_the_bleed():
    page = impose([cards(9, backs=False)], Options("a4", bleed=3, marks="crop"), "Kit", TEXT)[0]
    (top, *_), trim = _segments(page, vertical=True), min(y for y, *_ in _segments(page, vertical=False))
    # 3 mm bleed, then 1 mm: the mark above the cards ends 4 mm above the trim.
    assert top[2] == pytest.approx(trim - 4) and top[2] - top[1] == pytest.approx(5)


def test_crop_marks_with_a_gap_mark_both_sides_of_it():
    page = impose([cards(3, backs=False)], Options("a4", gap=4, marks="crop"), "Kit", TEXT)[0]
    xs = sorted({x for x, *_ in _segments(page, vertical=True)})
    # Three cards 4 mm apart, centred: (210 - 197) / 2 = 6.5, then 69.5 | 73.5, 136.5 | 140.5, 203.5.
    assert xs == [6.5, 69.5, 73.5, 136.5, 140.5, 203.5]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_registration_marks_are_studios_standard_geometry(paper):
    pw, ph = paper_size(paper)
    square, *ls = marks.registration(pw, ph)
    # A filled 5 mm square, its corner 10 mm from the top and left edges.
    assert isinstance(square, Rect) and (square.x, square.y, square.w, square.h) == (10, 10, 5, 5) and square.paint.fill
    # L marks 0.5 mm thick, drawn along their centre lines with butt ends: each centre line runs
    # half a width (0.25 mm) inside the outer edge, which lies 10 mm from the paper's edges, and
    # each arm ends 20 mm from the outer corner.
    assert all(l.paint.width == 0.5 and not l.closed for l in ls)
    assert [l.points for l in ls] == [
        ((pw - 30, 10.25), (pw - 10.25, 10.25), (pw - 10.25, 30)),  # top right
        ((30, ph - 10.25), (10.25, ph - 10.25), (10.25, ph - 30)),  # bottom left
        ((pw - 30, ph - 10.25), (pw - 10.25, ph - 10.25), (pw - 10.25, ph - 30))]  # bottom right


def _printed(items, matrix=IDENTITY):
    """The box of everything printed on a page: a clipped group prints no further than its clip."""
    for item in items:
        if isinstance(item, Group):
            m = compose(matrix, item.transform)
            if item.clip is not None:  # (a clip is a shape, not a line: no stroke to grow it)
                yield painted(replace(item.clip, paint=Paint()), m).box
            else:
                yield from _printed(item.items, m)
        elif isinstance(item, Text):
            corners = [apply(matrix, (x, y)) for x in (item.x, item.x + item.w) for y in (item.y, item.y + item.h)]
            yield min(x for x, _ in corners), min(y for _, y in corners), max(x for x, _ in corners), max(y for _, y in corners)
        else:
            yield painted(item, matrix).box


KITS = [("kingdom-builder", {"settlements": True}), ("great-wall", {}), ("carolus-magnus", {"paladins": True})]


@pytest.mark.parametrize("paper, bleed", [("a4", 0), ("letter", 2)])
@pytest.mark.parametrize("game, options", KITS)
def test_nothing_is_printed_in_the_registration_marks_keep_out(game, options, paper, bleed):
    t = GAMES[game].catalog("en")
    sheets = GAMES[game].kit_sheets(t, paper, GAMES[game].kit_options(**options))
    pw, ph = paper_size(paper)
    reg = marks.registration(pw, ph)
    (left, top, right, bottom), corners = marks.safe(pw, ph)
    cut_pages = 0
    for page in impose(sheets, Options(paper, bleed, marks="print-and-cut"), t("title"), t):
        if not any(item in reg for item in page.items):
            continue  # a whole page (cover, duplex test, track): nothing to cut, no marks
        cut_pages += 1
        assert all(item in page.items for item in reg)
        for box in _printed(tuple(item for item in page.items if item not in reg)):
            x0, y0, x1, y1 = box
            assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom, (page.name, box)
            assert not any(x0 < cx1 and cx0 < x1 and y0 < cy1 and cy0 < y1 for cx0, cy0, cx1, cy1 in corners), (page.name, box)
    assert cut_pages >= 2


def test_a_machine_cuts_each_piece_along_its_own_outline():
    page = impose([cards(4, backs=False)], Options("a4", marks="print-and-cut"), "Kit", TEXT)[0]
    outlines = [g.items[0] for g in page.items if isinstance(g, Group) and g.clip is None and isinstance(g.items[0], Rect)
                and g.items[0].paint == CUT]
    assert len(outlines) == 4 and all(isinstance(o, Rect) and (o.w, o.h) == (63, 88) for o in outlines)
    assert not [i for i in page.items if isinstance(i, Polygon) and i.paint == CUT]  # no lines to the page edge


def test_a_piece_too_wide_beside_the_marks_is_turned_with_its_outline():
    t = GAMES["kingdom-builder"].catalog("en")
    sheets = [s for s in GAMES["kingdom-builder"].kit_sheets(t, "a4", GAMES["kingdom-builder"].kit_options()) if s.id == "sections"]
    wide = sheets[0].fronts[0]
    assert wide.width > 210 - 2 * 10  # 197.4 mm across: more than the 190 between the marks
    placed = [p for page in plan(sheets, Options("a4", marks="print-and-cut"), t) for p in page.placements]
    assert len(placed) == 8 and all((p.piece.width, p.piece.height) == (wide.height, wide.width) for p in placed)
    # The hex outline turned a quarter clockwise: (x, y) goes to (height - y, x).
    assert placed[0].piece.outline.points == tuple((wide.height - y, x) for x, y in wide.outline.points)


def test_lines_stay_the_default():
    assert impose([cards(9)], Options("a4", marks="lines"), "Kit", TEXT) == impose([cards(9)], Options("a4"), "Kit", TEXT)
