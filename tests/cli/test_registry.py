"""Every registered game is offered by the commands of exactly the operations it implements, each
documented, and `pnp games` says so; a game that implements only check and score (the toy coin
flip in tests/coin_flip) runs through `pnp games`, `check` and `score` once registered."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app, make_app
from pnp.cli.commands import options
from pnp.games import GAMES
from pnp.games.base import COMMANDS, OPERATIONS, BundledExample, Source
from tests.coin_flip.game import GAME as COIN_FLIP

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "boards" / "examples"
CASES = [(game, operation) for game in GAMES.values() for operation in OPERATIONS]


@pytest.mark.parametrize("game, operation", CASES, ids=lambda v: v if isinstance(v, str) else v.id)
def test_an_implemented_operation_is_a_documented_command(game, operation):
    result = CliRunner().invoke(app, [operation, game.id, "--help"])
    if game.offers(operation):
        assert result.exit_code == 0 and "$ pnp " + operation + " " + game.id in result.stdout
        for option in options(game, operation):
            assert (option.metavar or option.flags[0].split("/")[0]) in result.stdout  # every option documented
    else:
        assert result.exit_code == 2 and f"{game.name} has no '{operation}' command" in result.stderr


@pytest.mark.parametrize("game", [*GAMES.values(), COIN_FLIP], ids=lambda g: g.id)
def test_help_is_written_for_exactly_the_operations_a_game_implements(game):
    assert set(game.commands) == set(game.offered())


# What each game implements, read off its class: Kingdom Builder everything; the other two no
# board sections and no scan; every game check, score and the desk, and export where it has a kit.
OFFERS = {
    "kingdom-builder": "kit boards setup template example check score scan export desk",
    "great-wall": "kit setup template example check score export desk",
    "carolus-magnus": "kit setup template example check score export desk",
}


def test_games_lists_every_command_of_each_game_as_the_registry_declares():
    out = CliRunner().invoke(app, ["games"]).stdout.splitlines()
    starts = [n for n, line in enumerate(out) if not line.startswith(" ")]
    blocks = {out[n]: out[n + 1:end] for n, end in zip(starts, [*starts[1:], len(out)])}
    assert list(blocks) == [f"{game.id}  ({game.name})" for game in GAMES.values()]
    for game in (GAMES[game_id] for game_id in OFFERS):
        commands = OFFERS[game.id].split()
        assert [command for command in COMMANDS if game.offers(command)] == commands
        # Each command to paste on a line of its own, after the game's summary.
        shown = [f"    pnp {command}" if command == "desk" else f"    pnp {command} {game.id}" for command in commands]
        assert blocks[f"{game.id}  ({game.name})"] == [f"  {game.summary}", "  commands:", *shown]


@pytest.fixture
def coin_flip(monkeypatch):
    """The command line with the toy game registered, as its one registry line would."""
    monkeypatch.setitem(GAMES, COIN_FLIP.id, COIN_FLIP)
    return make_app()


def test_a_game_with_only_check_and_score_runs_on_the_command_line(coin_flip, tmp_path):
    flip = tmp_path / "flip.yaml"
    flip.write_text("game: coin-flip\ncalls: {Anna: heads, Boris: tails, Clara: heads}\nlanded: heads\n")
    runner = CliRunner()
    listed = runner.invoke(coin_flip, ["games"]).stdout
    assert "coin-flip  (Coin flip)\n  who called the coin right\n  commands:\n    pnp check coin-flip\n" \
        "    pnp score coin-flip\n    pnp desk\n" in listed
    checked = runner.invoke(coin_flip, ["check", "coin-flip", str(flip)])
    assert checked.exit_code == 0 and checked.stdout == f"{flip}: OK: 3 calls, landed heads\n"
    # Anna and Clara called heads, and heads it was.
    assert runner.invoke(coin_flip, ["score", "coin-flip", str(flip)]).stdout == "Winners: Anna, Clara\n"
    assert runner.invoke(coin_flip, ["score", "coin-flip", str(flip), "--json"]).stdout == \
        '{\n  "winners": [\n    "Anna",\n    "Clara"\n  ]\n}\n'
    template = runner.invoke(coin_flip, ["template", "coin-flip"])
    assert template.exit_code == 2 and "Coin flip has no 'template' command" in template.stderr
    export = runner.invoke(coin_flip, ["export", "coin-flip", "--to", "pod"])  # no kit, nothing to export
    assert export.exit_code == 2 and export.stderr == ("pnp export coin-flip: Coin flip has no 'export' command; it "
                                                       "takes: kingdom-builder, great-wall, carolus-magnus\n")


def test_a_bad_toy_position_lists_every_problem(coin_flip, tmp_path):
    flip = tmp_path / "flip.yaml"
    flip.write_text("game: coin-flip\ncalls: {Anna: edge}\nlanded: sideways\n")
    checked = CliRunner().invoke(coin_flip, ["check", "coin-flip", str(flip)])
    assert checked.exit_code == 1 and checked.stderr.splitlines() == [
        f"{flip}:2: Anna calls 'edge', expected heads or tails", f"{flip}:3: landed is 'sideways', expected heads or tails"]
    other = CliRunner().invoke(coin_flip, ["check", "great-wall", str(flip)])  # another game's file, recognised
    assert other.exit_code == 1 and "this is a coin-flip transcription" in other.stderr


EXAMPLES = {game.id: EXAMPLES_DIR / game.example_file for game in GAMES.values() if isinstance(game, BundledExample)}


@pytest.mark.parametrize("game", [GAMES[game_id] for game_id in EXAMPLES], ids=lambda g: g.id)
def test_the_lenient_read_keeps_what_it_can_and_check_fails_on_any_problem(game, tmp_path):
    example = EXAMPLES[game.id]
    source = Source.of(example, games=frozenset(GAMES))
    text = example.read_text()
    position, problems = game.read(text, source)
    assert problems == [] and position == game.load(example)
    # One field too many, on the line after the last: the position is still read, with one problem.
    spoilt = text.rstrip("\n") + "\nsky_colour: blue\n"
    line = spoilt.count("\n")
    partial, problems = game.read(spoilt, source)
    assert partial == position and [(p.line, p.message) for p in problems] == [(line, "unknown field 'sky_colour'")]
    copy = tmp_path / example.name
    copy.write_text(spoilt)
    checked = CliRunner().invoke(app, ["check", game.id, str(copy)])
    assert checked.exit_code == 1 and checked.stderr == f"{copy}:{line}: unknown field 'sky_colour'\n"
