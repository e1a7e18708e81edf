"""The games pnp knows, and what it does for each."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    commands: tuple[str, ...]  # the commands that take this game
    summary: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo("kingdom-builder", "Kingdom Builder", ("kit", "boards", "setup", "template", "check", "score"),
             "print-and-play kit with generated board sections; set-ups; end-game gold from a transcribed board"),
    GameInfo("great-wall", "Great Wall of China", ("kit", "setup", "template", "check", "score"),
             "print-and-play kit; set-ups; success checks, the end-game chain and totals from a transcribed position"),
    GameInfo("carolus-magnus", "Carolus Magnus", ("kit", "setup", "template", "check", "score"),
             "print-and-play kit; set-ups; colour control, territory majorities and Emperor stops from a position"),
)


def game(game_id: str) -> GameInfo:
    for info in GAMES:
        if info.id == game_id:
            return info
    raise KeyError(game_id)
