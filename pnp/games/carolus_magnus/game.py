"""Carolus Magnus as the registry sees it: its commands and their options, and what it implements
(the kit, set-ups, the blank form, its example, its desk page). Imports stay inside the methods."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from dataclasses import dataclass

from pnp.games.base import (BundledExample, ByPlayers, Engine, Game, KitMaker, NoOptions, Operation, PageBeside, Table,
                            option)

if TYPE_CHECKING:
    from pnp.games.carolus_magnus.model import Position
    from pnp.games.carolus_magnus.rules import Result
    from pnp.games.carolus_magnus.setup import Setup
    from pnp.render.i18n import Catalog
    from pnp.render.imposition import Sheet

ID = "carolus-magnus"


@dataclass(frozen=True)
class KitOptions:
    players: int | None = option(None, "Print what 2-4 players need; default: the whole box.", min=2, max=4)
    paladins: bool = option(False, "Also print 40 paladin tokens per clan (if you have no cubes).")


@dataclass(frozen=True)
class Players:
    """A set-up's and a blank form's."""

    players: int = option(2, "Number of players (2-4).", min=2, max=4, required=True)


class CarolusMagnus(ByPlayers["Setup", Players], KitMaker[KitOptions], BundledExample[NoOptions], PageBeside,
                    Game["Position", "Result"]):
    id = ID
    name = "Carolus Magnus"
    summary = "print-and-play kit; set-ups; colour control, territory majorities and Emperor stops from a position"
    example_file = "carolus-magnus-counterattack.yaml"
    desk_terms = ("clan", "side", "report")
    commands = {
        "kit": Operation(
            "15 territory segments in 3 shapes, courts, disc sets, clan markers, castles, the Emperor, 4 dice to "
            "fold, turn summaries and majority aids; optional paladin tokens.",
            ("pnp kit carolus-magnus", "pnp kit carolus-magnus --players 2 --paladins --lang ru",
             "pnp kit carolus-magnus --marks crop --gap 3 --only courts,aids")),
        "setup": Operation(
            "The circle of territories with one paladin each (3 per clan), the Emperor's start, each player's side, "
            "castles, discs and reserve rolled with the dice, and the start player.",
            ("pnp setup carolus-magnus --players 2 --seed 7", "pnp setup carolus-magnus --players 4 --json")),
        "template": Operation("A blank Carolus Magnus position: 15 single-segment territories to merge and fill in.",
                              ("pnp template carolus-magnus --players 2 --out position.yaml",)),
        "example": Operation("The rulebook's counter-attack (figures 5 and 6): 2 players, white to play.",
                             ("pnp example carolus-magnus", "pnp example carolus-magnus --out position.yaml")),
        "check": Operation("Validate a Carolus Magnus position; exit 1 and list every problem if it has any.",
                           ("pnp check carolus-magnus position.yaml",)),
        "score": Operation(
            "Colour control, each territory's majority, what the Emperor would do 1 to 5 steps on, castles per "
            "side, whether the game is over, the ranking and winners.",
            ("pnp score carolus-magnus position.yaml", "pnp score carolus-magnus position.yaml --explain",
             "pnp score carolus-magnus position.yaml --json"),
            {"explain": "Also show each side's count in every territory."}),
    }
    kit_options = KitOptions
    setup_options = form_options = Players
    example_options = NoOptions

    @functools.cache
    def engine(self) -> Engine[Position, Result]:
        from pnp.games.carolus_magnus import report, rules, transcription

        return Engine(transcription.read, report.summary, rules.evaluate, report.as_text, report.as_json,
                      transcription.dumps)

    def desk_colours(self) -> dict[str, dict[str, str]]:
        from pnp.games.carolus_magnus.facts import CLANS, SIDES

        return {"clan": {name: fill for name, fill, _ in CLANS}, "side": {name: fill for name, fill, _ in SIDES}}

    def kit_sheets(self, t: Catalog, paper: str, options: KitOptions) -> list[Sheet]:
        from pnp.games.carolus_magnus import kit

        return kit.sheets(t, paper, options.players, options.paladins)

    @functools.cache
    def table(self) -> Table[Setup]:
        from pnp.games.carolus_magnus import components, report, setup, template

        return Table(components.catalog, setup.random_setup, report.setup_text, setup.as_dict,
                     template.transcription_form)


GAME = CarolusMagnus()
