"""The command `pnp export GAME --to pod|tts`: a kit's pieces as images for print shops, or as a
Tabletop Simulator table."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

import typer

from pnp.cli.common import completer, example, reports_errors, write_all
from pnp.errors import OptionError
from pnp.escape import terminal
from pnp.render.choices import Language


class Target(str, Enum):
    POD = "pod"
    TTS = "tts"

EXAMPLES = example("pnp export kingdom-builder --to pod",
                   "pnp export kingdom-builder --to pod --preset tgc --out shop",
                   "pnp export great-wall --to pod --dpi 600 --bleed 0 --lang ru",
                   "pnp export kingdom-builder --to tts",
                   "pnp export carolus-magnus --to tts --url-base https://example.org/cm")


def _games() -> list[str]:
    """The games export takes: those with a kit."""
    from pnp.games import GAMES

    return [game_id for game_id, game in GAMES.items() if game.offers("export")]


def _presets() -> list[str]:
    from pnp.export.pod import PRESETS

    return list(PRESETS)


@reports_errors
def export(
    game: str = typer.Argument(..., metavar="GAME", help="kingdom-builder, great-wall or carolus-magnus.",
                               autocompletion=completer(_games)),
    to: Target = typer.Option(..., "--to", help="pod: one PNG per piece face with a manifest, for print-on-demand "
                           "shops; tts: deck sheets, tiles and a saved object for Tabletop Simulator."),
    dpi: int = typer.Option(None, "--dpi", help="pod: pixels per inch, 72-1200.  [default: 300]", show_default=False),
    bleed: float = typer.Option(None, "--bleed", help="pod: artwork beyond the trim on each side, mm, 0-5.  "
                                "[default: 3]", show_default=False),
    preset: str = typer.Option(None, "--preset", metavar="<tgc>", autocompletion=completer(_presets), help="pod: a shop's card template: tgc (The Game Crafter's "
                               "poker card, 825 x 1125 px at 300 DPI)."),
    url_base: str = typer.Option(None, "--url-base", help="tts: the http(s) URL where you will host the images "
                                 "(default: file:/// paths to the exported images)."),
    lang: Language = typer.Option(Language.EN, "--lang", help="Language of the text."),
    out: Path = typer.Option(None, "--out", help="Folder to create.  [default: output/GAME-pod or output/GAME-tts]",
                             show_default=False),
    force: bool = typer.Option(False, "--force", help="Write into OUT even if it exists (files of the same name "
                               "are replaced, never anything else)."),
) -> None:
    """Export a kit's pieces as images: for a print-on-demand shop, or as a Tabletop Simulator table."""
    from pnp.errors import did_you_mean
    from pnp.export import run
    from pnp.games import GAMES

    takes = _games()
    if game not in takes:  # wrong usage, as for every command taking a game
        why = (f"{GAMES[game].name} has no 'export' command" if game in GAMES
               else f"unknown game '{terminal(game)}'{did_you_mean(game, GAMES)}")
        typer.echo(f"pnp export {terminal(game)}: {why}; it takes: {', '.join(takes)}", err=True)
        raise typer.Exit(2)
    request = run.Request(game, to.value, dpi, bleed, preset, url_base, lang.value)
    folder = out if out is not None else Path("output") / f"{game}-{to.value}"
    problems = run.problems(request)
    if folder.exists() and not force:
        problems.append(f"{folder}: already exists; use --force to write into it")
    if problems:
        raise OptionError(problems)
    with typer.progressbar(length=run.renders(request), label="Rendering images", file=sys.stderr, show_pos=True,
                           width=30) as bar:
        files = run.files(request, folder.resolve().as_uri(), on_image=lambda _: bar.update(1))
    write_all({folder / name: data for name, data in files.items()}, force)  # all of them or none
    images = sum(name.endswith(".png") for name in files)
    typer.echo(f"wrote {len(files)} files to {folder}/: {images} images and "
               f"{', '.join(n for n in files if not n.endswith('.png'))}")
