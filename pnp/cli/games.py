"""`pnp games`: the games and what pnp does for each, read from the registry."""

from __future__ import annotations

import typer


def games() -> None:
    """List the games pnp knows, what it does for each, and the commands that take them."""
    from pnp.games import GAMES
    from pnp.games.base import COMMANDS

    for game in GAMES.values():
        # The desk opens any game's file: it is named by the file, not by the game.
        offered = [f"pnp {command}" + ("" if command == "desk" else f" {game.id}")
                   for command in COMMANDS if game.offers(command)]
        typer.echo(f"{game.id}  ({game.name})")
        typer.echo(f"  {game.summary}")
        typer.echo(f"  commands: {', '.join(offered)}")
