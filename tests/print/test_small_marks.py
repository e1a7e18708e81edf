"""Small marks, measured: a court's clan name clear of its symbol, Infantry's value clear of its
circle, and the + of «+۱۰۰» on the same side on the markers as in running text."""

import math

import pytest

from pnp.draw import IDENTITY, PT, Circle, Group, Polygon, Rect, Text, apply, bounds, compose
from pnp.games.carolus_magnus import components as carolus_magnus
from pnp.games.great_wall import components as great_wall
from pnp.games.great_wall.facts import Kind
from pnp.games.kingdom_builder import components as kingdom_builder
from pnp.render import fonts, shaping
from pnp.render.i18n import LANGUAGES


def shape_points(item, matrix=IDENTITY):
    """Every corner or point of the shapes in `item`, on the page."""
    if isinstance(item, Group):
        m = compose(matrix, item.transform)
        return [p for child in item.items for p in shape_points(child, m)]
    if isinstance(item, Polygon):
        return [apply(matrix, p) for p in item.points]
    if isinstance(item, (Rect, Circle)):
        left, top, right, bottom = bounds(item)
        return [apply(matrix, p) for p in ((left, top), (right, bottom))]
    return []


def ink_span(text: Text) -> tuple[float, float]:
    """Left and right of a one-line text's line as printed."""
    laid = fonts.layout(text)
    left = laid.left(0)
    return left, left + fonts.width(laid.lines[0], text.bold, laid.size)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_court_clan_names_stand_clear_of_their_symbols(lang):
    # «زرد» touched the left point of its ◇: at least 1.2 mm between a symbol's outline and its
    # name, on the side the name reads from (right of the symbol in English, left in Persian).
    items = carolus_magnus.court(carolus_magnus.catalog(lang)).items
    names = [i for i in items if isinstance(i, Text) and i.h == carolus_magnus.PITCH]
    symbols = [i for i in items if isinstance(i, Group)][1:]  # after the castle icon
    assert len(names) == len(symbols) == 5
    for name, symbol in zip(names, symbols):
        xs = [x for x, _ in shape_points(symbol)]
        left, right = ink_span(name)
        gap = min(xs) - right if lang == "fa" else left - max(xs)
        assert gap >= 1.2, (lang, name.text, gap)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_infantry_value_stands_clear_of_its_circle(lang):
    # «۱، ۲، ۳…» filled its 13 mm circle edge to edge: every corner of its line (digits rise about
    # 0.72 em above the baseline, the comma falls 0.12 em below) at least 1.4 mm inside the ring.
    t = great_wall.catalog(lang)
    card = great_wall.wall_card(Kind.INFANTRY, 0, t)
    ring = next(i for i in card.items if isinstance(i, Circle))
    value = next(i for i in card.items if isinstance(i, Text) and i.text == great_wall.value_text(Kind.INFANTRY, t))
    laid = fonts.layout(value)
    left, right = ink_span(value)
    top, bottom = laid.baselines[0] - 0.72 * laid.size * PT, laid.baselines[0] + 0.12 * laid.size * PT
    far = max(math.hypot(x - ring.cx, y - ring.cy) for x in (left, right) for y in (top, bottom))
    assert ring.r - far >= 1.4, (lang, ring.r - far)
    assert laid.size >= 6.5  # and still legible


def plus_on_the_right(text: str) -> bool:
    """Whether the + of «+۱۰۰» prints right of the digits in `text` shaped as a paragraph."""
    line = shaping.shape(text, shaping.style(text, True))
    x, where = 0.0, {}
    for glyph in line.glyphs:
        where.setdefault(glyph.text, x)
        x += glyph.advance
    return where["+"] > where["۱"]


def test_plus_100_has_its_sign_on_the_same_side_on_markers_and_in_text():
    # Running Persian text puts the + of «+۱۰۰» on the right, where a right-to-left reader meets
    # it first; the marker, whose text is the number alone, does the same.
    t = kingdom_builder.catalog("fa")
    marker = next(i for i in kingdom_builder.lap_marker(0, t).items if isinstance(i, Text))
    running = [t("piece.gold_track_how"), t("contents.lap_markers"), t("contents.tokens")]
    assert all("+۱۰۰" in text for text in running)
    assert plus_on_the_right(marker.text)
    assert all(plus_on_the_right(text) for text in running)
