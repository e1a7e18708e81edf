"""Russian wording read against the Russian rulebooks (../shared/seeds): one word for each term,
and the phrasings marked stiff in Persian mended in Russian too."""

from pathlib import Path

import pytest

from pnp.render.i18n import load

PNP = Path(__file__).resolve().parents[2] / "pnp"
GW, CM = (load(PNP / "games" / game / "text", "ru").messages for game in ("great_wall", "carolus_magnus"))


def test_paladins_are_paladins():
    # «кубик» is a die (and the wooden cube only where the cubes themselves are meant): a
    # colour is controlled by paladins at court (seed 004: «большее количество палладинов»).
    assert "паладинов" in CM["aid.control"] and "кубик" not in CM["aid.control"]
    assert CM["form.courts"].startswith("Паладины на дворе")
    assert [key for key, text in CM.items() if "кубик" in text.lower()] == [
        "turn.roll", "setup_card.reserve", "contents.dice", "needs.cubes", "needs.dice", "setup.player"]
    assert "запас" in CM["setup.player"] and "резерв" not in CM["setup.player"]  # as in turn.play


@pytest.mark.parametrize("messages, key, now, was", [
    (CM, "aid.majority", "при равенстве большинства нет", "равенство — ничего"),
    (CM, "aid.stop", "сторона с большинством строит замок", "— большинство строит"),
    (CM, "aid.stop", "заменяет все замки своими", "заменяет их все"),
    (CM, "turn.roll", "возьмите из центра по паладину цвета каждого кубика", "выпавших цветов"),
    (GW, "end.winner", "Побеждает игрок с наибольшей суммой", "Побеждает наибольшая сумма"),
    (GW, "setup.boxed", "две равные фишки в игре вдвоём", "при 2 игроках"),
    (GW, "turn.end", "Когда колода и рука опустели", "пусты:"),
])
def test_reworded(messages, key, now, was):
    assert now in messages[key] and was not in messages[key]


def test_forms_name_players_as_words():
    # «Игрок 1», as the Kingdom Builder form and the Persian forms write it, not «Игрок1».
    assert GW["form.player"] == CM["form.player"] == "Игрок {number}"
