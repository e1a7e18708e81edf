"""The games pnp knows, and what it can do for each so far."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    available: tuple[str, ...]  # commands that work for this game
    planned: tuple[str, ...]  # commands not built yet


ALL_COMMANDS = ("kit", "setup", "template", "check", "score", "boards")

GAMES: tuple[GameInfo, ...] = (
    GameInfo("kingdom-builder", "Kingdom Builder", ("kit", "boards", "setup", "template", "check", "score"), ()),
    GameInfo("great-wall", "Great Wall of China", ("kit", "setup", "template", "check", "score"), ()),
    GameInfo("carolus-magnus", "Carolus Magnus", (), ("kit", "setup", "template", "check", "score")),
)


def game(game_id: str) -> GameInfo:
    for info in GAMES:
        if info.id == game_id:
            return info
    raise KeyError(game_id)
