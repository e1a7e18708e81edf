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


def as_lines(setup: Setup) -> list[str]:
    lines = [f"Carolus Magnus · set-up · seed {setup.seed} · {setup.players} players", "",
             "Territories clockwise (segment: paladin):",
             "  " + ", ".join(f"{s}: {c}" for s, c in zip(setup.circle, setup.cubes)),
             f"The Emperor starts on segment {setup.emperor}.", ""]
    castles = castles_per_side(setup.players)
    for n, (side, dice) in enumerate(zip(setup.sides, setup.reserves), start=1):
        rolled = ", ".join("crown (your choice)" if d == CROWN else d for d in dice)
        lines.append(f"Player {n}: {side} castles and discs 1-5; court; reserve from the dice: {rolled}")
    if setup.players == 4:
        lines.append(f"Partnerships: players 1 and 3 share {castles} black castles, players 2 and 4 share {castles} white.")
    else:
        lines.append(f"Each side has {castles} castles.")
    lines += [f"Start player (first round, by lot): player {setup.start_player}",
              f"The same set-up again: pnp setup carolus-magnus --players {setup.players} --seed {setup.seed}"]
    return lines
