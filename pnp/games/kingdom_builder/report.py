"""Results as people and programs read them: the score table with its explanation, JSON, and
the set-up text. The wording and layout of text live in templates/kingdom-builder/."""

from __future__ import annotations

from typing import Any

from pnp.games.kingdom_builder.facts import Terrain
from pnp.games.kingdom_builder.model import Game, Player, label
from pnp.games.kingdom_builder.rules import CASTLES, ScoreSheet
from pnp.games.kingdom_builder.setup import Setup
from pnp.resources import render_template

LORDS_TEXT = {
    "included": "zero settlements in a sector takes part (ruling KB-1, the default)",
    "excluded": "players with zero settlements in a sector never score there (lords_zero: excluded)",
}


def title(name: str) -> str:
    return name.capitalize()


def as_text(sheet: ScoreSheet, explain: bool = False) -> str:
    """One column per player, one row per card, then castles and the total; with `explain`,
    what scored for every player and card, in board coordinates (A1..T20)."""
    game = sheet.game
    names = [score.player.name for score in sheet.scores]
    rows = [[""] + names]
    for part in (*game.cards, CASTLES):
        rows.append([title(part)] + [str(score.gold(part)) for score in sheet.scores])
    rows.append(["Total"] + [str(score.total) for score in sheet.scores])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    table = [
        "  ".join([row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(row[1:], widths[1:])]).rstrip()
        for row in rows
    ]
    table.insert(-1, "-" * len(table[0]))
    return render_template(
        "kingdom-builder/score.txt.j2",
        boards=[str(p) for p in game.board.placements],
        source=game.source,
        table=table,
        winners=[p.name for p in sheet.winners],
        lords=LORDS_TEXT[game.lords_zero] if "lords" in game.cards else "",
        on_water=[(p.name, [label(c) for c in cells]) for p, cells in _on_water(sheet)],
        explain=explain,
        scores=sheet.scores,
        title=title,
    )


def _on_water(sheet: ScoreSheet) -> list[tuple[Player, list[tuple[int, int]]]]:
    """Settlements standing on water, which the digest asks to point out (they are legal)."""
    board = sheet.game.board
    found = [(p, [c for c in sheet.game.settlements_of(p.key) if board.at(c) is Terrain.WATER]) for p in sheet.game.players]
    return [(p, cells) for p, cells in found if cells]


def as_json(sheet: ScoreSheet) -> dict[str, Any]:
    """Exactly the DESIGN.md contract: gold holds the 3 cards plus castles."""
    return {
        "game": "kingdom-builder",
        "players": [
            {
                "key": score.player.key,
                "name": score.player.name,
                "gold": {part.name: part.gold for part in score.parts},
                "total": score.total,
            }
            for score in sheet.scores
        ],
        "winners": [player.name for player in sheet.winners],
    }


def setup_text(setup: Setup, lang: str = "en", **_: Any) -> str:
    from pnp.games.kingdom_builder.components import catalog
    from pnp.games.kingdom_builder.pictures import setup_heading, setup_lines

    t = catalog(lang)
    return render_template("kingdom-builder/setup.txt.j2", title=f"{t('title')} · {t('setup.title')}",
                           heading=setup_heading(setup, t), lines=setup_lines(setup, t))


def summary(game: Game) -> str:
    """What `pnp check` confirms: the boards, the cards, and each player's settlements."""
    per_player = ", ".join(f"{p.name} {len(game.settlements_of(p.key))}" for p in game.players)
    return f"boards {', '.join(map(str, game.board.placements))}; cards {', '.join(game.cards)}; settlements {per_player}"
