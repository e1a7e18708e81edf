"""The registry of games: one entry per game package, each reached the same way.

Adding a game is one package under `pnp/games/` whose `game.py` exposes `GAME`, and its name in
`PACKAGES` (docs/adding-a-game.md). Each game has positions and results of its own: to the command
line and the desk they pass from one of the game's methods to another unopened, hence `Any` here
and only here.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from pnp.games.base import Game

PACKAGES = ("kingdom_builder", "great_wall", "carolus_magnus")  # in the order `pnp games` lists them

GAMES: dict[str, Game[Any, Any]] = {game.id: game for game in (import_module(f"pnp.games.{name}.game").GAME
                                                              for name in PACKAGES)}
