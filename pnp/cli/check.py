"""`pnp check GAME FILE`: validate a transcription without scoring it."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli.common import example, reports_errors

app = typer.Typer(help="Check a transcription for mistakes; every problem is listed with its line.",
                  no_args_is_help=True, epilog=example("pnp check kingdom-builder game.yaml"))


@app.command("kingdom-builder", epilog=example("pnp check kingdom-builder game.yaml"))
@reports_errors
def kingdom_builder(
    file: Path = typer.Argument(..., help="The transcription (YAML)."),
    boards_dir: Path = typer.Option(None, "--boards-dir", help="A folder of your own section files."),
) -> None:
    """Validate a Kingdom Builder transcription; exit 1 and list every problem if it has any."""
    from pnp.games.kingdom_builder import transcription

    game = transcription.load(file, boards_dir)
    per_player = ", ".join(f"{p.name} {len(game.settlements_of(p.key))}" for p in game.players)
    typer.echo(f"{file}: OK: boards {', '.join(map(str, game.board.placements))}; "
               f"cards {', '.join(game.cards)}; settlements {per_player}")


@app.command("great-wall", epilog=example("pnp check great-wall position.yaml"))
@reports_errors
def great_wall(file: Path = typer.Argument(..., help="The transcribed position (YAML).")) -> None:
    """Validate a Great Wall position; exit 1 and list every problem if it has any."""
    from pnp.games.great_wall import transcription

    position = transcription.load(file)
    cards = sum(len(section.cards) for section in position.sections)
    typer.echo(f"{file}: OK: {len(position.players)} players, {len(position.sections)} sections, "
               f"{cards} cards on the wall, {position.pool} tokens in the pool")


@app.command("carolus-magnus", epilog=example("pnp check carolus-magnus position.yaml"))
@reports_errors
def carolus_magnus(file: Path = typer.Argument(..., help="The transcribed position (YAML).")) -> None:
    """Validate a Carolus Magnus position; exit 1 and list every problem if it has any."""
    from pnp.games.carolus_magnus import transcription

    position = transcription.load(file)
    typer.echo(f"{file}: OK: {len(position.players)} players, {len(position.territories)} territories, "
               f"the Emperor on {position.territories[position.emperor].name}")
