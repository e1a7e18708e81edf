"""Carolus Magnus transcriptions: every problem with its line; the commands as a user runs them."""

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.errors import InputError
from pnp.games.carolus_magnus.setup import random_setup
from pnp.games.carolus_magnus.template import transcription_form
from tests.readers import reader
parse = reader("carolus-magnus").parse

EXAMPLE_PATH = Path(__file__).resolve().parents[2] / "boards" / "examples" / "carolus-magnus-counterattack.yaml"
EXAMPLE = EXAMPLE_PATH.read_text()
runner = CliRunner()


def problems_of(text: str) -> list[tuple[int | None, str]]:
    with pytest.raises(InputError) as caught:
        parse(text, "pos.yaml")
    return [(p.line, p.message) for p in caught.value.problems]


CASES = [
    ("Wanda: {red: 7,", "Wanda: {rde: 7,", "Wanda: {rde", "court of Wanda: unknown clan 'rde' (did you mean 'red'?)"),
    ("clans: {red: Wanda,", "clans: {red: Bruno,", "clans:", "clans: the red marker is with Bruno (6 red in court), but Wanda has more (7)"),
    ("castles: {black: 3}}\n  - {name: F", "castles: {black: 3, white: 1}}\n  - {name: F", "name: A,",
     "territory A has castles of black and white; a territory holds castles of one side only"),
    ("segments: [4],", "segments: [3],", "name: F,", "segment 3 is in territory A and in territory F"),
    ("supply: {white: 8, black: 2}", "supply: {white: 8, black: 3}", "supply:",
     "black: 8 castles on the board and 3 in supply make 11, but a side has 10"),
    ("emperor: A", "emperor: Q", "emperor: Q", "emperor: no territory named 'Q'"),
    ("side: black}", "side: blak}", "side: blak}", "side 'blak' is not a castle colour (did you mean 'black'?)"),
    ("  - {name: J, segments: [15], paladins: {green: 1}}\n", "", "territories:", "segments 15 are in no territory"),
    ("paladins: {pink: 1}, castles: {white: 1}}", "paladins: {pink: 1}, castles: {black: 1}}", "name: C,",
     "territories X and C are neighbours with black castles: they would have merged"),
    ("{name: D, segments: [9, 10], paladins: {blue: 1, green: 1}, castles: {black: 2}}",
     "{name: D, segments: [9, 10], paladins: {blue: 1, green: 1}}", "name: D,",
     "territory D merges 2 segments but has no castles"),
    ("{name: F, segments: [4], paladins: {red: 1}, castles: {white: 1}}", "{name: F, segments: [4], paladins: {red: 1}, castles: {white: 2}}",
     "name: F,", "territory F has 2 castles on 1 segment; each segment holds one castle at most"),
    ("game: carolus-magnus", "game: carolus", "game: carolus", "game is 'carolus', expected 'carolus-magnus'"),
    # Side and clan names in any case, each once; discs 1 to 5, the one being played not in hand.
    ("{name: F, segments: [4], paladins: {red: 1}, castles: {white: 1}}",
     "{name: F, segments: [4], paladins: {red: 1}, castles: {white: x}}", "name: F,",
     "territory F: white needs a number of castles, not 'x'"),
    ("castles: {black: 3}}\n  - {name: F", "castles: {blak: 3}}\n  - {name: F", "name: A,",
     "territory A: unknown side 'blak' (did you mean 'black'?); sides: black, white, grey"),
    ("supply: {white: 8, black: 2}", "supply: {white: 8, black: 2, Black: 2}", "supply:", "supply: black is given twice"),
    ("clans: {red: Wanda,", "clans: {red: Wanda, RED: Wanda,", "clans:", "clans: red is given twice"),
    ("emperor: A", "emperor: A\ndiscs: {Wanda: [1, 6], Bruno: [2, 2]}", "discs:",
     "discs: Wanda needs a list of the discs still in hand, each 1 to 5 at most once"),
    ("emperor: A", "emperor: A\ndiscs: {Wanda: [1, 3]}\ndisc: {Wanda: 3}", "disc: {",
     "disc: Wanda played 3, but discs lists it as still in hand"),
    ("emperor: A", "emperor: A\ndisc: {Wanda: 3, Bruno: 4}", "disc: {", "disc names one player"),
    ("emperor: A", "emperor: A\ndisc: {Wanda: 0}", "disc: {", "disc: Wanda played '0'; discs are numbered 1 to 5"),
    ("emperor: A", "emperor: A\ndisc: {Wand: 2}", "disc: {", "disc: unknown player 'Wand' (did you mean 'Wanda'?)"),
]


@pytest.mark.parametrize("old, new, where, message", CASES, ids=[c[3][:40] for c in CASES])
def test_problems_name_their_line(old, new, where, message):
    assert old in EXAMPLE
    text = EXAMPLE.replace(old, new, 1)
    line = next(n for n, l in enumerate(text.splitlines(), 1) if where in l)
    found = problems_of(text)
    assert any(l == line and message in m for l, m in found), found


def test_cubes_beyond_the_box():
    # 31 red in Wanda's court + 6 in Bruno's + 4 in territories = 41; the box has 40 per clan.
    text = EXAMPLE.replace("Wanda: {red: 7,", "Wanda: {red: 31,")
    assert (None, "41 red cubes in courts and territories; the box has 40") in problems_of(text)


def test_four_players_need_two_partnerships():
    text = EXAMPLE.replace("  - {name: Bruno, side: black}", "  - {name: Bruno, side: black}\n  - {name: Cleo, side: grey}\n  - {name: Dan, side: black}")
    assert any("2 players on each of 2 sides" in m for _, m in problems_of(text))


@pytest.mark.parametrize("players, sides", [(2, {"black", "white"}), (3, {"black", "white", "grey"}), (4, {"black", "white"})])
def test_blank_form_is_an_empty_valid_position(players, sides):
    position = parse(transcription_form(players), "form.yaml")
    assert len(position.territories) == 15 and set(position.sides) == sides


def test_setup_places_3_cubes_of_each_clan_on_15_segments():
    for seed in range(30):
        setup = random_setup(3, seed)
        assert sorted(setup.circle) == list(range(1, 16)) and setup.emperor in setup.circle
        assert Counter(setup.cubes) == {c: 3 for c in ("red", "pink", "blue", "yellow", "green")}
        assert [len(r) for r in setup.reserves] == [9, 9, 9]  # 3 players: 3 rolls of 3 dice
    assert [len(r) for r in random_setup(2, 1).reserves] == [7, 7]  # 3 + 3 + 1
    assert random_setup(4, 1).sides == ("black", "white", "black", "white")
    assert random_setup(4, 9) == random_setup(4, 9)


def test_commands(tmp_path):
    data = json.loads(runner.invoke(app, ["score", "carolus-magnus", str(EXAMPLE_PATH), "--json"]).stdout)
    assert data["over"] is False and data["winners"] == []
    assert {s["side"]: s["castles"] for s in data["sides"]} == {"white": 2, "black": 8}
    assert [r["territory"] for r in data["reach"]] == ["F", "X", "C", "D", "E"]
    assert runner.invoke(app, ["check", "carolus-magnus", str(EXAMPLE_PATH)]).exit_code == 0
    text = runner.invoke(app, ["score", "carolus-magnus", str(EXAMPLE_PATH), "--explain"]).stdout
    assert "5 steps, E: white builds a castle" in text and "The game goes on." in text
    assert runner.invoke(app, ["template", "carolus-magnus", "--players", "3", "--out", str(tmp_path / "p.yaml")]).exit_code == 0
    assert "side: grey" in (tmp_path / "p.yaml").read_text()
    setup = json.loads(runner.invoke(app, ["setup", "carolus-magnus", "--players", "2", "--seed", "4", "--json"]).stdout)
    assert setup["emperor"] == random_setup(2, 4).emperor


def test_bad_file_exits_1_with_one_line_per_problem(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(EXAMPLE.replace("emperor: A", "emperor: Q").replace("side: black}", "side: blak}"))
    result = runner.invoke(app, ["check", "carolus-magnus", str(bad)])
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) >= 2
    assert all(line.startswith(str(bad)) for line in result.stderr.strip().splitlines())





def test_a_short_territory_while_castles_are_left_is_impossible():
    # Every segment of a territory with castles carries one: a build puts one on one segment, a
    # merge adds castles and segments alike, a takeover replaces as many as it removes; only a
    # takeover that runs out of castles places fewer (ruling CM-4), and then the supply is empty.
    text = EXAMPLE.replace("castles: {black: 3}}\n  - {name: F", "castles: {black: 2}}\n  - {name: F", 1).replace(
        "supply: {white: 8, black: 2}", "supply: {white: 8, black: 3}")
    line = next(n for n, l in enumerate(text.splitlines(), 1) if "name: A," in l)
    assert (line, "territory A has 2 castles on 3 segments while black still has 3 in supply; every segment of a "
                  "territory carries a castle unless a takeover ran out of castles (ruling CM-4)") in problems_of(text)


# Black's 10 castles all on the board, D short by one (4 on 5 segments): the takeover that made
# it ran out of castles (ruling CM-4), black's supply is empty and the game is over.
ALL_OUT = EXAMPLE.replace(
    "  - {name: D, segments: [9, 10], paladins: {blue: 1, green: 1}, castles: {black: 2}}\n"
    "  - {name: E, segments: [11], paladins: {red: 1}}\n"
    "  - {name: G, segments: [12], paladins: {yellow: 1}}\n"
    "  - {name: H, segments: [13], paladins: {pink: 1}}\n",
    "  - {name: D, segments: [9, 10, 11, 12, 13], paladins: {blue: 1, green: 1, red: 1, yellow: 1, pink: 1}, "
    "castles: {black: 4}}\n").replace("supply: {white: 8, black: 2}", "supply: {white: 8, black: 0}")


def test_a_short_territory_is_possible_once_the_supply_is_empty():
    position = parse(ALL_OUT, "all-out.yaml")
    assert [t.castle_count for t in position.territories if t.name == "D"] == [4]


def test_names_and_keys_are_text_and_sides_any_case():
    # Players named 1 and 2: the courts' and markers' keys are the same text (YAML would make
    # them numbers). Sides and clans may be written in any case; {black: 0} means no castle.
    numbered = EXAMPLE.replace("Wanda", "1").replace("Bruno", "2")
    assert [p.name for p in parse(numbered, "n.yaml").players] == ["1", "2"]
    shouted = (EXAMPLE.replace("side: white}", "side: White}").replace("castles: {black: 3}", "castles: {BLACK: 3}")
               .replace("supply: {white: 8, black: 2}", "supply: {White: 8, Black: 2}")
               .replace("clans: {red: Wanda", "clans: {Red: Wanda")
               .replace("{name: E, segments: [11], paladins: {red: 1}}",
                        "{name: E, segments: [11], paladins: {red: 1}, castles: {black: 0}}"))
    assert parse(shouted, "s.yaml") == parse(EXAMPLE, "pos.yaml")


def test_discs_are_read():
    text = EXAMPLE + "discs: {Wanda: [1, 2, 4], Bruno: [3, 5]}\ndisc: {Wanda: 3}\n"
    position = parse(text, "d.yaml")
    assert position.discs == (("Wanda", (1, 2, 4)), ("Bruno", (3, 5))) and position.disc == ("Wanda", 3)


def test_one_misspelt_side_is_one_problem():
    """Wanda's side misspelt once gave 8 lines: her court, both clan markers she holds, white's
    castles and white's supply, all as if she were not there. She is still Wanda; what rests on
    her side is left unsaid."""
    text = EXAMPLE.replace("side: white}", "side: whte}")
    line = next(n for n, l in enumerate(text.splitlines(), 1) if "whte" in l)
    assert problems_of(text) == [(line, "side 'whte' is not a castle colour (did you mean 'white'?); "
                                        "sides: black, white, grey")]


def test_a_misspelt_side_and_a_misspelt_castle_side_are_two_problems():
    """A second typo in D's castles is its own line, not hidden among the first's echoes, and adds
    none of its own: D still has castles (merged territories carry them) and black's count
    (6 on the board, 2 in supply) is not worked out without them."""
    text = EXAMPLE.replace("side: white}", "side: whte}").replace("castles: {black: 2}", "castles: {blak: 2}")
    lines = text.splitlines()
    at = [next(n for n, l in enumerate(lines, 1) if word in l) for word in ("whte", "blak")]
    assert problems_of(text) == [
        (at[0], "side 'whte' is not a castle colour (did you mean 'white'?); sides: black, white, grey"),
        (at[1], "territory D: unknown side 'blak' (did you mean 'black'?); sides: black, white, grey")]
