"""Typer's own messages (a mistyped option, a missing argument, a bad value) in the language a
command line asks for with `--lang`.

Typer composes these messages in English, and newer releases no longer pass them through
gettext; so a usage error is caught here and its message matched against the English patterns
of the catalog's `cli.message` texts, whose translations replace it. A message no pattern knows
stays English. The command to run for help stands on its own line, as every command printed
to be pasted does.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import typer
from typer.core import TyperGroup

from pnp.render.i18n import DIGITS, LANGUAGES, Catalog, render_catalog

_CLICK_ERROR: type[Exception] = typer.BadParameter.__mro__[2]  # click's ClickException (Typer vendors click in newer releases)


def language_of(args: Sequence[str]) -> str | None:
    """The language `--lang X` or `--lang=X` names, if it is one pnp speaks."""
    for i, arg in enumerate(args):
        lang = arg.partition("=")[2] if arg.startswith("--lang=") else args[i + 1] if arg == "--lang" and i + 1 < len(args) else None
        if lang in LANGUAGES:
            return lang
    return None


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
        lang = language_of(sys.argv[1:] if args is None else args)
        if lang in (None, "en") or not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except _CLICK_ERROR as error:
            show(error, render_catalog(lang))
            sys.exit(getattr(error, "exit_code", 1))
        except typer.Abort:
            typer.echo(render_catalog(lang)("cli.aborted"), err=True)
            sys.exit(1)
        if isinstance(code, int):  # an exit code (typer.Exit, --help) rather than a command's result
            sys.exit(code)
        return code
