"""The set-up randomizer: reproducible, covering every section, turn and card."""

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games.kingdom_builder.setup import first_game, random_setup
from pnp.games.kingdom_builder.facts import Terrain

runner = CliRunner()
# The digest's 10 Kingdom Builder cards (its vocabulary table).
CARDS = {"fishermen", "miners", "merchants", "workers", "discoverers", "knights", "hermits", "lords", "citizens", "farmers"}


def test_same_seed_same_setup_and_seeds_differ():
    assert random_setup(3, 99) == random_setup(3, 99)
    assert len({random_setup(3, seed) for seed in range(50)}) == 50


def test_a_setup_uses_4_different_sections_and_3_different_cards():
    for seed in range(300):
        setup = random_setup(4, seed)
        assert len({p.location for p in setup.board}) == 4
        assert len(set(setup.cards)) == 3 and set(setup.cards) <= CARDS
        assert 1 <= setup.start_player <= 4


def test_every_section_place_turn_and_card_is_reachable():
    places, cards, starts = Counter(), Counter(), Counter()
    for seed in range(2000):
        setup = random_setup(3, seed)
        places.update((quarter, p.location, p.turned) for quarter, p in enumerate(setup.board))
        cards.update(setup.cards)
        starts[setup.start_player] += 1
    assert len(places) == 4 * 8 * 2
    assert set(cards) == CARDS
    assert set(starts) == {1, 2, 3}


def test_first_game_is_the_rulebook_suggestion():
    # Rulebook: tavern top-left, paddock top-right, oasis bottom-left, farm bottom-right, none
    # turned; Fishermen, Knights, Merchants.
    setup = first_game(2, 5)
    assert [p.location for p in setup.board] == [Terrain.TAVERN, Terrain.PADDOCK, Terrain.OASIS, Terrain.FARM]
    assert not any(p.turned for p in setup.board)
    assert setup.cards == ("fishermen", "knights", "merchants")
    assert setup.board_entries() == ["kb2-1000-tavern", "kb2-1000-paddock", "kb2-1000-oasis", "kb2-1000-farm"]


def test_cli_text_json_sheet_and_template_from_setup(tmp_path):
    text = runner.invoke(app, ["setup", "kingdom-builder", "--players", "3", "--seed", "11"])
    assert text.exit_code == 0 and "Seed 11 · 3 players" in text.stdout
    assert "pnp setup kingdom-builder --players 3 --seed 11" in text.stdout
    result = runner.invoke(app, ["setup", "kingdom-builder", "--players", "3", "--seed", "11", "--json",
                                 "--out", str(tmp_path / "setup.pdf")])
    data = json.loads(result.stdout)
    setup = random_setup(3, 11)
    assert data["boards"] == setup.board_entries() and data["cards"] == list(setup.cards)
    assert data["start_player"] == setup.start_player and len(data["summaries"]) == 4
    assert (tmp_path / "setup.pdf").read_bytes().startswith(b"%PDF")
    (tmp_path / "setup.json").write_text(result.stdout)
    form = runner.invoke(app, ["template", "kingdom-builder", "--setup", str(tmp_path / "setup.json")])
    assert form.exit_code == 0
    assert f"boards: [{', '.join(setup.board_entries())}]" in form.stdout
    assert f"cards: [{', '.join(setup.cards)}]" in form.stdout and '{key: "3", name: "Player 3"}' in form.stdout


def test_random_seed_is_printed_so_it_can_be_shared():
    result = runner.invoke(app, ["setup", "kingdom-builder"])
    assert result.exit_code == 0 and "--seed " in result.stdout


@pytest.mark.parametrize("args, code, message", [
    (["--players", "5"], 2, ""),
    (["--out", "sheet.png"], 2, "--out: 'sheet.png' must end in .pdf or .svg"),  # wrong usage
    (["--lang", "fr"], 2, "'fr' is not one of 'en', 'ru'"),
])
def test_cli_bad_input(args, code, message):
    result = runner.invoke(app, ["setup", "kingdom-builder", *args])
    assert result.exit_code == code and message in result.stderr


def test_template_from_a_broken_setup_names_its_line(tmp_path):
    bad = tmp_path / "setup.json"
    bad.write_text('{\n  "game": "kingdom-builder",\n  "players": 7,\n  "boards": ["a"],\n  "cards": []\n}\n')
    result = runner.invoke(app, ["template", "kingdom-builder", "--setup", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:3: players needs a number from 2 to 4" in result.stderr
    assert f"{bad}:4: boards needs a list of 4 sections" in result.stderr
