"""A Carolus Magnus position written by `dumps` reads back as the same position."""

from pathlib import Path

from hypothesis import assume, given, settings, strategies as st

from pnp.errors import InputError
from pnp.games.carolus_magnus.facts import CLAN_NAMES, SIDE_NAMES, castles_per_side
from pnp.games.carolus_magnus.transcription import dumps
from tests.readers import reader
parse, load = reader("carolus-magnus")
from pnp.yamlout import dumps as yaml_text
from tests.round_trip import names

EXAMPLES = Path(__file__).resolve().parents[2] / "boards" / "examples"


def test_the_example_reads_back_the_same():
    position = load(EXAMPLES / "carolus-magnus-counterattack.yaml")
    assert parse(dumps(position), "again.yaml") == position


@st.composite
def documents(draw):
    """Positions as plain data: the 15 segments cut into territories clockwise, castles on some
    (merged ones always, one a segment), courts whose markers follow the leaders, supplies that
    add up."""
    players = draw(names(2, 3))
    sides = draw(st.permutations(SIDE_NAMES))[:len(players)]
    courts = {p: {c: draw(st.integers(0, 6)) for c in CLAN_NAMES if draw(st.booleans())} for p in players}
    clans = {}
    for clan in CLAN_NAMES:
        counts = {p: courts[p].get(clan, 0) for p in players}
        top = max(counts.values())
        leaders = [p for p, n in counts.items() if n == top]
        if len(leaders) == 1 and top:
            clans[clan] = leaders[0]
    cuts = sorted(draw(st.sets(st.integers(1, 14), min_size=4, max_size=14)))
    spans = [list(range(a, b)) for a, b in zip([1, *[c + 1 for c in cuts]], [*[c + 1 for c in cuts], 16])]
    territories, previous = [], None
    for number, segments in enumerate(spans, start=1):
        territory = {"name": draw(st.sampled_from([f"T{number}", f"{number}", f"no {number}"])), "segments": segments,
                     "paladins": {c: draw(st.integers(1, 2)) for c in CLAN_NAMES if draw(st.booleans())}}
        side = draw(st.sampled_from([s for s in sides if s != previous])) if len(segments) > 1 or draw(st.booleans()) else None
        if side:
            territory["castles"] = {side: len(segments)}  # one a segment: CM-4 runs short only on an empty supply
        previous = side
        territories.append(territory)
    on_board = {s: sum(t["castles"].get(s, 0) for t in territories if "castles" in t) for s in sides}
    return {"game": "carolus-magnus", "players": [{"name": p, "side": s} for p, s in zip(players, sides)],
            "courts": courts, "clans": clans, "territories": territories,
            "emperor": draw(st.sampled_from(territories))["name"],
            "supply": {s: castles_per_side(len(players)) - on_board[s] for s in sides}}


@settings(max_examples=50, deadline=None)
@given(documents())
def test_any_position_reads_back_the_same(document):
    try:
        position = parse(yaml_text(document), "typed.yaml")
    except InputError:
        assume(False)  # the first and last territories hold the same side's castles, say
    assert parse(dumps(position), "written.yaml") == position
