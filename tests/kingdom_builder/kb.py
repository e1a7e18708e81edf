"""Builders for small hand-made Kingdom Builder positions used across the tests."""

from __future__ import annotations

from pnp.games.kingdom_builder.model import Board, Position, Placement, Player
from pnp.games.kingdom_builder.section import Section
from pnp.games.kingdom_builder.facts import Terrain
from pnp.games.kingdom_builder.transcription import parse_coordinate


def cell(text: str) -> tuple[int, int]:
    parsed = parse_coordinate(text)
    assert parsed is not None, text
    return parsed


def board(special: dict[str, Terrain] | None = None, base: Terrain = Terrain.GRASS) -> Board:
    """A 20x20 board of `base` terrain with the given hexes (A1..T20) changed."""
    grid = [[base] * 20 for _ in range(20)]
    for text, terrain in (special or {}).items():
        row, col = cell(text)
        grid[row][col] = terrain
    sections = []
    for quarter in range(4):
        top, left = (quarter // 2) * 10, (quarter % 2) * 10
        rows = tuple(tuple(grid[top + r][left + c] for c in range(10)) for r in range(10))
        sections.append(Placement(Section(f"s{quarter}", Terrain.TAVERN, rows)))
    return Board(tuple(sections))  # type: ignore[arg-type]


def game(the_board: Board, settlements: dict[str, list[str]], cards: tuple[str, ...] = ("fishermen", "knights", "merchants"),
         players: int | None = None, lords_zero: str = "included") -> Position:
    """Players keyed "1".."n" named P1..Pn, each with settlements at the given coordinates."""
    count = players or len(settlements)
    roster = tuple(Player(str(n), f"P{n}") for n in range(1, count + 1))
    placed = sorted((cell(text), key) for key, texts in settlements.items() for text in texts)
    return Position(the_board, cards, roster, tuple(placed), lords_zero)
