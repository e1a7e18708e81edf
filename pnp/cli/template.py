"""`pnp template GAME`: a blank transcription form to fill in from the photo of a finished game."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli.common import FORCE, example, reports_errors, write_atomic

app = typer.Typer(help="Write a blank transcription form for a game.", no_args_is_help=True,
                  epilog=example("pnp template kingdom-builder --boards tavern paddock oasis farm --out game.yaml"))

FIRST_GAME = ("tavern", "paddock", "oasis", "farm")


@app.command("kingdom-builder", epilog=example(
    "pnp template kingdom-builder --boards tavern paddock oasis farm@180 --players 3 --out game.yaml",
    "pnp template kingdom-builder > game.yaml",
    "pnp template kingdom-builder --setup setup.json --out game.yaml",
))
@reports_errors
def kingdom_builder(
    boards: tuple[str, str, str, str] = typer.Option(
        FIRST_GAME, "--boards", help="Four sections: top-left, top-right, bottom-left, bottom-right; NAME@180 = turned."),
    players: int = typer.Option(None, "--players", min=2, max=4, help="Number of players (2-4); default 2."),
    setup_file: Path = typer.Option(None, "--setup", help="A set-up from 'pnp setup kingdom-builder --json': "
                                    "its boards, cards and players."),
    out: Path = typer.Option(None, "--out", "-o", help="Write to this file instead of printing."),
    force: bool = FORCE,
    boards_dir: Path = typer.Option(None, "--boards-dir", help="A folder of your own section files."),
) -> None:
    """A transcription whose settlement grid is pre-filled with the sections' terrain letters."""
    from pnp.games.kingdom_builder.template import transcription_form
    from pnp.games.kingdom_builder.transcription import load_board

    entries, lines, file, base, cards = list(boards), [None] * 4, "--boards", Path.cwd(), ()
    if setup_file is not None:
        from pnp.games.kingdom_builder.setup import read_setup

        entries, lines, cards, from_setup = read_setup(setup_file)
        file, base, players = str(setup_file), setup_file.resolve().parent, players or from_setup
    board = load_board(entries, lines, file, base, boards_dir)
    _emit(transcription_form(board, entries, players or 2, cards), out, force)


def _emit(form: str, out: Path | None, force: bool) -> None:
    """Print the form, or write it to --out (never over an existing file without --force)."""
    if out is None:
        typer.echo(form, nl=False)
        return
    write_atomic(out, form, force)
    typer.echo(f"wrote {out}", err=True)


@app.command("great-wall", epilog=example("pnp template great-wall --players 3 --out position.yaml"))
@reports_errors
def great_wall(
    players: int = typer.Option(..., "--players", min=2, max=5, help="Number of players (2-5)."),
    out: Path = typer.Option(None, "--out", "-o", help="Write to this file instead of printing."),
    force: bool = FORCE,
) -> None:
    """A blank Great Wall position to fill in from the table."""
    from pnp.games.great_wall.template import transcription_form

    _emit(transcription_form(players), out, force)


@app.command("carolus-magnus", epilog=example("pnp template carolus-magnus --players 2 --out position.yaml"))
@reports_errors
def carolus_magnus(
    players: int = typer.Option(..., "--players", min=2, max=4, help="Number of players (2-4)."),
    out: Path = typer.Option(None, "--out", "-o", help="Write to this file instead of printing."),
    force: bool = FORCE,
) -> None:
    """A blank Carolus Magnus position: 15 single-segment territories to merge and fill in."""
    from pnp.games.carolus_magnus.template import transcription_form

    _emit(transcription_form(players), out, force)
