"""`pnp games`: the three games and what pnp does for each so far."""

from __future__ import annotations

import typer


def games() -> None:
    """List the games pnp knows, with the commands that work for each."""
    from pnp.games import GAMES

    for info in GAMES:
        typer.echo(f"{info.id}  ({info.name})")
        typer.echo(f"  works now:    {', '.join(info.available) or 'nothing yet'}")
        if info.planned:
            typer.echo(f"  not built yet: {', '.join(info.planned)}")
