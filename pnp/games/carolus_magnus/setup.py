"""A random, reproducible Carolus Magnus set-up."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pnp.games.carolus_magnus.facts import CLAN_NAMES, SEGMENTS, castles_per_side, reserve
from pnp.games.carolus_magnus.template import default_sides

CROWN = "crown"
DIE = (*CLAN_NAMES, CROWN)  # a die's faces: the five clan colours and a crown (any colour)


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int
    circle: tuple[int, ...]  # segment numbers clockwise
    emperor: int  # the segment the Emperor starts on
    cubes: tuple[str, ...]  # the clan cube placed on each segment of `circle`, in order
    sides: tuple[str, ...]  # castle colour of each player (partners share one with 4)
    reserves: tuple[tuple[str, ...], ...]  # each player's dice results (crown: player's choice)
    start_player: int  # 1-based, by lot in the first round


def random_setup(players: int, seed: int) -> Setup:
    rng = random.Random(f"cm-setup-{seed}")
    circle = list(range(1, SEGMENTS + 1))
    rng.shuffle(circle)
    cubes = [clan for clan in CLAN_NAMES for _ in range(3)]  # 3 of each colour, 1 per territory
    rng.shuffle(cubes)
    emperor = rng.choice(circle)
    reserves = tuple(tuple(rng.choice(DIE) for _ in range(reserve(players))) for _ in range(players))
    return Setup(players, seed, tuple(circle), emperor, tuple(cubes), tuple(default_sides(players)), reserves,
                 rng.randrange(players) + 1)


def as_dict(setup: Setup) -> dict[str, Any]:
    return {
        "game": "carolus-magnus",
        "seed": setup.seed,
        "players": [{"player": n, "side": side, "reserve": list(dice)}
                    for n, (side, dice) in enumerate(zip(setup.sides, setup.reserves), start=1)],
        "circle": [{"segment": s, "paladin": c} for s, c in zip(setup.circle, setup.cubes)],
        "emperor": setup.emperor,
        "castles_per_side": castles_per_side(setup.players),
        "start_player": setup.start_player,
    }
