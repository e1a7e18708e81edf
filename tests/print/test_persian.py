"""Persian: shaping and bidi order (goldens), text fitting as shaped, Persian digits, mirrored
layouts, catalogs complete in every language, and the text layer of the Persian PDF."""

import io
import re
import shutil
import string
import subprocess
import unicodedata

import pypdf
import pytest

from pnp.draw import Drawing, Rect, Text, texts
from pnp.games.carolus_magnus import components as carolus_magnus
from pnp.games.great_wall import components as great_wall
from pnp.games.kingdom_builder import components as kingdom_builder
from pnp.render import fonts, pdf, shaping, svg
from pnp.render.i18n import LANGUAGES, render_catalog

GAMES = {"kingdom-builder": kingdom_builder, "great-wall": great_wall, "carolus-magnus": carolus_magnus}


def glyph_names(line: shaping.Line) -> list[str]:
    return [shaping.hb_font(g.face).glyph_to_string(g.gid) for g in line.glyphs]


def line(text: str, bold: bool = False) -> shaping.Line:
    return shaping.shape(text, shaping.style(text, bold))


def x_of(shaped: shaping.Line, char: str) -> float:
    """Pen position (em) of the glyph printing `char`, which occurs once in the line."""
    x = 0.0
    found = []
    for glyph in shaped.glyphs:
        if char in glyph.text:
            found.append(x)
        x += glyph.advance
    assert len(found) == 1, (char, found)
    return found[0]


def test_a_word_is_shaped_into_joined_forms_in_visual_order():
    # ماهی‌گیران (Fishermen, as the Persian rulebook writes it), left to right as printed. By
    # Persian joining: م initial, ا final (alef never joins the next letter), ه initial, ی final
    # before the ZWNJ (an empty glyph, kept), گ initial, ی medial (Vazirmatn's contextual long
    # form before ر), ر final, ا and ن isolated (ر and ا never join the next letter).
    assert glyph_names(line("ماهی‌گیران")) == [
        "uni0646", "uni0627", "uniFEAE", "uniFBFF.long1", "uniFB94", "afii61664", "uniFBFD", "uniFEEB",
        "uniFE8E", "uniFEE3"]


def test_lam_alef_is_one_ligature():
    # طلا (gold): ط initial, then lam-alef, which Persian always writes as one glyph.
    assert glyph_names(line("طلا")) == ["uniFEFC", "uniFEC3"]


def test_a_mixed_line_reads_right_to_left_with_numbers_left_to_right():
    # "۳ اقامتگاه ۱۲ طلا" (3 settlements 12 gold): read from the right, ۳ comes first, then the
    # word, then ۱۲ (whose digits read left to right), then طلا at the left end.
    shaped = line("۳ اقامتگاه ۱۲ طلا")
    assert x_of(shaped, "۳") > x_of(shaped, "ق") > x_of(shaped, "۲") > x_of(shaped, "۱") > x_of(shaped, "ط")


def test_latin_inside_persian_keeps_its_order_and_brackets_mirror():
    # "کارت (Settlement Area) را" (card (Settlement Area) ...): from the right, کارت, the
    # opening bracket, then "Settlement Area" reading left to right, the closing bracket.
    # The opening bracket, on the aside's right, is printed as the glyph ")" so that it opens
    # towards the aside; the closing one as "(".
    shaped = line("کارت (Settlement Area) را")
    xs = [x_of(shaped, char) for char in ("ک", "ت", "(", "A", "S", ")")]
    assert xs == sorted(xs, reverse=True)
    names = {g.text: shaping.hb_font(g.face).glyph_to_string(g.gid) for g in shaped.glyphs if g.text in "()"}
    assert names == {"(": "parenright", ")": "parenleft"}


def test_paragraph_direction_comes_from_its_first_strong_character():
    assert shaping.style("۱۲ طلا", False).rtl  # digits are weak: the Persian word decides
    assert not shaping.style("kb1-1000-oracle · معبد", False).rtl
    assert shaping.style("Fishermen", False).plain and not shaping.style("طلا", False).plain


def test_a_character_missing_from_vazirmatn_comes_from_dejavu():
    shaped = line("▲ معبد")
    assert shaped.glyphs[-1].face == shaping.LATIN[False] and shaped.glyphs[-1].text == "▲"
    assert all(g.face == shaping.PERSIAN[False] for g in shaped.glyphs[:-1])


def test_shaped_text_is_measured_as_shaped():
    # The lam-alef ligature is narrower than the letters set apart, so fitting must use the
    # shaped width, which is the sum of HarfBuzz's advances.
    assert fonts.width("طلا", False, 10) < sum(fonts.width(c, False, 10) for c in "طلا")
    assert fonts.width("طلا", False, 10) == pytest.approx(line("طلا").width * 10 * 25.4 / 72)


def test_persian_paragraphs_start_at_the_right_edge_of_their_box():
    laid = fonts.layout(Text(10, 0, 50, 10, "طلا", 10, align="left"))
    assert laid.align == "right"
    assert laid.left(0) + laid.shaped[0].width * 10 * 25.4 / 72 == pytest.approx(60)
    assert fonts.layout(Text(10, 0, 50, 10, "gold", 10, align="left")).align == "left"


def test_a_long_persian_text_wraps_at_spaces_and_fits():
    text = kingdom_builder.catalog("fa")("action_detail.paddock")
    laid = fonts.layout(Text(0, 0, 53, 19, text, 8, min_size=5.5))
    assert len(laid.lines) > 1 and " ".join(laid.lines) == text
    assert all(shaped.width * laid.size * 25.4 / 72 <= 53 + 1e-6 for shaped in laid.shaped)


def test_numbers_in_persian_texts_use_persian_digits():
    t = kingdom_builder.catalog("fa")
    assert t.number(2024) == "۲۰۲۴" and kingdom_builder.catalog("en").number(2024) == "2024"
    assert t("cover.item", count=28, name="x") == "۲۸ × x"
    assert t("page", number=3, total=27) == "صفحه‌ی ۳ از ۲۷"
    assert render_catalog("ru")("page", number=3, total=27) == "страница 3 из 27"


def test_infantrys_values_read_from_the_right_in_persian():
    # "۱، ۲، ۳…" alone in the wall card's value circle has no letter to set its direction: it must
    # still read from the right, ۱ first, as in the card's Persian text.
    from pnp.games.great_wall.facts import Kind

    shaped = line(great_wall.value_text(Kind.INFANTRY, great_wall.catalog("fa")), bold=True)
    assert x_of(shaped, "۱") > x_of(shaped, "۲") > x_of(shaped, "۳")


def test_the_gold_track_runs_right_to_left_in_persian():
    def cells(lang):
        t = kingdom_builder.catalog(lang)
        return {item.text: item.x for item in texts(kingdom_builder.gold_track(190, 250, t).items)}

    fa, en = cells("fa"), cells("en")
    assert fa["۰"] > fa["۹"] and en["0"] < en["9"]
    assert fa["۰"] == pytest.approx(190 - en["0"] - (en["1"] - en["0"]) + 2)  # mirrored cell, same inset


def test_a_court_reads_right_to_left_in_persian():
    # The castle, each clan's name and its cube spaces: every box at the mirror of its English place.
    def boxes(lang):
        court = carolus_magnus.court(carolus_magnus.catalog(lang))
        boxes = [item for item in court.items if isinstance(item, (Rect, Text))]
        return court.width, sorted((round(item.x, 6), round(item.w, 6)) for item in boxes)

    (width, fa), (_, en) = boxes("fa"), boxes("en")
    assert fa == sorted((round(width - x - w, 6), w) for x, w in en)
    assert fa != en


def test_the_cover_key_runs_right_to_left_in_persian():
    # Each entry of the key (a swatch, its name below it) in the reading direction: in Persian
    # the first entry stands at the right, each at the mirror of its English place on the page.
    from pnp.draw import Group, apply
    from pnp.render.cover import KEY_SIZE, Cover, cover_page

    key = (((), "first"), ((), "second"))

    def entries(lang):
        page = cover_page(Cover("t", "s", (), key_title="k", key=key), 190, 270, (), kingdom_builder.catalog(lang), False)
        names = {item.text: (item.x, item.w) for item in texts(page.items) if item.text in ("first", "second")}
        swatches = [apply(item.transform, (0, 0))[0] for item in page.items if isinstance(item, Group)]
        return names, swatches

    (fa, fa_swatches), (en, en_swatches) = entries("fa"), entries("en")
    assert en["first"][0] < en["second"][0] and fa["first"][0] > fa["second"][0]
    for name, (x, w) in en.items():
        assert fa[name][0] == pytest.approx(190 - x - w)
    assert fa_swatches == pytest.approx([190 - x - KEY_SIZE for x in en_swatches])


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_has_every_english_key_with_the_same_placeholders(game, lang):
    english, other = GAMES[game].catalog("en"), GAMES[game].catalog(lang)
    assert other.ids == english.ids

    def fields(text):
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key, text in other.messages.items():
        # A plural form has the placeholders of every form of its text in English.
        form = key.rpartition(".")[0]
        same = english.messages[key] if key in english.messages else english.messages[f"{form}.other"]
        assert text.strip() and fields(text) == fields(same), key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_persian_character_has_a_glyph(game):
    faces = [shaping.ttf(face).face.charToGlyph for face in shaping.FACES]
    chars = set("".join(GAMES[game].catalog("fa").messages.values())) - {"\n"}  # a line break of terminal text
    assert {c for c in chars if not any(ord(c) in cmap for cmap in faces)} == set()


def card_pdf(lang: str = "fa") -> bytes:
    t = kingdom_builder.catalog(lang)
    tavern = kingdom_builder.LOCATIONS[2]
    return pdf.render([kingdom_builder.kingdom_card("fishermen", t), kingdom_builder.summary_card(tavern, t)], "t")


def test_persian_pdf_embeds_subsets_of_vazirmatn_and_is_byte_identical():
    data = card_pdf()
    names = set()
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"]
            names.add(re.fullmatch(r"/[A-Z]{6}\+(.*)", font["/BaseFont"]).group(1))
    assert {"Vazirmatn-Regular", "Vazirmatn-Bold"} <= names
    # Byte-identical, also after other texts were shaped and printed in this process.
    pdf.render([kingdom_builder.gold_track(190, 250, kingdom_builder.catalog("fa"))], "other")
    assert card_pdf() == data


def plain_text(extracted: str) -> str:
    """pdftotext's words with Arabic presentation forms folded to letters and its bidi marks dropped."""
    return "".join(c for c in unicodedata.normalize("NFKC", extracted) if unicodedata.category(c) != "Cf" or c == "\u200c")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_pdftotext_gives_back_the_persian_words(tmp_path):
    path = tmp_path / "cards.pdf"
    path.write_bytes(card_pdf())
    extracted = plain_text(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout)
    t = kingdom_builder.catalog("fa")
    # The card's name (with its ZWNJ), and words of its rule and of the tavern's summary.
    for word in ("ماهی‌گیران", "طلا", "اقامتگاه", "دست‌کم", "مسافرخانه", "بسازید"):
        assert word in extracted, word
    # Whole lines come back in logical order too: the goal line, read right to left.
    assert t("card.fishermen.goal") in extracted


def test_svg_text_is_outlines_with_the_words_kept():
    for lang in ("en", "fa"):
        card = kingdom_builder.kingdom_card("fishermen", kingdom_builder.catalog(lang))
        document = svg.render(card)
        assert "<text" not in document and "font-family" not in document
        assert f'aria-label="{kingdom_builder.catalog(lang)("card.fishermen.name")}"' in document
        defined = set(re.findall(r'<path d="[^"]+" id="([a-z]+\d+)"', document))
        used = set(re.findall(r'xlink:href="#([a-z]+\d+)"', document))
        assert used and used == defined
        assert svg.render(card) == document


def test_a_persian_text_that_cannot_fit_names_its_component():
    drawing = Drawing("card-x", 10, 10, (Text(0, 0, 5, 2, "ماهی‌گیران", 12, min_size=6),))
    with pytest.raises(fonts.TextOverflow, match="card-x"):
        pdf.render([drawing], "t")
