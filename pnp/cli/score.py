"""`pnp score GAME FILE`: the end-game result of a transcribed game."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pnp.cli.common import FORCE, example, reports_errors, write_atomic

app = typer.Typer(help="Score a finished game from its transcription.", no_args_is_help=True,
                  epilog=example("pnp score kingdom-builder game.yaml"))


@app.command("kingdom-builder", epilog=example(
    "pnp score kingdom-builder game.yaml",
    "pnp score kingdom-builder game.yaml --explain",
    "pnp score kingdom-builder game.yaml --json > result.json",
    "pnp score kingdom-builder game.yaml --picture check.pdf",
))
@reports_errors
def kingdom_builder(
    file: Path = typer.Argument(..., help="The transcription (YAML); see 'pnp template kingdom-builder'."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON for programs."),
    explain: bool = typer.Option(False, "--explain", help="Also list what scored, card by card, in A1..T20 coordinates."),
    boards_dir: Path = typer.Option(None, "--boards-dir", help="A folder of your own section files."),
    picture: Path = typer.Option(None, "--picture", help="Also draw the board and what scored: OUT.svg or OUT.pdf."),
    force: bool = FORCE,
) -> None:
    """Gold of every player, card by card, castles, total and the winners."""
    from pnp.errors import PnpError
    from pnp.games.kingdom_builder import report, rules, transcription

    if picture is not None and picture.suffix.lower() not in (".svg", ".pdf"):
        raise PnpError(f"--picture: '{picture}' must end in .svg or .pdf")
    sheet = rules.score(transcription.load(file, boards_dir))
    if picture is not None:
        from pnp.games.kingdom_builder.pictures import score_picture
        from pnp.render import pdf, svg

        drawing = score_picture(sheet)
        data = svg.render(drawing) if picture.suffix.lower() == ".svg" else pdf.render([drawing], "Kingdom Builder score")
        write_atomic(picture, data, force)
        typer.echo(f"wrote {picture}", err=True)
    if as_json:
        typer.echo(json.dumps(report.as_json(sheet), ensure_ascii=False, indent=2))
        return
    typer.echo(report.as_table(sheet), nl=False)
    if explain:
        typer.echo("")
        typer.echo(report.as_explanation(sheet), nl=False)


@app.command("great-wall", epilog=example(
    "pnp score great-wall position.yaml",
    "pnp score great-wall position.yaml --explain",
    "pnp score great-wall position.yaml --json",
))
@reports_errors
def great_wall(
    file: Path = typer.Argument(..., help="The transcribed position (YAML); see 'pnp template great-wall'."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON for programs."),
    explain: bool = typer.Option(False, "--explain", help="Also show how each player's success is made up."),
) -> None:
    """Success in every section, who takes what at the next check, and once the last round is
    over the checks around the table until nobody can take a token, the totals and winners."""
    from pnp.games.great_wall import report, rules, transcription

    outcome = rules.outcome(transcription.load(file))
    if as_json:
        typer.echo(json.dumps(report.as_json(outcome), ensure_ascii=False, indent=2))
    else:
        typer.echo(report.as_text(outcome, explain), nl=False)


@app.command("carolus-magnus", epilog=example(
    "pnp score carolus-magnus position.yaml",
    "pnp score carolus-magnus position.yaml --explain",
    "pnp score carolus-magnus position.yaml --json",
))
@reports_errors
def carolus_magnus(
    file: Path = typer.Argument(..., help="The transcribed position (YAML); see 'pnp template carolus-magnus'."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON for programs."),
    explain: bool = typer.Option(False, "--explain", help="Also show each side's count in every territory."),
) -> None:
    """Colour control, each territory's majority, what the Emperor would do 1 to 5 steps on,
    castles per side, whether the game is over, the ranking and winners."""
    from pnp.games.carolus_magnus import report, transcription

    position = transcription.load(file)
    if as_json:
        typer.echo(json.dumps(report.as_json(position), ensure_ascii=False, indent=2))
    else:
        typer.echo(report.as_text(position, explain), nl=False)
