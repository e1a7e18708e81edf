"""A Great Wall outcome as people and programs read it."""

from __future__ import annotations

from typing import Any

from pnp.games.great_wall.model import LAST_ROUND_OVER, Position, Section
from pnp.games.great_wall.rules import Outcome, Take, successes


def _take_text(take: Take) -> str:
    where = f"section {take.section + 1}"
    if not take.closes:
        return f"{take.player} takes {take.token} in {where} and lays it on a card there"
    text = f"{take.player} takes {take.token} face down in {where}"
    if take.returned:
        holder, value = take.returned
        text += f"; {holder} takes {value} from their card face down; the section is completed"
    if take.reopens:
        text += "; 2 new tokens are revealed there from the pool"
    return text


def _section_line(section: Section, players: tuple[str, ...]) -> str:
    if not section.tokens:
        return "completed"
    on_card = [f"{card.token} on {card.player}'s card" for card in section.cards if card.token is not None]
    tokens = ", ".join([*map(str, section.tokens), *on_card])
    scores = ", ".join(f"{p} {s.total}" for p, s in successes(section, players).items()
                       if any(card.player == p for card in section.cards))
    return f"tokens {tokens}; success: {scores or 'no cards yet'}"


def as_text(outcome: Outcome, explain: bool = False) -> str:
    position = outcome.position
    if position.all_taken:
        state = "every token has been taken, so the game is over"
    else:
        state = "the last round is over" if position.phase == LAST_ROUND_OVER else "cards are still being played"
    lines = [f"Great Wall of China: {len(position.players)} players, {position.next} to play next, {state}; "
             f"{position.pool} tokens in the pool  ({position.source})", ""]
    for number, section in enumerate(position.sections, start=1):
        lines.append(f"Section {number}: {_section_line(section, position.players)}")
        if explain and section.tokens:
            for player, result in successes(section, position.players).items():
                if result.parts:
                    levelled = " (levelled by Nobility)" if result.levelled else ""
                    lines.append(f"    {player}: {' + '.join(result.parts)} = {result.total}{levelled}")
    if not position.all_taken:
        lines += _next_check_lines(outcome)
    if outcome.final is not None and position.phase == LAST_ROUND_OVER and not position.all_taken:
        lines += ["", "Success checks around the table until nobody can take a token:"]
        for _, takes in outcome.chain:
            lines += [f"  {_take_text(take)}" for take in takes]
        if not outcome.chain:
            lines.append("  nobody can take a token")
        lines.append("  (a section reopened now can no longer be won: ruling GW-7)")
    totals = outcome.totals()
    if lines[-1]:  # no blank line twice when no section is left to list
        lines.append("")
    lines.append("Tokens face down" + (" (final)" if outcome.final else " so far") + ":")
    where = outcome.final or position
    for player in position.players:
        tokens = " + ".join(map(str, where.won_by(player))) or "none"
        lines.append(f"  {player}: {tokens} = {totals[player]}")
    if outcome.winners:
        label = "Winners" if len(outcome.winners) > 1 else "Winner"
        tie = "  (tied: ruling GW-4, the victory is shared)" if len(outcome.winners) > 1 else ""
        lines += ["", f"{label}: {', '.join(outcome.winners)}{tie}"]
    return "\n".join(lines) + "\n"


def _next_check_lines(outcome: Outcome) -> list[str]:
    position = outcome.position
    lines = ["", f"Next success check ({position.next}):"]
    lines += [f"  {_take_text(take)}" for take in outcome.next_check] or ["  nothing is taken"]
    if position.phase != LAST_ROUND_OVER:
        if any(take.reopens for take in outcome.next_check):
            lines.append("  Read the 2 new tokens off the table before going on.")
        elif outcome.final is not None:
            lines.append("  That was the last token: the game is over.")
    return lines


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


def as_json(outcome: Outcome) -> dict[str, Any]:
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
