"""The registry of games: one entry per game package, each reached the same way.

Adding a game is one package with a `game.py` exposing `GAME`, and one line below. Each game has
positions and results of its own: to the command line and the desk they pass from one of the
game's methods to another unopened, hence `Any` here and only here.
"""

from __future__ import annotations

from typing import Any

from pnp.games.base import Game
from pnp.games.carolus_magnus.game import GAME as CAROLUS_MAGNUS
from pnp.games.great_wall.game import GAME as GREAT_WALL
from pnp.games.kingdom_builder.game import GAME as KINGDOM_BUILDER

GAMES: dict[str, Game[Any, Any]] = {game.id: game for game in (KINGDOM_BUILDER, GREAT_WALL, CAROLUS_MAGNUS)}
