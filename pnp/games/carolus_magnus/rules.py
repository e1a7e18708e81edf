"""Colour control, territory majorities, what an Emperor's stop does, and the end. Pure.

Everything follows the Carolus Magnus digest and its rulings CM-1..CM-8.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.games.carolus_magnus.facts import CLAN_NAMES, END_TERRITORIES, castles_per_side
from pnp.games.carolus_magnus.model import Position, Territory

MAX_DISC = 5  # the Emperor moves at most the played disc's value


def control(position: Position) -> dict[str, str | None]:
    """Who controls each clan: strictly the most cubes in their court; a tie keeps the marker
    with its holder if the holder is among the tied, else nobody controls it (ruling CM-5)."""
    markers = dict(position.clans)
    result: dict[str, str | None] = {}
    for clan in CLAN_NAMES:
        counts = {p.name: position.court(p.name, clan) for p in position.players}
        top = max(counts.values())
        leaders = [name for name, count in counts.items() if count == top]
        if len(leaders) == 1 and top > 0:
            result[clan] = leaders[0]
        else:
            result[clan] = markers.get(clan) if markers.get(clan) in leaders else None
    return result


def strength(position: Position, territory: Territory, controls: dict[str, str | None]) -> dict[str, int]:
    """Each side's count in a territory: cubes of the clans its players control, plus its
    castles counted as paladins. Partners add up (4 players); the Emperor counts for nobody
    (ruling CM-2); castles count even where nobody controls a paladin (ruling CM-6)."""
    counts = {side: 0 for side in position.sides}
    for clan, holder in controls.items():
        if holder is not None:
            counts[position.side_of(holder)] += territory.cubes(clan)
    if territory.castles:
        side, count = territory.castles
        counts[side] += count
    return counts


def majority(counts: dict[str, int]) -> str | None:
    """The side with strictly more than each other side (relative with 3 players); else none."""
    best = max(counts.values())
    leaders = [side for side, count in counts.items() if count == best]
    return leaders[0] if len(leaders) == 1 and best > 0 else None


@dataclass(frozen=True)
class Stop:
    """What happens if the Emperor stops on a territory."""

    steps: int
    territory: int  # index before the stop
    result: str  # "nothing", "build" or "takeover"
    side: str | None  # the side that builds or takes over
    counts: dict[str, int]
    placed: int  # castles placed by `side`
    removed: tuple[str, int] | None  # castles taken off (back to their owner's supply, CM-7)
    merged: tuple[int, ...]  # indices of the neighbours merged into the territory
    after: Position

    @property
    def ends(self) -> tuple[bool, str, tuple[str, ...]]:
        return game_end(self.after)


def stop(position: Position, index: int, steps: int = 0) -> Stop:
    territory = position.territories[index]
    counts = strength(position, territory, control(position))
    side = majority(counts)
    supply = dict(position.supply)
    owner = territory.castle_side
    if side is None or side == owner or supply.get(side, 0) == 0:
        # No majority, the owner keeps it, or a side with no castle left cannot build.
        return Stop(steps, index, "nothing", side if side == owner else None, counts, 0, None, (), position)
    if owner is None:
        result, placed, removed = "build", 1, None
    else:
        # CM-4: a takeover places as many castles as the side has left; CM-7: the removed
        # castles go back to their owner's supply.
        result, placed, removed = "takeover", min(territory.castle_count, supply[side]), territory.castles
        supply[owner] += territory.castle_count
    supply[side] -= placed
    changed = replace(territory, castles=(side, placed))
    territories = list(position.territories)
    territories[index] = changed
    merged, territories, emperor = _merge(territories, index, side)
    after = replace(position, territories=tuple(territories), emperor=emperor,
                    supply=tuple((s, supply[s]) for s in position.sides))
    return Stop(steps, index, result, side, counts, placed, removed, merged, after)


def _merge(territories: list[Territory], index: int, side: str) -> tuple[tuple[int, ...], list[Territory], int]:
    """Merge the territory with its immediate neighbours holding `side`'s castles (CM-8: the
    merged territory takes its place and the Emperor stands on it; never re-checked)."""
    count = len(territories)
    neighbours = sorted({(index - 1) % count, (index + 1) % count} - {index})
    joining = tuple(n for n in neighbours if territories[n].castle_side == side)
    if not joining:
        return (), territories, index
    parts = [territories[n] for n in sorted({index, *joining})]
    centre = territories[index]
    paladins = {clan: sum(t.cubes(clan) for t in parts) for clan in CLAN_NAMES}
    whole = Territory(
        centre.name,
        tuple(s for t in parts for s in t.segments),
        tuple((clan, n) for clan, n in paladins.items() if n),
        (side, sum(t.castle_count for t in parts)),
    )
    kept = [t for i, t in enumerate(territories) if i not in joining]
    kept[kept.index(centre)] = whole
    return joining, kept, kept.index(whole)


def steps_within_reach(position: Position) -> int:
    """How far the Emperor may move: the disc being played, else the highest disc anyone still
    holds (all come back after the 5th round, so with none held all 5 do), else 5."""
    if position.disc is not None:
        return position.disc[1]
    held = [disc for _, discs in position.discs for disc in discs]
    return max(held) if held else MAX_DISC


def reach(position: Position) -> list[Stop]:
    """The territories within reach clockwise from the Emperor (a merged territory is one step),
    each with what a stop there would do; none once the game is over."""
    if game_end(position)[0]:
        return []
    stops, seen = [], set()
    for steps in range(1, steps_within_reach(position) + 1):
        index = (position.emperor + steps) % len(position.territories)
        if index not in seen:
            seen.add(index)
            stops.append(stop(position, index, steps))
    return stops


def castles_on_board(position: Position) -> dict[str, int]:
    counts = {side: 0 for side in position.sides}
    for territory in position.territories:
        if territory.castles:
            side, count = territory.castles
            counts[side] += count
    return counts


def game_end(position: Position) -> tuple[bool, str, tuple[str, ...]]:
    """Whether the game is over, why, and the winning sides (ruling CM-3: ties share)."""
    on_board = castles_on_board(position)
    goal = castles_per_side(len(position.players))
    complete = tuple(side for side, count in on_board.items() if count >= goal)
    if complete:
        return True, f"{' and '.join(complete)} placed all {goal} castles", complete
    if len(position.territories) < END_TERRITORIES:
        best = max(on_board.values())
        leaders = tuple(side for side, count in on_board.items() if count == best)
        return True, f"only {len(position.territories)} territories remain", leaders
    return False, "", ()


def ranking(position: Position) -> list[tuple[str, int]]:
    """Sides by castles on the board, most first."""
    return sorted(castles_on_board(position).items(), key=lambda item: -item[1])


@dataclass(frozen=True)
class Result:
    """Everything a position shows: control, each territory's counts and majority, the stops
    within the Emperor's reach, the castles per side, and whether (and how) the game is over."""

    position: Position
    control: dict[str, str | None]
    strengths: tuple[dict[str, int], ...]  # per territory, in the position's order
    majorities: tuple[str | None, ...]
    reach: tuple[Stop, ...]
    ranking: tuple[tuple[str, int], ...]
    over: bool
    reason: str
    winners: tuple[str, ...]


def evaluate(position: Position) -> Result:
    controls = control(position)
    strengths = tuple(strength(position, territory, controls) for territory in position.territories)
    over, reason, winners = game_end(position)
    return Result(position, controls, strengths, tuple(majority(counts) for counts in strengths),
                   tuple(reach(position)), tuple(ranking(position)), over, reason, winners)
