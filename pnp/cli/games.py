"""`pnp games`: the three games and what pnp does for each."""

from __future__ import annotations

import typer


def games() -> None:
    """List the games pnp knows, what it does for each, and the commands that take them."""
    from pnp.games import GAMES

    for info in GAMES:
        typer.echo(f"{info.id}  ({info.name})")
        typer.echo(f"  {info.summary}")
        typer.echo(f"  commands: {', '.join(f'pnp {command} {info.id}' for command in info.commands)}")
