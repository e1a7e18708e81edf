"""A Carolus Magnus outcome and set-up as people and programs read them. The wording and layout
of text live in templates/carolus-magnus/."""

from __future__ import annotations

from typing import Any

from pnp.games.carolus_magnus.facts import CLAN_NAMES, SIDE_NAMES, castles_per_side
from pnp.games.carolus_magnus.model import Position
from pnp.games.carolus_magnus.rules import Result, Stop, castles_on_board, steps_within_reach
from pnp.games.carolus_magnus.setup import CROWN, Setup
from pnp.render.i18n import Catalog
from pnp.resources import render_template


def _versus(counts: dict[str, int], t: Catalog) -> str:
    return t("report.to").join(t.number(c) for c in sorted(counts.values(), reverse=True))


def _names(outcome: Result, indices: tuple[int, ...]) -> list[str]:
    return [outcome.position.territories[i].name for i in indices]


def _end(position: Position, t: Catalog) -> str:
    """Why the game is over, in words: the same facts `rules.game_end` decides on."""
    goal = castles_per_side(len(position.players))
    complete = [t(f"report.name.{side}") for side, count in castles_on_board(position).items() if count >= goal]
    if complete:
        return t("report.end.castles", sides=t("report.and").join(complete), goal=goal)
    return t("report.end.territories", count=len(position.territories))


def as_text(outcome: Result, explain: bool = False, lang: str = "en") -> str:
    """Control, the territories clockwise, the stops within reach, castles per side and the end;
    `explain` shows each side's count in every territory, clan by clan."""
    from pnp.games.carolus_magnus.components import catalog

    t = catalog(lang)
    position = outcome.position
    sides = {side: t(f"report.name.{side}") for side in SIDE_NAMES}
    of_sides = {side: t(f"report.of_side.{side}") for side in SIDE_NAMES}
    clans = {clan: t(f"report.name.{clan}") for clan in CLAN_NAMES}
    players_of = {side: [p.name for p in position.players if p.side == side] for side in position.sides}
    parts = [{side: [t("report.part", clan=clans[clan], count=territory.cubes(clan), player=holder)
                     for clan, holder in outcome.control.items()
                     if holder and position.side_of(holder) == side and territory.cubes(clan)]
                    + ([t("report.part_castles", count=territory.castle_count)] if territory.castle_side == side else [])
              for side in position.sides} for territory in position.territories]
    label = {side: t("report.side", side=sides[side], players=t.join(players_of[side])) for side in position.sides}
    return render_template(
        "carolus-magnus/score.txt.j2", t=t, position=position, outcome=outcome, clans=CLAN_NAMES, explain=explain,
        sides=sides, of_sides=of_sides, clan_names=clans,
        courts={clan: t.join(f"{p.name} {t.number(position.court(p.name, clan))}" for p in position.players) for clan in CLAN_NAMES}, players_of=players_of, parts=parts, versus=lambda c: _versus(c, t), num=t.number,
        names=lambda indices: _names(outcome, indices), end=lambda where: _end(where, t),
        castles=castles_per_side(len(position.players)), steps=steps_within_reach(position),
        side_list=t.join(label[side] for side in position.sides),
        winner_list=t.join(label[side] for side in outcome.winners),
        paladins=[t.join(f"{clans[clan]} {t.number(n)}" for clan, n in territory.paladins) for territory in position.territories])


def _stop_json(outcome: Result, stop: Stop) -> dict[str, Any]:
    return {"steps": stop.steps, "territory": outcome.position.territories[stop.territory].name,
            "result": stop.result, "side": stop.side, "counts": stop.counts, "placed": stop.placed,
            "removed": {"side": stop.removed[0], "castles": stop.removed[1]} if stop.removed else None,
            "merges": _names(outcome, stop.merged), "ends_game": stop.ends[0]}


def as_json(outcome: Result) -> dict[str, Any]:
    position = outcome.position
    on_board = dict(outcome.ranking)
    supply = dict(position.supply)
    return {
        "game": "carolus-magnus",
        "over": outcome.over,
        "reason": outcome.reason,
        "sides": [{"side": side, "players": [p.name for p in position.players if p.side == side],
                   "castles": on_board[side], "supply": supply.get(side, 0)} for side in position.sides],
        "winners": list(outcome.winners),
        "control": outcome.control,
        "emperor": position.territories[position.emperor].name,
        "territories": [
            {"name": t.name, "segments": list(t.segments), "strength": counts, "majority": side,
             "castles": {t.castle_side: t.castle_count} if t.castles else {}}
            for t, counts, side in zip(position.territories, outcome.strengths, outcome.majorities)
        ],
        "reach": [_stop_json(outcome, stop) for stop in outcome.reach],
    }


def setup_text(setup: Setup, lang: str = "en") -> str:
    from pnp.games.carolus_magnus.components import catalog

    t = catalog(lang)
    names = {name: t(f"report.name.{name}") for name in (*CLAN_NAMES, *SIDE_NAMES)}
    return render_template(
        "carolus-magnus/setup.txt.j2", t=t, setup=setup,
        circle=t.join(f"{t.number(segment)}: {names[clan]}" for segment, clan in zip(setup.circle, setup.cubes)),
        players=[(names[side], t.join(t("setup.crown") if die == CROWN else names[die] for die in dice))
                 for side, dice in zip(setup.sides, setup.reserves)],
        castles=castles_per_side(setup.players))


def summary(position: Position) -> str:
    """What `pnp check` confirms: players, territories and where the Emperor stands."""
    from pnp.errors import say

    return say("problem.carolus_magnus.checked", players=len(position.players),
               territories=len(position.territories), emperor=position.territories[position.emperor].name)
