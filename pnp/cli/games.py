"""`pnp games`: the games and what pnp does for each, read from the registry."""

from __future__ import annotations

import typer


def games() -> None:
    """List the games pnp knows, what it does for each, and the commands that take them."""
    from pnp.games import GAMES
    from pnp.games.base import OPERATIONS

    for game in GAMES.values():
        offered = [operation for operation in OPERATIONS if game.offers(operation)]
        typer.echo(f"{game.id}  ({game.name})")
        typer.echo(f"  {game.summary}")
        typer.echo(f"  commands: {', '.join(f'pnp {operation} {game.id}' for operation in offered)}")
