"""Gutter-fold card pages measured with a ruler: the fold line across the middle, every back at
the mirror of its front about it, no card (bleed included) within 5 mm of it."""

from __future__ import annotations

import pytest

from pnp.draw import Group, Polygon, texts
from pnp.games import GAMES
from pnp.render.gutter import FOLD_CLEAR
from pnp.render.imposition import FOLD, Options, impose, paper_size, plan

GAME = GAMES["kingdom-builder"]
T = GAME.catalog("en")
SHEETS = GAME.kit_sheets(T, "a4", GAME.kit_options())
CARDS_WITH_BACKS = 25 + 10  # terrain cards and Kingdom Builder cards (the summaries have no backs)


def folded_pages(paper: str, bleed: float):
    return [p for p in plan(GAME.kit_sheets(T, paper, GAME.kit_options()), Options(paper, bleed, False, gutter_fold=True), T)
            if p.fold is not None]


@pytest.mark.parametrize("paper, bleed, per_page", [
    # A4, 297 mm: a half is 148.5 - 5 (fold clearance) - 10.2 (margin and furniture) = 133.3 mm
    # tall: two rows of cards turned a quarter (2 x 63 = 126), two across (2 x 88 = 176 <= 198).
    ("a4", 0.0, 4),
    # With 3 mm bleed: 148.5 - 5 - 3 - 13.2 = 127.3 >= 126, still 4.
    ("a4", 3.0, 4),
    # Letter, 279.4 mm: 139.7 - 5 - 10.2 = 124.5 < 126 with the furniture at top and bottom, but
    # with it along the sides 139.7 - 5 - 6 = 128.7, and 215.9 - 2 x 10.2 = 195.5 >= 176: 4.
    ("letter", 0.0, 4),
])
def test_gutter_fold_geometry(paper, bleed, per_page):
    pages = folded_pages(paper, bleed)
    _, ph = paper_size(paper)
    fold = ph / 2
    assert sum(len(p.placements) for p in pages) == 2 * CARDS_WITH_BACKS
    assert len(pages) == -(-CARDS_WITH_BACKS // per_page)
    for page in pages:
        assert page.fold == fold and page.side == "single"
        fronts, backs = page.placements[0::2], page.placements[1::2]
        assert len(fronts) <= per_page
        for front, back in zip(fronts, backs):
            x0, y0, x1, y1 = front.box
            # The back at the mirror of its front about the fold.
            assert back.box == pytest.approx((x0, 2 * fold - y1, x1, 2 * fold - y0))
            # Fronts above, backs below, nothing with its bleed closer than 5 mm to the fold.
            assert y1 + bleed <= fold - FOLD_CLEAR + 1e-9 and back.box[1] - bleed >= fold + FOLD_CLEAR - 1e-9
            # Cards turned a quarter on these papers: both faces turned alike, so that after
            # folding (over the card's own upright axis) the back stands as its front.
            (face,), (behind,) = front.piece.items, back.piece.items
            assert (front.piece.width, front.piece.height) == (88.0, 63.0)
            # A quarter turn clockwise: (x, y) -> (88 - y, x), the card's top edge on its right.
            assert face.transform == pytest.approx((0, 1, -1, 0, 88, 0))
            assert behind.transform == pytest.approx(face.transform)


def test_upright_cards_get_their_backs_upside_down():
    """When a card is not turned, folding over the page's level axis and turning the card over
    sideways turns the back half a turn: it is printed upside down to stand upright."""
    from pnp.render import gutter

    card = SHEETS[2].backs[0]
    g = gutter.grid(63, 88, 297, 0.0, lambda tall: (6.0, 10.2, 198.0, 276.6))
    assert (g.cols, g.rows, g.turned) == (2, 2, True)  # the A4 case, turned: 4 beat 3 upright
    (group,) = gutter.upside_down(card).items
    assert group.transform == pytest.approx((-1, 0, 0, -1, 63, 88))


def test_fold_line_is_drawn_dashed_across_the_middle_and_cards_stay_off_it():
    pages = impose(SHEETS, Options("a4", 0.0, False, gutter_fold=True), "Kit", T)
    folded = [p for p in pages if any(isinstance(i, Polygon) and i.paint == FOLD for i in p.items)]
    assert len(folded) == -(-CARDS_WITH_BACKS // 4)
    for page in folded:
        (line,) = [i for i in page.items if isinstance(i, Polygon) and i.paint == FOLD]
        assert {y for _, y in line.points} == {297 / 2}
        for group in (i for i in page.items if isinstance(i, Group) and i.clip is not None):
            top = group.transform[5] + group.clip.y
            bottom = top + group.clip.h
            assert bottom <= 297 / 2 - FOLD_CLEAR or top >= 297 / 2 + FOLD_CLEAR  # no piece across the fold


def test_the_cover_says_how_to_fold_and_cut():
    pages = impose(SHEETS, Options("a4", 0.0, False, gutter_fold=True), "Kit", T)
    words = " ".join(t.text for t in texts(pages[0].items))
    first = len(pages) - (-(-CARDS_WITH_BACKS // 4)) + 1
    assert f"Pages {first}–{len(pages)}: cards to fold" in words and "fold each page on its dashed line" in words


@pytest.mark.parametrize("lang, said", [
    # Carolus Magnus folded, 3 players: the cover (page 1), page 2 of pieces with their backs on
    # page 5 to glue, pages 6-7 of aid cards to fold; 2 players: one page (5) of cards to fold.
    # One page is named as one page, in the case its sentence needs: the covers said "со страниц
    # 2 — на страницах 5" and "Страницы 5", as if of several pages.
    ("en", ("Pages 1–7: single-sided.", "The backs of the pieces on page 2 are on page 5:", "Pages 6–7: cards to fold",
            "Page 5: cards to fold")),
    ("ru", ("Страницы 1–7: с одной стороны.", "Обороты деталей со страницы 2 — на странице 5:", "Страницы 6–7: карты для сгиба.",
            "Страница 5: карты для сгиба.")),
    ("fa", ("صفحه‌های ۱ تا ۷: یک‌رو.", "پشت قطعه‌های صفحه‌ی ۲ در صفحه‌ی ۵ است:", "صفحه‌های ۶ تا ۷: کارت‌های تاشو.",
            "صفحه‌ی ۵: کارت‌های تاشو.")),
])
def test_the_cover_names_one_page_as_one_page(lang, said):
    game = GAMES["carolus-magnus"]
    t = game.catalog(lang)
    words = []
    for players, sides in ((3, ["cover", "front", "single", "single", "back", "single", "single"]),
                           (2, ["cover", "single", "single", "single", "single"])):
        pages = plan(game.kit_sheets(t, "a4", game.kit_options(players=players)), Options("a4", 0.0, False, gutter_fold=True), t)
        assert [page.side for page in pages] == sides
        words += [text.text for text in texts(pages[0].placements[0].piece.items)]
    assert all(any(sentence in text for text in words) for sentence in said), words
