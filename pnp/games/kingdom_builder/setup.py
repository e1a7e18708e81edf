"""Random, reproducible Kingdom Builder set-ups, and the rulebook's first-game set-up."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.errors import InputError, Problem, say
from pnp.games.kingdom_builder import generator
from pnp.games.kingdom_builder.library import DEFAULT_SET
from pnp.games.kingdom_builder.model import CARDS, QUARTERS
from pnp.games.kingdom_builder.facts import LOCATIONS, Terrain
from pnp.inputs import read_text
from pnp.yamldoc import LineDict, LineList, integer, load as load_yaml

# The rulebook's suggested first game: sections tavern, paddock, oasis, farm (none turned);
# cards Fishermen, Knights, Merchants.
FIRST_GAME_SECTIONS = (Terrain.TAVERN, Terrain.PADDOCK, Terrain.OASIS, Terrain.FARM)
FIRST_GAME_CARDS = ("fishermen", "knights", "merchants")


@dataclass(frozen=True)
class Placed:
    location: Terrain
    turned: bool


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int
    first_game: bool
    sections_set: int  # the seed of the set of 8 sections the board is built from
    board: tuple[Placed, Placed, Placed, Placed]  # top-left, top-right, bottom-left, bottom-right
    cards: tuple[str, str, str]
    start_player: int  # 1-based

    def board_entries(self) -> list[str]:
        """The board as transcription entries: section ids, '@180' when turned."""
        return [generator.section_id(self.sections_set, p.location) + ("@180" if p.turned else "") for p in self.board]


def random_setup(players: int, seed: int, sections_set: int = DEFAULT_SET) -> Setup:
    """4 of the 8 sections in random places, each turned or not; 3 of the 10 cards; a start player."""
    rng = random.Random(f"kb-setup-{seed}")
    chosen = rng.sample(LOCATIONS, 4)
    placed = [Placed(location, rng.random() < 0.5) for location in chosen]
    cards = rng.sample(CARDS, 3)
    return Setup(players, seed, False, sections_set, (placed[0], placed[1], placed[2], placed[3]),
                 (cards[0], cards[1], cards[2]), rng.randrange(players) + 1)


def first_game(players: int, seed: int, sections_set: int = DEFAULT_SET) -> Setup:
    """The rulebook's first game on our sections of the same location types; the seed only
    picks the start player (the rulebook says the oldest player; any choice is fair)."""
    rng = random.Random(f"kb-setup-{seed}")
    board = (Placed(FIRST_GAME_SECTIONS[0], False), Placed(FIRST_GAME_SECTIONS[1], False),
             Placed(FIRST_GAME_SECTIONS[2], False), Placed(FIRST_GAME_SECTIONS[3], False))
    return Setup(players, seed, True, sections_set, board, FIRST_GAME_CARDS, rng.randrange(players) + 1)


def as_dict(setup: Setup) -> dict[str, Any]:
    return {
        "game": "kingdom-builder",
        "seed": setup.seed,
        "first_game": setup.first_game,
        "players": setup.players,
        "sections_set": setup.sections_set,
        "boards": setup.board_entries(),
        "cards": list(setup.cards),
        "start_player": setup.start_player,
        "summaries": [{"location": p.location.value, "beside": quarter} for p, quarter in zip(setup.board, QUARTERS)],
    }


def read_setup(path: Path) -> tuple[list[str], list[int | None], tuple[str, ...], int]:
    """Boards (with their lines), cards and player count from a set-up file (`--json` output)."""
    from pnp.escape import terminal

    file = terminal(str(path))
    data = load_yaml(read_text(path, file), file)  # JSON is YAML, and this keeps the lines
    problems: list[Problem] = []
    if not isinstance(data, LineDict) or data.get("game") != "kingdom-builder":
        raise InputError([Problem(file, None, say("problem.kingdom_builder.not_setup"))])
    boards, cards, players = data.get("boards"), data.get("cards"), integer(data.get("players"))
    if not isinstance(boards, LineList) or len(boards) != 4 or not all(isinstance(b, str) for b in boards):
        problems.append(Problem(file, data.line_of("boards"), say("problem.kingdom_builder.setup_boards")))
    if not isinstance(cards, LineList) or len(cards) != 3 or any(card not in CARDS for card in cards):
        problems.append(Problem(file, data.line_of("cards"), say("problem.kingdom_builder.setup_cards", cards=list(CARDS))))
    if players is None or not 2 <= players <= 4:
        problems.append(Problem(file, data.line_of("players"), say("problem.kingdom_builder.setup_players")))
    if problems:
        raise InputError(problems)
    assert isinstance(boards, LineList) and isinstance(cards, LineList) and players is not None  # else a problem above
    return ([str(b).strip() for b in boards], list(boards.item_lines),
            tuple(str(card) for card in cards), players)
