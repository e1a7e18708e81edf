"""Section files (DESIGN.md format) and the digest's facts about published sections."""

import pytest

from pnp.errors import InputError
from pnp.games.kingdom_builder.library import bundled_dir
from pnp.games.kingdom_builder.section import design_problems, parse_section, read_section
from pnp.games.kingdom_builder.facts import Terrain

ROWS = [  # the bundled oasis section: castle at (3, 2), oasis hexes at (2, 5) and (4, 8)
    "T T T D T M M M C T",
    " D D D D D M M C C C",
    "D D D D F L M C C C",
    " D D K F M M C C C T",
    "G D D F F F C C L T",
    " G C W W F G G T G T",
    "C C W W F G G G G G",
    " W W W W F G G T G T",
    "W W W W F F T G F G",
    " W W W W W F F F T T",
]
GOOD = "# a comment\nlocation: oasis\n" + "\n".join(ROWS) + "\n"


def test_parses_rows_location_and_turn():
    section = parse_section(GOOD, "mine", "mine.txt")
    assert section.location is Terrain.OASIS
    assert section.at((0, 0)) is Terrain.FOREST
    assert section.at((3, 2)) is Terrain.CASTLE
    assert section.at((2, 5)) is Terrain.OASIS  # 'L' is the section's location type
    # Turned 180 degrees, local (i, j) shows what was at (9 - i, 9 - j).
    assert section.at((0, 0), turned=True) is section.at((9, 9))
    assert section.at((6, 7), turned=True) is Terrain.CASTLE


def test_text_round_trips():
    section = parse_section(GOOD, "mine", "mine.txt")
    assert parse_section(section.to_text(), "mine", "x") == section


@pytest.mark.parametrize("text, line, message", [
    (GOOD.replace("location: oasis", "location: casino"), 2, "unknown location type 'casino'"),
    (GOOD.replace("location: oasis\n", ""), None, "not a section file"),
    (GOOD.replace("T T T D T M M M C T", "T T T D T M M M C"), 3, "row has 9 hexes, needs 10"),
    (GOOD.replace(" D D K F M", " D D X F M"), 6, "unknown hex 'X'"),
    (GOOD.replace(" W W W W W F F F T T\n", ""), 11, "has 9 rows of hexes, needs 10"),
])
def test_malformed_files_name_line_and_problem(text, line, message):
    with pytest.raises(InputError) as caught:
        parse_section(text, "bad", "bad.txt")
    assert any(p.line == line and message in p.message and p.file == "bad.txt" for p in caught.value.problems), caught.value


def test_all_problems_at_once():
    text = GOOD.replace("location: oasis", "location: casino").replace(" D D K F M", " D D X F M")
    with pytest.raises(InputError) as caught:
        parse_section(text, "bad", "bad.txt")
    assert len(caught.value.problems) == 2


def test_bundled_sections_are_valid_per_the_digest():
    files = sorted(bundled_dir().glob("*.txt"))
    assert len(files) >= 4
    for path in files:
        assert design_problems(read_section(path)) == [], path.name


def test_design_rules_catch_each_fault():
    good = parse_section(GOOD, "mine", "mine.txt")
    assert design_problems(good) == []
    # Castle moved onto the border (row 1): "no special hex on the section's outer border".
    border = GOOD.replace("T T T D T M M M C T", "T K T D T M M M C T").replace(" D D K F M", " D D D F M")
    assert any("border" in p for p in design_problems(parse_section(border, "b", "b")))
    # "No two special hexes touch", and an oasis section has exactly 2 oasis hexes.
    touching = GOOD.replace(" D D K F M", " D D K L M")  # an oasis hex beside the castle
    problems = design_problems(parse_section(touching, "t", "t"))
    assert any("touches another special hex" in p for p in problems)
    assert any("3 oasis hexes" in p for p in problems)
    # Oracle sections carry 2 castles and 1 location hex.
    oracle = GOOD.replace("location: oasis", "location: oracle")
    assert any("needs 2 and 1" in p for p in design_problems(parse_section(oracle, "o", "o")))
