"""Results as people and programs read them: the score table with its explanation, JSON, and
the set-up text. The wording and layout of text live in templates/kingdom-builder/."""

from __future__ import annotations

from typing import Any

from pnp import columns
from pnp.games.kingdom_builder.facts import Terrain
from pnp.games.kingdom_builder.model import Position, Player, label
from pnp.games.kingdom_builder.components import catalog
from pnp.games.kingdom_builder.rules import CASTLES, Note, Result
from pnp.games.kingdom_builder.setup import Setup
from pnp.render.i18n import Catalog
from pnp.resources import render_template

def words(value: object, t: Catalog) -> str:
    """An explanation note, a list or a plain value, put into words in the catalog's language."""
    if isinstance(value, Note):  # a whole number stays one: it may pick the text's plural form
        return t(value.key, **{name: v if type(v) is int else words(v, t) for name, v in value.values})
    if isinstance(value, tuple):
        return t.join(words(v, t) for v in value) or t("explain.none")
    return t.number(value) if isinstance(value, int) else str(value)


def as_text(sheet: Result, explain: bool = False, lang: str = "en") -> str:
    """One column per player, one row per card, then castles and the total; with `explain`,
    what scored for every player and card, in board coordinates (A1..T20)."""
    t = catalog(lang)
    game = sheet.game
    names = [score.player.name for score in sheet.scores]
    rows = [[""] + names]
    for part in (*game.cards, CASTLES):
        rows.append([t(f"report.part.{part}")] + [t.number(score.gold(part)) for score in sheet.scores])
    rows.append([t("report.total")] + [t.number(score.total) for score in sheet.scores])
    table = columns.table(rows, rule_before=len(rows) - 1)
    return render_template(
        "kingdom-builder/score.txt.j2", t=t, num=t.number, words=lambda value: words(value, t),
        boards=[str(p) for p in game.board.placements], source=game.source, table=table,
        winners=[p.name for p in sheet.winners], lords="lords" in game.cards, lords_zero=game.lords_zero,
        on_water=[(p.name, tuple(label(c) for c in cells)) for p, cells in _on_water(sheet)],
        explain=explain, scores=sheet.scores)


def _on_water(sheet: Result) -> list[tuple[Player, list[tuple[int, int]]]]:
    """Settlements standing on water, which the digest asks to point out (they are legal)."""
    board = sheet.game.board
    found = [(p, [c for c in sheet.game.settlements_of(p.key) if board.at(c) is Terrain.WATER]) for p in sheet.game.players]
    return [(p, cells) for p, cells in found if cells]


def as_json(sheet: Result) -> dict[str, Any]:
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


def setup_text(setup: Setup, lang: str = "en") -> str:
    from pnp.games.kingdom_builder.pictures import setup_heading, setup_lines

    t = catalog(lang)
    return render_template("kingdom-builder/setup.txt.j2", title=t("setup.title_line"),
                           heading=setup_heading(setup, t), lines=setup_lines(setup, t))


def summary(game: Position) -> str:
    """What `pnp check` confirms: the boards, the cards, and each player's settlements."""
    from pnp.errors import say

    per_player = [say("problem.kingdom_builder.settled", name=p.name, count=len(game.settlements_of(p.key)))
                  for p in game.players]
    return say("problem.kingdom_builder.checked", boards=[str(p) for p in game.board.placements], cards=list(game.cards),
               settlements=per_player)
