"""The commands `pnp kit|boards|setup|template|example|check|score|scan GAME`, built from the game registry.

Each operation has one handler here that does the work every game shares (reading options,
writing files, printing); the game's own options come from its registry entry and are passed
to it by name. A game that does not offer an operation is not listed under it.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any
from enum import Enum
from pathlib import Path

import typer
from typer.core import TyperGroup

from pnp.cli.common import EXIT_USAGE, completer, example, reports_errors, write_all, write_atomic
from pnp.cli.localise import VARIABLE, chosen, pasted, shown, tell
from pnp.errors import OptionError, say
from pnp.games import GAMES
from pnp.games.base import (CAPABILITIES, THIS_FILE, BoardsMaker, ExampleMaker, FormMaker, Game, KitMaker, P, Param,
                            PhotoReader, R, ScorePicture, SetupMaker, SetupSheet, Source, options_of, params)
from pnp.render.choices import MAX_GAP, Edge, Format, Language, Layout, Marks, Paper
from pnp.render.i18n import render_catalog

HELP = {
    "kit": "Make a print-and-play kit: every component at true size, with cut lines.",
    "boards": "Generate original board sections.",
    "setup": "Randomize a set-up, reproducibly from a seed.",
    "template": "Write a blank transcription form for a game.",
    "example": "Write a game's bundled example: a finished game to try check, score and the desk on.",
    "check": "Check a transcription for mistakes; every problem is listed with its line.",
    "score": "Score a finished game from its transcription.",
    "scan": "Read a finished game off a photo into its transcription.",
}



@dataclass(frozen=True)
class Option:
    """An option as the command line spells it: `flags` ("--out", "-o"; "--force/--no-force" for
    a switch with a negative form), or a positional argument shown as `metavar` (FILE)."""

    name: str  # the keyword the handler or the game's method receives
    type: object
    default: object = None
    help: str = ""
    flags: tuple[str, ...] = ()
    metavar: str | None = None
    min: float | None = None
    max: float | None = None
    required: bool = False
    complete: Callable[[], list[str]] | None = None  # the values a shell completes, where no type lists them


def _option(param: Param) -> Option:
    """A game's option: `--its-name` unless it names its flag; a required one has no default to show."""
    flag = param.flag or "--" + param.name.replace("_", "-")
    return Option(param.name, param.type, None if param.required else param.default, param.help, (flag,), None,
                  param.min, param.max, param.required, param.complete)


def _argument(name: str, metavar: str, help: str) -> Option:
    return Option(name, Path, None, help, (), metavar, required=True)


FORCE = Option("force", bool, False, "Replace output files that already exist (never anything else).", ("--force",))
LANG = Option("lang", Language, Language.EN, "Language of the text.", ("--lang",))
LANG_OF_MESSAGES = Option("lang", Language, Language.EN, "Language of the messages.", ("--lang",))
AS_JSON = ("--json",)

# Options every game's command of an operation has.
SHARED: dict[str, tuple[Option, ...]] = {
    "kit": (
        Option("out", Path, Path("output"), "Folder to write into.", ("--out",)),
        Option("paper", Paper, Paper.A4, "Paper size.", ("--paper",)),
        Option("bleed", float, 0.0, "Artwork beyond the cut lines, in mm (3 is typical).", ("--bleed",), min=0.0, max=5.0),
        Option("duplex", Edge, Edge.LONG, "Backs behind their fronts for double-sided printing flipping on this edge "
               "(--duplex alone: long-edge).", ("--duplex",)),
        Option("no_duplex", bool, False, "Backs at the end instead, for cutting and gluing.", ("--no-duplex",)),
        Option("ink_saver", bool, False, "Leave out large colour areas; symbols and outlines stay.", ("--ink-saver",)),
        LANG,
        Option("fmt", Format, Format.PDF, "pdf: one print-ready file; svg: one file per component.", ("--format",)),
        Option("layout", Layout, Layout.STANDARD, "gutter-fold: each card's back beside its front on one "
               "side of the paper, to fold along the middle (no double-sided printing; other backs come at the end).",
               ("--layout",)),
        Option("back_offset", str, None, "X,Y: move every back page X mm right and Y mm down "
               "(-5 to 5 each), to undo a printer's duplex shift read off the test page's scales.", ("--back-offset",)),
        Option("back_scale", str, None, "X,Y: scale every back page about the page's centre, across and down, "
               "as factors (0.95 to 1.05) or percentages (95% to 105%), to undo a printer's scaling of the back.",
               ("--back-scale",)),
        Option("marks", Marks, Marks.LINES, "lines: cut lines to the page edge; crop: crop marks outside the trim "
               "only; print-and-cut: registration marks for a Silhouette cutting machine, each piece outlined.",
               ("--marks",)),
        Option("gap", float, 0.0, "Millimetres between cards (0: they abut and share cut lines); other pieces "
               "keep at least this too.", ("--gap",), min=0.0, max=MAX_GAP),
        Option("only", str, None, "COMPONENT[,...]: print only these components (their names are listed "
               "when a wrong one is given).", ("--only",)),
        Option("pages", str, None, "RANGE: write only these pages of the kit, e.g. 1-3,7 (numbered as in the "
               "whole kit).", ("--pages",)),
        FORCE,
    ),
    "boards": (
        Option("seed", int, None, "The set's seed; the same seed always gives the same set. "
               "Default: a new random seed, printed so you can share it.", ("--seed",), min=0),
        Option("out", Path, Path("output/sections"), "Folder to write into.", ("--out",)),
        FORCE,
        LANG_OF_MESSAGES,
    ),
    "setup": (
        Option("seed", int, None, "Same seed, same set-up. Default: a new random seed, printed.", ("--seed",), min=0),
        Option("as_json", bool, False, "Print the set-up as JSON (the same in every language).", AS_JSON),
        LANG,
    ),
    "template": (
        Option("out", Path, None, "Write to this file instead of printing.", ("--out", "-o")),
        FORCE,
        Option("lang", Language, Language.EN, "Language of the form's comments.", ("--lang",)),
    ),
    "example": (
        Option("out", Path, None, "The file to write.  [default: GAME-example.yaml]", ("--out", "-o")),
        FORCE,
        LANG_OF_MESSAGES,
    ),
    "check": (_argument("file", "FILE", "The transcription (YAML)."), LANG_OF_MESSAGES),
    "score": (
        _argument("file", "FILE", "The transcription (YAML)."),
        Option("as_json", bool, False, "Print the result as JSON for programs.", AS_JSON),
        Option("explain", bool, False, "Also show what the result is made of.", ("--explain",)),
        Option("lang", Language, Language.EN, "Language of the text (JSON is the same in every language).", ("--lang",)),
    ),
    "scan": (
        _argument("form", "FORM", "The transcription form: what the photo is read into (YAML)."),
        _argument("photo", "PHOTO", "A JPEG or PNG photo of the finished game, 1 to 50 megapixels."),
        Option("out", Path, None, "Write the form with what was read filled in; it may be FORM itself, which "
               "is then replaced without --force (any other existing file needs --force).", ("--out", "-o")),
        Option("overlay", Path, None, "Draw the straightened board and what was read: OUT.png, .pdf or .svg.",
               ("--overlay",)),
        Option("empty", Path, None, "A photo of the same board at set-up, before the first settlement: each place is "
               "compared with itself there, so that no mark of the board's art reads as a piece.", ("--empty",)),
        Option("as_json", bool, False, "Print what was read as JSON.", AS_JSON),
        FORCE,
        LANG_OF_MESSAGES,
    ),
}
SETUP_SHEET = (
    Option("out", Path, None, "Also write a printable sheet: FILE.pdf or FILE.svg.", ("--out",)),
    Option("paper", Paper, Paper.A4, "Paper size of the sheet.", ("--paper",)),
    FORCE,
)
PICTURE = (Option("picture", Path, None, "Also draw the board and what scored: OUT.svg or OUT.pdf.", ("--picture",)),
           FORCE)


# The commands that read a transcription, and so take the game's `library` option.
READING = ("check", "score", "scan")


def options(game: Game[P, R], operation: str) -> tuple[Option, ...]:
    """The shared options (their help worded for the game where it says), then the game's own:
    its capability's, and its `library` where the command reads a transcription."""
    helps = game.commands[operation].helps
    shared = tuple(replace(o, help=helps.get(o.name, o.help)) for o in SHARED[operation])
    own = tuple(_option(p) for p in params(options_of(game, operation)))
    if operation in READING and game.library is not None:
        own = (*own, _option(game.library))
    if operation == "setup" and isinstance(game, SetupSheet):
        own = SETUP_SHEET + own
    if operation == "score" and isinstance(game, ScorePicture):
        own = (*own, *PICTURE)
    return shared + own


def _typer_parameter(option: Option) -> inspect.Parameter:
    """An option as the keyword parameter Typer reads: its default carries the flags and help."""
    info: object
    if option.metavar is not None:
        info = typer.Argument(..., help=option.help, metavar=option.metavar, show_default=False)
    else:
        info = typer.Option(... if option.required else option.default, *option.flags, help=option.help,
                            min=option.min, max=option.max, show_default=option.default not in (None, False),
                            envvar=VARIABLE if option.name == "lang" else None, show_envvar=False,
                            autocompletion=completer(option.complete) if option.complete else None)
    return inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=option.type)


def _library_value(value: object) -> object:
    """What the library receives: the value of an Enum choice, everything else as given."""
    return value.value if isinstance(value, Enum) else value


def _command(game: Game[P, R], operation: str, handler: Callable[..., None]) -> Callable[..., None]:
    flags = options(game, operation)
    kind = options_of(game, operation)
    own = [p.name for p in params(kind)]  # the capability's options, typed by the game, handed over as they are
    library = game.library.name if game.library is not None and operation in READING else None

    def command(**values: object) -> None:
        given = {name: values.pop(name) for name in own}
        if library is not None:
            values["library"] = values.pop(library)
        if operation in CAPABILITIES:
            values["options"] = kind(**given)
        handler(game, **{name: _library_value(value) for name, value in values.items()})

    command.__name__ = f"{operation}_{game.id.replace('-', '_')}"
    command.__doc__ = game.commands[operation].help
    command.__signature__ = inspect.Signature([_typer_parameter(p) for p in flags])  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.type for p in flags}
    return reports_errors(command)


class GameGroup(TyperGroup):
    """A command group whose subcommands are game ids: an unknown one gets a plain message."""

    # click's types: Typer vendors its own copy in some versions, so neither can be named here.
    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and self.get_command(ctx, name) is None and not name.startswith("-"):
            t = render_catalog(chosen(args))
            typer.echo(shown(t.said(no_game(ctx.info_name, name, self.list_commands(ctx))), t), err=True)
            raise typer.Exit(EXIT_USAGE)
        found, command, rest = super().resolve_command(ctx, args)
        return found, command, _with_values(rest)


# Options whose value may be left out, and the value they then take: `--duplex` alone is
# long-edge duplex, as it was before the option took an edge. (Typer has no optional values.)
OPTIONAL_VALUES = {"--duplex": Edge.LONG.value}


def _with_values(args: list[str]) -> list[str]:
    given: list[str] = []
    for k, arg in enumerate(args):
        given.append(arg)
        if arg in OPTIONAL_VALUES and (k + 1 == len(args) or args[k + 1].startswith("-")):
            given.append(OPTIONAL_VALUES[arg])
    return given


def no_game(command: str, name: str, takes: list[str]) -> str:
    """Why `pnp COMMAND NAME` names no game it takes: an unknown game, or one without the command."""
    from pnp.errors import did_you_mean

    known = GAMES.get(name)
    if known:
        return say("problem.game.lacks", command=command, name=name, game=known.name, games=takes)
    return say("problem.game.unknown", command=command, name=name, hint=did_you_mean(name, GAMES), games=takes)


def group(operation: str, handler: Callable[..., None]) -> typer.Typer:
    """The `pnp OPERATION` group, with one command per game that offers the operation."""
    games = [game for game in GAMES.values() if game.offers(operation)]
    app = typer.Typer(help=HELP[operation], no_args_is_help=True, cls=GameGroup, rich_markup_mode=None,
                      epilog=example(games[0].commands[operation].examples[0]))
    for game in games:
        app.command(game.id, epilog=example(*game.commands[operation].examples))(_command(game, operation, handler))
    return app


def _fresh_seed(seed: int | None) -> int:
    """The given seed, or a fresh one (it is printed with the result, so it can be shared)."""
    import random

    return random.SystemRandom().randrange(10**6) if seed is None else seed


def _suffix(path: Path, option: str, allowed: tuple[str, ...]) -> str:
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in allowed:
        endings = ["." + a for a in allowed]
        raise OptionError([say("problem.option.suffix", option=option, path=f"'{path}'",
                               endings=say("problem.either", items=endings[:-1], last=endings[-1]))])
    return suffix


# The handlers: what each operation does for any game that offers it (the group lists only those).

def kit(game: Game[P, R], out: Path, paper: str, bleed: float, duplex: str, no_duplex: bool, ink_saver: bool, lang: str,
        fmt: str, force: bool, layout: str = "standard", back_offset: str | None = None, back_scale: str | None = None,
        marks: str = "lines", gap: float = 0.0, only: str | None = None, pages: str | None = None,
        options: object = None) -> None:
    from pnp.cli import kit_output
    from pnp.outputs import check_writable

    assert isinstance(game, KitMaker)
    chosen = kit_output.print_options(kit_output.Asked(paper, bleed, None if no_duplex else duplex, ink_saver, fmt,
                                                       layout, back_offset, back_scale, marks, gap, pages))
    pdf_path = out / f"{game.id}-kit.pdf"
    if fmt == "pdf":
        check_writable([pdf_path], force)  # refused at once, not after rendering
    t = game.catalog(lang)
    sheets = kit_output.only(game.kit_sheets(t, paper, options), only)
    if fmt == "svg":
        kit_output.write_svgs(sheets, out / game.id, bleed, ink_saver, force, t)
    else:
        kit_output.write_pdf(sheets, pdf_path, chosen, t, force)


def boards(game: Game[P, R], seed: int | None, out: Path, force: bool, lang: str = "en", options: object = None) -> None:
    assert isinstance(game, BoardsMaker)
    t = render_catalog(lang)
    summary, files = game.boards(_fresh_seed(seed), lang, options)
    write_all({out / name: data for name, data in files.items()}, force)  # all of them or none
    tell(t, "cli.say.wrote_files", summary=t.said(summary), count=len(files), folder=f"{out}/")
    for name in files:
        typer.echo(f"  {name}")


def setup(game: Game[P, R], seed: int | None, as_json: bool, lang: str, out: Path | None = None, paper: str = "a4",
          force: bool = False, options: object = None) -> None:
    assert isinstance(game, SetupMaker)
    fmt = _suffix(out, "--out", ("pdf", "svg")) if out is not None else None
    made = game.setup(_fresh_seed(seed), options)
    if out is not None and fmt is not None and isinstance(game, SetupSheet):
        write_atomic(out, game.setup_sheet(made, fmt, paper, lang), force)
        tell(render_catalog(lang), "cli.say.wrote", err=True, path=str(out))
    if as_json:
        typer.echo(json.dumps(game.setup_json(made), ensure_ascii=False, indent=2))
    else:
        typer.echo(shown(game.setup_text(made, lang), render_catalog(lang)), nl=False)


def template(game: Game[P, R], out: Path | None, force: bool, lang: str, options: object = None) -> None:
    import shlex

    assert isinstance(game, FormMaker)
    form = game.blank_form(lang, None if out is None else out.parent, options)
    if out is None:
        typer.echo(form, nl=False)
        return
    # The commands in the form's head name the file it is saved as, ready to paste.
    write_atomic(out, form.replace(THIS_FILE, shlex.quote(str(out))), force)
    tell(render_catalog(lang), "cli.say.wrote", err=True, path=str(out))


def write_example(game: Game[P, R], out: Path | None, force: bool, lang: str = "en", options: object = None) -> None:
    import shlex

    from pnp.escape import terminal

    assert isinstance(game, ExampleMaker)
    sample = game.example(options)
    out = Path(sample.name) if out is None else out
    files: dict[Path, str | bytes] = {out: sample.text}
    if sample.photo is not None:
        _suffix(out, "--out", ("yaml", "yml"))  # the photo takes the name ending in .jpg
        files[out.with_suffix(".jpg")] = sample.photo
    write_all(files, force)  # both or neither
    names = [terminal(shlex.quote(str(path))) for path in files]
    t = render_catalog(lang)
    if len(names) == 2:
        tell(t, "cli.say.wrote_both", first=names[0], second=names[1])
    else:
        tell(t, "cli.say.wrote", path=names[0])
    tell(t, "cli.say.try")
    if sample.photo is not None:
        typer.echo(pasted(f"  pnp scan {game.id} {names[0]} {names[1]} --out scanned.yaml", lang))
    else:
        typer.echo(pasted(f"  pnp score {game.id} {names[0]} --explain", lang))


def check(game: Game[P, R], file: Path, lang: str = "en", library: Path | None = None) -> None:
    position = game.load(file, library, frozenset(GAMES))
    t = render_catalog(lang)
    tell(t, "cli.say.check_ok", file=str(file), summary=t.said(game.check_summary(position)))


def score(game: Game[P, R], file: Path, as_json: bool, explain: bool, lang: str, picture: Path | None = None,
          force: bool = False, library: Path | None = None) -> None:
    fmt = _suffix(picture, "--picture", ("svg", "pdf")) if picture is not None else None
    result = game.evaluate(game.load(file, library, frozenset(GAMES)))
    if picture is not None and isinstance(game, ScorePicture):
        from pnp.render import pdf, svg

        drawing = game.picture(result, lang)
        if fmt == "svg":
            data: str | bytes = svg.render(drawing)
        else:
            t = game.catalog(lang)
            data = pdf.render([drawing], t("picture_title", game=t("title")))
        write_atomic(picture, data, force)
        tell(render_catalog(lang), "cli.say.wrote", err=True, path=str(picture))
    if as_json:
        typer.echo(json.dumps(game.report_json(result), ensure_ascii=False, indent=2))
    else:
        typer.echo(shown(game.report_text(result, explain, lang), render_catalog(lang)), nl=False)


def scan(game: Game[P, R], form: Path, photo: Path, out: Path | None, overlay: Path | None, as_json: bool, force: bool,
         lang: str = "en", library: Path | None = None, options: object = None, empty: Path | None = None) -> None:
    from pnp.escape import terminal
    from pnp.inputs import MAX_PHOTO, read_bytes, read_text
    from pnp.outputs import check_writable

    assert isinstance(game, PhotoReader)
    kind = "." + _suffix(overlay, "--overlay", ("png", "pdf", "svg")) if overlay is not None else None
    # Filling in the form is what a scan is for: --out may replace FORM without --force.
    into_form = out is not None and out.is_file() and form.is_file() and out.samefile(form)
    check_writable([path for path in (None if into_form else out, overlay) if path is not None], force)
    source = Source.of(form, library, games=frozenset(GAMES))
    text = read_text(form, source.file)
    photo_name = terminal(str(photo))
    setup = None if empty is None else (read_bytes(empty, terminal(str(empty)), MAX_PHOTO), terminal(str(empty)))
    reading = game.scan(text, source, read_bytes(photo, photo_name, MAX_PHOTO), photo_name, lang, options, setup)
    files: dict[Path, str | bytes] = {}
    if out is not None:
        files[out] = reading.text
    if overlay is not None and kind is not None:
        files[overlay] = reading.overlay(kind)
    write_all(files, force=True)  # all or none; what may be replaced was checked above
    t = render_catalog(lang)
    for path in files:
        tell(t, "cli.say.wrote", err=True, path=str(path))
    for line in reading.summary:
        typer.echo(shown(t.said(line), t), err=True)
    if as_json:
        typer.echo(json.dumps(reading.data, ensure_ascii=False, indent=2))


HANDLERS: dict[str, Callable[..., None]] = {
    "kit": kit, "boards": boards, "setup": setup, "template": template, "example": write_example, "check": check,
    "score": score, "scan": scan}
