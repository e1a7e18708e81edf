"""Kinds of card named in the words the cards print, in Russian or Persian, and every number in
Persian digits: read as their English ids, scored as the English file is."""

import pytest

from pnp.games.great_wall.facts import Kind
from tests.cli.test_printed_text import BIDI_CONTROLS
from tests.names import EXAMPLES, persian_numbers, pnp, printed, rewritten, same_game

GAME = "great-wall"
EXAMPLE = EXAMPLES / "great-wall-last-round.yaml"
KINDS = [kind.value for kind in Kind]
# The words of fa.yaml's `kind`, spelt as keyboards vary: a space for a ZWNJ, an Arabic yeh.
PERSIAN = {"wall": "دیوار", "gate": "دروازه", "tower": "برج ديده بانی", "infantry": "پیاده نظام",
           "nobility": "اشراف", "dragon": "اژدها"}
RUSSIAN = {"wall": "Стена", "gate": "ВОРОТА", "tower": "сторожевая башня", "infantry": "Пехота",
           "nobility": "знать", "dragon": "Дракон"}


def words(lang: str) -> list[tuple[str, str]]:
    return printed(GAME, "kind.{}", KINDS, lang)


@pytest.mark.parametrize("lang", ["fa", "ru"])
def test_the_example_in_the_players_words_scores_as_in_english(lang, tmp_path):
    # Persian: the pool, the tokens won, face up and on cards, and the Dragon's `covers` in Persian digits too.
    text = rewritten(EXAMPLE.read_text(encoding="utf-8"), PERSIAN if lang == "fa" else RUSSIAN)
    if lang == "fa":
        text = persian_numbers(text)
        assert "pool: ۲۴" in text and "covers: ۳" in text and "token: ۳" in text
    (tmp_path / "other.yaml").write_text(text, encoding="utf-8")
    same_game(GAME, EXAMPLE, tmp_path / "other.yaml")


def test_an_unknown_card_is_told_by_line_with_the_choices(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace("card: dragon", "card: اژدهای")
    line = text[:text.index("اژدهای")].count("\n") + 1
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    for lang in ("fa", "ru", "en"):
        code, out, err = pnp("check", GAME, str(path), "--lang", lang)
        err = BIDI_CONTROLS.sub("", err)  # a Persian line isolates its Latin runs
        assert code == 1 and out == "" and err.startswith(f"{path}:{line}: ") and len(err.splitlines()) == 1
        assert "'اژدهای'" in err
        if lang == "en":  # English lists the ids alone, as before
            assert err.rstrip().endswith("cards: " + ", ".join(KINDS))
        else:
            assert all(f"{word} ({id})" in err for id, word in words(lang))


def test_the_table_from_the_catalogs_gives_every_kind_its_words_and_no_name_two_kinds():
    from pnp.games.great_wall.facts import NAMES

    assert NAMES.kinds["card"][1] == tuple(KINDS) and list(NAMES.kinds) == ["card"]
    table = NAMES.table["card"]  # building it refuses a name that stands for two kinds
    assert sorted(set(table.values())) == sorted(KINDS) and len(table) == 3 * len(KINDS)
    assert all(NAMES.id("card", word) == id for lang in ("ru", "fa") for id, word in words(lang))


@pytest.mark.parametrize("lang", ["fa", "ru"])
def test_the_form_glosses_every_kind(lang):
    code, form, _ = pnp("template", GAME, "--players", "3", "--lang", lang)
    line = next(line for line in form.splitlines() if "dragon" in line)
    assert code == 0 and all(f"{id} ({word})" in line for id, word in words(lang))
