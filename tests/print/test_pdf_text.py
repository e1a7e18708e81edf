"""The text layer of the Persian kits: what pdftotext (poppler, as in Evince and Okular) gives
back is each printed line as the catalog writes it, and a plain search finds a joined word."""

import re
import shutil
import subprocess
import unicodedata

import pytest

from pnp.draw import texts
from pnp.games import GAMES
from pnp.render import fonts, pdf
from pnp.render.imposition import Options, impose

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
KITS = {"kingdom-builder": {"settlements": False}, "great-wall": {"players": 3},
        "carolus-magnus": {"players": 3, "paladins": False}}


def plain(text: str) -> str:
    """Text as a reader compares it: NFKC, no format characters but ZWNJ, single spaces."""
    kept = "".join(c for c in unicodedata.normalize("NFKC", text) if unicodedata.category(c) != "Cf" or c == "\u200c")
    return re.sub(" +", " ", kept).strip()


def kit(game: str, tmp_path) -> tuple[list[str], str]:
    """The Persian lines the kit prints (as laid out from the catalog) and pdftotext's text."""
    t = GAMES[game].catalog("fa")
    pages = impose(GAMES[game].kit_sheets(t, "a4", **KITS[game]), Options(), t("title"), t)
    path = tmp_path / f"{game}.pdf"
    path.write_bytes(pdf.render(pages, "t"))
    lines = {line for page in pages for item in texts(page.items) for line in fonts.layout(item).lines
             if re.search("[\u0620-\u064a\u067e-\u06d3]", line)}
    return sorted(lines), subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("game", KITS)
def test_pdftotext_gives_back_whole_persian_lines(game, tmp_path):
    """Numbers and punctuation on the side the bidi algorithm put them («۱، ۲، ۳…», «(۵ کارت
    برای هر ناحیه)», «دور: هر»), not where a simpler reordering puts them («…۳ ،۲ ،۱»,
    «)۵کارت…(»). Before, 290 of the 488 Persian lines of the three kits came back whole; now
    480."""
    lines, extracted = kit(game, tmp_path)
    got = {plain(line) for line in extracted.splitlines()}
    missing = [line for line in lines if plain(line) not in got]
    # What is known to fail (README): a word with a vowel mark starts a new line, and a space
    # comes before a closing bracket after «ر».
    assert all(re.search("[\u064b-\u0652]|ر\\)", line) for line in missing), missing
    assert len(missing) <= 0.05 * len(lines), missing
    if game == "great-wall":
        assert plain("۱، ۲، ۳…") in got  # Infantry's value
    if game == "kingdom-builder":
        assert "۲۵ × کارت ناحیه (۵ کارت برای هر ناحیه)" in got


def test_a_plain_search_finds_joined_words(tmp_path):
    # Without folding presentation forms: every glyph reads as the letter it was shaped from.
    _, extracted = kit("kingdom-builder", tmp_path)
    for word in ("اقامتگاه", "ماهی‌گیران", "بسازید", "لا"):
        assert word in extracted, word
    assert not re.search("[\ufb50-\ufdff\ufe70-\ufeff]", extracted)
