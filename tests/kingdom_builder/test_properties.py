"""Properties of scoring that hold for any position: symmetry, renaming, sums."""

from pathlib import Path

from hypothesis import given, settings, strategies as st

from pnp.games.kingdom_builder.model import CARDS, Board, Position, Placement, Player
from pnp.games.kingdom_builder.rules import evaluate
from pnp.games.kingdom_builder.facts import UNBUILDABLE
from pnp.games.kingdom_builder.transcription import load_board

BOARDS = Path(__file__).resolve().parents[2] / "boards"
BOARD = load_board(["tavern", "paddock@180", "oasis", "farm"], [None] * 4, "x", BOARDS)
OPEN = [(r, c) for r in range(20) for c in range(20) if BOARD.at((r, c)) not in UNBUILDABLE]


@st.composite
def games(draw):
    players = draw(st.integers(2, 4))
    cells = draw(st.lists(st.sampled_from(OPEN), unique=True, max_size=120))
    owners = draw(st.lists(st.integers(0, players - 1), min_size=len(cells), max_size=len(cells)))
    cards = tuple(draw(st.permutations(CARDS))[:3])
    roster = tuple(Player(str(n + 1), f"P{n + 1}") for n in range(players))
    settlements = tuple(sorted((cell, str(owner + 1)) for cell, owner in zip(cells, owners)))
    lords_zero = draw(st.sampled_from(["included", "excluded"]))
    return Position(BOARD, cards, roster, settlements, lords_zero)


def gold_by_player(game: Position) -> dict[str, dict[str, int]]:
    return {s.player.key: {p.name: p.gold for p in s.parts} for s in evaluate(game).scores}


def turned(board: Board) -> Board:
    """The whole 20x20 board turned 180 degrees: each section turns and swaps corners."""
    tl, tr, bl, br = board.placements
    return Board(tuple(Placement(p.section, not p.turned) for p in (br, bl, tr, tl)))  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(games())
def test_turning_the_whole_board_changes_no_gold(game):
    moved = Position(turned(game.board), game.cards, game.players,
                 tuple(sorted(((19 - r, 19 - c), key) for (r, c), key in game.settlements)), game.lords_zero)
    assert all(moved.board.at((19 - r, 19 - c)) is game.board.at((r, c)) for r in range(20) for c in range(20))
    assert gold_by_player(moved) == gold_by_player(game)


@settings(max_examples=60, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_renaming_and_reordering_players_changes_no_gold(game, rng):
    keys = [p.key for p in game.players]
    new_keys = [f"x{n}" for n in range(len(keys))]
    rng.shuffle(new_keys)
    rename = dict(zip(keys, new_keys))
    roster = [Player(rename[p.key], f"name {rename[p.key]}") for p in game.players]
    rng.shuffle(roster)
    renamed = Position(game.board, game.cards, tuple(roster),
                   tuple((cell, rename[key]) for cell, key in game.settlements), game.lords_zero)
    before = gold_by_player(game)
    after = gold_by_player(renamed)
    assert {rename[k]: v for k, v in before.items()} == after


@settings(max_examples=60, deadline=None)
@given(games())
def test_total_is_the_sum_of_the_parts_and_winners_have_the_most(game):
    sheet = evaluate(game)
    for s in sheet.scores:
        assert [p.name for p in s.parts] == [*game.cards, "castles"]
        assert s.total == sum(p.gold for p in s.parts)
    best = max(s.total for s in sheet.scores)
    assert {p.key for p in sheet.winners} == {s.player.key for s in sheet.scores if s.total == best}
