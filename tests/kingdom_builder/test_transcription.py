"""Reading transcriptions: both settlement forms, board lookup, and every problem with its line."""

from pathlib import Path

import pytest

from pnp import hexgrid
from pnp.errors import InputError
from pnp.games.kingdom_builder.model import label
from pnp.games.kingdom_builder.facts import UNBUILDABLE, Terrain
from pnp.games.kingdom_builder.template import transcription_form
from pnp.games.kingdom_builder.transcription import load_board
from tests.readers import reader
parse, load = reader("kingdom-builder")
from tests.kingdom_builder.kb import cell

BOARDS = Path(__file__).resolve().parents[2] / "boards"
EXAMPLE = BOARDS / "examples" / "first-game.yaml"

MAPPING = """\
game: kingdom-builder
boards: [tavern, paddock, oasis, farm]
cards: [fishermen, knights, merchants]
players:
  - {key: "1", name: Anna}
  - {key: "2", name: Boris}
settlements:
  "1": [A5, A6]
  "2": [T1]
"""


def problems_of(text: str, tmp_path: Path = BOARDS) -> list[tuple[int | None, str]]:
    with pytest.raises(InputError) as caught:
        parse(text, "game.yaml", tmp_path)
    return [(p.line, p.message) for p in caught.value.problems]


def test_mapping_form():
    game = parse(MAPPING, "game.yaml", BOARDS)
    assert [p.name for p in game.players] == ["Anna", "Boris"]
    assert game.settlements_of("1") == [cell("A5"), cell("A6")]
    assert game.cards == ("fishermen", "knights", "merchants")


def test_grid_form_reads_the_example():
    game = load(EXAMPLE)
    assert len(game.players) == 3
    assert all(len(game.settlements_of(p.key)) == 40 for p in game.players)


def test_template_is_a_valid_grid_once_cards_are_filled():
    entries = ["tavern", "paddock", "oasis", "farm@180"]
    board = load_board(entries, [None] * 4, "x", BOARDS)
    form = transcription_form(board, entries, players=3).replace("cards: []", "cards: [lords, miners, hermits]")
    assert "boards: [tavern, paddock, oasis, farm@180]" in form
    game = parse(form, "form.yaml", BOARDS)
    assert game.settlements == ()
    # A location type names that section of the bundled default set.
    assert str(game.board.placements[3]) == "kb2-1000-farm@180"


def test_turned_section_and_path_entries(tmp_path):
    (tmp_path / "my").mkdir()
    (tmp_path / "my" / "oasis2.txt").write_text((BOARDS / "kb1-1000-oasis.txt").read_text())
    text = MAPPING.replace("[tavern, paddock, oasis, farm]", "[tavern@180, paddock, ./my/oasis2.txt, farm]")
    game = parse(text, "game.yaml", tmp_path)
    # A turned tavern section: its local (0, 0) shows what it printed at (9, 9).
    tavern = game.board.placements[0].section
    assert game.board.at((0, 0)) is tavern.at((9, 9))
    assert game.board.placements[2].section.name == "oasis2"


def test_sections_beside_the_transcription_win_over_bundled(tmp_path):
    (tmp_path / "tavern.txt").write_text((BOARDS / "kb1-1000-farm.txt").read_text())
    # The fourth section is the barn: the local "tavern" already holds the farm's terrain.
    board = load_board(["tavern", "paddock", "oasis", "barn"], [None] * 4, "x", tmp_path)
    free = [label((0, c)) for c in range(10) if board.at((0, c)) not in UNBUILDABLE][:2]
    text = MAPPING.replace("[A5, A6]", f"[{', '.join(free)}]").replace("oasis, farm]", "oasis, barn]")
    game = parse(text, "game.yaml", tmp_path)
    assert game.board.placements[0].section.location.value == "farm"


def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


# Each row: a change to a valid transcription, the line the problem must name, and its message.
MAPPING_CASES = [
    ("cards: [fishermen, knights, merchants]", "cards: [fishermen, knigths, merchants]", 3, "unknown card 'knigths' (did you mean 'knights'?)"),
    ("cards: [fishermen, knights, merchants]", "cards: [fishermen, knights, fishermen]", 3, "card 'fishermen' is given twice"),
    ("cards: [fishermen, knights, merchants]", "cards: [fishermen, knights]", 3, "2 cards given, a game uses exactly 3"),
    ('  - {key: "2", name: Boris}\n', "", 4, "1 player given, Kingdom Builder takes 2-4"),
    ('{key: "2", name: Boris}', '{key: "1", name: Boris}', 6, "player key '1' is given twice"),
    ('{key: "2", name: Boris}', '{key: "G", name: Boris}', 6, "player key 'G' clashes with the terrain letter G"),
    ("game: kingdom-builder", "game: great-wall", 1, "this is a great-wall transcription, not kingdom-builder: use 'pnp score great-wall'"),
    ("game: kingdom-builder", "game: kingdom-bilder", 1, "game is 'kingdom-bilder', expected 'kingdom-builder'"),
    ("boards: [tavern, paddock, oasis, farm]", "boards: [tavern, padock, oasis, farm]", 2, "board section 'padock' not found (did you mean 'paddock'?)"),
    ("boards: [tavern, paddock, oasis, farm]", "boards: [tavern, paddock, oasis, kb1-1000-tavern]", 2, "board section 'kb1-1000-tavern' is used twice"),
    ("boards: [tavern, paddock, oasis, farm]", "boards: [tavern, paddock, ./none.txt, farm]", 2, "section file './none.txt' not found"),
    ("boards: [tavern, paddock, oasis, farm]", "boards: [tavern, paddock, oasis]", 2, "boards needs a list of 4 sections"),
    ("boards: [tavern, paddock, oasis, farm]", "boards: [tavern, paddock@90, oasis, farm]", 2, "board 'paddock@90': a section is turned '@180' or not at all"),
    ("boards: [tavern, paddock, oasis, farm]", "boards: [tavern, tavern, oasis, farm]", 2, "board section 'tavern' is used twice"),
    ('  "1": [A5, A6]', '  "1": [A5, U6]', 8, "bad coordinate 'U6'"),
    ('  "1": [A5, A6]', '  "1": [A5, A21]', 8, "bad coordinate 'A21'"),
    ('  "2": [T1]', '  "2": [A5]', 9, "two settlements on A5 (players 1 and 2)"),
    ('  "2": [T1]', '  "3": [T1]', 9, "settlements for unknown player key '3'"),
    ("settlements:", "setlements:", 7, "unknown field 'setlements' (did you mean 'settlements'?)"),
    ("settlements:", "lords_zero: sometimes\nsettlements:", 7, "lords_zero is 'sometimes', expected 'included' or 'excluded'"),
]


@pytest.mark.parametrize("old, new, line, message", MAPPING_CASES, ids=[c[3][:40] for c in MAPPING_CASES])
def test_mapping_problems(old, new, line, message):
    assert old in MAPPING
    found = problems_of(MAPPING.replace(old, new, 1))
    assert any(l == line and message in m for l, m in found), found


def test_settlement_on_mountain_castle_and_location_hexes():
    board = load_board(["tavern", "paddock", "oasis", "farm"], [None] * 4, "x", BOARDS)
    first = {kind: label(next(cell for cell in hexgrid.cells(20, 20) if board.at(cell) is kind))
             for kind in (Terrain.MOUNTAIN, Terrain.CASTLE, Terrain.TAVERN)}
    text = MAPPING.replace('"2": [T1]', f'"2": [{", ".join(first.values())}]')
    found = problems_of(text)
    for kind, where in first.items():
        assert (9, f"settlement of player 2 on {where}, a {kind.value} hex, where nobody can build") in found


def test_41_settlements():
    cells = [f"{row}{col}" for row in "FGHJ" for col in range(1, 21)][:41]  # buildable or not, 41 of them
    text = MAPPING.replace('"1": [A5, A6]', f'"1": [{", ".join(cells)}]')
    found = problems_of(text)
    assert any(line == 7 and "player 1 (Anna) has 41 settlements; a player has only 40" in m for line, m in found)


def test_grid_problems_name_their_row():
    text = EXAMPLE.read_text()
    lines = text.splitlines()
    row_a = line_of(text, "# A")
    tokens = lines[row_a - 1].split("#")[0].split()
    board = load(EXAMPLE).board
    wrong = "M" if board.at((0, 0)).letter != "M" else "W"

    def with_row_a(new_tokens: list[str]) -> str:
        changed = list(lines)
        changed[row_a - 1] = "    " + " ".join(new_tokens) + "  # A"
        return "\n".join(changed) + "\n"

    cases = [
        (with_row_a(tokens[:4] + ["x"] + tokens[5:]), row_a, "A5: unknown token 'x'"),
        (with_row_a(tokens[:-1]), row_a, "row A has 19 hexes, needs 20"),
        (with_row_a([wrong] + tokens[1:]), row_a,
         f"A1 reads '{wrong}' but the board has {board.at((0, 0)).value} ({board.at((0, 0)).letter}) there"),
        ("\n".join(lines[:row_a - 1] + lines[row_a:]) + "\n", line_of(text, "# 1 2 3") - 1,
         "the settlement grid has 19 rows, needs 20"),
    ]
    for bad, line, message in cases:
        found = problems_of(bad)
        assert any(l == line and message in m for l, m in found), (message, found)


def test_all_problems_at_once():
    text = (MAPPING.replace("knights", "knigths").replace("padd" "ock", "padock")
            .replace('{key: "2", name: Boris}', '{key: "1", name: Boris}'))
    assert len(problems_of(text)) >= 3


def test_malformed_section_file_is_reported_with_its_own_line(tmp_path):
    (tmp_path / "broken.txt").write_text("location: farm\nG G G\n")
    text = MAPPING.replace("[tavern, paddock, oasis, farm]", "[tavern, paddock, oasis, broken]")
    with pytest.raises(InputError) as caught:
        parse(text, "game.yaml", tmp_path)
    files = {(Path(p.file).name, p.line) for p in caught.value.problems}
    assert ("broken.txt", 2) in files


@pytest.mark.parametrize("text, message", [
    ("game: [", "not valid YAML"),
    ("- just\n- a list\n", "expected a YAML mapping"),
    ("", "expected a YAML mapping"),
])
def test_not_a_transcription(text, message):
    assert any(message in m for _, m in problems_of(text))


def test_missing_file():
    with pytest.raises(InputError) as caught:
        load(Path("/nonexistent/game.yaml"))
    assert "file not found" in str(caught.value)


# Section references reach only the transcription's folder and --boards-dir. Each row: the
# fourth board entry, and the message on the boards line.
REFERENCE_CASES = [
    ("/proc/self/environ", "section file '/proc/self/environ': refused: an absolute path"),
    ("/etc/passwd", "section file '/etc/passwd': refused: an absolute path"),
    ("../outside.txt", "section file '../outside.txt': refused: a path with '..'"),
    ("sub/../../outside.txt", "refused: a path with '..'"),
    ("evil.txt", "section file 'evil.txt': refused: a symbolic link that leads out"),
    ("evil", "board section 'evil': refused: a symbolic link that leads out"),
    ("outside-section.txt", "refused: a symbolic link that leads out"),
    ("a" * 300, "is not a section name (1 to 100 characters)"),
    ("kb1-" + "9" * 5000 + "-farm", "is not a section name (1 to 100 characters)"),
    ("kb99-1-farm", "no section generator version 99"),
]


@pytest.fixture
def folder(tmp_path):
    """A transcription's folder with hostile neighbours: links out, a FIFO, files that are not
    sections, and a real section file outside it."""
    import os

    (tmp_path / "outside.txt").write_text("SECRET=1\n")
    (tmp_path / "outside-section.txt").write_text((BOARDS / "kb1-1000-farm.txt").read_text())
    game = tmp_path / "game"
    game.mkdir()
    os.symlink("/etc/passwd", game / "evil.txt")
    os.symlink(tmp_path / "outside-section.txt", game / "outside-section.txt")
    os.mkfifo(game / "fifo.txt")
    (game / "env.txt").write_text("HOME=/root\nSECRET=hunter2\nPATH=/usr/bin\n")
    (game / "big.txt").write_text("# " + "x" * 9000 + "\n" + (BOARDS / "kb1-1000-farm.txt").read_text())
    (game / "mine.txt").write_text((BOARDS / "kb1-1000-farm.txt").read_text())
    return game


@pytest.mark.parametrize("entry, message", REFERENCE_CASES, ids=[c[1][:40] for c in REFERENCE_CASES])
def test_section_references_stay_in_the_chosen_folders(folder, entry, message):
    text = MAPPING.replace("[tavern, paddock, oasis, farm]", f"[tavern, paddock, oasis, '{entry}']")
    found = problems_of(text, folder)
    assert any(line == 2 and message in m for line, m in found), found


@pytest.mark.parametrize("entry, message", [
    ("fifo.txt", "is not a regular file"),
    ("big.txt", "is larger than 8 KB"),
    ("env.txt", "not a section file"),
])
def test_files_that_are_no_section_are_refused_unread(folder, entry, message):
    text = MAPPING.replace("[tavern, paddock, oasis, farm]", f"[tavern, paddock, oasis, {entry}]")
    with pytest.raises(InputError) as caught:
        parse(text, "game.yaml", folder)
    shown = str(caught.value)
    assert message in shown and "SECRET" not in shown and "hunter2" not in shown


def test_boards_dir_and_links_within_the_chosen_folders(folder, tmp_path):
    import os

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "oasis2.txt").write_text((BOARDS / "kb1-1000-oasis.txt").read_text())
    os.symlink(mine / "oasis2.txt", folder / "linked.txt")  # from the transcription's folder into --boards-dir
    text = MAPPING.replace("[tavern, paddock, oasis, farm]", "[tavern, paddock, oasis2, mine]")
    assert parse(text, "game.yaml", folder, boards_dir=mine).board.placements[2].section.name == "oasis2"
    text = MAPPING.replace("[tavern, paddock, oasis, farm]", "[tavern, paddock, linked.txt, farm]")
    assert parse(text, "game.yaml", folder, boards_dir=mine).board.placements[2].section.name == "oasis2"
    assert any("leads out" in m for _, m in problems_of(text, folder))  # without --boards-dir: out


def test_player_names_and_keys_are_the_text_typed():
    # YAML 1.1 would make Yes/No booleans, ~ null and 1 a number.
    text = MAPPING.replace('{key: "1", name: Anna}', "{key: 1, name: Yes}").replace('{key: "2", name: Boris}',
                                                                                   "{key: 2, name: ~}")
    game = parse(text, "game.yaml", BOARDS)
    assert [(p.key, p.name) for p in game.players] == [("1", "Yes"), ("2", "~")]
    assert game.settlements_of("1") == [cell("A5"), cell("A6")]


def test_a_bad_name_is_one_problem_not_one_per_settlement():
    # A line break in Anna's name is reported once; her key still marks her 40 settlements.
    text = EXAMPLE.read_text().replace('name: "Anna"', 'name: "An\\nna"')
    assert [m for _, m in problems_of(text)] == ["a player 'An\\nna' holds a line break or tab; a name is one line"]


def test_a_lowercase_terrain_letter_is_told_to_be_a_capital_and_problems_go_by_board_position():
    """Row D of the template's form: D2 'd' and D11 'g' typed in lowercase, D10 'x' and D15 'q'
    unknown. A lowercase letter says letters are capitals and lists what a hex may hold; the four
    come in board order (D2, D10, D11, D15), not in the order of their text (D10, D11, D15, D2)."""
    entries = ["tavern", "paddock", "oasis", "farm"]
    form = transcription_form(load_board(entries, [None] * 4, "x", BOARDS), entries, players=2)
    form = form.replace("cards: []", "cards: [lords, miners, hermits]")
    row = line_of(form, "# D")
    lines = form.splitlines()
    tokens = lines[row - 1].split("#")[0].split()
    for col, token in ((2, "d"), (10, "x"), (11, "g"), (15, "q")):
        tokens[col - 1] = token
    lines[row - 1] = "     " + " ".join(tokens) + "  # D"
    found = problems_of("\n".join(lines) + "\n")
    allowed = "a hex holds a player key 1, 2, '.', or one of G C D F T W M K L"
    assert found == [
        (row, f"D2: unknown token 'd': terrain letters are capitals ('D'); {allowed}"),
        (row, "D10: unknown token 'x' (a player key 1, 2, '.', or a terrain letter)"),
        (row, f"D11: unknown token 'g': terrain letters are capitals ('G'); {allowed}"),
        (row, "D15: unknown token 'q' (a player key 1, 2, '.', or a terrain letter)"),
    ]


def test_settlements_on_one_line_go_by_board_position():
    """The castle hexes of the default board, in the mapping form on one line, written in the
    order K-row first: the problems come row by row, then column by column (numerically)."""
    board = load_board(["tavern", "paddock", "oasis", "farm"], [None] * 4, "x", BOARDS)
    castles = [cell for cell in hexgrid.cells(20, 20) if board.at(cell) is Terrain.CASTLE]
    assert len(castles) >= 3
    text = MAPPING.replace('"2": [T1]', f'"2": [{", ".join(label(c) for c in reversed(castles))}]')
    found = [m for line, m in problems_of(text) if line == 9]
    assert found == [f"settlement of player 2 on {label(c)}, a castle hex, where nobody can build" for c in sorted(castles)]


# A transcription's `boards_dir:`: a folder of section files inside its own, read by the rules of
# section files (as `pnp template --boards-dir` writes it).
def test_boards_dir_in_the_transcription_finds_its_sections(tmp_path):
    (tmp_path / "sections").mkdir()
    (tmp_path / "sections" / "my-farm.txt").write_text((BOARDS / "kb1-1000-farm.txt").read_text())
    text = MAPPING.replace("[tavern, paddock, oasis, farm]", "[tavern, paddock, oasis, my-farm]\nboards_dir: sections")
    game = parse(text, "game.yaml", tmp_path)
    assert game.board.placements[3].section.name == "my-farm" and game.boards_dir == "sections"
    # Written back as it was named (a desk's save): the same game, the same folder.
    from pnp.games.kingdom_builder.transcription import dumps

    again = parse(dumps(game), "game.yaml", tmp_path)
    assert again == game and again.boards_dir == "sections"
    # --boards-dir, when given, is where sections are looked for instead.
    assert any("board section 'my-farm' not found" in m for _, m in problems_of_with(text, tmp_path, tmp_path / "sections" / ".."))


def problems_of_with(text: str, folder: Path, boards_dir: Path) -> list[tuple[int | None, str]]:
    with pytest.raises(InputError) as caught:
        parse(text, "game.yaml", folder, boards_dir)
    return [(p.line, p.message) for p in caught.value.problems]


@pytest.mark.parametrize("value, message", [
    ("/etc", "boards_dir '/etc': refused: an absolute path"),
    ("..", "boards_dir '..': refused: a path with '..'"),
    ("out", "boards_dir 'out': refused: a symbolic link that leads out"),
    ("loop", "boards_dir 'loop': refused: cannot be resolved (a symbolic link loop?)"),
    ("mine.txt", "boards_dir 'mine.txt' is not a folder"),
    ("nowhere", "boards_dir 'nowhere': no such folder"),
    ("[a, b]", "boards_dir needs a name, not a list"),
])
def test_boards_dir_stays_inside_the_transcriptions_folder(folder, tmp_path, value, message):
    import os

    os.symlink(tmp_path, folder / "out")
    os.symlink("loop", folder / "loop")
    text = MAPPING.replace("[tavern, paddock, oasis, farm]", f"[tavern, paddock, oasis, farm]\nboards_dir: {value}")
    found = problems_of(text, folder)
    assert any(line == 3 and m.startswith(message) for line, m in found), found
