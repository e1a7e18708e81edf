"""A Great Wall position: players, open wall sections with their cards and tokens, the pool."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.games.great_wall.facts import Kind

PLAYING, LAST_ROUND_OVER = "playing", "last-round-over"


@dataclass(frozen=True)
class Card:
    player: str
    kind: Kind
    covers: int | None = None  # a Dragon played on top of another card: that card's index
    token: int | None = None  # the value of the section's first token, if it lies on this card


@dataclass(frozen=True)
class Section:
    tokens: tuple[int, ...]  # face-up tokens beside the section (2, or 1 when the other lies on a card)
    cards: tuple[Card, ...] = ()  # in the order played, the newest last
    choices: tuple[tuple[str, int], ...] = ()  # the token a player would take of the two, if recorded

    @property
    def covered(self) -> frozenset[int]:
        """Indices of the cards a Dragon lies on (ruling GW-5: they stay covered even when
        the Dragon on them is covered in turn)."""
        return frozenset(card.covers for card in self.cards if card.covers is not None)

    @property
    def holder(self) -> str | None:
        """The player whose card carries the section's first token."""
        return next((card.player for card in self.cards if card.token is not None), None)


@dataclass(frozen=True)
class Position:
    players: tuple[str, ...]  # in turn order
    next: str  # whose turn starts next, with a success check on every section
    sections: tuple[Section, ...]
    won: tuple[tuple[str, tuple[int, ...]], ...]  # tokens each player has taken face down
    pool: int  # tokens still face down in the pool
    phase: str = PLAYING  # or LAST_ROUND_OVER: no more cards are played
    boxed: tuple[int, ...] = ()  # ruling GW-1 (2 players): the value of each equal pair put back in the box
    source: str = field(default="", compare=False)

    def won_by(self, player: str) -> tuple[int, ...]:
        return dict(self.won).get(player, ())

    @property
    def all_taken(self) -> bool:
        """Every token is gone from the pool and the wall: the game is over at once (digest,
        "End of game"; the Russian rules: "игра заканчивается автоматически")."""
        return self.pool == 0 and not any(section.tokens for section in self.sections)
