"""Everything the command line says in the language it asks for: `--lang X`, else the
environment variable `PNP_LANG`, else English.

The library's messages are `pnp.errors.Message`s, said here by their catalog key (`Catalog.said`);
in Persian each line's Latin runs are isolated for bidi terminals (`pnp.columns.isolated`).

Typer's own messages (a mistyped option, a missing argument, a bad value) come in that language too.

Typer composes these messages in English, and newer releases no longer pass them through
gettext; so a usage error is caught here and its message matched against the English patterns
of the catalog's `cli.message` texts, whose translations replace it. A message no pattern knows
stays English. The command to run for help stands on its own line, as every command printed
to be pasted does.

`--help` pages come in that language the same way: each help text the commands define is
matched whole, paragraph by paragraph, against the catalog's `cli.help_text` (the English
catalog holds the texts as the commands spell them); a text it does not hold stays English.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import typer
from typer.core import TyperGroup

from pnp.render.i18n import DIGITS, LANGUAGES, Catalog, render_catalog
from pnp.render.i18n import shown as shown  # (the commands' way to print a line in their language)

VARIABLE = "PNP_LANG"  # the language when a command line names none
NBSP = "\u00a0"  # a space a wrapped line does not break at

_CLICK_ERROR: type[Exception] = typer.BadParameter.__mro__[2]  # click's ClickException (Typer vendors click in newer releases)


def language_of(args: Sequence[str]) -> str | None:
    """The language `--lang X` or `--lang=X` names, if it is one pnp speaks."""
    for i, arg in enumerate(args):
        lang = arg.partition("=")[2] if arg.startswith("--lang=") else args[i + 1] if arg == "--lang" and i + 1 < len(args) else None
        if lang in LANGUAGES:
            return lang
    return None


# A number typed as an option's value, `--seed ۷` or `--back-offset=۱٫۵,-۰٫۵`, in any digits.
_NUMERAL = re.compile(r"(--[\w-]+=)?[-+]?[\d٫.,]+(,[-+]?[\d٫.,]+)*")


def numeral(arg: str) -> str:
    """A command-line argument that is a number typed in Persian or Arabic-Indic digits, in ASCII
    digits (Typer reads only those); any other argument, a file name among them, as it is."""
    from pnp.yamldoc import latin_digits

    return latin_digits(arg) if _NUMERAL.fullmatch(arg) else arg


def chosen(args: Sequence[str] = ()) -> str:
    """The language of a command line: its `--lang`, else `PNP_LANG`, else English."""
    env = os.environ.get(VARIABLE)
    return language_of(args) or (env if env in LANGUAGES else "en")


def language(value: object) -> str:
    """A command's `--lang` value (an Enum choice, or its text) as a language id; None: `chosen()`."""
    value = getattr(value, "value", value)
    return value if isinstance(value, str) and value in LANGUAGES else chosen()


def pasted(command: str, lang: str) -> str:
    """A command offered to paste, asking for the language it was offered in."""
    return command if lang == "en" else f"{command} --lang {lang}"


def tell(t: Catalog, key: str, /, err: bool = False, **values: Any) -> None:
    """Print the catalog's text `key` as a line of its own (on stderr with `err`)."""
    typer.echo(shown(t(key, **values), t), err=err)


@lru_cache(maxsize=None)
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each message's id with a pattern of its English text: every `{name}` matches any text."""
    english = render_catalog("en").messages
    out = []
    for key, text in english.items():
        if key.startswith("cli.message."):
            parts = re.split(r"\{(\w+)\}", text)
            pattern = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
            out.append((key, re.compile(pattern, re.DOTALL)))
    return tuple(out)


def translate(message: str, t: Catalog) -> str:
    """An English message of Typer's in the catalog's language (parts it quotes translated too)."""
    for key, pattern in _patterns():
        match = pattern.fullmatch(message)
        if match:
            values = {name: translate(value, t) for name, value in match.groupdict().items()}
            for name in ("number", "range"):  # limits pnp sets, in the language's digits
                if name in values and t.lang in DIGITS:
                    values[name] = values[name].translate(str.maketrans("0123456789", DIGITS[t.lang]))
            for name in ("choices", "options"):  # lists of option names or values, as typed
                if name in values:
                    values[name] = t.join(values[name].split(", "))
            return t(key, **values)
    return message


def _without_lang(args: list[str]) -> list[str]:
    """The arguments less `--lang X` or `--lang=X`."""
    out, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


@lru_cache(maxsize=None)
def help_texts(lang: str) -> dict[str, str]:
    """Every help text in `lang` by its key: the shared ones and each game's, from its catalog."""
    from pnp.games import GAMES
    from pnp.games.base import Texts

    catalogs = [render_catalog(lang), *(game.catalog(lang) for game in GAMES.values() if isinstance(game, Texts))]
    return {key: text for t in catalogs for key, text in t.messages.items() if key.startswith("cli.help_text.")}


@lru_cache(maxsize=None)
def _help_keys() -> dict[str, str]:
    """The key of each help text, by its English wording."""
    return {text: key for key, text in help_texts("en").items()}


def help_text(text: str, t: Catalog) -> str:
    """A help text in the catalog's language, paragraph by paragraph. A command's short help in
    a list (its text cut at a word and ended with '...') becomes the translation's first sentence;
    an option's `[default: X]` keeps X (`X or Y` is said in words), and `[required]` is said in words too."""
    keys, texts = _help_keys(), help_texts(t.lang)
    text, bracket, note = text.partition("  [")
    paragraphs = []
    for paragraph in text.split("\n\n"):
        key = keys.get(paragraph)
        if key is None and paragraph.endswith("..."):
            key = next((k for english, k in keys.items() if english.startswith(paragraph[:-3])), None)
            if key is not None:
                paragraphs.append(texts[key].split(". ")[0].split("\n")[0])
                continue
        if key is None and paragraph == "Examples:":
            paragraphs.append(t("cli.heading.examples"))
        else:
            paragraphs.append(unbroken(texts[key], t.lang) if key else paragraph)
    if note.startswith("default: "):  # a value as typed, or two: `output/GAME-pod or output/GAME-tts]`
        first, either, last = note.removeprefix("default: ").partition(" or ")
        value = t("problem.either", items=first, last=last) if either else first
        note = f"{t('cli.heading.default')}: {value}".replace(" ", NBSP)  # the note wraps as one word
    elif note == "required]":
        note = t("cli.heading.required") + "]"
    return "\n\n".join(paragraphs) + bracket + note


# The kinds of value Typer names in an option's placeholder: `--out <path>`, `--boards <str,str,str,str>`.
_METAVAR = re.compile(r"(?<=[<,])(int range|float range|path|str|int|float)(?=[>,])")
# A number and the word after it, which a wrapped line must not part: «۳۶ ژتون».
_COUNTED = re.compile(r"(?<=[0-9۰-۹]) (?=\w)")


@lru_cache(maxsize=None)
def _kept_whole(lang: str) -> tuple[str, ...]:
    """Names a wrapped line must not break: the games' titles in `lang` of more than one word."""
    from pnp.games import GAMES
    from pnp.games.base import title_of

    return tuple(title for game in GAMES.values() if " " in (title := title_of(game, lang)))


def unbroken(text: str, lang: str) -> str:
    """`text` with a no-break space between a number and its noun and inside each game's title."""
    for title in _kept_whole(lang):
        text = text.replace(title, title.replace(" ", NBSP))
    return _COUNTED.sub(NBSP, text)


def _formatter(base: type, t: Catalog) -> type:
    """Click's help formatter `base`, writing its headings, usage line and texts in the catalog's language."""

    class Formatter(base):  # type: ignore[misc]
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            words = " ".join(t(f"cli.heading.{w}") if w in ("OPTIONS", "COMMAND", "ARGS") else w
                             for w in re.split(r"(?<=\[)|(?=\])| ", args))
            super().write_usage(prog, words.replace("[ ", "[").replace(" ]", "]"), t("cli.usage") + " ")

        def write_heading(self, heading: str) -> None:
            super().write_heading(t(f"cli.heading.{heading.lower()}") if f"cli.heading.{heading.lower()}" in t.messages else heading)

        def write_text(self, text: str) -> None:
            super().write_text(help_text(text, t))

        def write_dl(self, rows: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
            super().write_dl([(_METAVAR.sub(lambda m: t(f"cli.metavar.{m[1].replace(' ', '_')}"), term),
                               help_text(text, t)) for term, text in rows], *args, **kwargs)

    return Formatter


def show(error: Any, t: Catalog) -> None:
    """What Typer shows for an error of the command line, in the catalog's language, on stderr."""
    ctx = getattr(error, "ctx", None)  # a usage error's command, whose usage and help it shows
    if ctx is not None:
        usage = ctx.get_usage()
        typer.echo(t("cli.usage") + usage.partition(":")[2] if usage.startswith("Usage:") else usage, err=True)
        if ctx.command.get_help_option(ctx) is not None:
            typer.echo(f"{t('cli.help')}\n{ctx.command_path} {ctx.help_option_names[0]}\n", err=True)
    typer.echo(t("cli.error", message=translate(error.format_message(), t)), err=True)


class LocalisedGroup(TyperGroup):
    """The root command: with `--lang ru|fa`, Typer's errors are shown in that language."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        args = [numeral(arg) for arg in (sys.argv[1:] if args is None else args)]
        lang = chosen(args)
        if lang == "en" or not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
        context, formatter = self.context_class, self.context_class.formatter_class
        context.formatter_class = _formatter(formatter, render_catalog(lang))  # for this run only: see finally
        if any(arg in self.context_settings.get("help_option_names", ["--help"]) for arg in args):
            args = _without_lang(args)  # a help page is asked for: a group, which has no --lang, shows it too
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except _CLICK_ERROR as error:
            show(error, render_catalog(lang))
            sys.exit(getattr(error, "exit_code", 1))
        except typer.Abort:
            typer.echo(render_catalog(lang)("cli.aborted"), err=True)
            sys.exit(1)
        finally:
            context.formatter_class = formatter
        if isinstance(code, int):  # an exit code (typer.Exit, --help) rather than a command's result
            sys.exit(code)
        return code
