"""Great Wall transcriptions: every problem with its line; properties of the engine."""

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pnp.errors import InputError
from pnp.games.great_wall.facts import TOKENS, Kind
from pnp.games.great_wall.model import LAST_ROUND_OVER, Card, Position, Section
from pnp.games.great_wall.rules import evaluate
from pnp.games.great_wall.template import transcription_form
from tests.readers import reader
parse = reader("great-wall").parse

EXAMPLE = (Path(__file__).resolve().parents[2] / "boards" / "examples" / "great-wall-last-round.yaml").read_text()


def problems_of(text: str) -> list[tuple[int | None, str]]:
    with pytest.raises(InputError) as caught:
        parse(text, "pos.yaml")
    return [(p.line, p.message) for p in caught.value.problems]


def line_of(fragment: str) -> int:
    return next(n for n, line in enumerate(EXAMPLE.splitlines(), 1) if fragment in line)


def test_example_reads():
    position = parse(EXAMPLE, "pos.yaml")
    assert position.players == ("Anna", "Boris", "Clara") and position.phase == LAST_ROUND_OVER
    assert position.sections[1].covered == {2} and position.sections[1].holder == "Anna"


CASES = [
    ("{player: Anna, card: wall}", "{player: Anna, card: wal}", "{player: Anna, card: wal}", "unknown card 'wal' (did you mean 'wall'?)"),
    ("{player: Anna, card: wall}", "{player: Ana, card: wall}", "{player: Ana, card: wall}", "unknown player 'Ana' (did you mean 'Anna'?)"),
    ("tokens: [4, 8]", "tokens: [4, 6]", "tokens: [4, 6]", "token '6' does not exist (token values: 1, 2, 3, 4, 5, 7, 8)"),
    ("tokens: [4, 8]", "tokens: [4, 8, 5]", "tokens: [4, 8, 5]", "section 1 has 3 face-up and 0 on-card tokens"),
    ("tokens: [5]", "tokens: [5, 2]", "tokens: [5, 2]", "section 2 has 2 face-up and 1 on-card tokens"),
    ("{player: Clara, card: dragon, covers: 3}", "{player: Clara, card: dragon, covers: 1}", "covers: 1}",
     "section 2, card 4: a Dragon cannot cover card 1, which carries a token"),
    ("{player: Clara, card: dragon, covers: 3}", "{player: Clara, card: wall, covers: 3}", "card: wall, covers: 3}",
     "section 2, card 4: only a Dragon covers another card"),
    ("{player: Clara, card: dragon, covers: 3}", "{player: Clara, card: dragon, covers: 4}", "covers: 4}",
     "section 2, card 4: covers 4 names the Dragon itself; it lies on an earlier card, 1 to 3"),
    ("next: Boris", "next: Doris", "next: Doris", "next is 'Doris', not one of the players (did you mean 'Boris'?)"),
    ("phase: last-round-over", "phase: over", "phase: over", "phase is 'over', expected 'playing' or 'last-round-over'"),
    ("pool: 24", "pool: 40", "pool: 40", "pool is '40', expected a number of tokens from 0 to 36"),
    ("  Anna: [5, 3]", "  Ann: [5, 3]", "  Ann: [5, 3]", "won: unknown player 'Ann' (did you mean 'Anna'?)"),
    ("players: [Anna, Boris, Clara]", "players: [Anna, Boris, Anna]", "players: [Anna, Boris, Anna]", "player 'Anna' is given twice"),
    ("players: [Anna, Boris, Clara]", "players: [Anna]", "players: [Anna]", "players needs a list of 2-5 names"),
    ("pool: 24", "pol: 24", "pol: 24", "unknown field 'pol' (did you mean 'pool'?)"),
]


def test_more_cards_of_a_kind_than_the_deck_holds():
    # A deck holds 5 Infantry: Boris with 6 is a typing mistake, reported on the 6th card's line
    # (section 1: Anna's wall is card 1, Boris's infantry cards 2 to 7).
    six = "\n".join(["      - {player: Boris, card: infantry}"] * 6)
    text = EXAMPLE.replace("      - {player: Boris, card: infantry}\n      - {player: Boris, card: infantry}", six)
    sixth = [n for n, l in enumerate(text.splitlines(), 1) if "{player: Boris, card: infantry}" in l][5]
    assert (sixth, "section 1, card 7: Boris has 6 infantry cards on the wall; a deck holds 5") in problems_of(text)


def test_more_tokens_of_a_value_than_the_game_has():
    # There are 2 tokens of value 8: one in section 1, so 2 more won by Boris make 3.
    text = EXAMPLE.replace("  Boris: [1, 3]", "  Boris: [1, 3, 8, 8]")
    assert (None, "3 tokens of value 8 on the table; the game has 2") in problems_of(text)


def test_too_many_sections_for_the_players():
    text = EXAMPLE.replace("players: [Anna, Boris, Clara]", "players: [Anna, Boris]").replace("  Clara: [2, 7]\n", "")
    assert any("3 sections open; with 2 players there are at most 2" in m for _, m in problems_of(text))


def test_all_problems_at_once():
    text = EXAMPLE.replace("card: wall}", "card: wal}").replace("pool: 24", "pool: 99").replace("next: Boris", "next: X")
    assert len(problems_of(text)) >= 4


def test_blank_form_lists_what_to_fill_in():
    found = problems_of(transcription_form(3))
    assert any("section 1 has no tokens while the pool holds 30" in m for _, m in found)


# Property tests on random positions the engine must treat consistently.
PLAYERS = ("P1", "P2", "P3", "P4")


@st.composite
def positions(draw):
    n = draw(st.integers(2, 4))
    players = PLAYERS[:n]
    supply = sorted(TOKENS.elements())
    draw(st.randoms(use_true_random=False)).shuffle(supply)
    sections = []
    for _ in range(draw(st.integers(0, min(n, 4)))):
        cards = []
        for index in range(draw(st.integers(0, 8))):
            kind = draw(st.sampled_from(list(Kind)))
            covers = None
            if kind is Kind.DRAGON and index and draw(st.booleans()):
                covers = draw(st.integers(0, index - 1))
                if covers in {c.covers for c in cards}:
                    covers = None
            cards.append(Card(draw(st.sampled_from(players)), kind, covers))
        first, second = supply.pop(), supply.pop()
        covered = {c.covers for c in cards}
        free = [i for i in range(len(cards)) if i not in covered]
        if free and draw(st.booleans()):  # the first token already lies on a card
            at = draw(st.sampled_from(free))
            cards[at] = Card(cards[at].player, cards[at].kind, cards[at].covers, first)
            sections.append(Section((second,), tuple(cards)))
        else:
            sections.append(Section((first, second), tuple(cards)))
    won = tuple((p, tuple(supply.pop() for _ in range(draw(st.integers(0, 2))))) for p in players)
    pool = draw(st.integers(0, len(supply) // 2)) * 2
    return Position(players, draw(st.sampled_from(players)), tuple(sections), won, pool, LAST_ROUND_OVER)


def tokens_in(position: Position) -> int:
    on_wall = sum(sum(s.tokens) + sum(c.token or 0 for c in s.cards) for s in position.sections)
    return on_wall + sum(sum(tokens) for _, tokens in position.won)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_tokens_are_conserved(position):
    # Every token taken moves from the wall to a player; none appears or vanishes.
    result = evaluate(position)
    assert tokens_in(result.final) == tokens_in(position)


@settings(max_examples=150, deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_renaming_players_changes_nothing(position, rng):
    new = [f"Q{k}" for k in range(len(position.players))]
    rng.shuffle(new)
    name = dict(zip(position.players, new))
    renamed = Position(
        tuple(name[p] for p in position.players), name[position.next],
        tuple(Section(s.tokens, tuple(Card(name[c.player], c.kind, c.covers, c.token) for c in s.cards))
              for s in position.sections),
        tuple((name[p], t) for p, t in position.won), position.pool, position.phase)
    before, after = evaluate(position), evaluate(renamed)
    assert {name[p]: v for p, v in before.totals().items()} == after.totals()
    assert tuple(name[p] for p in before.winners) == after.winners


def test_choose_is_read_and_checked():
    text = EXAMPLE.replace("  - tokens: [4, 8]\n", "  - tokens: [4, 8]\n    choose: {Boris: 4}\n")
    assert parse(text, "pos.yaml").sections[0].choices == (("Boris", 4),)
    bad = EXAMPLE.replace("  - tokens: [4, 8]\n", "  - tokens: [4, 8]\n    choose: {Boris: 5}\n")
    line = next(n for n, l in enumerate(bad.splitlines(), 1) if "choose:" in l)
    assert (line, "section 1: Boris cannot choose 5; the face-up tokens are 4, 8") in problems_of(bad)


# A 2-player position: one equal pair of 5s went back to the box (ruling GW-1). Tokens: 3 face
# up + 1 on a card + 6 taken + 24 in the pool + 2 boxed = 36.
TWO = """\
game: great-wall
players: [Ann, Bo]
next: Bo
pool: 24
boxed: [5]
won: {Ann: [3, 8], Bo: [1, 7, 2, 4]}
sections:
  - tokens: [2, 4]
    cards:
      - {player: Ann, card: infantry}
      - {player: Bo, card: cavalry}
  - tokens: [5]
    cards:
      - {player: Bo, card: gate, token: 3}
      - {player: Ann, card: nobility}
"""

SECTION_3 = ("  - tokens: [2, 3]\n    cards:\n      - {player: Clara, card: nobility}\n"
             "      - {player: Boris, card: tower}\n      - {player: Anna, card: infantry}\n"
             "      - {player: Anna, card: infantry}")

# Every row: (base, old, new, the line's fragment, the message). The example holds 5 tokens
# face up, 1 on a card, 6 taken and 24 in the pool: 36.
TOKEN_CASES = [
    (EXAMPLE, "pool: 24", "pool: 22", "pool: 22",
     "5 tokens face up, 1 on cards, 6 taken, 22 in the pool make 34; the game has 36"),
    (EXAMPLE, "pool: 24", "pool: 25", "pool: 25",
     "pool is 25, an odd number: tokens leave the pool 2 at a time"),
    (EXAMPLE, "  Boris: [1, 3]", "  Boris: [4]", "won:",
     "5 tokens taken face down, an odd number: completing a section gives 2"),
    (EXAMPLE, SECTION_3, SECTION_3 + "\n  - tokens: [1, 1]\n    cards: []", "sections:",
     "4 sections open; with 3 players there are at most 3"),
    # Digest, set-up and success check: while the pool holds tokens, every section has tokens.
    (EXAMPLE, SECTION_3, "", "sections:",
     "2 sections listed; with 3 players there are 3 while the pool still holds tokens"),
    (EXAMPLE, SECTION_3, "  - tokens: []\n    cards: []", "tokens: []",
     "section 3 has no tokens while the pool holds 24: type its face-up tokens (a completed section gets 2 new"),
    (EXAMPLE, "  - tokens: [2, 3]", "  - tokens: []", "tokens: []",
     "section 3 has no tokens but 4 cards; a completed section's cards are discarded"),
    (EXAMPLE, "  - tokens: [2, 3]\n    cards:", "  - cards:", "  - cards:",
     "section 3: needs tokens, the face-up tokens beside it ([] once completed)"),
    # Ruling GW-1: with 2 players no section shows an equal pair, nor was revealed with one.
    (TWO, "tokens: [2, 4]", "tokens: [4, 4]", "tokens: [4, 4]",
     "section 1 was revealed with two 4s; with 2 players an equal pair goes back to the box"),
    (TWO, "tokens: [5]", "tokens: [3]", "tokens: [3]", "section 2 was revealed with two 3s"),
    (EXAMPLE, "pool: 24", "pool: 22\nboxed: [7]", "boxed:",
     "boxed: only with 2 players are equal pairs put back in the box (ruling GW-1)"),
    (TWO, "boxed: [5]", "boxed: [5, x]", "boxed:", "token 'x' does not exist"),
    # covers: what is wrong, said plainly.
    (EXAMPLE, "{player: Anna, card: wall}", "{player: Anna, card: dragon, covers: 1}", "card: dragon, covers: 1}",
     "section 1, card 1: the first card of a section has no earlier card to cover"),
    (EXAMPLE, "covers: 3}", "covers: x}", "covers: x}",
     "section 2, card 4: covers is 'x'; it takes the number of the card the Dragon lies on, 1 to 3"),
    (EXAMPLE, "covers: 3}", "covers: 0}", "covers: 0}", "section 2, card 4: covers 0: cards are numbered from 1 (1 to 3)"),
    (EXAMPLE, "covers: 3}", "covers: 9}", "covers: 9}",
     "section 2, card 4: covers 9 names a card played after the Dragon; it lies on an earlier card, 1 to 3"),
    (EXAMPLE, "{player: Clara, card: wall}", "{player: Clara, card: wall, covers: 1}", "card: wall, covers: 1}",
     "section 2, card 2: only a Dragon covers another card, not a wall"),
    # Names are the text typed; keys compare as text.
    (EXAMPLE, "  Anna: [5, 3]", '  Anna: [5, 3]\n  "Anna": [4]', '"Anna": [4]', "'Anna' is given twice"),
    (EXAMPLE, "players: [Anna, Boris, Clara]", 'players: [Anna, Boris, "Clara\\nX"]', "players:",
     "a player 'Clara\\nX' holds a line break or tab; a name is one line"),
    (EXAMPLE, "players: [Anna, Boris, Clara]", "players: [Anna, Boris, [Clara]]", "players:",
     "a player needs a name, not a list"),
    (EXAMPLE, "pool: 24", "pool: " + "9" * 4301, "pool: 999", "pool is '99999999"),
]


ALL_CASES = [(EXAMPLE, *case) for case in CASES] + TOKEN_CASES


@pytest.mark.parametrize("base, old, new, where, message", ALL_CASES, ids=[c[4][:50] for c in ALL_CASES])
def test_problems_name_their_line(base, old, new, where, message):
    assert old in base
    text = base.replace(old, new, 1)
    line = next(n for n, l in enumerate(text.splitlines(), 1) if where in l)
    found = problems_of(text)
    assert any(l == line and message in m for l, m in found), found


def test_two_player_position_with_a_boxed_pair_reads():
    position = parse(TWO, "two.yaml")
    assert position.boxed == (5,) and position.pool == 24


def test_yaml_words_stay_player_names():
    # YAML 1.1 reads Yes/No as booleans and ~ as null; players named so keep their names.
    text = (TWO.replace("players: [Ann, Bo]", "players: [Yes, No]").replace("next: Bo", "next: No")
            .replace("Ann", "Yes").replace("Bo:", "No:").replace("player: Bo,", "player: No,"))
    position = parse(text, "names.yaml")
    assert position.players == ("Yes", "No") and position.next == "No" and dict(position.won)["No"] == (1, 7, 2, 4)


FINISHED = """\
game: great-wall
players: [Ann, Bo, Cy]
next: Cy
pool: 0
won: {Ann: [8, 8, 7, 7, 5, 5, 5, 5], Bo: [7, 7, 5, 5, 5, 5, 4, 4, 1, 1], Cy: [4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2]}
sections:
  - tokens: []
    cards: []
  - tokens: [2]
    cards:
      - {player: Cy, card: tower, token: 2}
      - {player: Ann, card: wall}
      - {player: Cy, card: gate}
"""


def test_a_completed_section_with_the_pool_empty_is_written_as_such():
    # With the pool empty a completed section stays empty ("tokens: []"), and a third section
    # may be left out. 34 taken + 2 in section 2 = 36.
    position = parse(FINISHED, "end.yaml")
    assert [s.tokens for s in position.sections] == [(), (2,)]
