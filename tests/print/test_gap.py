"""`--gap MM`: cards a gap apart, each cut alone, measured as a crafter would with a ruler."""

import pytest

from pnp.draw import Group
from pnp.render.i18n import render_catalog
from pnp.render.imposition import Options, Sheet, impose, plan

from tests.print.test_imposition import card, cards, cut_lines, placed, positions, token

TEXT = render_catalog("en")


def test_cards_a_gap_apart_centred_on_the_page():
    page = impose([cards(9, backs=False)], Options("a4", gap=4), "Kit", TEXT)[0]
    # A4, 210 x 297: three columns take 3 x 63 + 2 x 4 = 197 mm of the 198 between the 6 mm
    # margins, so they start at 6 + (198 - 197) / 2 = 6.5; three rows take 3 x 88 + 2 x 4 = 272
    # of the 276.6 between the bar and footer bands (10.2 mm each), starting at 10.2 + 2.3 = 12.5.
    assert sorted(set(x for x, _ in placed(page))) == [6.5, 73.5, 140.5]
    assert sorted(set(y for _, y in placed(page))) == [12.5, 104.5, 196.5]
    # Each card is cut alone: a line along both sides of every gap, one straight cut across the page each.
    assert positions(cut_lines(page), vertical=True) == [6.5, 69.5, 73.5, 136.5, 140.5, 203.5]
    assert positions(cut_lines(page), vertical=False) == [12.5, 100.5, 104.5, 192.5, 196.5, 284.5]
    verticals = [line for line in cut_lines(page) if line.points[0][0] == line.points[1][0]]
    # No line is drawn twice: the lines between the bar's ends (55 to 155 mm) leave out its band.
    assert sorted((l.points[0][0], l.points[0][1]) for l in verticals) == [
        (6.5, 0.0), (69.5, 0.0), (69.5, 10.2), (73.5, 0.0), (73.5, 10.2), (136.5, 0.0), (136.5, 10.2),
        (140.5, 0.0), (140.5, 10.2), (203.5, 0.0)]


def test_with_bleed_each_card_fills_its_half_of_the_gap():
    page = impose([cards(9, backs=False)], Options("a4", bleed=3, gap=4), "Kit", TEXT)[0]
    clips = {(round(g.transform[4], 3), round(g.transform[5], 3)): g.clip for g in page.items
             if isinstance(g, Group) and g.clip is not None}
    # With 3 mm bleed only two rows fit (3 x 88 + 8 = 272 > 297 - 2 x 13.2): 6 cards at x 6.5,
    # 73.5, 140.5 and y = 13.2 + (270.6 - 180) / 2 = 58.5 and 150.5.
    assert sorted(clips) == [(x, y) for x in (6.5, 73.5, 140.5) for y in (58.5, 150.5)]
    corner = clips[(6.5, 58.5)]  # 3 mm bleed outside (left, top), half the 4 mm gap inside (right, below)
    assert (corner.x, corner.y, corner.w, corner.h) == (-3, -3, 3 + 63 + 2, 3 + 88 + 2)
    middle = clips[(73.5, 58.5)]  # gaps left and right, the page's top above
    assert (middle.x, middle.y, middle.w, middle.h) == (-2, -3, 2 + 63 + 2, 3 + 88 + 2)


def test_a_gap_wider_than_twice_the_bleed_leaves_white_between():
    page = impose([cards(2, backs=False)], Options("a4", bleed=1, gap=6), "Kit", TEXT)[0]
    clips = [g.clip for g in page.items if isinstance(g, Group) and g.clip is not None]
    assert [(c.x, c.w) for c in clips] == [(-1, 1 + 63 + 1), (-1, 1 + 63 + 1)]  # 1 mm each, 4 mm white


def test_tokens_keep_at_least_the_gap():
    sheet = Sheet("tokens", tuple(token(n) for n in range(3)))
    xs = sorted(p.x for p in plan([sheet], Options("a4", gap=7), TEXT)[0].placements)
    assert [round(b - a, 6) for a, b in zip(xs, xs[1:])] == [27.0, 27.0]  # 20 mm tokens, 7 mm apart (not 3)


def test_backs_keep_the_gap_behind_their_fronts():
    front, back = plan([cards(2)], Options("a4", gap=5), TEXT)
    # Two cards 5 mm apart centred: (210 - 131) / 2 = 39.5 and 107.5; mirrored: 210 - x - 63.
    assert [p.x for p in front.placements] == [39.5, 107.5]
    assert [p.x for p in back.placements] == [107.5, 39.5]


def test_without_gap_the_layout_is_unchanged():
    assert plan([cards(9)], Options("a4", gap=0), TEXT) == plan([cards(9)], Options("a4"), TEXT)
