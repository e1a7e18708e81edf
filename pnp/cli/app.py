"""The root `pnp` command: version, the list of games, and one command group per operation."""

from __future__ import annotations

import typer

from pnp import __version__
from pnp.cli import commands, desk, export, games
from pnp.cli.common import example
from pnp.cli.localise import LocalisedGroup
from pnp.games import GAMES


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


def root(
    version: bool = typer.Option(False, "--version", help="Show the version and exit.", callback=_version, is_eager=True),
) -> None:
    """The options of `pnp` itself; the work is done by its commands."""


def make_app() -> typer.Typer:
    """The command, with a command per operation for every game registered now."""
    app = typer.Typer(
        name="pnp",
        help="Print-and-play kits, set-ups and end-game scoring for board games.",
        epilog="Start with: pnp games",
        no_args_is_help=True,
        add_completion=True,  # --install-completion, --show-completion: bash, zsh, fish, PowerShell
        rich_markup_mode=None,
        cls=LocalisedGroup,
    )
    app.callback()(root)
    app.command("games", epilog=example("pnp games"))(games.games)
    app.command("desk", epilog=example(f"pnp desk {next(iter(GAMES))}-example.yaml", "pnp desk game.yaml --no-browser",
                                       "pnp desk position.yaml --host 0.0.0.0 --port 8000"))(desk.desk)
    app.command("export", epilog=export.examples())(export.export)
    for operation, handler in commands.HANDLERS.items():
        app.add_typer(commands.group(operation, handler), name=operation)
    return app


app = make_app()


def main() -> None:
    app()
