"""A Carolus Magnus position as people and programs read it."""

from __future__ import annotations

from typing import Any

from pnp.games.carolus_magnus.facts import CLAN_NAMES, castles_per_side
from pnp.games.carolus_magnus.model import Position, Territory
from pnp.games.carolus_magnus.rules import (
    Stop, control, game_end, majority, ranking, reach, steps_within_reach, strength,
)


def _versus(counts: dict[str, int]) -> str:
    return " to ".join(str(c) for c in sorted(counts.values(), reverse=True))


def stop_text(position: Position, stop: Stop) -> str:
    name = position.territories[stop.territory].name
    where = f"{stop.steps} step{'s' if stop.steps > 1 else ''}, {name}"
    if stop.result == "nothing":
        why = f"{stop.side} keeps it" if stop.side else "no majority"
        return f"{where}: nothing ({why}; {_counts(stop.counts)})"
    merged = [position.territories[i].name for i in stop.merged]
    text = f"{where}: {stop.side} "
    if stop.result == "build":
        text += f"builds a castle ({_versus(stop.counts)})"
    else:
        assert stop.removed is not None
        text += (f"takes over ({_versus(stop.counts)}): {stop.removed[1]} {stop.removed[0]} {_castles(stop.removed[1])} off, "
                 f"{stop.placed} {stop.side} on")
    if merged:
        text += f"; merges with {' and '.join(merged)}"
    over, why, winners = stop.ends
    if over:
        text += f"; the game ends: {why}"
    return text


def _castles(count: int) -> str:
    return "castle" if count == 1 else "castles"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{side} {count}" for side, count in counts.items())


def _territory_line(position: Position, territory: Territory, controls: dict[str, str | None]) -> str:
    segments = "+".join(map(str, territory.segments))
    paladins = ", ".join(f"{clan} {n}" for clan, n in territory.paladins) or "none"
    castles = (f"; {territory.castle_count} {territory.castle_side} castle{'s' if territory.castle_count > 1 else ''}"
               if territory.castles else "")
    counts = strength(position, territory, controls)
    side = majority(counts)
    return (f"{territory.name} (segment{'s' if len(territory.segments) > 1 else ''} {segments}): paladins {paladins}{castles}; "
            f"{_counts(counts)}: {'majority ' + side if side else 'no majority'}")


def as_text(position: Position, explain: bool = False) -> str:
    controls = control(position)
    sides = ", ".join(f"{side} ({', '.join(p.name for p in position.players if p.side == side)})" for side in position.sides)
    lines = [f"Carolus Magnus: {len(position.players)} players, sides {sides}; the Emperor is on "
             f"{position.territories[position.emperor].name}  ({position.source})", "", "Colour control:"]
    for clan in CLAN_NAMES:
        court = ", ".join(f"{p.name} {position.court(p.name, clan)}" for p in position.players)
        holder = controls[clan]
        lines.append(f"  {clan}: {court}: {holder + ' (' + position.side_of(holder) + ')' if holder else 'nobody'}")
    lines += ["", "Territories, clockwise:"]
    for territory in position.territories:
        marker = "  <- Emperor" if territory is position.territories[position.emperor] else ""
        lines.append(f"  {_territory_line(position, territory, controls)}{marker}")
        if explain:
            for side in position.sides:
                parts = [f"{clan} {territory.cubes(clan)} ({holder})" for clan, holder in controls.items()
                         if holder and position.side_of(holder) == side and territory.cubes(clan)]
                if territory.castle_side == side:
                    parts.append(f"castles {territory.castle_count}")
                lines.append(f"      {side}: {' + '.join(parts) or 'nothing'}")
    stops = reach(position)
    if stops:
        steps = steps_within_reach(position)
        disc = f", {position.disc[0]}'s disc" if position.disc else ""
        lines += ["", f"If the Emperor stopped there (1 to {steps} step{'s' if steps > 1 else ''} clockwise{disc}):"]
        lines += [f"  {stop_text(position, stop)}" for stop in stops]
    total = castles_per_side(len(position.players))
    lines += ["", "Castles on the board:"]
    lines += [f"  {side}: {count} of {total}" for side, count in ranking(position)]
    over, why, winners = game_end(position)
    if over:
        label = "Winners" if len(winners) > 1 else "Winner"
        tie = "  (tied: ruling CM-3, the victory is shared)" if len(winners) > 1 else ""
        lines += ["", f"The game is over: {why}.", f"{label}: {', '.join(_side_label(position, s) for s in winners)}{tie}"]
    else:
        lines += ["", "The game goes on."]
    return "\n".join(lines) + "\n"


def _side_label(position: Position, side: str) -> str:
    return f"{side} ({', '.join(p.name for p in position.players if p.side == side)})"


def as_json(position: Position) -> dict[str, Any]:
    controls = control(position)
    over, why, winners = game_end(position)
    on_board = dict(ranking(position))
    supply = dict(position.supply)
    return {
        "game": "carolus-magnus",
        "over": over,
        "reason": why,
        "sides": [{"side": side, "players": [p.name for p in position.players if p.side == side],
                   "castles": on_board[side], "supply": supply.get(side, 0)} for side in position.sides],
        "winners": list(winners),
        "control": controls,
        "emperor": position.territories[position.emperor].name,
        "territories": [
            {"name": t.name, "segments": list(t.segments), "strength": strength(position, t, controls),
             "majority": majority(strength(position, t, controls)),
             "castles": {t.castle_side: t.castle_count} if t.castles else {}}
            for t in position.territories
        ],
        "reach": [
            {"steps": s.steps, "territory": position.territories[s.territory].name, "result": s.result, "side": s.side,
             "counts": s.counts, "placed": s.placed,
             "removed": {"side": s.removed[0], "castles": s.removed[1]} if s.removed else None,
             "merges": [position.territories[i].name for i in s.merged], "ends_game": s.ends[0]}
            for s in reach(position)
        ],
    }
