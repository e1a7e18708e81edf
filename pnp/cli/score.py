"""`pnp score GAME FILE`: the end-game result of a transcribed game."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pnp.cli.common import example, not_built, reports_errors

app = typer.Typer(help="Score a finished game from its transcription.", no_args_is_help=True,
                  epilog=example("pnp score kingdom-builder game.yaml"))


@app.command("kingdom-builder", epilog=example(
    "pnp score kingdom-builder game.yaml",
    "pnp score kingdom-builder game.yaml --explain",
    "pnp score kingdom-builder game.yaml --json > result.json",
))
@reports_errors
def kingdom_builder(
    file: Path = typer.Argument(..., help="The transcription (YAML); see 'pnp template kingdom-builder'."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON for programs."),
    explain: bool = typer.Option(False, "--explain", help="Also list what scored, card by card, in A1..T20 coordinates."),
    boards_dir: Path = typer.Option(None, "--boards-dir", help="A folder of your own section files."),
) -> None:
    """Gold of every player, card by card, castles, total and the winners."""
    from pnp.games.kingdom_builder import report, scoring, transcription

    sheet = scoring.score(transcription.load(file, boards_dir))
    if as_json:
        typer.echo(json.dumps(report.as_json(sheet), ensure_ascii=False, indent=2))
        return
    typer.echo(report.as_table(sheet), nl=False)
    if explain:
        typer.echo("")
        typer.echo(report.as_explanation(sheet), nl=False)


not_built(app, "great-wall", "score")
not_built(app, "carolus-magnus", "score")
