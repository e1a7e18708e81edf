"""The score picture (`pnp score kingdom-builder FILE --picture OUT`) in the player's language:
every word from the catalogs, numbers in the language's digits, player names and section ids
isolated in a Persian line, which runs right to left with the card panels from the right."""

import html
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import texts
from pnp.games import GAMES
from pnp.render import svg
from tests.cli.test_languages import english_words
from tests.print.test_persian import plain_text

EXAMPLE = Path(__file__).resolve().parents[2] / "boards" / "examples" / "first-game.yaml"
GAME = GAMES["kingdom-builder"]
# What the picture shows as typed: the example's player names and section ids.
TYPED = ("Anna", "Boris", "Clara", "kb1-1000-tavern", "kb1-1000-paddock", "kb1-1000-oasis", "kb1-1000-farm")
runner = CliRunner()


@cache
def drawing(lang: str):
    return GAME.picture(GAME.evaluate(GAME.load(EXAMPLE)), lang)


def labels(lang: str) -> list[str]:
    """The words of every text of the picture's SVG (drawn as outlines, each text labelled)."""
    return [html.unescape(label) for label in re.findall(r'aria-label="([^"]*)"', svg.render(drawing(lang)))]


def untyped(text: str) -> str:
    for word in TYPED:
        text = text.replace(word, " ")
    return text


def test_the_english_picture_says_what_it_said():
    # The texts of the picture before it spoke other languages, copied from the SVG it wrote then
    # (its bytes are unchanged too: the same SHA-256 before and after).
    said = labels("en")
    assert said[:2] == ["Kingdom Builder: kb1-1000-tavern, kb1-1000-paddock, kb1-1000-oasis, kb1-1000-farm",
                        "● Anna (orange): 44   ▲ Boris (blue): 37   ■ Clara (purple): 34"]
    assert [said[i] for i in range(len(said)) if said[i] in ("Fishermen", "Knights", "Merchants", "Castles")] == \
        ["Fishermen", "Knights", "Merchants", "Castles"]
    assert "Anna 15 · Boris 8 · Clara 12" in said


@pytest.mark.parametrize("lang", ["ru", "fa"])
def test_every_word_of_the_svg_is_in_the_language(lang):
    # Before: "Kingdom Builder: ...", "(orange)", "Fishermen", ... in every language.
    said = labels(lang)
    assert {text: words for text in said if (words := english_words(untyped(text)))} == {}
    assert GAME.catalog(lang)("card.fishermen.name") in said


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("lang", ["en", "ru", "fa"])
def test_the_pdf_speaks_the_language_its_title_too(lang, tmp_path):
    out = tmp_path / "picture.pdf"
    result = runner.invoke(app, ["score", "kingdom-builder", str(EXAMPLE), "--picture", str(out), "--lang", lang])
    assert result.exit_code == 0, result.output
    extracted = plain_text(subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout)
    assert lang == "en" or english_words(untyped(extracted)) == []
    # The file's title too: «Kingdom Builder score» before, in every language.
    title = {"en": "Kingdom Builder score", "ru": "Строители королевств: подсчёт очков",
             "fa": "امتیازهای سازنده‌ی پادشاهی"}[lang]
    assert pypdf.PdfReader(out).metadata.title == title
    if lang == "fa":
        # The legend in logical order: each mark, name, colour, then the total in Persian digits
        # (the English picture's 44, 37 and 34). pdftotext puts one space between the players.
        lines = [" ".join(line.split()) for line in extracted.splitlines()]
        assert "● Anna (نارنجی): ۴۴ ▲ Boris (آبی): ۳۷ ■ Clara (بنفش): ۳۴" in lines
        assert "Anna ۱۵ · Boris ۸ · Clara ۱۲" in lines  # Fishermen: 15, 8, 12, as in English


def test_the_persian_picture_isolates_the_names_and_reads_from_the_right():
    fsi, pdi = "\u2068", "\u2069"
    said = {item.text: item for item in texts(drawing("fa").items)}
    # Before: "Kingdom Builder: kb1-1000-tavern, ..." and "● Anna (orange): 44 ...".
    assert f"سازنده‌ی پادشاهی: {fsi}kb1-1000-tavern{pdi}، {fsi}kb1-1000-paddock{pdi}، " in next(iter(said))
    assert f"● {fsi}Anna{pdi} (نارنجی): ۴۴   ▲ {fsi}Boris{pdi} (آبی): ۳۷   ■ {fsi}Clara{pdi} (بنفش): ۳۴" in said
    # A line of names and numbers alone starts with a right-to-left mark, which makes it read
    # from the right: Anna's gold at its right end.
    assert f"\u200f{fsi}Anna{pdi} ۱۵ · {fsi}Boris{pdi} ۸ · {fsi}Clara{pdi} ۱۲" in said
    # The first card's panel (Fishermen) on the right, the second's (Knights) on its left, as in
    # English they read from the left.
    fishermen, knights = (said[GAME.catalog("fa")(f"card.{card}.name")] for card in ("fishermen", "knights"))
    english = {item.text: item for item in texts(drawing("en").items)}
    assert fishermen.x == english["Knights"].x and knights.x == english["Fishermen"].x > 0


def test_a_name_holding_an_isolate_is_drawn(tmp_path):
    # Before: a traceback ("AssertionError: RLI not allowed here"): python-bidi's levels refuse
    # an isolate, which a player may type to keep a Persian part of a name in its order.
    form = tmp_path / "game.yaml"
    form.write_text(EXAMPLE.read_text(encoding="utf-8").replace('"Anna"', '"Anna \u2067علی\u2069"'), encoding="utf-8")
    result = runner.invoke(app, ["score", "kingdom-builder", str(form), "--picture", str(tmp_path / "p.svg")])
    assert result.exit_code == 0, result.output
    assert 'aria-label="● Anna \u2067علی\u2069 (orange): 44' in (tmp_path / "p.svg").read_text(encoding="utf-8")
