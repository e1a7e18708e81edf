"""Clans and sides named in the words the components print, in Russian or Persian, and every
number in Persian digits: read as their English ids, scored as the English file is."""

import pytest

from pnp.games.carolus_magnus.facts import CLAN_NAMES, SIDE_NAMES
from tests.cli.test_printed_text import BIDI_CONTROLS
from tests.names import EXAMPLES, persian_numbers, pnp, printed, rewritten, same_game

GAME = "carolus-magnus"
EXAMPLE = EXAMPLES / "carolus-magnus-counterattack.yaml"
KINDS = {"clan": CLAN_NAMES, "side": SIDE_NAMES}
# The words of fa.yaml's `clan` and `side` (one with an Arabic yeh), and of ru.yaml's (any case, е for ё).
PERSIAN = {"red": "قرمز", "pink": "صورتي", "blue": "آبی", "yellow": "زرد", "green": "سبز", "black": "سیاه",
           "white": "سفید"}
RUSSIAN = {"red": "красный", "pink": "Розовый", "blue": "СИНИЙ", "yellow": "Желтый", "green": "Зелёный",
           "black": "Черный", "white": "Белый"}


def words(kind: str, lang: str) -> list[tuple[str, str]]:
    return printed(GAME, f"{kind}.{{}}", KINDS[kind], lang)


@pytest.mark.parametrize("lang", ["fa", "ru"])
def test_the_example_in_the_players_words_scores_as_in_english(lang, tmp_path):
    # Persian: cube counts, segments, castles and the supply in Persian digits too.
    text = rewritten(EXAMPLE.read_text(encoding="utf-8"), PERSIAN if lang == "fa" else RUSSIAN)
    if lang == "fa":
        text = persian_numbers(text)
        assert "segments: [۱, ۲, ۳]" in text and "supply: {سفید: ۸, سیاه: ۲}" in text
    (tmp_path / "other.yaml").write_text(text, encoding="utf-8")
    same_game(GAME, EXAMPLE, tmp_path / "other.yaml")


def test_an_unknown_clan_and_side_are_told_by_line_with_the_choices(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace("side: black", "side: سیاهی").replace("{red: 1}, castles", "{قرمزی: 1}, castles")
    lines = [text[:text.index(word)].count("\n") + 1 for word in ("سیاهی", "قرمزی")]
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    for lang in ("fa", "ru", "en"):
        code, out, err = pnp("check", GAME, str(path), "--lang", lang)
        assert code == 1 and out == ""
        said = dict(line.split(": ", 1) for line in BIDI_CONTROLS.sub("", err).splitlines())  # Persian isolates Latin runs
        side, clan = (said.pop(f"{path}:{line}") for line in lines)
        assert "'سیاهی'" in side and "'قرمزی'" in clan
        if lang == "en":  # English lists the ids alone, as before
            assert side.endswith("sides: " + ", ".join(SIDE_NAMES)) and clan.endswith("clans: " + ", ".join(CLAN_NAMES))
        else:
            assert all(f"{word} ({id})" in side for id, word in words("side", lang))
            assert all(f"{word} ({id})" in clan for id, word in words("clan", lang))


def test_the_table_from_the_catalogs_gives_every_id_its_words_and_no_name_two_ids():
    from pnp.games.carolus_magnus.facts import NAMES

    assert {kind: ids for kind, (_, ids) in NAMES.kinds.items()} == KINDS
    for kind, ids in KINDS.items():
        table = NAMES.table[kind]  # building it refuses a name that stands for two ids
        assert sorted(set(table.values())) == sorted(ids) and len(table) == 3 * len(ids)
        assert all(NAMES.id(kind, word) == id for lang in ("ru", "fa") for id, word in words(kind, lang))


@pytest.mark.parametrize("lang", ["fa", "ru"])
def test_the_form_glosses_every_side_and_clan(lang):
    code, form, _ = pnp("template", GAME, "--players", "3", "--lang", lang)
    assert code == 0
    for kind, ids in KINDS.items():
        line = next(line for line in form.splitlines() if line.startswith("#") and ids[-1] in line)
        assert all(f"{id} ({word})" in line for id, word in words(kind, lang))
