"""The game's fixed facts: card types and decks, favour tokens, sections per player count."""

from __future__ import annotations

from collections import Counter
from enum import Enum
from pathlib import Path

from pnp.names import Names


class Kind(str, Enum):
    WALL = "wall"
    GATE = "gate"
    TOWER = "tower"  # the Watchtower
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    NOBILITY = "nobility"
    DRAGON = "dragon"

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


# Printed value of each kind; Infantry's k-th card in a section is worth k instead.
VALUE = {Kind.WALL: 1, Kind.GATE: 2, Kind.TOWER: 3, Kind.INFANTRY: 1, Kind.CAVALRY: 2, Kind.NOBILITY: 1, Kind.DRAGON: 1}
# One colour's 20-card deck.
DECK = {Kind.WALL: 7, Kind.GATE: 3, Kind.TOWER: 1, Kind.INFANTRY: 5, Kind.CAVALRY: 2, Kind.NOBILITY: 1, Kind.DRAGON: 1}
# The 36 favour tokens by value (there is no 6).
TOKENS = Counter({1: 2, 2: 6, 3: 7, 4: 7, 5: 8, 7: 4, 8: 2})
# Player colours, each with a symbol so colour-blind players and grey prints can tell them apart.
COLOURS = (("red", "#C62828", "circle"), ("blue", "#0072B2", "triangle"), ("green", "#009E73", "square"),
           ("yellow", "#E6C700", "diamond"), ("purple", "#7B4F9E", "star"))


# What a transcription names besides its ids: the kinds of card, in the words the cards print.
NAMES = Names(Path(__file__).resolve().parent / "text", {"card": ("kind.{}", tuple(kind.value for kind in Kind))})


def sections_for(players: int) -> int:
    """Open wall sections: 2 players -> 2, 3 -> 3, 4-5 -> 4."""
    return min(players, 4)


def all_tokens() -> list[int]:
    return sorted(TOKENS.elements())
