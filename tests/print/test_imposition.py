"""Page imposition measured as a crafter would with a ruler (DESIGN.md "Print standards")."""

import pytest

from pnp.draw import CUT, Circle, Drawing, Group, Paint, Polygon, Rect, Text
from pnp.render.i18n import render_catalog
from pnp.render.imposition import MARGIN, Options, Sheet, alignment_sheet, grid, impose

TEXT = render_catalog("en")


def card(n: int) -> Drawing:
    return Drawing(f"card-{n}", 63, 88, (Rect(-5, -5, 73, 98, Paint(fill="#123456", bulk=True)),))


def token(n: int) -> Drawing:
    return Drawing(f"token-{n}", 20, 20, (Circle(10, 10, 15, Paint(fill="#E69F00", bulk=True)),), cut=Circle(10, 10, 10, CUT))


def cards(count: int, backs: bool = True) -> Sheet:
    fronts = tuple(card(n) for n in range(count))
    return Sheet("cards", fronts, tuple(card(100 + n) for n in range(count)) if backs else (), cuts="shared")


def placed(page: Drawing) -> list[tuple[float, float]]:
    """Top-left corners of the pieces on a page (their clipped groups), in drawing order."""
    return [(g.transform[4], g.transform[5]) for g in page.items if isinstance(g, Group) and g.clip is not None]


def cut_lines(page: Drawing) -> tuple[list[float], list[float]]:
    lines = [i for i in page.items if isinstance(i, Polygon) and not i.closed and i.paint == CUT]
    xs = sorted(round(l.points[0][0], 3) for l in lines if l.points[0][0] == l.points[1][0])
    ys = sorted(round(l.points[0][1], 3) for l in lines if l.points[0][1] == l.points[1][1])
    return xs, ys


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_nine_cards_per_page(paper, bleed):
    assert grid(63, 88, paper, bleed, "shared")[:2] == (3, 3)


def test_a4_cut_lines_are_shared_and_run_edge_to_edge():
    page = impose([cards(9, backs=False)], Options("a4"), "Kit", TEXT)[0]
    xs, ys = cut_lines(page)
    # A4 is 210 x 297 mm; 3 x 63 = 189 leaves 10.5 mm each side, 3 x 88 = 264 leaves 16.5.
    assert xs == [10.5, 73.5, 136.5, 199.5]
    assert ys == [16.5, 104.5, 192.5, 280.5]
    lines = [i for i in page.items if isinstance(i, Polygon) and not i.closed and i.paint == CUT]
    assert {(l.points[0][1], l.points[1][1]) for l in lines if l.points[0][0] == l.points[1][0]} == {(0.0, 297.0)}


def test_letter_keeps_cut_lines_inside_the_printer_margin():
    page = impose([cards(9, backs=False)], Options("letter"), "Kit", TEXT)[0]
    xs, ys = cut_lines(page)
    # Letter is 215.9 x 279.4 mm: (215.9 - 189) / 2 = 13.45, (279.4 - 264) / 2 = 7.7.
    assert xs[0] == pytest.approx(13.45) and ys[0] == pytest.approx(7.7)
    assert min(xs[0], ys[0], 215.9 - xs[-1], 279.4 - ys[-1]) >= MARGIN


def test_bleed_extends_art_only_beyond_outer_cut_lines():
    page = impose([cards(9, backs=False)], Options("a4", bleed=3), "Kit", TEXT)[0]
    clips = {(round(g.transform[4], 3), round(g.transform[5], 3)): g.clip for g in page.items
             if isinstance(g, Group) and g.clip is not None}
    corner = clips[(10.5, 16.5)]  # top-left card: bleed to the left and top only
    assert (corner.x, corner.y, corner.w, corner.h) == (-3, -3, 66, 91)
    middle = clips[(73.5, 104.5)]  # the centre card abuts neighbours on all sides: no bleed
    assert (middle.x, middle.y, middle.w, middle.h) == (0, 0, 63, 88)


def test_backs_follow_their_page_mirrored_for_long_edge_duplex():
    pages = impose([cards(2)], Options("a4"), "Kit", TEXT)
    assert len(pages) == 2
    fronts, backs = placed(pages[0]), placed(pages[1])
    # Card 0 at the left edge of the grid (x = 10.5) has its back at 210 - 10.5 - 63 = 136.5.
    assert fronts == [(10.5, 16.5), (73.5, 16.5)]
    assert backs == [(136.5, 16.5), (73.5, 16.5)]


def test_without_duplex_backs_come_last_unmirrored():
    pages = impose([cards(2), cards(1)], Options("a4", duplex=False), "Kit", TEXT)
    assert len(pages) == 4
    assert placed(pages[2]) == placed(pages[0])
    assert "back" in pages[2].name and "back" in pages[3].name


def test_pieces_with_their_own_outline_get_gaps_and_cut_circles():
    page = impose([Sheet("tokens", tuple(token(n) for n in range(3)))], Options("a4", bleed=2), "Kit", TEXT)[0]
    positions = placed(page)
    # The gap is at least twice the bleed plus 1 mm so neighbouring bleeds never touch.
    assert positions[1][0] - positions[0][0] >= 20 + 5
    outlines = [g.items[0] for g in page.items if isinstance(g, Group) and g.clip is None and isinstance(g.items[0], Circle)]
    assert len(outlines) == 3 and all(o.paint == CUT and o.r == 10 for o in outlines)


def test_every_page_has_a_100_mm_bar_and_footer_inside_the_margins():
    pages = impose([cards(10), alignment_sheet("a4", TEXT)], Options("a4"), "My kit", TEXT)
    assert len(pages) == 6
    for number, page in enumerate(pages, 1):
        footer = [t for g in page.items if isinstance(g, Group) for t in g.items if isinstance(t, Text) and "My kit" in t.text]
        assert footer and f"page {number} of 6" in footer[0].text and "A4" in footer[0].text
        bars = [g for g in page.items if isinstance(g, Group) and any(isinstance(r, Rect) and r.w == 100 for r in g.items)]
        assert len(bars) == 1
        x, y = bars[0].transform[4], bars[0].transform[5]
        assert x >= MARGIN and y >= MARGIN


def test_a_piece_too_big_for_the_paper_is_an_error():
    from pnp.errors import PnpError

    with pytest.raises(PnpError, match="does not fit on a4 paper"):
        grid(300, 300, "a4", 0, "own")
