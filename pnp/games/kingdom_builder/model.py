"""The state of a finished Kingdom Builder game: board, cards, players, settlements."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pnp import hexgrid
from pnp.games.kingdom_builder.scan_colours import KIT_ORDER
from pnp.games.kingdom_builder.section import SIZE as SECTION_SIZE, Section
from pnp.games.kingdom_builder.facts import LOCATIONS, Terrain
from pnp.names import Names

ROWS = COLS = 2 * SECTION_SIZE
ROW_LETTERS = "ABCDEFGHIJKLMNOPQRST"
QUARTERS = ("top-left", "top-right", "bottom-left", "bottom-right")

CARDS = (
    "fishermen", "miners", "merchants", "workers", "discoverers",
    "knights", "hermits", "lords", "citizens", "farmers",
)
LORDS_READINGS = ("included", "excluded")  # ruling KB-1: "included" is the default
# What a transcription names besides its ids: cards, the location types that name board sections,
# and the kit's settlement colours, in the words the components print.
NAMES = Names(Path(__file__).resolve().parent / "text", {
    "card": ("card.{}.name", CARDS),
    "location": ("location.{}", tuple(location.value for location in LOCATIONS)),
    "colour": ("players.{}", KIT_ORDER),
})


def label(cell: hexgrid.Cell) -> str:
    """Board coordinate as written in transcriptions: row letter A-T + column 1-20, e.g. C7."""
    return f"{ROW_LETTERS[cell[0]]}{cell[1] + 1}"


def index(cell: hexgrid.Cell) -> int:
    return cell[0] * COLS + cell[1]


def cell_of(flat: int) -> hexgrid.Cell:
    return divmod(flat, COLS)


# Sector (0 top-left .. 3 bottom-right) of every flat index.
SECTOR_OF = tuple(hexgrid.sector(cell, SECTION_SIZE, SECTION_SIZE, 2) for cell in hexgrid.cells(ROWS, COLS))


@dataclass(frozen=True)
class Placement:
    section: Section
    turned: bool = False

    def __str__(self) -> str:
        return self.section.name + ("@180" if self.turned else "")


@dataclass(frozen=True)
class Board:
    """Four placed sections: top-left, top-right, bottom-left, bottom-right."""

    placements: tuple[Placement, Placement, Placement, Placement]

    @cached_property
    def terrain(self) -> tuple[Terrain, ...]:
        """Terrain of every hex by flat index (row * 20 + col)."""
        result = []
        for row, col in hexgrid.cells(ROWS, COLS):
            placement = self.placements[hexgrid.sector((row, col), SECTION_SIZE, SECTION_SIZE, 2)]
            result.append(placement.section.at((row % SECTION_SIZE, col % SECTION_SIZE), placement.turned))
        return tuple(result)

    def at(self, cell: hexgrid.Cell) -> Terrain:
        return self.terrain[index(cell)]

    @cached_property
    def specials_near(self) -> tuple[tuple[int, ...], ...]:
        """For every hex (flat index), the castle and location hexes touching it."""
        terrain = self.terrain
        return tuple(tuple(n for n in near if terrain[n].is_special) for near in hexgrid.neighbour_table(ROWS, COLS))

    @cached_property
    def near_water(self) -> frozenset[int]:
        return self._touching(Terrain.WATER)

    @cached_property
    def near_mountain(self) -> frozenset[int]:
        return self._touching(Terrain.MOUNTAIN)

    def _touching(self, kind: Terrain) -> frozenset[int]:
        """Flat indices of the hexes next to at least one hex of `kind`."""
        terrain = self.terrain
        return frozenset(
            flat for flat, near in enumerate(hexgrid.neighbour_table(ROWS, COLS))
            if any(terrain[n] is kind for n in near)
        )


@dataclass(frozen=True)
class Player:
    key: str
    name: str
    colour: str | None = None  # a piece colour name or '#rrggbb', for reading photos


@dataclass(frozen=True)
class Position:
    """A finished game. `settlements` holds (cell, player key) pairs sorted by cell."""

    board: Board
    cards: tuple[str, ...]
    players: tuple[Player, ...]
    settlements: tuple[tuple[hexgrid.Cell, str], ...]
    lords_zero: str = "included"
    source: str = field(default="", compare=False)  # the transcription it came from, for messages
    entries: tuple[str, ...] = field(default=(), compare=False)  # the boards as the transcription names them
    boards_dir: str | None = field(default=None, compare=False)  # its folder of section files, as it names it

    def settlements_of(self, key: str) -> list[hexgrid.Cell]:
        return [cell for cell, owner in self.settlements if owner == key]
