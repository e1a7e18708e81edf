"""The drawing model: transforms, bleed outsets, ink saver, text fitting."""

import math

import pytest

from pnp.draw import (
    CUT, Circle, Drawing, Group, Paint, Polygon, Rect, Text, compose, outset, regular_polygon, rotate, scale,
    translate, with_ink_saver,
)
from pnp.render import fonts


def apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def test_compose_applies_the_last_matrix_first():
    m = compose(translate(10, 0), scale(2))
    assert apply(m, 1, 1) == (12, 2)  # scaled to (2, 2), then moved by 10
    x, y = apply(compose(translate(5, 5), rotate(90)), 1, 0)
    assert (x, y) == pytest.approx((5, 6))  # y grows downwards: +90 degrees turns east to south


def test_outset_grows_every_shape_by_the_distance():
    assert outset(Rect(0, 0, 63, 88, CUT), 3) == Rect(-3, -3, 69, 94, CUT)
    assert outset(Circle(5, 5, 10, CUT), 3).r == 13
    hexagon = Polygon(regular_polygon(0, 0, 10, 6), CUT)
    grown = outset(hexagon, 3)
    # A pointy-top hexagon's flat-to-flat width (2 x apothem) grows by twice the bleed.
    assert max(x for x, _ in grown.points) * 2 == pytest.approx(2 * 10 * math.cos(math.radians(30)) + 6)


def test_outset_lets_an_edge_swallowed_in_an_inward_corner_give_way():
    # A notch like a die net's glue tab beside a face: the slanted edge C-D, 6.7 mm long, meets
    # B-C in an inward corner of 26.6 degrees. Grown by 3 mm its two ends would meet 13 mm out
    # along the corner's bisector, past each other, and the outline would cross itself; instead
    # B-C (x = 10) and D-E (y = 4) meet, and grown by 3 they meet at (13, 1).
    notch = Polygon(((0, 0), (10, 0), (10, 10), (13, 4), (20, 4), (20, 20), (0, 20)), CUT)
    grown = outset(notch, 3)
    assert [tuple(round(v, 9) for v in p) for p in grown.points] == [
        (-3, -3), (13, -3), (13, 1), (23, 1), (23, 23), (-3, 23)]


def test_ink_saver_drops_bulk_fills_but_keeps_outlines_and_symbols():
    items = (Rect(0, 0, 10, 10, Paint(fill="#ff0000", bulk=True)),
             Circle(5, 5, 3, Paint(fill="#00ff00", stroke="#000000", bulk=True)),
             Group((Rect(1, 1, 2, 2, Paint(fill="#0000ff")),)),
             Text(0, 0, 10, 5, "x", 8))
    saved = with_ink_saver(items)
    assert len(saved) == 3  # the plain colour area is gone
    assert saved[0] == Circle(5, 5, 3, Paint(stroke="#000000"))
    assert saved[1] == items[2] and saved[2] == items[3]


def test_text_keeps_its_size_when_it_fits_and_shrinks_when_not():
    roomy = fonts.layout(Text(0, 0, 60, 10, "Grass", 14))
    assert roomy.size == 14 and roomy.lines == ("Grass",)
    tight = fonts.layout(Text(0, 0, 12, 6, "Flower field", 14, min_size=5))
    assert tight.size < 14
    assert all(fonts.width(line, False, tight.size) <= 12 + 1e-6 for line in tight.lines)


def test_text_wraps_words_and_stays_inside_its_box():
    box = Text(0, 0, 40, 30, "one gold for each of your settlements next to water", 10)
    laid = fonts.layout(box)
    assert len(laid.lines) > 1 and " ".join(laid.lines) == box.text
    assert laid.baselines[-1] <= box.y + box.h


def test_text_that_cannot_fit_names_itself():
    with pytest.raises(fonts.TextOverflow, match="does not fit its 5.0 x 2.0 mm box"):
        fonts.layout(Text(0, 0, 5, 2, "Discoverers", 12, min_size=6))


def test_an_overflow_names_the_component_in_both_backends():
    from pnp.render import pdf, svg

    drawing = Drawing("card-x", 10, 10, (Text(0, 0, 5, 2, "Discoverers", 12, min_size=6),))
    with pytest.raises(fonts.TextOverflow, match="card-x"):
        svg.render(drawing)
    with pytest.raises(fonts.TextOverflow, match="card-x"):
        pdf.render([drawing], "t")
