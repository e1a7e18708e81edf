"""The root `pnp` command: version, the list of games, and the command groups."""

from __future__ import annotations

import typer

from pnp import __version__
from pnp.cli import boards, check, games, kit, scan, score, setup, template
from pnp.cli.common import example

app = typer.Typer(
    name="pnp",
    help="Print-and-play kits, set-ups and end-game scoring for Kingdom Builder, "
    "Great Wall of China and Carolus Magnus.",
    epilog="Start with: pnp games",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(False, "--version", help="Show the version and exit.", callback=_version, is_eager=True),
) -> None:
    """Print-and-play kits, set-ups and end-game scoring for three board games."""


app.command("games", epilog=example("pnp games"))(games.games)
app.add_typer(kit.app, name="kit")
app.add_typer(boards.app, name="boards")
app.add_typer(setup.app, name="setup")
app.add_typer(score.app, name="score")
app.add_typer(check.app, name="check")
app.add_typer(template.app, name="template")
app.add_typer(scan.app, name="scan")


def main() -> None:
    app()
