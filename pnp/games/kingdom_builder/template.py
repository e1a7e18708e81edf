"""A ready-to-fill transcription form for a given board."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import InputError, OptionError
from pnp.games.kingdom_builder.facts import BY_LETTER, LOCATION_LETTER
from pnp.games.kingdom_builder.model import COLS, NAMES, ROW_LETTERS, ROWS, Board
from pnp.resources import render_template


def form_for(boards: list[str], players: int | None, setup_file: Path | None, boards_dir: Path | None,
             lang: str = "en", where: Path | None = None) -> str:
    """The form for the sections named on the command line, or for those of a set-up file (whose
    cards and player count it also takes, unless `players` is given). `where`: the folder the form
    is saved in (None: the current one), which the `boards_dir` it names is relative to."""
    from pnp.games.kingdom_builder.transcription import load_board

    lines: list[int | None]
    cards: tuple[str, ...]
    entries, lines, file, base, cards = boards, [None] * 4, "--boards", Path.cwd(), ()
    if setup_file is not None:
        from pnp.games.kingdom_builder.setup import read_setup
        from pnp.inputs import resolved

        entries, lines, cards, from_setup = read_setup(setup_file)
        file, base, players = str(setup_file), resolved(setup_file).parent, players or from_setup
    try:
        board = load_board(entries, lines, file, base, boards_dir)
    except InputError as error:
        if setup_file is None and all(problem.file == file for problem in error.problems):
            raise OptionError(error.messages()) from None  # an unknown --boards value: wrong usage
        raise
    folder = (None, None) if boards_dir is None else sections_folder(boards_dir, Path.cwd() if where is None else where)
    return transcription_form(board, entries, players or 2, cards, lang, *folder)


def sections_folder(boards_dir: Path, where: Path) -> tuple[str | None, str | None]:
    """The folder of section files as a form saved in `where` names it in `boards_dir:` (relative
    to the form, inside its folder); or else, when it lies outside, which a form may not name, the
    folder as given, for the form to say that check and score need it. Neither for the form's own
    folder, where sections are looked for anyway."""
    import os

    from pnp.escape import terminal
    from pnp.inputs import resolved

    relative = Path(os.path.relpath(resolved(boards_dir), resolved(where)))
    if relative == Path("."):
        return None, None
    if ".." in relative.parts or relative.is_absolute():
        return None, terminal(str(boards_dir))  # one line: it goes in a comment
    return relative.as_posix(), None


def transcription_form(board: Board, entries: list[str], players: int = 2, cards: tuple[str, ...] = (),
                       lang: str = "en", boards_dir: str | None = None, elsewhere: str | None = None) -> str:
    """YAML with the board's terrain letters in the settlement grid, odd rows indented;
    `entries` are the board entries as the user named them; `boards_dir` and `elsewhere` say
    where sections of one's own are (`sections_folder`)."""
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
        boards_dir=boards_dir,
        elsewhere=elsewhere,
        cards=cards,
        all_cards=NAMES.glossed("card", lang),  # each id with the player's word for it
        players=[(str(n), t("form.player", number=n)) for n in range(1, players + 1)],
        legend=legend,
        header_tens=" ".join(n[0] for n in numbers),
        header_units=" ".join(n[1] for n in numbers),
        rows=rows,
    )
