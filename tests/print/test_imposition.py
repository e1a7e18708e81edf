"""Page imposition measured as a crafter would with a ruler (DESIGN.md "Print standards")."""

import pytest

from pnp.draw import CUT, Circle, Drawing, Group, Paint, Polygon, Rect, Text, texts
from pnp.errors import PnpError
from pnp.render.i18n import render_catalog
from pnp.render.cover import Cover
from pnp.render.i18n import render_catalog
from pnp.render.imposition import MARGIN, Options, Sheet, cover_sheet, impose, plan

TEXT = render_catalog("en")


def card(n: int) -> Drawing:
    return Drawing(f"card-{n}", 63, 88, (Rect(-5, -5, 73, 98, Paint(fill="#123456", bulk=True)),))


def token(n: int, size: float = 20) -> Drawing:
    r = size / 2
    return Drawing(f"token-{n}", size, size, (Circle(r, r, r + 5, Paint(fill="#E69F00", bulk=True)),), cut=Circle(r, r, r, CUT))


def cards(count: int, backs: bool = True) -> Sheet:
    fronts = tuple(card(n) for n in range(count))
    return Sheet("cards", fronts, tuple(card(100 + n) for n in range(count)) if backs else (), cuts="shared")


def placed(page: Drawing) -> list[tuple[float, float]]:
    """Top-left corners of the pieces on a page (their clipped groups), in drawing order."""
    return [(round(g.transform[4], 6), round(g.transform[5], 6)) for g in page.items if isinstance(g, Group) and g.clip is not None]


def cut_lines(page: Drawing) -> list[Polygon]:
    return [i for i in page.items if isinstance(i, Polygon) and not i.closed and i.paint == CUT]


def positions(lines: list[Polygon], vertical: bool) -> list[float]:
    k = 0 if vertical else 1
    return sorted({round(l.points[0][k], 3) for l in lines if l.points[0][k] == l.points[1][k]})


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_nine_cards_per_page(paper, bleed):
    pages = plan([cards(10, backs=False)], Options(paper, bleed), TEXT)
    assert [len(p.placements) for p in pages] == [9, 1]


def test_a4_cut_lines_are_shared_and_run_edge_to_edge_leaving_the_bar_free():
    page = impose([cards(9, backs=False)], Options("a4"), "Kit", TEXT)[0]
    lines = cut_lines(page)
    # A4 is 210 x 297 mm; 3 x 63 = 189 leaves 10.5 mm each side, 3 x 88 = 264 leaves 16.5.
    assert positions(lines, vertical=True) == [10.5, 73.5, 136.5, 199.5]
    assert positions(lines, vertical=False) == [16.5, 104.5, 192.5, 280.5]
    spans = sorted((l.points[0][0], l.points[0][1], l.points[1][1]) for l in lines if l.points[0][0] == l.points[1][0])
    # The lines at 10.5 and 199.5 pass beside the 100 mm bar (55-155 mm); the two between leave
    # out its band, 6 - 0.5 to 6 + 4.2 mm from the top.
    assert spans == [(10.5, 0.0, 297.0), (73.5, 0.0, 5.5), (73.5, 10.2, 297.0), (136.5, 0.0, 5.5), (136.5, 10.2, 297.0),
                     (199.5, 0.0, 297.0)]


def test_letter_cards_take_the_full_height_with_the_furniture_at_the_sides():
    pages = plan([cards(9, backs=False)], Options("letter"), TEXT)
    assert pages[0].tall
    page = impose([cards(9, backs=False)], Options("letter"), "Kit", TEXT)[0]
    xs, ys = positions(cut_lines(page), True), positions(cut_lines(page), False)
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
    # Two cards side by side, centred: x = (210 - 126) / 2 = 42, y = 10.2 + (276.6 - 88) / 2 = 104.5.
    # Card 0's back goes to 210 - 42 - 63 = 105, card 1's to 210 - 105 - 63 = 42.
    assert placed(pages[0]) == [(42, 104.5), (105, 104.5)]
    assert placed(pages[1]) == [(105, 104.5), (42, 104.5)]


def test_each_back_is_mirrored_with_its_own_width():
    # A 28 mm token among 20 mm ones: its back must sit at the mirror of its own width.
    sheet = Sheet("tokens", (token(0), token(1, 28), token(2)), (token(10), token(11, 28), token(12)))
    front, back = plan([sheet], Options("a4"), TEXT)
    for f, b in zip(front.placements, back.placements):
        assert b.piece.width == f.piece.width and b.x == pytest.approx(210 - f.x - f.piece.width) and b.y == f.y


def test_without_duplex_backs_come_last_unmirrored():
    pages = impose([cards(2), cards(1)], Options("a4", duplex=False), "Kit", TEXT)
    # Both sheets are cards of one size: they share a page, and its back page comes last.
    assert len(pages) == 2
    assert placed(pages[1]) == placed(pages[0])
    assert "back" in pages[1].name or pages[1].name.startswith("cards")


def test_pieces_with_their_own_outline_get_gaps_and_cut_circles():
    page = impose([Sheet("tokens", tuple(token(n) for n in range(3)))], Options("a4", bleed=2), "Kit", TEXT)[0]
    xs = sorted(x for x, _ in placed(page))
    # The gap is at least twice the bleed plus 1 mm so neighbouring bleeds never touch.
    assert xs[1] - xs[0] >= 20 + 5 and xs[2] - xs[1] >= 20 + 5
    outlines = [g.items[0] for g in page.items if isinstance(g, Group) and g.clip is None and isinstance(g.items[0], Circle)]
    assert len(outlines) == 3 and all(o.paint == CUT and o.r == 10 for o in outlines)


def test_small_pieces_fill_the_empty_end_of_a_row_of_cards():
    # 4 cards take a row of 3 and one card; 9 tokens of 20 mm fit in the two empty places
    # (126 - 3 mm gap wide, 88 tall: 5 across, 3 down), so everything is on one page.
    pages = plan([cards(4, backs=False), Sheet("tokens", tuple(token(n) for n in range(9)))], Options("a4"), TEXT)
    assert len(pages) == 1
    tokens = [p for p in pages[0].placements if p.cuts == "own"]
    fourth = [p for p in pages[0].placements if p.cuts == "shared"][3]
    assert all(t.y >= fourth.y and t.y + 20 <= fourth.y + 88 and t.x >= fourth.x + 63 + 3 for t in tokens)


def test_cut_lines_stop_at_a_block_with_pieces_beside_it():
    # Two abutting 170 x 60 mm boards leave a 25 mm strip on their right on A4 (198 - 170 - 3),
    # where 20 mm tokens go: the boards' lines then stop at the block on that side (no line
    # runs through the strip between the tokens), and run on to the page edge on the free side.
    boards = Sheet("boards", tuple(Drawing(f"board-{n}", 170, 60, ()) for n in range(2)), cuts="shared")
    tokens = Sheet("tokens", tuple(token(n) for n in range(4)))
    page = plan([boards, tokens], Options("a4"), TEXT)[0]
    block = [p for p in page.placements if p.cuts == "shared"]
    assert [p.cuts for p in page.placements].count("own") == 4
    right = max(p.x + 170 for p in block)
    assert all(p.x >= right for p in page.placements if p.cuts == "own")
    drawing = impose([boards, tokens], Options("a4"), "Kit", TEXT)[0]
    across = [l for l in cut_lines(drawing) if l.points[0][1] == l.points[1][1]]
    assert across and all(max(x for x, _ in l.points) == pytest.approx(right) for l in across)
    assert all(min(x for x, _ in l.points) == 0 for l in across)


def test_cover_first_pairs_on_odd_pages_then_single_pages():
    cover = cover_sheet(Cover("Kit", "print-and-play", ((10, "cards"),)), "a4", TEXT)
    sheets = [cover, Sheet("sections", (Drawing("big", 190, 200, ()),)), cards(10)]
    pages = plan(sheets, Options("a4"), TEXT)
    # Cover, its back (the duplex test), 2 pages of cards each with its back, then the big piece.
    assert [p.side for p in pages] == ["cover", "cover-back", "front", "back", "front", "back", "single"]
    cover_text = " ".join(t.text for t in texts(pages[0].placements[0].piece.items))
    assert "Pages 1–6: double-sided, flipping on the long edge" in cover_text
    # One page is said once and as one page ("Page 7", not "Pages 7–7" or "Pages 7").
    assert "Page 7: single-sided." in cover_text and "4 sheets of paper in all." in cover_text
    glued = plan(sheets, Options("a4", duplex=False), TEXT)
    # Without duplex the 10th card's back page would be a sheet holding one card (10 %): that
    # card prints with its back beside it instead, on a single-sided page of their own.
    assert [p.side for p in glued] == ["cover", "front", "single", "single", "back"]
    assert [p.piece.name for p in glued[3].placements] == ["card-9", "card-109"]
    glued_text = " ".join(t.text for t in texts(glued[0].placements[0].piece.items))
    assert "on page 2 are on page 5" in glued_text and "5 sheets of paper in all." in glued_text


def test_every_page_has_a_100_mm_bar_and_footer_inside_the_margins():
    pages = impose([cards(10), Sheet("tokens", (token(0),))], Options("a4"), "My kit", TEXT)
    assert len(pages) == 4
    for number, page in enumerate(pages, 1):
        footer = [t for g in page.items if isinstance(g, Group) for t in g.items if isinstance(t, Text) and "My kit" in t.text]
        assert footer and f"page {number} of 4" in footer[0].text and "A4" in footer[0].text
        bars = [g for g in page.items if isinstance(g, Group) and any(isinstance(r, Rect) and r.w == 100 for r in g.items)]
        assert len(bars) == 1
        x, y = bars[0].transform[4], bars[0].transform[5]
        assert x >= MARGIN and y >= MARGIN


def test_a_whole_page_alone_is_one_page():
    # A set-up sheet: one drawing the size of the page, no cover, nothing to pack.
    pages = impose([Sheet("set-up", (Drawing("sheet", 198, 270, ()),), cuts="none")], Options("letter"), "Kit", TEXT)
    assert len(pages) == 1 and pages[0].width == 215.9


def test_a_piece_too_big_for_the_paper_is_an_error_said_in_the_language():
    with pytest.raises(PnpError) as error:
        plan([Sheet("huge", (Drawing("huge", 300, 300, ()),))], Options("a4", bleed=2.5), TEXT)
    (message,) = error.value.messages()
    assert message == "a 300 × 300 mm piece (huge) with 2.5 mm bleed does not fit on A4 paper"
    # It was English under --lang ru; the bleed in the language's decimals.
    assert render_catalog("ru").said(message) == "деталь 300 × 300 мм (huge) с вылетом 2,5 мм не помещается на лист A4"
