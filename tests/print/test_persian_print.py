"""The three Persian kits as printed: lines far enough apart that a kasra never touches the line
below, no Persian text under 7 pt, no middle dot beside a Persian digit."""

from __future__ import annotations

import math
import re

import pytest

from pnp.draw import PT, Drawing, texts
from pnp.games import GAMES
from pnp.games.base import Texts
from pnp.render import fonts, pdf, shaping
from pnp.render.imposition import Options, impose

KITS = {"kingdom-builder": {"settlements": False}, "great-wall": {"players": 3},
        "carolus-magnus": {"players": 3, "paladins": False}}
PERSIAN = re.compile("[\u0620-\u064a\u067e-\u06d3]")


def pages(game: str) -> list[Drawing]:
    t = GAMES[game].catalog("fa")
    return impose(GAMES[game].kit_sheets(t, "a4", GAMES[game].kit_options(**KITS[game])), Options(), t("title"), t)


@pytest.fixture(scope="module")
def kits() -> dict[str, list[Drawing]]:
    return {game: pages(game) for game in KITS}


def ink(line: shaping.Line) -> tuple[float, float]:
    """How far the line's glyph boxes reach above and below its baseline, em: each glyph's
    extents as HarfBuzz gives them from the outline (marks at their offsets)."""
    tops, bottoms = [0.0], [0.0]
    for glyph in line.glyphs:
        box = shaping.hb_font(glyph.face).get_glyph_extents(glyph.gid)
        if box is not None:
            tops.append(glyph.dy + box.y_bearing / shaping.UNITS_PER_EM)
            bottoms.append(glyph.dy + (box.y_bearing + box.height) / shaping.UNITS_PER_EM)
    return max(tops), -min(bottoms)


@pytest.mark.parametrize("game", KITS)
def test_no_line_of_a_persian_text_reaches_into_the_next(kits, game):
    """Measured with the shaper's glyph extents, the outlines' own boxes: exact, and the same
    numbers whatever the renderer's resolution. At the 1.2 em line height 12 pairs of lines
    touched: on the duplex test page «خط‌کشِ» (a kasra 0.48 em below the baseline) came 0.3 mm
    into «دیده» (0.80 em above its own), and «دقیقاً» (a tanvin 0.97 em up) into the line above."""
    blocks = 0
    for page in kits[game]:
        for text in texts(page.items):
            laid = fonts.layout(text)
            if len(laid.lines) < 2 or not PERSIAN.search(text.text):
                continue
            blocks += 1
            em = laid.size * PT
            for upper, lower, first, second in zip(laid.shaped, laid.shaped[1:], laid.baselines, laid.baselines[1:]):
                bottom = first + ink(upper)[1] * em
                top = second - ink(lower)[0] * em
                assert bottom <= top, (page.name, upper.text, lower.text, bottom - top)
    assert blocks > 20  # the test saw the kit's paragraphs


def drawn_persian_sizes(monkeypatch, drawings: list[Drawing]) -> list[float]:
    """The size in points of every run of Vazirmatn (the face of every Persian paragraph) in
    the PDF of the pages: reportlab's text object is given each run's font and size, which it
    writes as the PDF's Tf operator, under the canvas's transformation (cm operators), which
    it keeps as it writes them. The size in the page's points is the Tf size times the
    transformation's scale: the pages are drawn in millimetres, and pieces may be scaled or
    turned."""
    from reportlab.pdfgen.textobject import PDFTextObject

    sizes = []
    set_font = PDFTextObject.setFont

    def spy(self, name, size, leading=None):
        if name.startswith("Vazirmatn"):
            a, b, c, d, _, _ = self._canvas._currentMatrix
            sizes.append(size * math.sqrt(abs(a * d - b * c)))
        return set_font(self, name, size, leading)

    monkeypatch.setattr(PDFTextObject, "setFont", spy)
    pdf.render(drawings, "t")
    return sizes


@pytest.mark.parametrize("game", KITS)
def test_no_persian_text_is_smaller_than_7_pt(kits, game, monkeypatch):
    """Footnotes were 6 and 6.5 pt: a Persian letter's dots and marks need more. 7 pt is 2.47 mm."""
    sizes = drawn_persian_sizes(monkeypatch, kits[game])
    assert len(sizes) > 100
    assert min(sizes) >= 7 - 1e-6, sorted(sizes)[:5]


# A middle dot beside a digit, spaces between them ignored: «۷ · ۳» reads as ۷۰۳, the Persian
# zero being a dot.
DOT_BY_DIGIT = re.compile(r"\d *·|· *\d")


def persian_catalog_texts() -> list[str]:
    """Every text of the Persian catalogs, shared and per game."""
    from pnp.render.i18n import render_catalog

    messages = [*render_catalog("fa").messages.values()]
    return messages + [text for game in GAMES.values() if isinstance(game, Texts) for text in game.catalog("fa").messages.values()]


def test_no_persian_catalog_text_puts_a_middle_dot_beside_a_digit():
    # Each placeholder taken for a number, which it may be («{value}»).
    said = [re.sub(r"\{[^{}]*\}", "۰", text) for text in persian_catalog_texts()]
    assert len(said) > 500
    assert not [text for text in said if DOT_BY_DIGIT.search(text)]


@pytest.mark.parametrize("game", KITS)
def test_no_printed_persian_line_puts_a_middle_dot_beside_a_digit(kits, game):
    """The kit's pages (the footer «… صفحه‌ی ۲ از ۲۰ · A4» was one) and the lines `pnp setup`
    prints (the heading «بذر ۷ · ۳ بازیکن»; Kingdom Builder's set-up sheet prints the same
    title and heading)."""
    from typer.testing import CliRunner

    from pnp.cli.app import app

    lines = [line for page in kits[game] for text in texts(page.items) for line in fonts.layout(text).lines]
    said = CliRunner().invoke(app, ["setup", game, "--players", "3", "--seed", "7", "--lang", "fa"])
    assert said.exit_code == 0, said.output
    lines += said.output.splitlines()
    assert not [line for line in lines if DOT_BY_DIGIT.search(line)]


def test_persian_list_items_are_numbered_with_a_bracket():
    """«۱. ۳ پالادین»: the dot after a Persian digit reads as a zero (۱۰). Persian print numbers
    items «۱-» or «۱)»; these items start with a number, and «۱- ۳» would read as «one to
    three», so «۱)»."""
    assert not [text for text in persian_catalog_texts() if re.match(r"[۰-۹]+\.", text)]
    t = GAMES["carolus-magnus"].catalog("fa")
    assert [t(f"turn.{step}")[:3] for step in ("play", "move", "roll")] == ["۱) ", "۲) ", "۳) "]
