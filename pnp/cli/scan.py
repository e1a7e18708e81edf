"""`pnp scan GAME FORM PHOTO`: read the settlements off a photo of the finished board."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pnp.cli.common import example, reports_errors, write_atomic

app = typer.Typer(help="Read a finished game off a photo into its transcription.", no_args_is_help=True,
                  epilog=example("pnp scan kingdom-builder game.yaml board.jpg --out game.yaml --overlay check.png"))

OVERLAY_KINDS = (".png", ".pdf", ".svg")


@app.command("kingdom-builder", epilog=example(
    "pnp scan kingdom-builder game.yaml board.jpg --out game.yaml --overlay check.png",
    "pnp scan kingdom-builder game.yaml board.jpg --corners \"412,388 3630,402 455,2810 3702,2790\" --out game.yaml",
    "pnp scan kingdom-builder game.yaml board.jpg --json > read.json",
))
@reports_errors
def kingdom_builder(
    form: Path = typer.Argument(..., help="The transcription form ('pnp template kingdom-builder'): boards and players; "
                                "players may say their piece colour, e.g. {key: \"1\", name: Anna, colour: white}."),
    photo: Path = typer.Argument(..., help="A JPEG or PNG photo of the finished board, 1 to 50 megapixels."),
    corners: str = typer.Option(None, "--corners", help="Pixel centres of hexes A1, A20, T1 and T20, in that order, as "
                                "\"X,Y X,Y X,Y X,Y\"; without it the kit's scan markers are looked for."),
    out: Path = typer.Option(None, "--out", "-o", help="Write the form with its settlement grid filled in (may be FORM itself)."),
    overlay: Path = typer.Option(None, "--overlay", help="Draw the straightened board and what was read: OUT.png, .pdf or .svg."),
    as_json: bool = typer.Option(False, "--json", help="Print what was read as JSON."),
    boards_dir: Path = typer.Option(None, "--boards-dir", help="A folder of your own section files."),
) -> None:
    """Find every settlement in the photo and whose it is; list the hexes it is unsure of."""
    from pnp.errors import PnpError
    from pnp.games.kingdom_builder import scan_output
    from pnp.games.kingdom_builder.photo import read_photo
    from pnp.games.kingdom_builder.scan import parse_corners, scan
    from pnp.games.kingdom_builder.scan_colours import player_colours
    from pnp.games.kingdom_builder.transcription import load_form

    if overlay is not None and overlay.suffix.lower() not in OVERLAY_KINDS:
        raise PnpError(f"--overlay: '{overlay}' must end in .png, .pdf or .svg")
    points = parse_corners(corners) if corners is not None else None
    board, players, text = load_form(form, boards_dir)
    image = read_photo(photo)
    colours = player_colours([player.colour for player in players])
    result = scan(image, board, [(player.key, colour) for player, colour in zip(players, colours)], points)
    if out is not None:
        write_atomic(out, scan_output.filled_form(text, str(form), board, result))
        typer.echo(f"wrote {out}", err=True)
    if overlay is not None:
        write_atomic(overlay, scan_output.overlay(result, overlay.suffix.lower()))
        typer.echo(f"wrote {overlay}", err=True)
    typer.echo(scan_output.summary(result), err=True, nl=False)
    if as_json:
        typer.echo(json.dumps(scan_output.as_json(result), ensure_ascii=False, indent=2))
