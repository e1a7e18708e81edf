"""A Great Wall position written by `dumps` reads back as the same position, whatever the names."""

from pathlib import Path

from hypothesis import assume, given, settings, strategies as st

from pnp.errors import InputError
from pnp.games.great_wall.facts import TOKENS, Kind
from pnp.games.great_wall.transcription import dumps, load, parse
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
    """Transcriptions as plain data, mostly valid: 1 or 2 face-up tokens (the other on a card),
    Dragons covering earlier cards, a recorded choice now and then."""
    players = draw(names(2, 5))
    sections = []
    for _ in range(draw(st.integers(0, 2 if len(players) == 2 else 3))):
        cards = [{"player": draw(st.sampled_from(players)), "card": draw(st.sampled_from(KINDS))}
                 for _ in range(draw(st.integers(0, 4)))]
        for index, card in enumerate(cards):
            if card["card"] == "dragon" and index and draw(st.booleans()):
                card["covers"] = draw(st.integers(1, index))
        tokens = draw(st.lists(st.sampled_from(VALUES), min_size=2, max_size=2))
        section = {"tokens": tokens, "cards": cards}
        if cards and draw(st.booleans()):
            cards[0]["token"] = tokens.pop()
        if len(tokens) == 2 and draw(st.booleans()):
            section["choose"] = {draw(st.sampled_from(players)): draw(st.sampled_from(tokens))}
        sections.append(section)
    won = {player: draw(st.lists(st.sampled_from(VALUES), max_size=3)) for player in players if draw(st.booleans())}
    return {"game": "great-wall", "players": players, "next": draw(st.sampled_from(players)),
            "phase": draw(st.sampled_from(["playing", "last-round-over"])), "pool": draw(st.integers(0, 12)),
            "won": won, "sections": sections}


@settings(max_examples=80, deadline=None)
@given(documents())
def test_any_position_reads_back_the_same(document):
    try:
        position = parse(yaml_text(document), "typed.yaml")
    except InputError:
        assume(False)  # not a position (too many tokens of a value, a Dragon on a token...)
    assert parse(dumps(position), "written.yaml") == position
