"""Isolates (FSI, LRI, RLI ... PDI) in printed text: a name typed in Latin letters inside a
Persian line keeps its own order, the line around it its own, and the marks print nothing."""

from pnp.render import fonts, shaping
from pnp.draw import Text
from tests.print.test_persian import line, x_of

FSI, RLI, PDI = "\u2068", "\u2067", "\u2069"


def test_an_isolated_name_does_not_set_the_paragraphs_direction():
    # Before: the first strong letter, the A of Anna, made the legend a left-to-right paragraph.
    assert shaping.style(f"● {FSI}Anna{PDI} (نارنجی): ۴۴", False).rtl
    assert not shaping.style("● Anna (نارنجی): ۴۴", False).rtl  # not isolated: it does
    assert not shaping.style(f"{FSI}طلا{PDI} gold", False).rtl  # the other way round


def test_an_isolated_name_keeps_its_punctuation_in_a_persian_line():
    # "Boris!" between two Persian words (طلا ... آبی): isolated, the ! follows the s as typed.
    # Without the isolate the ! lies between a Latin and a Persian letter, takes the line's
    # direction and goes to the left end of the name, as the line reads from the right: «!Boris».
    # Left to right as printed:
    assert "".join(g.text for g in line(f"طلا {FSI}Boris!{PDI} آبی").glyphs) == "یبآ Boris! لاط"
    assert "".join(g.text for g in line("طلا Boris! آبی").glyphs) == "یبآ !Boris لاط"


def test_the_isolates_marks_print_nothing_and_a_right_to_left_isolate_reads_from_the_right():
    # Before: python-bidi's levels refused an isolate ("FSI not allowed here").
    shaped = line(f"a {RLI}طلا{PDI} b")
    assert not any(set(glyph.text) & {FSI, RLI, PDI} for glyph in shaped.glyphs)
    # Left to right as printed: a, the lam-alef ligature (one glyph for لا), ط, b.
    assert [glyph.text for glyph in shaped.glyphs] == ["a", " ", "لا", "ط", " ", "b"]
    assert shaped.width == line("a طلا b").width


def test_an_isolate_left_open_or_a_pdi_alone_is_still_printed():
    # A name that breaks across lines leaves its isolate open on the first and its PDI alone on
    # the second: both lines lay out, the open isolate running to the end of its line.
    # Left to right as printed: the name at the left end of the Persian line; a line that starts
    # with Maria runs left to right.
    assert "".join(g.text for g in line(f"طلا {FSI}Anna Maria").glyphs) == "Anna Maria لاط"
    assert "".join(g.text for g in line(f"Maria{PDI} ۲ طلا").glyphs) == "Maria ۲ لاط"
    assert fonts.layout(Text(0, 0, 12, 20, f"طلا طلا {FSI}Anna Maria Schmidt{PDI} طلا", 10)).lines
