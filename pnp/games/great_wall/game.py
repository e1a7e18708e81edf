"""Great Wall of China as the registry sees it: its commands and their options, and what it
implements (the kit, set-ups, the blank form, its example, its desk page). Imports stay inside the methods."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from dataclasses import dataclass

from pnp.games.base import (BundledExample, ByPlayers, Engine, Game, KitMaker, NoOptions, Operation, PageBeside, Table,
                            option)

if TYPE_CHECKING:
    from pnp.games.great_wall.model import Position
    from pnp.games.great_wall.rules import Result
    from pnp.games.great_wall.setup import Setup
    from pnp.render.i18n import Catalog
    from pnp.render.imposition import Sheet

ID = "great-wall"


@dataclass(frozen=True)
class KitOptions:
    players: int = option(5, "Decks to print: one colour per player (2-5).", min=2, max=5)


@dataclass(frozen=True)
class Players:
    """A set-up's and a blank form's."""

    players: int = option(2, "Number of players (2-5).", min=2, max=5, required=True)


class GreatWall(ByPlayers["Setup", Players], KitMaker[KitOptions], BundledExample[NoOptions], PageBeside,
                Game["Position", "Result"]):
    id = ID
    name = "Great Wall of China"
    summary = "print-and-play kit; set-ups; success checks, the end-game chain and totals from a transcribed position"
    example_file = "great-wall-last-round.yaml"
    desk_terms = ("kind",)
    commands = {
        "kit": Operation(
            "100 wall cards (20 per colour) with a back per colour, 36 favour tokens, reference cards (every card "
            "type; the success check) and turn summaries.",
            ("pnp kit great-wall", "pnp kit great-wall --players 3 --paper letter --lang ru",
             "pnp kit great-wall --duplex short-edge --back-offset 1,-0.5 --back-scale 100.5%,99.6%")),
        "setup": Operation(
            "The open wall sections with their face-up token pairs (equal pairs boxed with 2 players), the tokens "
            "left in the pool, and the start player.",
            ("pnp setup great-wall --players 2 --seed 7", "pnp setup great-wall --players 4 --json")),
        "template": Operation("A blank Great Wall position to fill in from the table.",
                              ("pnp template great-wall --players 3 --out position.yaml",)),
        "example": Operation("A position after the last round: 3 players; gates, towers, nobility and a dragon "
                             "on the wall.",
                             ("pnp example great-wall", "pnp example great-wall --out position.yaml")),
        "check": Operation("Validate a Great Wall position; exit 1 and list every problem if it has any.",
                           ("pnp check great-wall position.yaml",)),
        "score": Operation(
            "Success in every section, who takes what at the next check, and once the last round is over the checks "
            "around the table until nobody can take a token, the totals and winners.",
            ("pnp score great-wall position.yaml", "pnp score great-wall position.yaml --explain",
             "pnp score great-wall position.yaml --json"),
            {"explain": "Also show how each player's success is made up."}),
    }
    kit_options = KitOptions
    setup_options = form_options = Players
    example_options = NoOptions

    @functools.cache
    def engine(self) -> Engine[Position, Result]:
        from pnp.games.great_wall import report, rules, transcription

        return Engine(transcription.read, report.summary, rules.evaluate, report.as_text, report.as_json,
                      transcription.dumps)

    def desk_colours(self) -> dict[str, dict[str, str]]:
        from pnp.games.great_wall.facts import COLOURS

        return {"player": {str(i): fill for i, (_, fill, _) in enumerate(COLOURS)}}  # the decks' colours, in turn order

    def kit_sheets(self, t: Catalog, paper: str, options: KitOptions) -> list[Sheet]:
        from pnp.games.great_wall import kit

        return kit.sheets(t, paper, options.players)

    @functools.cache
    def table(self) -> Table[Setup]:
        from pnp.games.great_wall import components, report, setup, template

        return Table(components.catalog, setup.random_setup, report.setup_text, setup.as_dict,
                     template.transcription_form)


GAME = GreatWall()
