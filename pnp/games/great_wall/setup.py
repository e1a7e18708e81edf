"""A random, reproducible Great Wall set-up: the tokens revealed at each section, the start player."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pnp.games.great_wall.facts import all_tokens, sections_for


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int
    sections: tuple[tuple[int, int], ...]  # the 2 face-up tokens of each section
    boxed: tuple[tuple[int, int], ...]  # pairs put back in the box (ruling GW-1, 2 players only)
    pool: int  # tokens left face down
    start_player: int  # 1-based


def random_setup(players: int, seed: int) -> Setup:
    """Shuffle the 36 tokens and reveal a pair per section. With 2 players a pair of equal
    values goes back to the box and a new pair is drawn (ruling GW-1), as often as needed."""
    rng = random.Random(f"gw-setup-{seed}")
    pool = all_tokens()
    rng.shuffle(pool)
    sections: list[tuple[int, int]] = []
    boxed: list[tuple[int, int]] = []
    while len(sections) < sections_for(players):
        pair = (pool.pop(), pool.pop())
        if players == 2 and pair[0] == pair[1]:
            boxed.append(pair)
        else:
            sections.append(pair)
    return Setup(players, seed, tuple(sections), tuple(boxed), len(pool), rng.randrange(players) + 1)


def as_dict(setup: Setup) -> dict[str, Any]:
    return {
        "game": "great-wall",
        "seed": setup.seed,
        "players": setup.players,
        "sections": [list(pair) for pair in setup.sections],
        "boxed": [list(pair) for pair in setup.boxed],
        "pool": setup.pool,
        "start_player": setup.start_player,
    }
