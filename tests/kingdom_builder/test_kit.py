"""The Kingdom Builder kit: contents per the digest, text, PDF structure, determinism, goldens."""

import io
import re
from collections import Counter
from pathlib import Path

import pypdf
import pytest

from pnp.draw import Drawing, texts
from pnp.games.kingdom_builder import components as c
from pnp.games.kingdom_builder.kit import sheets
from pnp.games.kingdom_builder.facts import BUILDABLE
from pnp.render import fonts, pdf, svg
from pnp.render.i18n import LANGUAGES
from pnp.render.imposition import Options, impose

GOLDEN = Path(__file__).parents[1] / "golden"
POINTS = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}  # 210 x 297 mm, 8.5 x 11 in


def all_drawings(lang: str, paper: str = "a4") -> list[Drawing]:
    return [d for sheet in sheets(c.catalog(lang), paper, True) for d in (*sheet.fronts, *sheet.backs)]


def kit_pdf(**options) -> bytes:
    lang = options.pop("lang", "en")
    t = c.catalog(lang)
    opts = Options(**options)
    return pdf.render(impose(sheets(t, opts.paper, False), opts, t("title"), t), "kit")


def test_contents_match_the_digest():
    t = c.catalog("en")
    names = Counter(d.name for d in c.terrain_cards(t))
    # "25 terrain cards: 5 each of the 5 buildable terrains" (grass, canyon, desert, flower, forest).
    assert names == {f"terrain-card-{terrain}": 5 for terrain in ("grass", "canyon", "desert", "flower", "forest")}
    assert len(c.kingdom_cards(t)) == 10
    fronts, backs = c.location_tiles(t)
    # "oracle 2, farm 4, tavern 4, tower 4, harbor 2, paddock 4, barn 4, oasis 4"
    expected = {"oracle": 2, "farm": 4, "tavern": 4, "tower": 4, "harbor": 2, "paddock": 4, "barn": 4, "oasis": 4}
    assert Counter(d.name.removeprefix("location-tile-") for d in fronts) == expected
    assert [b.name for b in backs] == [f.name + "-action" for f in fronts]
    tokens = Counter(d.name.rsplit("-", 1)[0] for d in c.tokens(t))
    assert tokens == {"start": 1, "gold-marker": 4, "lap-marker": 8}


def test_every_catalog_id_exists_in_every_language():
    ids = {lang: c.catalog(lang).ids for lang in LANGUAGES}
    assert ids["en"] == ids["ru"] == ids["fa"]
    assert all(text.strip() for text in c.catalog("ru").messages.values())


def test_russian_text_comes_from_the_russian_rules():
    t = c.catalog("ru")
    # Names from the digest's vocabulary table (seed 001).
    assert t("card.fishermen.name") == "Рыбаки" and t("location.oracle") == "Святилище" and t("terrain.flower") == "Цветочное поле"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_overflows_its_box(lang, paper):
    for drawing in all_drawings(lang, paper):
        for text in texts(drawing.items):
            laid = fonts.layout(text)  # raises TextOverflow if it cannot fit
            assert all(fonts.width(line, text.bold, laid.size) <= text.w + 1e-6 for line in laid.lines), drawing.name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_and_page_count(paper):
    reader = pypdf.PdfReader(io.BytesIO(kit_pdf(paper=paper)))
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(POINTS[paper], abs=0.01)
    # The cover and its back (the duplex test) 2; the 25 terrain and 10 Kingdom Builder cards
    # on 4 pages of 9, 9, 9, 8, each with its back 8; the 28 tiles (17.6 x 20.3 mm) and 13
    # markers in the 9th place of the last card page and on 1 more page, with its back 2; that
    # page's room below them takes the first board section (single-sided: nothing behind it).
    # Then single-sided: the 7 other sections one a page, and on A4 the 8 summaries in rows of
    # 3 below the first 3 of them (168 + 3 + 88 mm fit the 276.6 mm between A4's bands, not
    # Letter's 259 mm: a page of their own); the gold track 1. The 4 scan markers take room
    # those single-sided pages leave.
    assert len(reader.pages) == {"a4": 2 + 8 + 2 + 7 + 1, "letter": 2 + 8 + 2 + 7 + 1 + 1}[paper]


def test_fonts_are_embedded_and_subset_and_scaling_is_off():
    reader = pypdf.PdfReader(io.BytesIO(kit_pdf()))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    seen = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSansCondensed(-Bold)?", font["/BaseFont"]), font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"]  # the TrueType program is in the file
            seen.add(font["/BaseFont"].split("+")[1])
    assert seen == {"DejaVuSansCondensed", "DejaVuSansCondensed-Bold"}


def test_svg_and_pdf_of_one_card_carry_the_same_text():
    card = c.kingdom_card("merchants", c.catalog("ru"))
    svg_text = re.findall(r'aria-label="([^"]*)"', svg.render(card))  # each text's words, beside its outlines
    pdf_text = pypdf.PdfReader(io.BytesIO(pdf.render([card], "card"))).pages[0].extract_text()
    assert svg_text and " ".join(svg_text).split() == pdf_text.split()


def test_ink_saver_prints_less_colour():
    plain = kit_pdf(ink_saver=False)
    saver = kit_pdf(ink_saver=True)
    assert saver != plain
    svg_plain = svg.render(c.terrain_back(c.catalog("en")))
    svg_saver = svg.render(c.terrain_back(c.catalog("en")), ink_saver=True)
    assert "#2F4B7C" in svg_plain and "#2F4B7C" not in svg_saver


def normalised_pdf_page(data: bytes) -> str:
    """The drawing operators of the first page: stable across runs, free of ids and dates."""
    return pypdf.PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data().decode("latin-1")


GOLDEN_CASES = {
    "terrain-card-forest": lambda t: c.terrain_card(BUILDABLE[4], t),
    "kingdom-card-lords": lambda t: c.kingdom_card("lords", t),
    "location-tile-harbor-action": lambda t: c.location_tile_action(c.LOCATIONS[4], t),
    "gold-marker-blue": lambda t: c.gold_marker(1),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_files(name, golden):
    drawing = GOLDEN_CASES[name](c.catalog("en"))
    assert drawing.name == name
    outputs = {f"{name}.svg": svg.render(drawing), f"{name}.pdf.txt": normalised_pdf_page(pdf.render([drawing], name))}
    for file, text in outputs.items():
        golden(GOLDEN / file, text)
