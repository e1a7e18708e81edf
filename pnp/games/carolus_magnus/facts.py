"""The game's fixed facts: clan colours, sides, castles and cubes in the box."""

from __future__ import annotations

from pathlib import Path

from pnp.names import Names

# The five clans (seed, figure 5), each with a symbol so colour is never the only cue.
CLANS = (("red", "#C62828", "circle"), ("pink", "#CC79A7", "triangle"), ("blue", "#0072B2", "square"),
         ("yellow", "#F0E442", "diamond"), ("green", "#009E73", "star"))
CLAN_NAMES = tuple(name for name, _, _ in CLANS)
# Castle and disc colours of the sides, with a mark each for grey prints (none a clan's symbol).
SIDES = (("black", "#2B2B2B", "cross"), ("white", "#F4F4F4", "dots"), ("grey", "#9A9A9A", "bars"))
SIDE_NAMES = tuple(name for name, _, _ in SIDES)
# What a transcription names besides its ids: clans and sides, in the words the components print.
NAMES = Names(Path(__file__).resolve().parent / "text", {"clan": ("clan.{}", CLAN_NAMES), "side": ("side.{}", SIDE_NAMES)})
CUBES_PER_CLAN = 40  # 200 paladin cubes in 5 colours
SEGMENTS = 15
END_TERRITORIES = 4  # the game ends when fewer territories than this remain


def castles_per_side(players: int) -> int:
    """10 castles each with 2 players, 8 with 3, 10 per partnership with 4."""
    return 8 if players == 3 else 10


def reserve(players: int) -> int:
    """Starting reserve: 7 cubes (3 + 3 + 1 dice), 9 with 3 players (3 rolls of 3)."""
    return 9 if players == 3 else 7


def dice(players: int) -> int:
    return 4 if players == 3 else 3
