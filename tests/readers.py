"""A game's strict reader as tests call it: `parse(text, file, folder, boards_dir)` and
`load(path, boards_dir)`, knowing every registered game (to recognise another game's file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, NamedTuple

from pnp.games import GAMES
from pnp.games.base import Source


class Reading(NamedTuple):
    parse: Callable[..., Any]
    load: Callable[..., Any]


def reader(game_id: str) -> Reading:
    game = GAMES[game_id]

    def parse(text: str, file: str = "transcription.yaml", folder: Path | None = None,
              boards_dir: Path | None = None) -> Any:
        return game.parse(text, Source(file, folder or Path.cwd(), boards_dir, games=frozenset(GAMES)))

    def load(path: Path, boards_dir: Path | None = None) -> Any:
        return game.load(path, boards_dir, frozenset(GAMES))

    return Reading(parse, load)
