"""The commands `pnp kit|boards|setup|template|check|score|scan GAME`, built from the game registry.

Each operation has one handler here that does the work every game shares (reading options,
writing files, printing); the game's own options come from its registry entry and are passed
to it by name. A game that does not offer an operation is not listed under it.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from pnp.cli.common import example, reports_errors, write_all, write_atomic
from pnp.games import GAMES
from pnp.games.base import Game, Param
from pnp.render.choices import Format, Language, Layout, Paper

HELP = {
    "kit": "Make a print-and-play kit: every component at true size, with cut lines.",
    "boards": "Generate original board sections.",
    "setup": "Randomize a set-up, reproducibly from a seed.",
    "template": "Write a blank transcription form for a game.",
    "check": "Check a transcription for mistakes; every problem is listed with its line.",
    "score": "Score a finished game from its transcription.",
    "scan": "Read a finished game off a photo into its transcription.",
}

FORCE = Param("force", "--force", bool, False, "Replace output files that already exist (never anything else).")

# Options every game's command of an operation has.
SHARED: dict[str, tuple[Param, ...]] = {
    "kit": (
        Param("out", "--out", Path, Path("output"), "Folder to write into."),
        Param("paper", "--paper", Paper, Paper.A4, "Paper size."),
        Param("bleed", "--bleed", float, 0.0, "Artwork beyond the cut lines, in mm (3 is typical).", min=0.0, max=5.0),
        Param("duplex", "--duplex/--no-duplex", bool, True, "Backs behind their fronts for long-edge double-sided "
              "printing, or (--no-duplex) backs at the end for cutting and gluing."),
        Param("ink_saver", "--ink-saver", bool, False, "Leave out large colour areas; symbols and outlines stay."),
        Param("lang", "--lang", Language, Language.EN, "Language of the text."),
        Param("fmt", "--format", Format, Format.PDF, "pdf: one print-ready file; svg: one file per component."),
        Param("layout", "--layout", Layout, Layout.STANDARD, "gutter-fold: each card's back beside its front on one "
              "side of the paper, to fold along the middle (no double-sided printing; other backs come at the end)."),
        Param("back_offset", "--back-offset", str, None, "X,Y: move every back page X mm right and Y mm down "
              "(-5 to 5 each), to undo a printer's duplex shift read off the test page's scales."),
        FORCE,
    ),
    "boards": (
        Param("seed", "--seed", int, None, "The set's seed; the same seed always gives the same set. "
              "Default: a new random seed, printed so you can share it.", min=0),
        Param("out", "--out", Path, Path("output/sections"), "Folder to write into."),
        FORCE,
    ),
    "setup": (
        Param("seed", "--seed", int, None, "Same seed, same set-up. Default: a new random seed, printed.", min=0),
        Param("as_json", "--json", bool, False, "Print the set-up as JSON (the same in every language)."),
        Param("lang", "--lang", Language, Language.EN, "Language of the text."),
    ),
    "template": (
        Param("out", "--out|-o", Path, None, "Write to this file instead of printing."),
        FORCE,
        Param("lang", "--lang", Language, Language.EN, "Language of the form's comments."),
    ),
    "check": (Param("file", "FILE", Path, required=True, help="The transcription (YAML)."),),
    "score": (
        Param("file", "FILE", Path, required=True, help="The transcription (YAML)."),
        Param("as_json", "--json", bool, False, "Print the result as JSON for programs."),
        Param("explain", "--explain", bool, False, "Also show what the result is made of."),
        Param("lang", "--lang", Language, Language.EN, "Language of the text (JSON is the same in every language)."),
    ),
    "scan": (
        Param("form", "FORM", Path, required=True, help="The transcription form: what the photo is read into (YAML)."),
        Param("photo", "PHOTO", Path, required=True, help="A JPEG or PNG photo of the finished game, 1 to 50 megapixels."),
        Param("out", "--out|-o", Path, None, "Write the form with what was read filled in; it may be FORM itself, which "
              "is then replaced without --force (any other existing file needs --force)."),
        Param("overlay", "--overlay", Path, None, "Draw the straightened board and what was read: OUT.png, .pdf or .svg."),
        Param("as_json", "--json", bool, False, "Print what was read as JSON."),
        FORCE,
    ),
}
SETUP_SHEET = (
    Param("out", "--out", Path, None, "Also write a printable sheet: FILE.pdf or FILE.svg."),
    Param("paper", "--paper", Paper, Paper.A4, "Paper size of the sheet."),
    FORCE,
)
PICTURE = (Param("picture", "--picture", Path, None, "Also draw the board and what scored: OUT.svg or OUT.pdf."), FORCE)


def _params(game: Game, operation: str) -> tuple[Param, ...]:
    """The shared options, then the game's own; a game's option replaces a shared one of its name."""
    own = game.operations[operation].params
    if operation == "setup" and game.has_setup_sheet:
        own = SETUP_SHEET + own
    if operation == "score" and game.has_picture:
        own = (*own, *PICTURE)
    names = {p.name for p in own}
    return tuple(p for p in SHARED[operation] if p.name not in names) + own


def _typer_parameter(param: Param) -> inspect.Parameter:
    """A Param as the keyword parameter Typer reads: its default carries the flag and help."""
    if param.flags.isupper():  # a positional argument, such as FILE
        info = typer.Argument(..., help=param.help, metavar=param.flags, show_default=False)
    else:
        info = typer.Option(... if param.required else param.default, *param.flags.split("|"), help=param.help,
                            min=param.min, max=param.max, show_default=param.default not in (None, False))
    return inspect.Parameter(param.name, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=param.type)


def _plain(value: Any) -> Any:
    """What the library receives: the value of an Enum choice, everything else as given."""
    return value.value if isinstance(value, Enum) else value


def _command(game: Game, operation: str, handler: Callable[..., None]) -> Callable[..., None]:
    params = _params(game, operation)

    def command(**values: Any) -> None:
        handler(game, **{name: _plain(value) for name, value in values.items()})

    command.__name__ = f"{operation}_{game.id.replace('-', '_')}"
    command.__doc__ = game.operations[operation].help
    command.__signature__ = inspect.Signature([_typer_parameter(p) for p in params])  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.type for p in params}
    return reports_errors(command)


class GameGroup(TyperGroup):
    """A command group whose subcommands are game ids: an unknown one gets a plain message."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and self.get_command(ctx, name) is None and not name.startswith("-"):
            from pnp.errors import did_you_mean

            offered = ", ".join(self.list_commands(ctx))
            known = next((g for g in GAMES.values() if g.id == name), None)
            why = (f"{known.name} has no '{ctx.info_name}' command" if known
                   else f"unknown game '{name}'{did_you_mean(name, GAMES)}")
            typer.echo(f"pnp {ctx.info_name} {name}: {why}; it takes: {offered}", err=True)
            raise typer.Exit(2)
        return super().resolve_command(ctx, args)


def group(operation: str, handler: Callable[..., None]) -> typer.Typer:
    """The `pnp OPERATION` group, with one command per game that offers the operation."""
    games = [game for game in GAMES.values() if game.offers(operation)]
    app = typer.Typer(help=HELP[operation], no_args_is_help=True, cls=GameGroup, rich_markup_mode=None,
                      epilog=example(games[0].operations[operation].examples[0]))
    for game in games:
        app.command(game.id, epilog=example(*game.operations[operation].examples))(_command(game, operation, handler))
    return app


def _fresh_seed(seed: int | None) -> int:
    """The given seed, or a fresh one (it is printed with the result, so it can be shared)."""
    import random

    return random.SystemRandom().randrange(10**6) if seed is None else seed


def _suffix(path: Path, option: str, allowed: tuple[str, ...]) -> str:
    from pnp.errors import PnpError

    suffix = path.suffix.lower().lstrip(".")
    if suffix not in allowed:
        raise PnpError(f"{option}: '{path}' must end in {' or '.join('.' + a for a in allowed)}")
    return suffix


# The handlers: what each operation does for any game.

def kit(game: Game, out: Path, paper: str, bleed: float, duplex: bool, ink_saver: bool, lang: str, fmt: str,
        force: bool, layout: str = "standard", back_offset: str | None = None, **options: Any) -> None:
    from pnp.cli import kit_output
    from pnp.outputs import check_writable

    offset, folded = kit_output.page_options(back_offset, layout, duplex, fmt)

    pdf_path = out / f"{game.id}-kit.pdf"
    if fmt == "pdf":
        check_writable([pdf_path], force)  # refused at once, not after rendering
    t = game.catalog(lang)
    sheets = game.kit_sheets(t, paper, **options)
    if fmt == "svg":
        kit_output.write_svgs(sheets, out / game.id, bleed, ink_saver, force)
    else:
        kit_output.write_pdf(sheets, pdf_path, paper, bleed, duplex and not folded, ink_saver, t, force, offset, folded)


def boards(game: Game, seed: int | None, out: Path, force: bool, **options: Any) -> None:
    summary, files = game.boards(_fresh_seed(seed), **options)
    write_all({out / name: data for name, data in files.items()}, force)  # all of them or none
    typer.echo(f"{summary}: wrote {len(files)} files to {out}/")
    for name in files:
        typer.echo(f"  {name}")


def setup(game: Game, seed: int | None, as_json: bool, lang: str, out: Path | None = None, paper: str = "a4",
          force: bool = False, **options: Any) -> None:
    fmt = _suffix(out, "--out", ("pdf", "svg")) if out is not None else None
    made = game.setup(_fresh_seed(seed), **options)
    if out is not None:
        write_atomic(out, game.setup_sheet(made, fmt, paper, lang), force)
        typer.echo(f"wrote {out}", err=True)
    if as_json:
        typer.echo(json.dumps(game.setup_json(made), ensure_ascii=False, indent=2))
    else:
        typer.echo(game.setup_text(made, lang), nl=False)


def template(game: Game, out: Path | None, force: bool, lang: str, **options: Any) -> None:
    form = game.blank_form(lang=lang, **options)
    if out is None:
        typer.echo(form, nl=False)
        return
    write_atomic(out, form, force)
    typer.echo(f"wrote {out}", err=True)


def check(game: Game, file: Path, **options: Any) -> None:
    state = game.load(file, **options)
    typer.echo(f"{file}: OK: {game.check_summary(state)}")


def score(game: Game, file: Path, as_json: bool, explain: bool, lang: str, picture: Path | None = None,
          force: bool = False, **options: Any) -> None:
    fmt = _suffix(picture, "--picture", ("svg", "pdf")) if picture is not None else None
    result = game.evaluate(game.load(file, **options))
    if picture is not None:
        from pnp.render import pdf, svg

        drawing = game.picture(result)
        write_atomic(picture, svg.render(drawing) if fmt == "svg" else pdf.render([drawing], f"{game.name} score"), force)
        typer.echo(f"wrote {picture}", err=True)
    if as_json:
        typer.echo(json.dumps(game.report_json(result), ensure_ascii=False, indent=2))
    else:
        typer.echo(game.report_text(result, explain, lang), nl=False)


def scan(game: Game, form: Path, photo: Path, out: Path | None, overlay: Path | None, as_json: bool, force: bool,
         **options: Any) -> None:
    from pnp.escape import terminal
    from pnp.inputs import MAX_PHOTO, read_bytes, read_document
    from pnp.outputs import check_writable

    kind = "." + _suffix(overlay, "--overlay", ("png", "pdf", "svg")) if overlay is not None else None
    # Filling in the form is what a scan is for: --out may replace FORM without --force.
    into_form = out is not None and out.is_file() and form.is_file() and out.samefile(form)
    check_writable([path for path in (None if into_form else out, overlay) if path is not None], force)
    text, _ = read_document(form)
    photo_name = terminal(str(photo))
    reading = game.scan(text, form, read_bytes(photo, photo_name, MAX_PHOTO), photo_name, **options)
    files: dict[Path, str | bytes] = {}
    if out is not None:
        files[out] = reading.text
    if overlay is not None and kind is not None:
        files[overlay] = reading.overlay(kind)
    write_all(files, force=True)  # all or none; what may be replaced was checked above
    for path in files:
        typer.echo(f"wrote {path}", err=True)
    typer.echo(reading.summary, err=True, nl=False)
    if as_json:
        typer.echo(json.dumps(reading.data, ensure_ascii=False, indent=2))


HANDLERS: dict[str, Callable[..., None]] = {
    "kit": kit, "boards": boards, "setup": setup, "template": template, "check": check, "score": score, "scan": scan}
