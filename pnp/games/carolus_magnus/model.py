"""A Carolus Magnus position: players and sides, courts, clan markers, the circle of territories."""

from __future__ import annotations

from dataclasses import dataclass, field

Courts = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]  # player -> (clan, cubes)


@dataclass(frozen=True)
class Player:
    name: str
    side: str  # castle colour; partners share one with 4 players


@dataclass(frozen=True)
class Territory:
    name: str
    segments: tuple[int, ...]  # the segments merged into it (one for an unmerged territory)
    paladins: tuple[tuple[str, int], ...]  # (clan colour, cubes), sorted by colour order
    castles: tuple[str, int] | None = None  # (side, count); one side at most

    def cubes(self, clan: str) -> int:
        return dict(self.paladins).get(clan, 0)

    @property
    def castle_side(self) -> str | None:
        return self.castles[0] if self.castles else None

    @property
    def castle_count(self) -> int:
        return self.castles[1] if self.castles else 0


@dataclass(frozen=True)
class Position:
    players: tuple[Player, ...]
    courts: Courts
    clans: tuple[tuple[str, str | None], ...]  # clan colour -> marker holder (previous control)
    territories: tuple[Territory, ...]  # clockwise
    emperor: int  # index into territories
    supply: tuple[tuple[str, int], ...]  # side -> castles not on the board
    discs: tuple[tuple[str, tuple[int, ...]], ...] = ()  # player -> discs still in hand, where recorded
    disc: tuple[str, int] | None = None  # the player about to move the Emperor, and the disc they played
    source: str = field(default="", compare=False)

    @property
    def sides(self) -> tuple[str, ...]:
        """Sides in the order their first player is listed."""
        return tuple(dict.fromkeys(player.side for player in self.players))

    def court(self, player: str, clan: str) -> int:
        return dict(dict(self.courts).get(player, ())).get(clan, 0)

    def side_of(self, player: str) -> str:
        return next(p.side for p in self.players if p.name == player)
