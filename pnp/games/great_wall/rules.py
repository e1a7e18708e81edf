"""Success, success checks and the end-game chain, exactly per the Great Wall digest. Pure.

A completed section stays in its place as an empty one (no tokens, no cards) so that section
numbers in the log do not shift; a section reopened from the pool after the last round is
such an empty section too, since nobody can play cards into it (ruling GW-7).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.games.great_wall.facts import VALUE, Kind
from pnp.games.great_wall.model import LAST_ROUND_OVER, Position, Section


@dataclass(frozen=True)
class Success:
    player: str
    total: int
    parts: tuple[tuple[str, int, bool], ...]  # (card kind or "token", value, covered): the total's terms
    levelled: bool = False  # an uncovered Nobility made every card there worth 1


@dataclass(frozen=True)
class Take:
    section: int  # 0-based
    player: str
    token: int
    closes: bool  # the second token: the section is completed and its cards discarded
    returned: tuple[str, int] | None = None  # the holder of the first token takes it face down
    reopens: bool = False  # the pool still has tokens: 2 new ones are revealed there


@dataclass(frozen=True)
class Result:
    """The result of a position: the next check, and when the last round is over the chain of
    checks around the table until nobody can take a token, the totals and the winners."""

    position: Position
    next_check: tuple[Take, ...]
    chain: tuple[tuple[str, tuple[Take, ...]], ...]  # (player, what they took) per turn that took
    final: Position | None  # after the chain; None while cards are still being played

    def totals(self) -> dict[str, int]:
        where = self.final or self.position
        return {player: sum(where.won_by(player)) for player in where.players}

    @property
    def winners(self) -> tuple[str, ...]:
        """Ruling GW-4: ties share the victory. Empty while the game goes on."""
        if self.final is None:
            return ()
        totals = self.totals()
        best = max(totals.values())
        return tuple(player for player in self.position.players if totals[player] == best)


def success(section: Section, player: str) -> Success:
    """A player's success in a section: their cards' values minus a token on their card."""
    covered = section.covered
    # An uncovered Nobility levels every card there, of every player, to 1 (GW-2: covered, it does not).
    levelled = any(card.kind is Kind.NOBILITY and i not in covered for i, card in enumerate(section.cards))
    total, parts, infantry = 0, [], 0
    for i, card in enumerate(section.cards):
        if card.player != player:
            continue
        if i in covered:
            parts.append((card.kind.value, 0, True))  # GW-5: 0 even in a levelled section
            continue
        if levelled:
            value = 1
        elif card.kind is Kind.INFANTRY:
            infantry += 1  # GW-2: covered Infantry is left out of the sequence
            value = infantry
        else:
            value = VALUE[card.kind]
        total += value
        parts.append((card.kind.value, value, False))
    for card in section.cards:
        if card.player == player and card.token is not None:
            total -= card.token
            parts.append(("token", -card.token, False))
    return Success(player, total, tuple(parts), levelled)


def successes(section: Section, players: tuple[str, ...]) -> dict[str, Success]:
    return {player: success(section, player) for player in players}


def takes_here(section: Section, player: str, players: tuple[str, ...]) -> bool:
    """Whether `player`'s success check takes a token from this section."""
    if not section.tokens:
        return False
    with_cards = {card.player for card in section.cards}
    if player not in with_cards:
        return False  # GW-6: a player with no card there never takes a token
    # Special case: the holder of the first token, alone in the section, takes the second
    # even with zero or negative success.
    if section.holder == player and with_cards == {player}:
        return True
    mine = success(section, player).total
    return all(mine > success(section, other).total for other in players if other != player)


def check(position: Position, player: str) -> tuple[tuple[Take, ...], Position]:
    """The success check at the start of `player`'s turn: one token at most per section (GW-3)."""
    takes: list[Take] = []
    sections = list(position.sections)
    won = dict(position.won)
    pool = position.pool
    for index, section in enumerate(sections):
        if not takes_here(section, player, position.players):
            continue
        if len(section.tokens) == 2:
            # GW-3: without a recorded choice the taker picks the higher token, and lays it on
            # one of their cards (the newest: which one makes no difference to success).
            chosen = dict(section.choices).get(player)
            token = chosen if chosen in section.tokens else max(section.tokens)
            rest = list(section.tokens)
            rest.remove(token)
            mine = max(i for i, card in enumerate(section.cards) if card.player == player)
            cards = tuple(replace(card, token=token) if i == mine else card for i, card in enumerate(section.cards))
            sections[index] = Section(tuple(rest), cards)
            takes.append(Take(index, player, token, closes=False))
            continue
        token = section.tokens[0]
        holder, held = next((card.player, card.token) for card in section.cards if card.token is not None)
        won[player] = (*won.get(player, ()), token)
        won[holder] = (*won.get(holder, ()), held)
        reopens = pool > 0
        pool = max(0, pool - 2)
        sections[index] = Section(())
        takes.append(Take(index, player, token, True, (holder, held), reopens))
    new_won = tuple((p, won.get(p, ())) for p in position.players)
    return tuple(takes), replace(position, sections=tuple(sections), won=new_won, pool=pool)


def _turn_order(position: Position) -> list[str]:
    start = position.players.index(position.next)
    return list(position.players[start:] + position.players[:start])


def evaluate(position: Position) -> Result:
    """The next success check; after the last round, the whole chain and the result. A game
    in which every token has been taken is over at once, whatever the phase (digest, "End of
    game"), and so is one whose next check takes the last token."""
    if position.all_taken:
        return Result(position, (), (), position)
    next_check, after = check(position, position.next)
    if position.phase != LAST_ROUND_OVER:
        # A section completed with tokens left in the pool is refilled from it: not over then.
        over = after.all_taken and not any(take.reopens for take in next_check)
        return Result(position, next_check, (), after if over else None)
    order = _turn_order(position)
    chain: list[tuple[str, tuple[Take, ...]]] = []
    current, idle, turn = position, 0, 0
    # Around the table until a full round passes in which nobody takes a token, or no token
    # is left on the wall; every take removes a token, so this ends.
    while idle < len(order) and any(section.tokens for section in current.sections):
        player = order[turn % len(order)]
        takes, current = check(current, player)
        if takes:
            chain.append((player, takes))
            idle = 0
        else:
            idle += 1
        turn += 1
    return Result(position, next_check, tuple(chain), current)
