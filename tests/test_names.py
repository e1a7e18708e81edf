"""pnp.names: how typed names are compared, and a table that would let one name stand for two ids."""

import pytest

from pnp.errors import PnpError
from pnp.names import Names, folded


@pytest.mark.parametrize("typed, catalog", [
    ("ماهی گیران", "ماهی‌گیران"),  # a space where the catalog has a zero-width non-joiner
    ("ماهیگیران", "ماهی‌گیران"),  # ... or nothing
    ("شواليه‌ها", "شوالیه‌ها"),  # an Arabic yeh (U+064A) for the Persian one (U+06CC)
    ("كارگران", "کارگران"),  # an Arabic kaf (U+0643) for the Persian one (U+06A9)
    ("بیشترِ", "بیشتر"),  # a short vowel typed above the letter
    ("ШАХТЕРЫ", "Шахтёры"),  # another case, е for ё
    ("Шахте\u0308ры", "Шахтёры"),  # ё as е and a combining diaeresis (NFC makes them ё)
    (" Fishermen ", "fishermen"),
])
def test_spellings_a_keyboard_varies_in_fold_to_one_name(typed, catalog):
    assert folded(typed) == folded(catalog)


def test_different_names_stay_different():
    assert len({folded(word) for word in ("ماهی‌گیران", "ماهیگیر", "Рыбаки", "рыбак", "fishermen")}) == 5


def catalogs(tmp_path, ru_red: str):
    for lang, red, pink in (("ru", ru_red, "Розовый"), ("fa", "قرمز", "صورتی")):
        (tmp_path / f"{lang}.yaml").write_text(f"clan:\n  red: \"{red}\"\n  pink: \"{pink}\"\n", encoding="utf-8")
    return Names(tmp_path, {"clan": ("clan.{}", ("red", "pink"))})


def test_a_name_that_would_stand_for_two_ids_refuses_the_table(tmp_path):
    names = catalogs(tmp_path, "розовый")  # red and pink both «розовый» once case is folded
    with pytest.raises(PnpError, match="the clan name 'Розовый' stands for both 'red' and 'pink'"):
        names.id("clan", "Розовый")
    assert names.id("clan", "pink") == "pink"  # an id is known without the catalogs


def test_a_table_names_each_id_by_its_id_and_words(tmp_path):
    names = catalogs(tmp_path, "Красный")
    assert [names.id("clan", word) for word in ("RED", "красный", "قرمز", "صورتي", "Розовый", "red ", "قرمزی")] == \
        ["red", "red", "red", "pink", "pink", "red", None]
    assert names.glossed("clan", "fa")[0] == "red (قرمز)" and names.glossed("clan", "en") == ["red", "pink"]
    assert names.hint("clan", "قرمزی") == " (did you mean 'قرمز'?)" and names.hint("clan", "blue") == ""
