"""A Kingdom Builder game written by `dumps` reads back as the same game; hexes to check survive."""

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

from pnp.errors import InputError
from pnp.games import GAMES
from pnp.games.kingdom_builder.model import CARDS, label
from pnp.games.kingdom_builder.transcription import dumps, load_board, unsure_hexes
from tests.readers import reader
parse, load = reader("kingdom-builder")
from pnp.yamlout import dumps as yaml_text
from tests.round_trip import names

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "boards" / "examples" / "first-game.yaml"
LOCATIONS = ("tavern", "paddock", "oasis", "farm", "oracle", "tower", "harbor", "barn")
KEYS = ("1", "2", "a", "yes", "null", "07", "Ж", "x#y", "p-1")
COLOURS = (None, "white", "orange", "#1c4fa8", "#3a7d2c")  # a player's piece colour, for photo scans; None: not given


def test_the_example_reads_back_the_same():
    game = load(EXAMPLE)
    text = dumps(game)
    assert parse(text, "again.yaml", EXAMPLE.parent) == game
    assert "settlements: |" in text and "  # A\n" in text  # the grid as the template lays it out


@st.composite
def documents(draw):
    entries = [name + draw(st.sampled_from(["", "@180"])) for name in draw(st.permutations(LOCATIONS))[:4]]
    board = load_board(entries, [None] * 4, "x", ROOT)
    players = draw(st.integers(2, 4))
    keys = draw(st.lists(st.sampled_from(KEYS), min_size=players, max_size=players, unique=True))
    people = draw(names(players, players))
    colours = draw(st.lists(st.sampled_from(COLOURS), min_size=players, max_size=players))
    cells = draw(st.lists(st.tuples(st.integers(0, 19), st.integers(0, 19)), unique=True, max_size=60))
    cells = [c for c in cells if board.at(c).value not in ("mountain", "castle") and not board.at(c).is_location]
    settlements = {key: [] for key in keys}
    for cell in cells:
        settlements[draw(st.sampled_from(keys))].append(label(cell))
    return {"game": "kingdom-builder", "boards": entries, "cards": draw(st.permutations(CARDS))[:3],
            "players": [{"key": k, "name": n} | ({"colour": c} if c else {}) for k, n, c in zip(keys, people, colours)],
            "lords_zero": draw(st.sampled_from(["included", "excluded"])), "settlements": settlements}


@settings(max_examples=50, deadline=None)
@given(documents())
def test_any_game_reads_back_the_same(document):
    try:
        game = parse(yaml_text(document), "typed.yaml", ROOT)
    except InputError:
        assume(False)
    assert parse(dumps(game), "written.yaml", ROOT) == game


def test_player_colours_are_written_back():
    text = EXAMPLE.read_text(encoding="utf-8").replace('name: "Anna"}', 'name: "Anna", colour: "#3A7D2C"}')
    game = parse(text, "typed.yaml", EXAMPLE.parent)
    assert game.players[0].colour == "#3a7d2c"  # as the scanner reads it: lower case
    assert parse(dumps(game), "written.yaml", EXAMPLE.parent) == game


def test_section_files_keep_the_names_they_were_given(tmp_path):
    # A section file in a subfolder is named by its path: written back by its section's name
    # ("oasis") it would silently become the default set's oasis.
    (tmp_path / "my").mkdir()
    default = (ROOT / "boards" / "kb1-1000-oasis.txt").read_text()
    head, _, grid = default.partition("location: oasis\n")
    (tmp_path / "my" / "oasis.txt").write_text(head + "location: oasis\n" + grid.replace("W", "G", 1))  # one lake less
    text = EXAMPLE.read_text().replace("kb1-1000-oasis", "./my/oasis.txt")
    game = parse(text, "game.yaml", tmp_path)
    written = GAMES["kingdom-builder"].dumps(game)
    assert "./my/oasis.txt" in written
    assert parse(written, "game.yaml", tmp_path) == game
    by_name = dumps(replace(game, entries=()))  # as if the position had not been read from a file
    with pytest.raises(InputError, match="N10 reads 'G' but the board has water"):
        parse(by_name, "by-name.yaml", tmp_path)  # by name it is the default oasis: the letters disagree


def test_hexes_to_check_are_read_and_written():
    scanned = "# check: E7 (unsure: dark photo)\n# check: T20, A1 (unsure)\n" + EXAMPLE.read_text()
    assert unsure_hexes(scanned) == ["E7", "T20", "A1"]
    # A row of the grid `pnp scan` fills: every hex of its comment, whatever the brackets say.
    row = "    D D 1 1 F  # A  # check: A3 (unsure: white or empty), A4 (unsure: player B2 or empty), A20 (not in the photo)\n"
    assert unsure_hexes(row) == ["A3", "A4", "A20"]
    game = load(EXAMPLE)
    assert unsure_hexes(GAMES["kingdom-builder"].dumps_unsure(game, ("E7", "B2"))) == ["E7", "B2"]
    assert unsure_hexes(EXAMPLE.read_text()) == []  # its comments mention no "check:"
