"""A ready-to-fill transcription form for a given board."""

from __future__ import annotations

from pnp.games.kingdom_builder.model import CARDS, COLS, ROW_LETTERS, ROWS, Board
from pnp.games.kingdom_builder.facts import BY_LETTER, LOCATION_LETTER
from pnp.resources import render_template


def transcription_form(board: Board, entries: list[str], players: int = 2, cards: tuple[str, ...] = ()) -> str:
    """YAML with the board's terrain letters in the settlement grid, odd rows indented;
    `entries` are the board entries as the user named them."""
    rows = []
    for row in range(ROWS):
        letters = " ".join(board.at((row, col)).letter for col in range(COLS))
        rows.append((ROW_LETTERS[row], ("   " if row % 2 else "  ") + letters))
    numbers = [f"{col + 1:2d}" for col in range(COLS)]
    legend = [(letter, terrain.value) for letter, terrain in BY_LETTER.items()] + [(LOCATION_LETTER, "location")]
    return render_template(
        "kingdom-builder/transcription.yaml.j2",
        boards=entries,
        cards=cards,
        all_cards=CARDS,
        players=[(str(n), f"Player {n}") for n in range(1, players + 1)],
        legend=legend,
        header_tens=" ".join(n[0] for n in numbers),
        header_units=" ".join(n[1] for n in numbers),
        rows=rows,
    )
