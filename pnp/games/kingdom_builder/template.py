"""A ready-to-fill transcription form for a given board."""

from __future__ import annotations

from pathlib import Path

from pnp.games.kingdom_builder.facts import BY_LETTER, LOCATION_LETTER
from pnp.games.kingdom_builder.model import CARDS, COLS, ROW_LETTERS, ROWS, Board
from pnp.resources import render_template


def form_for(boards: list[str], players: int | None, setup_file: Path | None, boards_dir: Path | None,
             lang: str = "en") -> str:
    """The form for the sections named on the command line, or for those of a set-up file (whose
    cards and player count it also takes, unless `players` is given)."""
    from pnp.games.kingdom_builder.transcription import load_board

    entries, lines, file, base, cards = boards, [None] * 4, "--boards", Path.cwd(), ()
    if setup_file is not None:
        from pnp.games.kingdom_builder.setup import read_setup

        entries, lines, cards, from_setup = read_setup(setup_file)
        file, base, players = str(setup_file), setup_file.resolve().parent, players or from_setup
    board = load_board(entries, lines, file, base, boards_dir)
    return transcription_form(board, entries, players or 2, cards, lang)


def transcription_form(board: Board, entries: list[str], players: int = 2, cards: tuple[str, ...] = (),
                       lang: str = "en") -> str:
    """YAML with the board's terrain letters in the settlement grid, odd rows indented;
    `entries` are the board entries as the user named them."""
    rows = []
    for row in range(ROWS):
        letters = " ".join(board.at((row, col)).letter for col in range(COLS))
        rows.append((ROW_LETTERS[row], ("   " if row % 2 else "  ") + letters))
    numbers = [f"{col + 1:2d}" for col in range(COLS)]
    legend = [(letter, f"form.letter.{terrain.value}") for letter, terrain in BY_LETTER.items()]
    legend.append((LOCATION_LETTER, "form.letter.location"))
    from pnp.games.kingdom_builder.components import catalog

    t = catalog(lang)
    return render_template(
        "kingdom-builder/transcription.yaml.j2",
        t=t,
        boards=entries,
        cards=cards,
        all_cards=CARDS,
        players=[(str(n), t("form.player", number=n)) for n in range(1, players + 1)],
        legend=legend,
        header_tens=" ".join(n[0] for n in numbers),
        header_units=" ".join(n[1] for n in numbers),
        rows=rows,
    )
