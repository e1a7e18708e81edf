"""Odd-r hex geometry: pointy-top hexes, odd rows shifted right by half a hex.

Cells are `(row, col)` tuples counted from the top-left corner. Kingdom Builder's board is
20x20 cells made of four 10x10 sections; nothing here knows about any game, so sizes are
parameters. Hot loops (scoring) use the flat index `row * cols + col` and the cached
neighbour tables below.
"""

from __future__ import annotations

import math
from functools import lru_cache
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

Cell = tuple[int, int]
T = TypeVar("T")

# The six straight-line directions as axial (dq, dr) steps, where q = col - (row - (row & 1)) // 2.
# Opposite directions are three apart. Names are compass-like for pointy-top hexes.
DIRECTIONS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("E", (1, 0)),
    ("SE", (0, 1)),
    ("SW", (-1, 1)),
    ("W", (-1, 0)),
    ("NW", (0, -1)),
    ("NE", (1, -1)),
)

# The three axes of straight lines (Tavern, Paddock): each a direction and its opposite.
AXES: tuple[tuple[str, str], ...] = (("E", "W"), ("SE", "NW"), ("SW", "NE"))

_STEP = dict(DIRECTIONS)


def to_axial(cell: Cell) -> tuple[int, int]:
    row, col = cell
    return col - (row - (row & 1)) // 2, row


def from_axial(q: int, r: int) -> Cell:
    return r, q + (r - (r & 1)) // 2


def step(cell: Cell, direction: str, distance: int = 1) -> Cell:
    """The cell `distance` hexes away from `cell` in a straight line (may lie off any board)."""
    dq, dr = _STEP[direction]
    q, r = to_axial(cell)
    return from_axial(q + dq * distance, r + dr * distance)


def neighbours(cell: Cell) -> list[Cell]:
    """The six cells touching `cell`, unbounded, in DIRECTIONS order."""
    return [step(cell, name) for name, _ in DIRECTIONS]


def distance(a: Cell, b: Cell) -> int:
    """Number of steps between two cells."""
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def in_bounds(cell: Cell, rows: int, cols: int) -> bool:
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def cells(rows: int, cols: int) -> Iterator[Cell]:
    """Every cell, row by row, top to bottom, left to right."""
    for row in range(rows):
        for col in range(cols):
            yield row, col


def is_edge(cell: Cell, rows: int, cols: int) -> bool:
    """True for cells on the outer border of a rows x cols map."""
    row, col = cell
    return row in (0, rows - 1) or col in (0, cols - 1)


def turn_180(cell: Cell, rows: int, cols: int) -> Cell:
    """Where a cell lands when its rows x cols map is turned half a circle.

    With an even number of rows a turned map keeps the odd-r layout, so turned sections still
    fit beside unturned ones: each odd row becomes an even one and vice versa.
    """
    row, col = cell
    return rows - 1 - row, cols - 1 - col


def sector(cell: Cell, section_rows: int, section_cols: int, sections_across: int) -> int:
    """Index of the section holding `cell`, row by row: with 2 across, 0 top-left, 1 top-right, 2 bottom-left..."""
    row, col = cell
    return (row // section_rows) * sections_across + col // section_cols


@lru_cache(maxsize=None)
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each flat index, the flat indices of its in-bounds neighbours."""
    return tuple(
        tuple(r * cols + c for r, c in neighbours(cell) if in_bounds((r, c), rows, cols))
        for cell in cells(rows, cols)
    )


# Pixel geometry for drawing. `size` is the circumradius; flat-to-flat width is sqrt(3) * size.


def hex_width(size: float) -> float:
    return math.sqrt(3) * size


def centre(cell: Cell, size: float) -> tuple[float, float]:
    """Centre of a cell, y growing downwards, with the map's top-left hex touching (0, 0)."""
    row, col = cell
    width = hex_width(size)
    return width * (col + 0.5 * (row & 1)) + width / 2, 1.5 * size * row + size


def corners(cell: Cell, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top cell, clockwise from the top."""
    x, y = centre(cell, size)
    return [
        (x + size * math.cos(math.radians(a)), y + size * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def map_extent(rows: int, cols: int, size: float) -> tuple[float, float]:
    """Width and height of the bounding box of a rows x cols odd-r map."""
    width = hex_width(size) * (cols + (0.5 if rows > 1 else 0))
    return width, 1.5 * size * (rows - 1) + 2 * size


def groups(members: Iterable[T], near: Callable[[T], Iterable[T]]) -> list[list[T]]:
    """Connected groups of `members` (cells or flat indices), in order of their first member;
    `near` gives a member's neighbours."""
    order = list(members)
    left, found = set(order), []
    for start in order:
        if start not in left:
            continue
        left.discard(start)
        group, frontier = [start], [start]
        while frontier:
            for n in near(frontier.pop()):
                if n in left:
                    left.discard(n)
                    group.append(n)
                    frontier.append(n)
        found.append(group)
    return found
