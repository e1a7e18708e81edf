"""Kingdom Builder scoring speed: in-process scorings per second, and `pnp score` wall time.

Run: python tests/benchmarks/score_kb.py   (target: at least 2,000 scorings per second)
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import replace
from pathlib import Path

from pnp.games.kingdom_builder.model import CARDS, Board, Position, Player
from pnp.games.kingdom_builder.rules import evaluate
from pnp.games.kingdom_builder.facts import UNBUILDABLE
from pnp.games.kingdom_builder.transcription import load_board
from timing import best_wall_time

ROOT = Path(__file__).resolve().parents[2]


def full_board_game(cards: tuple[str, ...]) -> Position:
    """4 players with 40 settlements each on free hexes of the first-game board."""
    board = load_board(["tavern", "paddock", "oasis", "farm"], [None] * 4, "bench", ROOT / "boards")
    free = [(r, c) for r in range(20) for c in range(20) if board.at((r, c)) not in UNBUILDABLE]
    cells = random.Random(1).sample(free, 160)
    settlements = tuple(sorted((cell, str(i % 4 + 1)) for i, cell in enumerate(cells)))
    players = tuple(Player(str(n), f"P{n}") for n in range(1, 5))
    return Position(board, cards, players, settlements)


def per_second(game: Position, seconds: float = 2.0, fresh_board: bool = False) -> float:
    """Scorings per second; with fresh_board the board's lookup tables are rebuilt every time."""
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if fresh_board:
            game = replace(game, board=Board(game.board.placements))
        evaluate(game)
        count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    three = full_board_game(("fishermen", "knights", "merchants"))
    print(f"scorings/s, 4 players x 40 settlements, 3 cards + castles: {per_second(three):,.0f}")
    print(f"  the same, rebuilding the board's lookup tables each time: {per_second(three, fresh_board=True):,.0f}")
    for start in range(0, 10, 3):
        cards = tuple(CARDS[start:start + 3])
        print(f"scorings/s with {', '.join(cards)}: {per_second(full_board_game(cards), 0.5):,.0f}")
    example = str(ROOT / "boards" / "examples" / "first-game.yaml")
    pnp = [sys.executable, "-m", "pnp"]
    print(f"pnp --version wall time (best of 5): {best_wall_time(pnp + ['--version']) * 1000:.0f} ms")
    print(f"pnp score kingdom-builder example wall time (best of 5): "
          f"{best_wall_time(pnp + ['score', 'kingdom-builder', example]) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
