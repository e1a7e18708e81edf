"""A number before a noun: the noun in the form the number asks for, in every language (Russian
«1 страница, 2 страницы, 5 страниц»), from the catalogs' plural forms."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.render.i18n import PLURALS, load, plural

runner = CliRunner()


@pytest.mark.parametrize("lang, counts", [
    # Russian (CLDR): "one" ends in 1 but not 11; "few" ends in 2-4 but not 12-14; the rest "many".
    ("ru", {"one": (1, 21, 31, 101, 1001), "few": (2, 3, 4, 22, 24, 102), "many": (0, 5, 9, 10, 11, 12, 14, 15, 20, 25, 111, 112)}),
    ("en", {"one": (1,), "other": (0, 2, 5, 11, 21)}),
    # Persian nouns stay singular after a number: «۱ صفحه», «۵ صفحه».
    ("fa", {"other": (0, 1, 2, 5, 21)}),
])
def test_each_count_takes_its_languages_form(lang, counts):
    assert {plural(lang, n) for forms in counts.values() for n in forms} == set(PLURALS[lang])
    for form, numbers in counts.items():
        assert all(plural(lang, n) == form for n in numbers), (form, numbers)


@pytest.mark.parametrize("game, key, lang, count, said", [
    # «осталось лишь 1 территории» was the only form: Carolus Magnus ends below 4 territories.
    ("carolus-magnus", "report.end.territories", "ru", 1, "осталась лишь 1 территория"),
    ("carolus-magnus", "report.end.territories", "ru", 3, "осталось лишь 3 территории"),
    ("carolus-magnus", "report.end.territories", "en", 1, "only 1 territory remains"),
    ("carolus-magnus", "report.end.territories", "fa", 3, "فقط ۳ قلمرو مانده است"),
    # «карты стены (3 цветов × 20)»: 2-4 colours take «цвета».
    ("great-wall", "contents.cards", "ru", 3, "карты стены (3 цвета × 20)"),
    ("great-wall", "contents.cards", "ru", 5, "карты стены (5 цветов × 20)"),
    ("great-wall", "report.pool", "ru", 21, "в пуле 21 фишка"),
    ("great-wall", "report.pool", "en", 1, "1 token in the pool"),
    # The rulebook (seed 001) writes «1 золото», «3 золота», «12 золота».
    ("kingdom-builder", "report.player", "ru", 1, "Anna (ключ 1): 1 золото"),
    ("kingdom-builder", "report.player", "ru", 12, "Anna (ключ 1): 12 золота"),
    ("kingdom-builder", "explain.knights", "en", 1, "row A holds 1 settlement × 2"),
])
def test_counted_nouns_agree_with_their_number(game, key, lang, count, said):
    t = GAMES[game].catalog(lang)
    assert t(key, count=count, name="Anna", key="1", row="A") == said


def test_the_kit_summary_counts_pages_in_russian(tmp_path):
    # «Записано 24 стр.» avoided the noun; 24 pages are «24 страницы» (Great Wall, 4 players).
    result = runner.invoke(app, ["kit", "great-wall", "--players", "4", "--out", str(tmp_path), "--lang", "ru"])
    assert result.exit_code == 0 and "Записаны 24 страницы (A4, вылет 0 мм, двусторонняя печать):" in result.stdout


def test_a_text_with_plural_forms_needs_its_count():
    t = GAMES["carolus-magnus"].catalog("ru")
    with pytest.raises(PnpError, match="'report.end.territories' has plural forms: it needs a whole number as count="):
        t("report.end.territories")


def test_a_catalog_missing_a_plural_form_is_refused(tmp_path):
    # Russian needs all three forms: a text with only "one" and "other" (the English ones) would
    # print the wrong form for 2-4 or 5-20.
    (tmp_path / "ru.yaml").write_text('pages:\n  one: "{count} страница"\n  other: "{count} страниц"\n', encoding="utf-8")
    with pytest.raises(PnpError, match=r"ru.yaml: 'pages' must have the plural forms one, few, many, not one, other"):
        load(tmp_path, "ru")
