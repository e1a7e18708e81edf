"""Every registered game is offered by the commands of exactly the operations it declares, with
the methods behind them, and `pnp games` says so."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games import GAMES
from pnp.games.base import OPERATIONS, Game

# What an operation calls in a game's package: (module, function), the same for every game.
CALLS = {
    "kit": (("components", "catalog"), ("kit", "sheets")),
    "boards": (),
    "setup": (("setup", "random_setup"), ("setup", "as_dict"), ("report", "setup_text")),
    "template": (("template", "transcription_form"),),
    "check": (("transcription", "load"), ("report", "summary")),
    "score": (("transcription", "load"), ("rules", "evaluate"), ("report", "as_text"), ("report", "as_json")),
    "scan": (("photo", "decode_photo"), ("scan", "scan"), ("scan_output", "filled_form"), ("scan_output", "overlay")),
}
CASES = [(game, operation) for game in GAMES.values() for operation in OPERATIONS]


def test_the_operations_table_covers_every_operation():
    assert set(CALLS) == set(OPERATIONS)


@pytest.mark.parametrize("game, operation", CASES, ids=lambda v: v if isinstance(v, str) else v.id)
def test_a_declared_operation_is_a_command_with_its_methods(game, operation):
    result = CliRunner().invoke(app, [operation, game.id, "--help"])
    if game.offers(operation):
        assert result.exit_code == 0 and "$ pnp " + operation + " " + game.id in result.stdout
        for param in game.operations[operation].params:
            assert param.flags.split("/")[0] in result.stdout  # its own options are documented
        for module, function in CALLS[operation]:
            assert callable(getattr(game.module(module), function, None)), f"{game.id} lacks {module}.{function}"
        if operation in ("boards", "scan"):  # no shared call: the game's own method
            assert getattr(type(game), operation) is not getattr(Game, operation)
    else:
        assert result.exit_code == 2 and f"{game.name} has no '{operation}' command" in result.stderr


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_pictures_and_sheets_exist_where_declared(game):
    assert game.has_picture == (type(game).picture is not Game.picture)
    assert game.has_setup_sheet == (type(game).setup_sheet is not Game.setup_sheet)


def test_games_lists_what_the_registry_declares():
    out = CliRunner().invoke(app, ["games"]).stdout
    for game in GAMES.values():
        offered = [f"pnp {operation} {game.id}" for operation in OPERATIONS if game.offers(operation)]
        assert f"  commands: {', '.join(offered)}" in out
