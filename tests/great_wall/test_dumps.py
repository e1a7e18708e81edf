"""A Great Wall position written by `dumps` reads back as the same position, whatever the names."""

from pathlib import Path

from hypothesis import assume, given, settings, strategies as st

from pnp.errors import InputError
from pnp.games.great_wall.facts import TOKENS, Kind, sections_for
from pnp.games.great_wall.transcription import dumps
from tests.readers import reader
parse, load = reader("great-wall")
from pnp.yamlout import dumps as yaml_text
from tests.round_trip import names

EXAMPLES = Path(__file__).resolve().parents[2] / "boards" / "examples"
VALUES = sorted(TOKENS)
KINDS = [kind.value for kind in Kind]


def test_the_example_reads_back_the_same():
    position = load(EXAMPLES / "great-wall-last-round.yaml")
    assert parse(dumps(position), "again.yaml") == position


@st.composite
def documents(draw):
    """Transcriptions as plain data, mostly valid: the 36 tokens dealt out to the open sections (2
    each, or 1 face up and 1 on a card), an even number won, the rest in the pool; Dragons
    covering earlier cards, a recorded choice now and then."""
    players = draw(names(3, 5))  # 2 players add the boxed pairs of GW-1, left to the other tests
    bag = draw(st.permutations(sorted(TOKENS.elements())))
    sections = []
    for _ in range(sections_for(len(players))):
        cards = [{"player": draw(st.sampled_from(players)), "card": draw(st.sampled_from(KINDS))}
                 for _ in range(draw(st.integers(0, 4)))]
        for index, card in enumerate(cards):
            if card["card"] == "dragon" and index and draw(st.booleans()):
                card["covers"] = draw(st.integers(1, index))
        tokens, bag = list(bag[:2]), bag[2:]
        section = {"tokens": tokens, "cards": cards}
        if cards and draw(st.booleans()):
            cards[0]["token"] = tokens.pop()
        if len(tokens) == 2 and draw(st.booleans()):
            section["choose"] = {draw(st.sampled_from(players)): draw(st.sampled_from(tokens))}
        sections.append(section)
    taken, bag = bag[:2 * draw(st.integers(0, 3))], bag
    bag = bag[len(taken):]
    won: dict[str, list[int]] = {}
    for token in taken:
        won.setdefault(draw(st.sampled_from(players)), []).append(token)
    return {"game": "great-wall", "players": players, "next": draw(st.sampled_from(players)),
            "phase": draw(st.sampled_from(["playing", "last-round-over"])), "pool": len(bag),
            "won": won, "sections": sections}


@settings(max_examples=80, deadline=None)
@given(documents())
def test_any_position_reads_back_the_same(document):
    try:
        position = parse(yaml_text(document), "typed.yaml")
    except InputError:
        assume(False)  # not a position (too many tokens of a value, a Dragon on a token...)
    assert parse(dumps(position), "written.yaml") == position
