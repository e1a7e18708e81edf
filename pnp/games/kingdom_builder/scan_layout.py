"""The Kingdom Builder board as the scanner lays it out: its 20 x 20 hexes A1 to T20, the four
corner hexes that place it in a photo, and the straightened frame it is read in (pnp.scan.grid)."""

from __future__ import annotations

import math
from typing import Any

from pnp import hexgrid
from pnp.games.kingdom_builder.model import COLS, ROWS, label
from pnp.scan.grid import Frame

Cell = tuple[int, int]
CORNER_CELLS: tuple[Cell, ...] = ((0, 0), (0, COLS - 1), (ROWS - 1, 0), (ROWS - 1, COLS - 1))
CORNER_LABELS = tuple(label(cell) for cell in CORNER_CELLS)  # A1, A20, T1, T20
S = 14.0                          # circumradius of a hex in the straightened image, pixels
W = math.sqrt(3) * S              # its width across the flats
MARGIN = 1.5 * W                  # room around the board for refinement and leaning pieces
PIECE_HEIGHT = 0.5                # a house's height in hex widths, for parallax
_WIDTH, _HEIGHT = hexgrid.map_extent(ROWS, COLS, S)
FRAME = Frame(S, MARGIN, (int(_WIDTH + 2 * MARGIN), int(_HEIGHT + 2 * MARGIN)))  # the straightened board


def board_centres() -> Any:
    """Centres of all 400 hexes in board units (circumradius 1), row by row."""
    import numpy as np

    return np.array([hexgrid.centre(cell, 1.0) for cell in hexgrid.cells(ROWS, COLS)], dtype=float)


def hexes_apart(corners: list[tuple[float, float]]) -> float:
    """How far apart, in pixels, neighbouring hexes lie at the least in a photo whose pixel
    centres of A1, A20, T1, T20 are `corners`."""
    a1, a20, t1, t20 = corners
    across = min(math.dist(a1, a20), math.dist(t1, t20)) / (COLS - 1)  # hex centres along a row
    down = min(math.dist(a1, t1), math.dist(a20, t20)) / (ROWS - 1) * 2 / math.sqrt(3)  # rows are closer than hexes
    return min(across, down)


def flat(cell: Cell) -> int:
    """A cell's place in the row-by-row order of all 400."""
    return cell[0] * COLS + cell[1]
