"""Cards, board locations and colours named in the words the components print, in Russian or
Persian, Persian digits among them: read as their English ids, scored as the English file is."""

import pytest

from pnp.games.kingdom_builder.facts import LOCATIONS
from pnp.games.kingdom_builder.model import CARDS
from pnp.games.kingdom_builder.scan_colours import KIT_ORDER
from tests.cli.test_printed_text import BIDI_CONTROLS
from tests.names import EXAMPLES, persian_numbers, pnp, printed, rewritten, same_game

GAME = "kingdom-builder"
# A small game of the default sections, one of them turned; the scores do not matter, only that
# the three spellings below give the same ones (Anna 46, Boris 36 by `pnp score --explain`).
ENGLISH = """\
game: kingdom-builder
boards: [tavern, paddock@180, oasis, farm]
cards: [lords, miners, farmers]
players:
  - {key: "1", name: Anna, colour: orange}
  - {key: "2", name: Boris, colour: black}
settlements:
  "1": [A5, A6, K12]
  "2": [T1, J10]
"""
# The same game in the words of fa.yaml (location.*, card.*.name, players.*), spelt as keyboards
# vary: «چراگاه@۱۸۰» with Persian digits, «معدنچيان» with an Arabic yeh, «کشاورزان » with a space;
# the players' keys "1" and "2" as the form writes them, typed «۱» and «۲» among the settlements.
PERSIAN = """\
game: kingdom-builder
boards: [مسافرخانه, چراگاه@۱۸۰, واحه, مزرعه]
cards: [اربابان, معدنچيان, "کشاورزان "]
players:
  - {key: "1", name: Anna, colour: نارنجی}
  - {key: "2", name: Boris, colour: سیاه}
settlements:
  "۱": [A۵, A۶, K۱۲]
  "۲": [T۱, J۱۰]
"""
# ... and of ru.yaml, in any case, «Шахтеры» and «черный» with е for ё.
RUSSIAN = """\
game: kingdom-builder
boards: [Таверна, загон@180, ОАЗИС, Ферма]
cards: [Лорды, Шахтеры, крестьяне]
players:
  - {key: "1", name: Anna, colour: Оранжевый}
  - {key: "2", name: Boris, colour: черный}
settlements:
  "1": [A5, A6, K12]
  "2": [T1, J10]
"""


@pytest.mark.parametrize("text", [PERSIAN, RUSSIAN], ids=["fa", "ru"])
def test_a_game_in_the_players_words_scores_as_in_english(text, tmp_path):
    (tmp_path / "en.yaml").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "other.yaml").write_text(text, encoding="utf-8")
    same_game(GAME, tmp_path / "en.yaml", tmp_path / "other.yaml")


@pytest.mark.parametrize("words", [
    {"fishermen": "ماهی گیران", "knights": "شواليه‌ها", "merchants": "تاجران"},  # a space for the ZWNJ, an Arabic yeh
    {"fishermen": "Рыбаки", "knights": "РЫЦАРИ", "merchants": "купцы"},
], ids=["fa", "ru"])
def test_the_example_game_with_its_cards_in_the_players_words(words, tmp_path):
    english = EXAMPLES / "first-game.yaml"
    text = rewritten(english.read_text(encoding="utf-8"), words)
    if "تاجران" in words.values():  # the board's keys typed on a Persian keyboard: «۱» for the key "1"
        players, board = text.split("settlements:")
        text = players + "settlements:" + persian_numbers(board)
        assert " ۳ . ۳ " in text and 'key: "3"' in text
    (tmp_path / "other.yaml").write_text(text, encoding="utf-8")
    same_game(GAME, english, tmp_path / "other.yaml")


def unknown_names(tmp_path, lang: str) -> tuple[str, str]:
    """The file of a transcription with an unknown board, card and colour, and what `check` says of it."""
    path = tmp_path / "game.yaml"
    path.write_text(PERSIAN.replace("مسافرخانه", "مسافر").replace("اربابان", "ارباب").replace("نارنجی", "قرمزی"),
                    encoding="utf-8")
    code, out, err = pnp("check", GAME, str(path), "--lang", lang)
    assert code == 1 and out == ""
    return str(path), BIDI_CONTROLS.sub("", err)  # a Persian line isolates its Latin runs


def test_unknown_names_are_told_by_line_with_the_choices_in_persian(tmp_path):
    file, err = unknown_names(tmp_path, "fa")
    lines = err.splitlines()
    # Line 2 the board, 3 the card, 5 the colour; each lists the ids with fa.yaml's words before them.
    board, card, colour = (next(line for line in lines if line.startswith(f"{file}:{n}:")) for n in (2, 3, 5))
    assert "'مسافر' پیدا نشد (منظورتان 'مسافرخانه' بود؟)" in board
    assert all(f"{word} ({location})" in board for location, word in words("location", "fa"))
    assert "کارت ناشناخته‌ی 'ارباب'" in card and "(منظورتان 'اربابان' بود؟)" in card
    assert all(f"{word} ({card_id})" in card for card_id, word in words("card", "fa"))
    assert "'قرمزی'" in colour and "نارنجی (orange)" in colour and "white" in colour  # white: no word in the catalog
    assert len(lines) == 3


def test_unknown_names_are_told_with_the_choices_in_russian_and_english(tmp_path):
    file, err = unknown_names(tmp_path, "ru")
    card = next(line for line in err.splitlines() if line.startswith(f"{file}:3:"))
    assert "неизвестная карта 'ارباب'" in card and "Рыбаки (fishermen), Шахтёры (miners)" in card
    file, err = unknown_names(tmp_path, "en")
    card = next(line for line in err.splitlines() if line.startswith(f"{file}:3:"))
    assert card.endswith("; cards: " + ", ".join(CARDS))  # English lists the ids alone, as before


KINDS = {"card": (CARDS, "card.{}.name"), "location": (tuple(t.value for t in LOCATIONS), "location.{}"),
         "colour": (KIT_ORDER, "players.{}")}  # what a transcription names, and the catalog text of each


def words(kind: str, lang: str) -> list[tuple[str, str]]:
    ids, key = KINDS[kind]
    return printed(GAME, key, ids, lang)


def test_the_table_from_the_catalogs_gives_every_id_its_words_and_no_name_two_ids():
    from pnp.games.kingdom_builder.model import NAMES

    kinds = {kind: ids for kind, (ids, _) in KINDS.items()}
    assert {kind: ids for kind, (_, ids) in NAMES.kinds.items()} == kinds
    for kind, ids in kinds.items():
        table = NAMES.table[kind]  # building it refuses a name that stands for two ids
        assert sorted(set(table.values())) == sorted(ids)
        assert len(table) == 3 * len(ids)  # the id, the Russian word and the Persian word of each
        assert all(NAMES.id(kind, word) == id for lang in ("ru", "fa") for id, word in words(kind, lang))


@pytest.mark.parametrize("lang", ["fa", "ru", "en"])
def test_the_form_glosses_every_card_and_says_what_excluded_does(lang):
    code, form, _ = pnp("template", GAME, "--lang", lang)
    assert code == 0
    cards = next(line for line in form.splitlines() if CARDS[0] in line)
    if lang == "en":  # English lists the ids alone
        assert cards == "# The 3 Kingdom Builder cards of this game, from: " + ", ".join(CARDS)
    else:
        assert all(f"{card_id} ({word})" in cards for card_id, word in words("card", lang))
    lords = next(line for line in form.splitlines() if "KB-1" in line)
    assert '"included"' in lords and '"excluded"' in lords  # what is written now, and what to write instead


def test_a_turn_in_persian_digits():
    from pnp.games.kingdom_builder.transcription import parse_board_entry

    assert [parse_board_entry(entry) for entry in ("paddock@۱۸۰", "paddock@۰", "paddock@۹۰")] == \
        [("paddock", True), ("paddock", False), None]


def test_keys_that_differ_only_in_their_digits_are_one_key(tmp_path):
    # Line 6 declares «۱», the key "1" of line 5 in Persian digits: the board could not tell them apart.
    path = tmp_path / "game.yaml"
    path.write_text(ENGLISH.replace('{key: "2", name: Boris', '{key: "۱", name: Boris'), encoding="utf-8")
    code, _, err = pnp("check", GAME, str(path))
    assert code == 1 and err.startswith(f"{path}:6: player key '۱' is given twice\n")
