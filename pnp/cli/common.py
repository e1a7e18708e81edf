"""Helpers every command shares: turning library errors into exit codes, writing files safely."""

from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import typer

from pnp.errors import PnpError

F = TypeVar("F", bound=Callable[..., Any])

EXIT_PROBLEMS = 1


def reports_errors(command: F) -> F:
    """Print a library error as one line per problem on stderr and exit 1, without a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except PnpError as error:
            for message in error.messages():
                typer.echo(message, err=True)
            raise typer.Exit(EXIT_PROBLEMS) from None

    return wrapper  # type: ignore[return-value]


def write_atomic(path: Path, data: str | bytes, overwrite: bool = True) -> None:
    """Write through a temporary file in the same folder and rename it, so no half file remains."""
    if path.exists() and not overwrite:
        raise PnpError(f"{path}: already exists; use --force to replace it")
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
        os.chmod(temp, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual permissions
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def example(*lines: str) -> str:
    """An epilog listing examples, kept line by line in --help ('\\b' stops click rewrapping)."""
    return "Examples:\n\n\b\n" + "\n".join(f"  $ {line}" for line in lines)


def unavailable(group: typer.Typer, game_id: str, what: str, reason: str) -> None:
    """Register GAME in a command group with a plain message saying why it has no such command."""
    from pnp.games import game

    name = game(game_id).name

    @group.command(game_id, help=f"{name}: {reason}.", context_settings={
        "ignore_unknown_options": True, "allow_extra_args": True})
    def _unavailable(ctx: typer.Context) -> None:
        typer.echo(f"pnp {what} {game_id}: {reason}", err=True)
        raise typer.Exit(2)
