"""Helpers every command shares: turning library errors into exit codes, writing files safely,
examples in --help, values for a shell to complete."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import typer

from pnp.errors import OptionError, PnpError, say
from pnp.escape import terminal

F = TypeVar("F", bound=Callable[..., Any])

EXIT_PROBLEMS = 1  # problems in the input, or an output that cannot be written
EXIT_USAGE = 2  # wrong usage: an unknown option value, an unknown game, a command a game does not have


def reports_errors(command: F) -> F:
    """Print a library error, or an operating-system error, as one line per problem on stderr
    (control characters escaped), in the language of the command's `--lang`, and exit 2 for
    wrong usage, else 1, without a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from pnp.cli.localise import language, shown
        from pnp.render.i18n import render_catalog

        code = EXIT_PROBLEMS
        try:
            return command(*args, **kwargs)
        except PnpError as error:
            messages = error.messages()
            if isinstance(error, OptionError):
                code = EXIT_USAGE
        except OSError as error:
            messages = [say("problem.at", where=error.filename or "pnp", message=error.strerror or str(error))]
        t = render_catalog(language(kwargs.get("lang")))
        for message in messages:
            typer.echo(shown(terminal(t.said(message)), t), err=True)
        raise typer.Exit(code)

    return wrapper  # type: ignore[return-value]


def write_atomic(path: Path, data: str | bytes, force: bool = False) -> None:
    """Write one file whole (pnp.outputs: an existing regular file is replaced only with --force)."""
    from pnp import outputs

    outputs.write_file(path, data, force)


def write_all(files: dict[Path, str | bytes], force: bool = False) -> None:
    """Write a set of files, all of them or none (pnp.outputs)."""
    from pnp import outputs

    outputs.write_files(files, force)


def example(*lines: str) -> str:
    """An epilog listing examples, kept line by line in --help ('\\b' stops click rewrapping)."""
    return "Examples:\n\n\b\n" + "\n".join(f"  $ {line}" for line in lines)


def completer(values: Callable[[], list[str]]) -> Callable[[str], list[str]]:
    """What Typer asks for the completions of a value begun as `incomplete`."""

    def complete(incomplete: str) -> list[str]:
        return [value for value in values() if value.startswith(incomplete)]

    return complete
