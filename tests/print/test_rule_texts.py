"""Rules as the kits print them, checked against the rules digest (../shared/rules) and the
seeds (../shared/seeds), each test naming the ruling or passage it pins, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp import hexgrid
from pnp.draw import texts
from pnp.games.carolus_magnus import components as cm, kit as cm_kit
from pnp.games.great_wall import components as gw
from pnp.games.kingdom_builder import components as kb
from pnp.games.kingdom_builder.components import _DIAGRAMS
from pnp.games.kingdom_builder.facts import Terrain
from pnp.render.i18n import LANGUAGES
from pnp.render.imposition import page_area
from tests.kingdom_builder.kb import board, game
from tests.kingdom_builder.test_rules import gold, top_left

SHARED = Path(__file__).resolve().parents[3] / "shared"
SEEDS = SHARED / "seeds"


def seed_says(prefix: str, *passages: str) -> None:
    """The seed holds each passage a test relies on (checked where ../shared is beside the
    checkout; the catalog checks run everywhere)."""
    found = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if found:
        text = found[0].read_text(encoding="utf-8").replace("**", "")
        assert all(passage in text for passage in passages), passages


def plain(text: str) -> str:
    """Catalog text as read: no-break spaces are spaces."""
    return text.replace("\u00a0", " ")


# --- Kingdom Builder -------------------------------------------------------------------------

# What scores on each card the diagram shows: a settlement next to one of these hexes.
SCORING_NEIGHBOUR = {"workers": {"L", "K"}, "fishermen": {"W"}, "miners": {"M"}}


@pytest.mark.parametrize("card", sorted(SCORING_NEIGHBOUR))
def test_diagram_settlements_stand_next_to_what_scores_them(card):
    # Digest: Workers "1 gold per own settlement adjacent to at least one location or castle
    # hex", Fishermen next to water, Miners next to a mountain. The Workers diagram had two of
    # its three settlements away from the tavern. Neighbours as the diagram draws them (odd-r).
    hexes, houses, _ = _DIAGRAMS[card]
    letter = {(r, c): k for r, c, k in hexes}
    for house in sorted(houses):
        assert any(letter.get(n) in SCORING_NEIGHBOUR[card] for n in hexgrid.neighbours(house)), (card, house)


def test_lords_card_says_zero_takes_part_as_ruling_kb1_and_seed_001():
    # Seed 001: "Ноль поселений также даёт право участвовать в распределении золота."
    seed_says("001", "Ноль поселений также даёт право участвовать")
    # Ruling KB-1: 5 against 0 in a two-player game gives 12 and 6 (the 3 empty sectors 12 each).
    g = game(board(), {"1": top_left(5), "2": []}, cards=("lords", "knights", "fishermen"))
    assert [gold(g, k, "lords") - 36 for k in "12"] == [12, 6]
    en, ru, fa = (plain(kb.catalog(lang)("card.lords.rule")) for lang in ("en", "ru", "fa"))
    assert "Zero settlements counts too: 5 against 0 gives 12 and 6." in en
    assert "Ноль поселений тоже участвует: 5 против 0 даёт 12 и 6." in ru
    assert "بیشترین اقامتگاه ۱۲ طلا و نفر دوم ۶ طلا؛ در تساوی همه‌ی بازیکنانِ مساوی همان طلا را می‌گیرند" in fa
    assert "صفر اقامتگاه هم حساب می‌شود؛ مثلاً ۵ در برابر ۰: اولی ۱۲ و دومی ۶ طلا" in fa


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_kit_states_castle_scoring(lang):
    # Digest: "Castles: 3 gold for each castle hex with at least one own settlement next to it
    # (once per castle, however many settlements touch it)"; seed 001: "3 золота за каждую
    # клетку замка", seed 003: "۳ طلا به ازای هر خانه ی قصر".
    seed_says("001", "3 золота за каждую клетку замка")
    seed_says("003", "۳ طلا به ازای هر خانه ی قصر")
    t = kb.catalog(lang)
    track = kb.gold_track(*page_area("a4"), t)
    printed = plain(" ".join(text.text for text in texts(track.items)))
    castle = {"en": "castle hex", "ru": "клетку замка", "fa": "خانه‌ی قصر"}[lang]
    three_gold = {"en": "3 gold", "ru": "3 золота", "fa": "۳ طلا"}[lang]
    once = {"en": "once per castle", "ru": "один раз за замок", "fa": "برای هر قصر فقط یک بار"}[lang]
    assert castle in printed and three_gold in printed and once in printed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_paddock_summary_says_the_landing_hex_is_empty_and_buildable(lang):
    # Digest: Paddock moves a settlement "exactly 2 hexes in a straight line, jumping
    # anything; rule 3 does not apply" and every settlement obeys building rules 1 (one per
    # hex) and 2 (buildable terrain only). Seed 000: "переместить можно только на доступный
    # гекс"; seed 003: "به یک خانه ی قابل استفاده منتقل کنید".
    seed_says("000", "переместить можно только на доступный гекс")
    seed_says("003", "به یک خانه ی قابل استفاده منتقل کنید")
    card = kb.summary_card(Terrain.PADDOCK, kb.catalog(lang))
    printed = plain(" ".join(text.text for text in texts(card.items)))
    said = {"en": ("empty hex where you may build", "not water, mountain, castle or location"),
            "ru": ("пустую клетку, где можно строить", "не воду, гору, замок или локацию"),
            "fa": ("باید خالی و قابل ساخت باشد", "نه آب، کوهستان، قصر یا مکان")}[lang]
    assert all(part in printed for part in said), printed


# --- Great Wall of China ---------------------------------------------------------------------

LABEL = re.compile(r"(\w+) ([0-9۰-۹]):")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_turn_is_numbered_as_the_rulebook_and_cavalry_says_the_same(lang):
    # Seed 002 numbers the turn as three actions, the first the success check: "Первое
    # Действие: Проверка на Успех", and Cavalry "не может быть помещена на игровое поле после
    # Вашего Третьего действия" (digest: "not after the third step"). The turn card and the
    # Cavalry text name the same actions with the same words and numbers.
    seed_says("002", "Первое Действие: Проверка на Успех", "после Вашего Третьего действия")
    t = gw.catalog(lang)
    labels = LABEL.findall(plain("\n".join(t(f"turn.{key}") for key in ("check", "actions", "again"))))
    assert [number for _, number in labels] == [t.number(n) for n in (1, 2, 3)]
    word = {w.lower() for w, _ in labels}
    assert len(word) == 1  # one word for all three
    stem = word.pop()[:5]
    for key in ("turn.cavalry", "ability.cavalry"):
        cavalry = plain(t(key)).lower()
        assert f"{stem}" in cavalry and t.number(2) in cavalry and t.number(3) in cavalry, (key, cavalry)
        # "before or after action 2, never after action 3": 3 is the last number said.
        assert cavalry.rindex(t.number(3)) > cavalry.rindex(t.number(2))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_success_check_reveals_new_tokens_only_while_the_pool_has_some(lang):
    # Seed 002: "если до сих пор во Пуле фишек находятся еще свободные фишки, вытяните две фишки".
    seed_says("002", "если до сих пор во Пуле фишек находятся еще свободные фишки")
    said = {"en": "if the pool still has tokens", "ru": "если в пуле ещё есть фишки", "fa": "اگر هنوز ژتونی در کیسه باشد"}[lang]
    card = gw.reference_back(gw.catalog(lang))
    assert said in plain(" ".join(text.text for text in texts(card.items)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_aid_states_the_two_player_equal_pair_rule_gw1(lang):
    # Ruling GW-1 (seed 002: "в партии, где участвуют 2 игрока: если участники вытянули по паре
    # фишек одинаковой «ценовой категории», положите эти две пары обратно в коробку").
    seed_says("002", "в партии, где участвуют 2 игрока")
    card = gw.turn_card(gw.catalog(lang))
    printed = plain(" ".join(text.text for text in texts(card.items)))
    said = {"en": ("2 players", "equal values", "back in the box", "reveal 2 new"),
            "ru": ("Вдвоём", "равны по значению", "в коробку", "откройте 2 новые"),
            "fa": ("بازی دونفره", "هم‌ارزش", "به جعبه", "دو ژتون تازه")}[lang]
    assert all(part in printed for part in said), printed


# --- Carolus Magnus --------------------------------------------------------------------------

@pytest.mark.parametrize("players, dice", [(2, 3), (3, 4), (4, 3), (None, 4)])
def test_dice_printed_are_the_dice_the_game_uses(players, dice):
    # Seed 004: the box has "4 кубика"; with 2 players "Неиспользуемые компоненты ... 1 кубик"
    # go back in the box; with 3 "4 кубика"; with 4 "Уберите 1 кубик". The whole box: 4.
    seed_says("004", "2 поля двора и 1 кубик", "4 кубика", "Уберите 1 кубик")
    t = cm.catalog("en")
    sheets = cm_kit.sheets(t, "a4", players, False)
    nets = [d for s in sheets for d in s.fronts if d.name.startswith("die")]
    assert len(nets) == dice
