"""Carolus Magnus as the registry sees it: its operations and their options. The calls behind
them are every game's (see pnp.games.base)."""

from __future__ import annotations

from pnp.games.base import Game, Operation, Param

ID = "carolus-magnus"
PLAYERS = Param("players", "--players", int, None, "Number of players (2-4).", min=2, max=4, required=True)


class CarolusMagnus(Game):
    id = ID
    name = "Carolus Magnus"
    summary = "print-and-play kit; set-ups; colour control, territory majorities and Emperor stops from a position"
    operations = {
        "kit": Operation(
            "15 territory segments in 3 shapes, courts, disc sets, clan markers, castles, the Emperor, 4 dice to "
            "fold, turn summaries and majority aids; optional paladin tokens.",
            ("pnp kit carolus-magnus", "pnp kit carolus-magnus --players 2 --paladins --lang ru"),
            (Param("players", "--players", int, None, "Print what 2-4 players need; default: the whole box.",
                   min=2, max=4),
             Param("paladins", "--paladins", bool, False, "Also print 40 paladin tokens per clan (if you have no cubes)."))),
        "setup": Operation(
            "The circle of territories with one paladin each (3 per clan), the Emperor's start, each player's side, "
            "castles, discs and reserve rolled with the dice, and the start player.",
            ("pnp setup carolus-magnus --players 2 --seed 7", "pnp setup carolus-magnus --players 4 --json"),
            (PLAYERS,)),
        "template": Operation("A blank Carolus Magnus position: 15 single-segment territories to merge and fill in.",
                              ("pnp template carolus-magnus --players 2 --out position.yaml",), (PLAYERS,)),
        "check": Operation("Validate a Carolus Magnus position; exit 1 and list every problem if it has any.",
                           ("pnp check carolus-magnus position.yaml",)),
        "score": Operation(
            "Colour control, each territory's majority, what the Emperor would do 1 to 5 steps on, castles per "
            "side, whether the game is over, the ranking and winners.",
            ("pnp score carolus-magnus position.yaml", "pnp score carolus-magnus position.yaml --explain",
             "pnp score carolus-magnus position.yaml --json"),
            (Param("explain", "--explain", bool, False, "Also show each side's count in every territory."),)),
    }


GAME = CarolusMagnus()
