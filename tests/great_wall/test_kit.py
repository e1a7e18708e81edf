"""Great Wall: set-up randomizer, kit contents, and the commands as a user runs them."""

import json
import math
from collections import Counter
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import texts
from pnp.games.great_wall import components as c, kit
from pnp.games.great_wall.setup import random_setup
from pnp.render import fonts
from pnp.render.i18n import LANGUAGES

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "boards" / "examples" / "great-wall-last-round.yaml"
# The favour tokens in the box, from seed 002 ("Что входит в коробку"): 2 of value 1, 6 of 2,
# 7 of 3, 7 of 4, 8 of 5, 4 of 7, 2 of 8 (36 in all).
BOX_TOKENS = {1: 2, 2: 6, 3: 7, 4: 7, 5: 8, 7: 4, 8: 2}


@pytest.mark.parametrize("players, sections", [(2, 2), (3, 3), (4, 4), (5, 4)])
def test_setup_opens_the_right_number_of_sections(players, sections):
    setup = random_setup(players, 1)
    assert len(setup.sections) == sections
    # Everything drawn is accounted for: 36 = revealed + boxed + pool.
    assert 2 * len(setup.sections) + 2 * len(setup.boxed) + setup.pool == 36
    assert 1 <= setup.start_player <= players


def test_two_player_rule_boxes_equal_pairs():
    # Ruling GW-1: with 2 players no revealed pair has equal values; boxed pairs always do.
    boxed_somewhere = False
    for seed in range(200):
        setup = random_setup(2, seed)
        assert all(a != b for a, b in setup.sections)
        assert all(a == b for a, b in setup.boxed)
        boxed_somewhere |= bool(setup.boxed)
    assert boxed_somewhere
    # With 3 or more players equal pairs stay.
    assert any(a == b for seed in range(200) for a, b in random_setup(3, seed).sections)


def test_setup_is_reproducible_and_revealed_tokens_exist():
    assert random_setup(4, 42) == random_setup(4, 42)
    for seed in range(50):
        setup = random_setup(5, seed)
        revealed = Counter(v for pair in (*setup.sections, *setup.boxed) for v in pair)
        assert all(revealed[v] <= BOX_TOKENS[v] for v in revealed)


def test_kit_contents():
    t = c.catalog("en")
    sheets = kit.sheets(t, "a4", 5)
    cards = next(s for s in sheets if len(s.fronts) == 100)
    kinds = Counter(d.name.rsplit("-", 1)[1] for d in cards.fronts)
    # Seed 002 ("Карты Стены"), per colour of 20: Стена 7, Ворота 3, Сторожевая Башня 1, Пехота 5,
    # Кавалерия 2, Знать 1, Дракон 1 (7+3+1+5+2+1+1 = 20); times 5 colours.
    assert kinds == {"wall": 35, "gate": 15, "tower": 5, "infantry": 25, "cavalry": 10, "nobility": 5, "dragon": 5}
    assert Counter(d.name for d in cards.backs) == {f"wall-card-back-{n}": 20 for n in ("red", "blue", "green", "yellow", "purple")}
    tokens = next(s for s in sheets if s.fronts[0].name.startswith("favour-token"))
    assert Counter(int(d.name.rsplit("-", 1)[1]) for d in tokens.fronts) == BOX_TOKENS
    three = kit.sheets(t, "a4", 3)
    assert sum(len(s.fronts) for s in three if s.fronts[0].name.startswith("wall-card")) == 60


def test_catalogs_match_and_every_text_fits():
    assert c.catalog("en").ids == c.catalog("ru").ids == c.catalog("fa").ids
    for lang in LANGUAGES:
        t = c.catalog(lang)
        for sheet in kit.sheets(t, "letter", 5):
            for drawing in {d.name: d for d in (*sheet.fronts, *sheet.backs)}.values():
                for text in texts(drawing.items):
                    fonts.layout(text)  # raises if a text cannot fit its box


def test_kit_command(tmp_path):
    result = runner.invoke(app, ["kit", "great-wall", "--players", "3", "--out", str(tmp_path), "--lang", "ru"])
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "great-wall-kit.pdf")
    # The cover and its back (the duplex test); 60 wall, 3 reference, 3 turn cards and the set-up
    # card: 67 cards. A page holds 9 cards, or the 36 tokens (25 mm and 3 mm apart: 7 in a row,
    # 6 rows) and 3 cards below them: 3 + 7 x 9 = 66 cards on 8 pages, the 67th on a 9th, each
    # page with its back.
    assert len(reader.pages) == 2 + 16 + 2
    assert "Великая Китайская стена" in reader.pages[0].extract_text()


def test_score_check_template_setup_commands(tmp_path):
    score = runner.invoke(app, ["score", "great-wall", str(EXAMPLE), "--json"])
    data = json.loads(score.stdout)
    assert data["final"] is True and data["winners"] == ["Clara"]
    assert {p["name"]: p["total"] for p in data["players"]} == {"Anna": 11, "Boris": 12, "Clara": 18}
    assert runner.invoke(app, ["check", "great-wall", str(EXAMPLE)]).exit_code == 0
    text = runner.invoke(app, ["score", "great-wall", str(EXAMPLE), "--explain"]).stdout
    assert "Winner: Clara" in text and "tower 0 (covered)" in text
    form = runner.invoke(app, ["template", "great-wall", "--players", "4", "--out", str(tmp_path / "p.yaml")])
    assert form.exit_code == 0 and (tmp_path / "p.yaml").read_text().count("- tokens: []") == 4
    setup = runner.invoke(app, ["setup", "great-wall", "--players", "2", "--seed", "5", "--json"])
    assert json.loads(setup.stdout)["sections"] == [list(p) for p in random_setup(2, 5).sections]


def test_bad_position_lists_every_problem_with_its_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(EXAMPLE.read_text().replace("card: gate}", "card: gaet}").replace("pool: 24", "pool: -1"))
    result = runner.invoke(app, ["check", "great-wall", str(bad)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    where = {frag: next(n for n, l in enumerate(bad.read_text().splitlines(), 1) if frag in l)
             for frag in ("card: gaet}", "pool: -1")}
    assert f"{bad}:{where['card: gaet}']}: section 1, card 4: unknown card 'gaet' (did you mean 'gate'?); " \
           f"cards: wall, gate, tower, infantry, cavalry, nobility, dragon" in lines
    assert f"{bad}:{where['pool: -1']}: pool is '-1', expected a number of tokens from 0 to 36" in lines



@pytest.mark.parametrize("lang", LANGUAGES)
def test_token_word_keeps_clear_of_the_inner_ring(lang):
    # "Благосклонность" (17.4 mm at 6 pt) touched the ring: every corner of the word's glyphs,
    # as laid out (cap height 0.73 em above the baseline, 0.2 em below), lies at least 0.8 mm
    # inside the ring line's inner edge.
    from pnp.draw import PT

    t = c.catalog(lang)
    drawing = c.token(5, t)
    word = next(x for x in texts(drawing.items) if x.text == t("token"))
    laid = fonts.layout(word)
    em = laid.size * PT
    centre = c.TOKEN / 2
    for k, baseline in enumerate(laid.baselines):
        left, width = laid.left(k), laid.shaped[k].width * em
        for x in (left, left + width):
            for y in (baseline - 0.73 * em, baseline + 0.2 * em):
                assert math.hypot(x - centre, y - centre) <= c.RING - c.RING_LINE / 2 - 0.8, (lang, x, y)
