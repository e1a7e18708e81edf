"""Russian wording read against the Russian rulebooks (../shared/seeds): one word for each term,
and the phrasings marked stiff in Persian mended in Russian too."""

import re
from pathlib import Path

import pytest

from pnp.render.i18n import load

PNP = Path(__file__).resolve().parents[2] / "pnp"
GW, CM = (load(PNP / "games" / game / "text", "ru").messages for game in ("great_wall", "carolus_magnus"))
KB = load(PNP / "games" / "kingdom_builder" / "text", "ru").messages
RENDER = load(PNP / "render" / "text", "ru").messages


def test_paladins_are_paladins():
    # «кубик» is a die (and the wooden cube only where the cubes themselves are meant): a
    # colour is controlled by paladins at court (seed 004: «большее количество палладинов»).
    assert "паладинов" in CM["aid.control"] and "кубик" not in CM["aid.control"]
    assert CM["form.courts"].startswith("Паладины на дворе")
    assert [key for key, text in CM.items() if "кубик" in text.lower()] == [
        "turn.roll", "setup_card.reserve", "contents.dice", "needs.cubes", "needs.dice", "setup.player",
        "cli.help_text.kit_carolus_magnus", "cli.help_text.paladins", "cli.help_text.setup_carolus_magnus"]
    assert "запас" in CM["setup.player"] and "резерв" not in CM["setup.player"]  # as in turn.play


@pytest.mark.parametrize("messages, key, now, was", [
    (CM, "aid.majority", "при равенстве большинства нет", "равенство — ничего"),
    (CM, "aid.stop", "сторона с большинством строит замок", "— большинство строит"),
    (CM, "aid.stop", "заменяет все замки своими", "заменяет их все"),
    (CM, "turn.roll", "возьмите из центра по паладину цвета каждого кубика", "выпавших цветов"),
    (GW, "end.winner", "Побеждает игрок с наибольшей суммой", "Побеждает наибольшая сумма"),
    (GW, "setup.boxed", "две равные фишки в игре вдвоём", "при 2 игроках"),
    (GW, "turn.end", "Когда колода и рука опустели", "пусты:"),
    # Read by a native reader (docs/wording-ru.md). «Пока никто не может взять фишку» means "while
    # nobody can": the checks go round as long as someone can take one.
    (GW, "report.chain", "пока хоть кто-то может взять фишку", "пока никто не может"),
    (GW, "cli.help_text.score_great_wall", "пока хоть кто-то может взять фишку", "пока никто не может"),
    # The form's letter for grass is the terrain «Равнина» of the cards; «луг» is seed 000's word
    # for the flower field.
    (KB, "form.letter.grass", "равнина", "луг"),
    # The rulebook's (seed 001) «группа поселений», as on the cards, not «область»; «(с C7)» read
    # as "from C7".
    (KB, "explain.hermits.many", "{count} групп поселений", "област"),
    (KB, "explain.merchants_area.few", "группа из {count} поселений (в ней {cell})", "(с {cell})"),
    (KB, "explain.citizens.many", "самая большая группа", "област"),
    # A Kingdom Builder board section is a «сектор» in every command, form and set-up.
    (KB, "contents.sections", "секторы игрового поля", "участки"),
    (RENDER, "problem.scan.fit.turned", "не повёрнут ли сектор {position} на 180°?", "другой стороной"),
    (KB, "form.intro", "то, что видно на фото поля,", "доски"),  # the rulebooks' «игровое поле»
    # The gold track's note speaks of «каждый игрок» in one person throughout.
    (KB, "piece.gold_track_how", "он берёт жетон +100 своего цвета и продолжает с 0", "возьмите"),
    (KB, "scan.corner.0", "слева вверху", "сверху"),
    (GW, "report.face_down", "Фишки лицом вниз сейчас:", "на сейчас"),
    (GW, "report.winners", "решение GW-4", "правило"),  # a ruling, as in «решение этого набора GW-4»
    (GW, "ability.wall", "Специальных способностей нет.", "Особых"),  # as the Dragon's and seed 002
    (CM, "turn.play", "на свой двор, на территории или и туда и туда", "и/или"),
    (RENDER, "problem.great_wall.total", "фишек лицом вверх: {up}, на картах: {on}, взято: {taken}, в пуле: {pool}", "жетон"),
    (RENDER, "problem.great_wall.total", "и каждая где-то лежит", "каждый"),  # «фишка» is feminine
    (RENDER, "problem.carolus_magnus.checked", "территорий: {territories}, Император на территории {emperor}", "област"),
    (RENDER, "reading.washed.few", "{count} сомнительные клетки на фото засвечены добела", "гекс"),
    # A number says what it counts; a photo does not read, pnp reads it.
    (RENDER, "reading.unsure.few", "{count} клетки под сомнением, сверьте их с фото", "{count} под сомнением"),
    (RENDER, "reading.washed.one", "её удастся прочитать", "прочтёт его"),
    (RENDER, "cli.help_text.desk", "отмечайте клетки, выбирайте карты — результат виден сразу", "сразу видите"),
    (KB, "cli.help_text.template_boards", "NAME@180 — повёрнутый на 180°", "повёрнутая"),  # a сектор is masculine
    (RENDER, "cli.help_text.bleed", "Вылет — запас рисунка за линиями реза", "Выпуск"),  # as the kit summary says
    (RENDER, "cli.help_text.desk_no_browser", "только показать адрес", "напечатать"),  # a terminal shows
    (RENDER, "problem.desk.not_yaml", "должно оканчиваться на .yaml", "оканчивается"),
])
def test_reworded(messages, key, now, was):
    assert now in messages[key] and was not in messages[key]


def test_forms_name_players_as_words():
    # «Игрок 1», as the Kingdom Builder form and the Persian forms write it, not «Игрок1».
    assert GW["form.player"] == CM["form.player"] == "Игрок {number}"


def test_one_word_for_each_term_in_every_catalog():
    # One term for one thing, the rulebooks' (seeds 001, 002, 004): a Kingdom Builder hex is a
    # «клетка», a location a «локация»; Great Wall's tokens are «фишки» in a «пул»; Carolus
    # Magnus's territories are «территории»; a ruling (GW-1, KB-2) is a «решение».
    for messages in (KB, GW, CM, RENDER):
        assert not [key for key, text in messages.items() if re.search(r"гекс|особ\w* мест", text)]
        assert not [key for key, text in messages.items() if re.search(r"правил[оа] [A-Z]{2}-\d", text)]
    # A Kingdom Builder board section is a «сектор» in every message about it («участок» is Great Wall's).
    kingdom_builder = {key: text for key, text in RENDER.items() if key.startswith("problem.kingdom_builder.")}
    assert kingdom_builder and not [key for key, text in kingdom_builder.items() if re.search(r"\bучаст(ок|к)", text)]
    great_wall = {key: text for key, text in RENDER.items() if key.startswith("problem.great_wall.")}
    assert not [key for key, text in great_wall.items() if "жетон" in text or "запас" in text]
    carolus = {key: text for key, text in RENDER.items() if key.startswith("problem.carolus_magnus.")}
    assert not [key for key, text in carolus.items() if "област" in text]
