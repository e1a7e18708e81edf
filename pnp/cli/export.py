"""The command `pnp export GAME --to pod|tts`: a kit's pieces as images for print shops, or as a
Tabletop Simulator table."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from enum import Enum
from pathlib import Path

import typer

from pnp.cli.common import completer, example, reports_errors, write_all
from pnp.cli.localise import VARIABLE, shown, tell
from pnp.errors import OptionError, say
from pnp.render.choices import Language
from pnp.render.i18n import Catalog, render_catalog


class Target(str, Enum):
    POD = "pod"
    TTS = "tts"

def examples() -> str:
    """The command's examples, on the games it takes."""
    first, last = _games()[0], _games()[-1]
    return example(f"pnp export {first} --to pod", f"pnp export {first} --to pod --preset tgc --out shop",
                   f"pnp export {last} --to pod --dpi 600 --bleed 0 --lang ru", f"pnp export {first} --to tts",
                   f"pnp export {last} --to tts --url-base https://example.org/{last}")


def _games() -> list[str]:
    """The games export takes: those with a kit."""
    from pnp.games import GAMES

    return [game_id for game_id, game in GAMES.items() if game.offers("export")]


def _presets() -> list[str]:
    from pnp.export.pod import PRESETS

    return list(PRESETS)


class TimeLeft:
    """The time an export has left, said once it can be: work is measured in pixels (an image's
    time goes with them) and timed from the first image on, since the wait for the first is the
    drawings' rendering to PDF, not images. Counting images alike and that wait in with them, a
    46 s export once said 14 minutes left, then 7."""

    def __init__(self, costs: list[int], clock: Callable[[], float] = time.monotonic, t: Catalog | None = None):
        self.costs, self.clock, self.t = costs, clock, t or render_catalog("en")
        self.left = sum(costs)  # pixels
        self.done = 0  # images
        self.first: tuple[float, int] | None = None  # when the first image was done, and the pixels left then
        self.said: str | None = None

    def shown(self, _: int | None) -> str | None:
        """What the progress bar shows after itself."""
        return self.said

    def image_done(self) -> None:
        now = self.clock()
        self.left -= self.costs[self.done]
        self.done += 1
        if self.first is None:
            self.first = (now, self.left)
            return
        started, left_then = self.first
        seconds = round((now - started) / (left_then - self.left) * self.left)
        time = f"{self.t.number(seconds // 60)}:{self.t.number(seconds % 60).rjust(2, self.t.number(0))}"
        self.said = shown(self.t("cli.say.time_left", time=time), self.t) if self.left else None


@reports_errors
def export(
    game: str = typer.Argument(..., metavar="GAME", help="A game with a kit: pnp games lists them.",
                               autocompletion=completer(_games)),
    to: Target = typer.Option(..., "--to", help="pod: one PNG per piece face with a manifest, for print-on-demand "
                           "shops; tts: deck sheets, tiles and a saved object for Tabletop Simulator."),
    dpi: int = typer.Option(None, "--dpi", help="pod: pixels per inch, 72-1200.  [default: 300]", show_default=False),
    bleed: float = typer.Option(None, "--bleed", help="pod: artwork beyond the trim on each side, mm, 0-5.  "
                                "[default: 3]", show_default=False),
    preset: str = typer.Option(None, "--preset", metavar="<tgc>", autocompletion=completer(_presets), help="pod: a shop's card template: tgc (The Game Crafter's "
                               "poker card, 825 x 1125 px at 300 DPI)."),
    url_base: str = typer.Option(None, "--url-base", help="tts: where Tabletop Simulator finds the images: the "
                                 "http(s) URL you host them at, or the file:/// URI of the folder once moved "
                                 "(default: file:/// paths of the exported images)."),
    lang: Language = typer.Option(Language.EN, "--lang", help="Language of the text.", envvar=VARIABLE, show_envvar=False),
    out: Path = typer.Option(None, "--out", help="Folder to create.  [default: output/GAME-pod or output/GAME-tts]",
                             show_default=False),
    force: bool = typer.Option(False, "--force", help="Write into OUT even if it exists (files of the same name "
                               "are replaced, never anything else)."),
) -> None:
    """Export a kit's pieces as images: for a print-on-demand shop, or as a Tabletop Simulator table."""
    from pnp.cli.commands import no_game
    from pnp.export import run
    from pnp.games import GAMES
    from pnp.inputs import resolved
    from pnp.outputs import OutputError

    takes = _games()
    if game not in takes:  # wrong usage, as for every command taking a game
        raise OptionError([no_game("export", game, takes)])
    request = run.Request(game, to.value, dpi, bleed, preset, url_base, lang.value)
    folder = out if out is not None else Path("output") / f"{game}-{to.value}"
    run.check(request)  # wrong usage first; then an output that cannot be written
    if os.path.lexists(folder) and not force:
        raise OutputError([say("problem.output.folder_exists", path=str(folder))])
    t = render_catalog(lang.value)
    left = TimeLeft(run.costs(request), t=t)
    with typer.progressbar(length=len(left.costs), label=shown(t("cli.say.rendering_images"), t), file=sys.stderr, show_pos=True,
                           show_eta=False, item_show_func=left.shown, width=30) as bar:
        def image_done(_: int) -> None:
            left.image_done()
            bar.update(1)

        files = run.files(request, resolved(folder).as_uri(), on_image=image_done)
    write_all({folder / name: data for name, data in files.items()}, force)  # all of them or none
    images = sum(name.endswith(".png") for name in files)
    tell(t, "cli.say.exported", count=len(files), folder=f"{folder}/", images=images,
         others=t.join(n for n in files if not n.endswith(".png")))
    for key, values in run.notes(request, resolved(folder).as_uri()):
        typer.echo(shown(t(key, **values), t))
