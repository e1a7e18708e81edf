"""A Great Wall outcome and set-up as people and programs read them. The wording and layout of
text live in templates/great-wall/."""

from __future__ import annotations

from typing import Any

from pnp.games.great_wall.model import LAST_ROUND_OVER, Position, Section
from pnp.games.great_wall.rules import Result, Take, successes
from pnp.games.great_wall.setup import Setup
from pnp.resources import render_template


def as_text(outcome: Result, explain: bool = False, lang: str = "en") -> str:
    """The success in every section, the next check and, once the last round is over, the chain
    of checks, the totals and the winners; `explain` shows how each success is made up."""
    from pnp.games.great_wall.components import catalog

    t = catalog(lang)
    position = outcome.position
    sections = []
    for section in position.sections:
        results = successes(section, position.players)
        sections.append({
            "tokens": [*map(t.number, section.tokens), *(t("report.on_card", token=card.token, player=card.player)
                                                    for card in section.cards if card.token is not None)],
            "open": bool(section.tokens),
            "scores": [f"{p} {t.number(r.total)}" for p, r in results.items() if any(card.player == p for card in section.cards)],
            "parts": [(p, r) for p, r in results.items() if r.parts],
        })
    where = outcome.final or position
    return render_template(
        "great-wall/score.txt.j2", t=t, num=t.number, position=position, last_round_over=position.phase == LAST_ROUND_OVER,
        sections=sections, explain=explain, outcome=outcome, totals=outcome.totals(),
        won={player: [t.number(token) for token in where.won_by(player)] for player in position.players})


def _take_json(take: Take) -> dict[str, Any]:
    data: dict[str, Any] = {"section": take.section + 1, "player": take.player, "token": take.token,
                            "completes_section": take.closes}
    if take.returned:
        data["returned"] = {"player": take.returned[0], "token": take.returned[1]}
    if take.reopens:
        data["reveals_new_tokens"] = True
    return data


def _on_card_json(section: Section) -> dict[str, Any] | None:
    """The section's first token, lying on a card (1-based, as in the transcription)."""
    for number, card in enumerate(section.cards, start=1):
        if card.token is not None:
            return {"card": number, "player": card.player, "token": card.token}
    return None


def as_json(outcome: Result) -> dict[str, Any]:
    position: Position = outcome.position
    where = outcome.final or position
    totals = outcome.totals()
    return {
        "game": "great-wall",
        "final": outcome.final is not None,
        "players": [{"name": p, "tokens": list(where.won_by(p)), "total": totals[p]} for p in position.players],
        "winners": list(outcome.winners),
        "sections": [
            {"section": n, "tokens": list(s.tokens), "token_on_card": _on_card_json(s),
             "success": {p: r.total for p, r in successes(s, position.players).items()
                         if any(c.player == p for c in s.cards)}}
            for n, s in enumerate(position.sections, start=1)
        ],
        "next_check": [_take_json(take) for take in outcome.next_check],
        "chain": [{"player": player, "takes": [_take_json(t) for t in takes]} for player, takes in outcome.chain],
    }


def setup_text(setup: Setup, lang: str = "en") -> str:
    from pnp.games.great_wall.components import catalog

    return render_template("great-wall/setup.txt.j2", t=catalog(lang), setup=setup)


def summary(position: Position) -> str:
    """What `pnp check` confirms: players, sections, cards on the wall and the pool."""
    from pnp.errors import say

    cards = sum(len(section.cards) for section in position.sections)
    return say("problem.great_wall.checked", players=len(position.players), sections=len(position.sections),
               cards=cards, pool=position.pool)
