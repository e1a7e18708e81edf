"""End-game gold per the Kingdom Builder digest, on small hand-worked boards.

Boards are all grass except the hexes named; coordinates are A1..T20 (row letter, column).
Neighbours follow the digest's odd-r rule: row letters A, C, E... are even rows (0, 2, 4...).
"""

import pytest

from pnp.games.kingdom_builder.components import catalog
from pnp.games.kingdom_builder.report import words
from pnp.games.kingdom_builder.rules import evaluate
from pnp.render.i18n import LANGUAGES
from pnp.games.kingdom_builder.facts import Terrain
from tests.kingdom_builder.kb import board, cell, game

W, M, K = Terrain.WATER, Terrain.MOUNTAIN, Terrain.CASTLE


def gold(the_game, key: str, card: str) -> int:
    sheet = evaluate(the_game)
    return next(s for s in sheet.scores if s.player.key == key).gold(card)


def test_fishermen_count_settlements_next_to_water_but_not_on_it():
    the_board = board({"C7": W, "T19": W, "T20": W})
    # C6 and C8 are C7's west and east neighbours: 2. A1 touches no water: 0.
    # S19 = (18, 18), an even row, touches (19, 18) = T19: 1.
    # T20 stands on water (Harbor); it touches T19 but scores nothing for Fishermen.
    # Player 2's D7 = (3, 6), odd row, touches (2, 6) = C7: 1 for player 2 only.
    g = game(the_board, {"1": ["C6", "C8", "A1", "S19", "T20"], "2": ["D7"]}, cards=("fishermen", "knights", "lords"))
    assert gold(g, "1", "fishermen") == 3
    assert gold(g, "2", "fishermen") == 1


def test_miners_count_settlements_next_to_a_mountain():
    the_board = board({"E5": M})
    # E5 = (4, 4). D5 = (3, 4), odd row: neighbours (2,4) (2,5) (4,4) (4,5) (3,3) (3,5) -> touches.
    # E6 = (4, 5) is its east neighbour -> touches. F4 = (5, 3), odd: (4,3) (4,4) -> touches.
    # F6 = (5, 5), odd: (4,5) (4,6) (6,5) (6,6) (5,4) (5,6) -> does not touch. Total 3.
    g = game(the_board, {"1": ["D5", "E6", "F4", "F6"], "2": ["A1"]}, cards=("miners", "knights", "lords"))
    assert gold(g, "1", "miners") == 3
    assert gold(g, "2", "miners") == 0


# Castle C3 = (2, 2), tavern C6 = (2, 5), oasis H3 = (7, 2).
LINKS = {"C3": K, "C6": Terrain.TAVERN, "H3": Terrain.OASIS, "R18": K}
# Area 1: C4, C5. C4 touches C3 (west), C5 touches C6 (east): links castle C3 and tavern C6.
# Area 2: C2-D2-E2-F2-G2-G3, a chain down the left: C2 touches C3 (east), G3 = (6, 2) even row
#   touches (7, 2) = H3: links castle C3 and oasis H3. C3 is linked by both areas.
# Area 3: I3 = (8, 2) alone, touches H3 only: links nothing.
PLAYER_1 = ["C4", "C5", "C2", "D2", "E2", "F2", "G2", "G3", "I3"]


def test_merchants_count_each_linked_hex_once_per_player():
    # Linked hexes: C3, C6 (area 1) and C3, H3 (area 2) -> {C3, C6, H3} = 3 hexes x 4 = 12,
    # not 16: C3 counts once although two areas link it. R18, untouched, is not linked.
    g = game(board(LINKS), {"1": PLAYER_1, "2": ["A20"]}, cards=("merchants", "knights", "lords"))
    assert gold(g, "1", "merchants") == 12
    assert gold(g, "2", "merchants") == 0
    part = evaluate(g).scores[0].parts[0]
    assert part.cells == {cell("C3"), cell("C6"), cell("H3")}


def test_merchants_need_two_special_hexes_on_one_area():
    # A single settlement between nothing but one castle links nothing: 0.
    g = game(board({"C3": K, "C6": K}), {"1": ["C4"], "2": ["C7"]}, cards=("merchants", "knights", "lords"))
    assert gold(g, "1", "merchants") == 0
    # C4 + C5 touch C3 and C6 together: 2 linked hexes x 4 = 8.
    g = game(board({"C3": K, "C6": K}), {"1": ["C4", "C5"], "2": ["A1"]}, cards=("merchants", "knights", "lords"))
    assert gold(g, "1", "merchants") == 8


def test_workers_count_settlements_next_to_a_castle_or_location():
    # From the layout above: C4 (C3), C5 (C6), C2 (C3), D2 = (3, 1) odd row touching (2, 2) = C3,
    # G3 (H3), I3 = (8, 2) even row touching (7, 2) = H3. E2, F2, G2 touch none. Total 6.
    g = game(board(LINKS), {"1": PLAYER_1, "2": ["A20"]}, cards=("workers", "knights", "lords"))
    assert gold(g, "1", "workers") == 6


def test_castles_give_3_per_castle_touched_once_however_many_settlements():
    # C3 is touched by C4, C2 and D2: 3 gold once. R18 is untouched. Player 2 at A20: 0.
    g = game(board(LINKS), {"1": PLAYER_1, "2": ["A20"]})
    assert gold(g, "1", "castles") == 3
    assert gold(g, "2", "castles") == 0


def test_discoverers_count_rows_with_a_settlement():
    # Rows A (twice), C and T: 3 rows.
    g = game(board(), {"1": ["A1", "A9", "C4", "T20"], "2": ["B2"]}, cards=("discoverers", "knights", "lords"))
    assert gold(g, "1", "discoverers") == 3
    assert gold(g, "2", "discoverers") == 1


def test_knights_score_the_fullest_row_only():
    # Row C holds 3, row D 2: 3 x 2 = 6. Player 2: rows B and E hold 2 each (a tie): 2 x 2 = 4.
    g = game(board(), {"1": ["C1", "C5", "C9", "D1", "D2"], "2": ["B10", "B12", "E10", "E12"]})
    assert gold(g, "1", "knights") == 6
    assert gold(g, "2", "knights") == 4


def test_knights_on_a_tie_show_one_row_the_topmost():
    # Digest, Knights: the row holding the most, "one row only". Player 2's rows B and E hold 2
    # each: the picture rings B10 and B12 (the topmost of the tied rows) and the text names row B;
    # ringing E10 and E12 as well, or instead, would show a row that earned nothing more.
    g = game(board(), {"1": ["C1", "C5", "C9", "D1", "D2"], "2": ["B10", "B12", "E10", "E12"]})
    part = next(p for p in evaluate(g).scores[1].parts if p.name == "knights")
    assert part.cells == {cell("B10"), cell("B12")}
    assert dict(part.explain[0].values)["row"] == "B"


def test_hermits_count_areas_and_citizens_halve_the_largest():
    # From the layout above player 1 has 3 areas: {C4, C5}, the 6-settlement chain, {I3}.
    # Hermits: 3. Citizens: largest area 6 -> 6 // 2 = 3.
    g = game(board(LINKS), {"1": PLAYER_1, "2": ["A20", "A19", "A18", "T1", "T2", "T3", "T4", "T5", "T6", "T7"]},
             cards=("hermits", "citizens", "lords"))
    assert gold(g, "1", "hermits") == 3
    assert gold(g, "1", "citizens") == 3
    # Player 2: areas {A18-A20} and {T1..T7}: hermits 2; largest 7 -> 7 // 2 = 3 (rounded down).
    assert gold(g, "2", "hermits") == 2
    assert gold(g, "2", "citizens") == 3


def test_areas_are_linked_only_by_own_settlements():
    # C1 and C3 of player 1 with player 2's C2 between them: two areas, not one.
    g = game(board(), {"1": ["C1", "C3"], "2": ["C2"]}, cards=("hermits", "citizens", "lords"))
    assert gold(g, "1", "hermits") == 2
    assert gold(g, "1", "citizens") == 0  # largest area 1 -> 1 // 2 = 0


def top_left(count: int, first_row: str = "A") -> list[str]:
    """`count` settlements in the top-left sector (rows A-J, columns 1-10)."""
    rows = "ABCDEFGHIJ"
    start = rows.index(first_row)
    return [f"{rows[start + i // 10]}{i % 10 + 1}" for i in range(count)]


def test_lords_rulebook_example_8_8_6_2_under_both_readings():
    # Rulebook: counts 8, 8, 6, 2 in a sector give 12, 12, 6, 0.
    g = game(board(), {"1": top_left(8, "A"), "2": top_left(8, "C"), "3": top_left(6, "E"), "4": top_left(2, "G")},
             cards=("lords", "knights", "fishermen"))
    # Ruling KB-1 (default): zero takes part, and in the other 3 sectors everybody has 0 -> all
    # tie for highest -> 12 each there. Totals: 12+36, 12+36, 6+36, 0+36.
    assert [gold(g, k, "lords") for k in "1234"] == [48, 48, 42, 36]
    # The other reading: players with 0 in a sector never score there -> only the example's sector.
    g = game(g.board, {"1": top_left(8, "A"), "2": top_left(8, "C"), "3": top_left(6, "E"), "4": top_left(2, "G")},
             cards=("lords", "knights", "fishermen"), lords_zero="excluded")
    assert [gold(g, k, "lords") for k in "1234"] == [12, 12, 6, 0]


def test_lords_two_players_5_against_0():
    # Ruling KB-1 example: 5 vs 0 gives 12 and 6; the 3 empty sectors give both 12.
    g = game(board(), {"1": top_left(5), "2": []}, cards=("lords", "knights", "fishermen"))
    assert [gold(g, k, "lords") for k in "12"] == [12 + 36, 6 + 36]
    g = game(g.board, {"1": top_left(5), "2": []}, cards=("lords", "knights", "fishermen"), lords_zero="excluded")
    assert [gold(g, k, "lords") for k in "12"] == [12, 0]


def test_lords_excluded_still_counts_a_single_settlement():
    # Top-left: 3 against 1. Ruling KB-1's other reading leaves out only the zeros: 12 and 6
    # there, 0 in the three empty sectors. Zero taking part, those give both 12: 48 and 42.
    g = game(board(), {"1": top_left(3), "2": top_left(1, "E")}, cards=("lords", "knights", "fishermen"), lords_zero="excluded")
    assert [gold(g, k, "lords") for k in "12"] == [12, 6]
    # The picture rings the settlements in the sectors that earned gold: all 3 of player 1's.
    lords = next(p for p in evaluate(g).scores[0].parts if p.name == "lords")
    assert lords.cells == {cell(c) for c in top_left(3)}
    g = game(g.board, {"1": top_left(3), "2": top_left(1, "E")}, cards=("lords", "knights", "fishermen"))
    assert [gold(g, k, "lords") for k in "12"] == [48, 42]


def test_farmers_rulebook_example_fewest_4_gives_12():
    # Sector counts 8 (top-left), 4 (top-right), 9 (bottom-left), 10 (bottom-right): fewest 4 x 3 = 12.
    settlements = (top_left(8) + [f"A{11 + i}" for i in range(4)]
                   + [f"K{1 + i}" for i in range(9)] + [f"K{11 + i}" for i in range(10)])
    g = game(board(), {"1": settlements, "2": ["A1"]}, cards=("farmers", "knights", "fishermen"))
    assert gold(g, "1", "farmers") == 12
    # The picture rings the 4 settlements of the fewest sector, top-right: A11 to A14.
    farmers = next(p for p in evaluate(g).scores[0].parts if p.name == "farmers")
    assert farmers.cells == {cell(f"A{11 + i}") for i in range(4)}
    # Player 2 has nothing in three sectors: 0.
    assert gold(g, "2", "farmers") == 0


def test_total_and_winners_share_a_tie():
    # Knights only differ: P1 row A 2 settlements -> 4; P2 row C 2 -> 4; P3 1 -> 2.
    # Fishermen and Merchants give nobody anything on an all-grass board; no castles.
    g = game(board(), {"1": ["A1", "A2"], "2": ["C1", "C2"], "3": ["E1"]})
    sheet = evaluate(g)
    assert [s.total for s in sheet.scores] == [4, 4, 2]
    # Ruling KB-2: no tie-break, both are winners.
    assert [p.name for p in sheet.winners] == ["P1", "P2"]


# The LINKS board with water at C7 and T20 and a mountain at E5; player 1 adds C8 (C7's east
# neighbour), E6 (E5's east neighbour) and T20 (on water) to PLAYER_1; player 2 has A20 alone.
EXPLAINED = {"C7": W, "T20": W, "E5": M}
EXPLAINED_1 = [*PLAYER_1, "C8", "E6", "T20"]
# Each card's explanation, worked by hand from the neighbours (odd-r, see the top of the file).
EXPLANATIONS = {
    # C7's neighbours C6, C8, B6, B7, D6, D7: only C8 is player 1's. T20 stands on water and
    # touches no other water (T19, S20 are grass).
    "fishermen": (1, ["1 settlement next to water: C8", "on water, not counted: T20"],
                  ["0 settlements next to water: none"]),
    # E5's neighbours E4, E6, D4, D5, F4, F5: E6.
    "miners": (1, ["1 settlement next to a mountain: E6"], ["0 settlements next to a mountain: none"]),
    # Castle C3 touches C2, C4, D2; tavern C6 touches C5; oasis H3 touches G3, I3.
    "workers": (6, ["6 settlements next to a castle or location: C2, C4, C5, D2, G3, I3"],
                ["0 settlements next to a castle or location: none"]),
    # Rows C, D, E, F, G, I, T.
    "discoverers": (7, ["7 rows with a settlement: C D E F G I T"], ["1 row with a settlement: A"]),
    # Row C holds C2, C4, C5, C8; no other row more than 2.
    "knights": (8, ["row C holds 4 settlements × 2"], ["row A holds 1 settlement × 2"]),
    # The chain C2..G3 (6), C4-C5 (2), and C8, E6, I3, T20 alone; each named by its first hex.
    "hermits": (6, ["6 settlement areas: 6 from C2, 2 from C4, 1 from C8, 1 from E6, 1 from I3, 1 from T20"],
                ["1 settlement area: 1 from A20"]),
    # 6 // 2 = 3 and 1 // 2 = 0: one gold for every two settlements.
    "citizens": (3, ["largest area: 6 settlements (with C2); half, rounded down: 3"],
                 ["largest area: 1 settlement (with A20); half, rounded down: 0"]),
    # As in test_merchants_count_each_linked_hex_once_per_player: C3, C6, H3.
    "merchants": (12, ["an area of 6 settlements (with C2) links castle C3, oasis H3",
                   "an area of 2 settlements (with C4) links castle C3, tavern C6",
                       "3 linked hexes × 4"], ["0 linked hexes × 4"]),
    # Sectors: player 1 has 11 top-left (all but T20), T20 bottom-right; player 2's A20 is top-right.
    # KB-1, zero takes part: 11-0 -> 12, 0-1 -> 6, 0-0 -> 12, 1-0 -> 12.
    "lords": (42, ["top-left: 11 (others: P2 0) → 12", "top-right: 0 (others: P2 1) → 6",
                   "bottom-left: 0 (others: P2 0) → 12", "bottom-right: 1 (others: P2 0) → 12",
                   "zero takes part (lords_zero: included)"],
              ["top-left: 0 (others: P1 11) → 6", "top-right: 1 (others: P1 0) → 12",
               "bottom-left: 0 (others: P1 0) → 12", "bottom-right: 0 (others: P1 1) → 6",
               "zero takes part (lords_zero: included)"]),
    "farmers": (0, ["sectors: top-left 11, top-right 0, bottom-left 0, bottom-right 1; fewest 0 × 3"],
                ["sectors: top-left 0, top-right 1, bottom-left 0, bottom-right 0; fewest 0 × 3"]),
}


@pytest.mark.parametrize("card", sorted(EXPLANATIONS))
def test_every_card_explains_what_earned_its_gold(card):
    gold_1, lines_1, lines_2 = EXPLANATIONS[card]
    g = game(board({**LINKS, **EXPLAINED}), {"1": EXPLAINED_1, "2": ["A20"]}, cards=(card,))
    first, second = evaluate(g).scores
    explained = {s.player.key: {p.name: [words(note, catalog("en")) for note in p.explain] for p in s.parts}
                 for s in (first, second)}
    assert first.gold(card) == gold_1 and explained["1"][card] == lines_1
    assert explained["2"][card] == lines_2
    # Castles: C3 touches C2, C4 and D2; R18 nobody's; player 2 touches none.
    assert explained["1"]["castles"] == ["castle C3: 3"] and explained["2"]["castles"] == ["no castle touched"]


@pytest.mark.parametrize("card, lines", [
    ("knights", ["no settlements"]), ("citizens", ["no settlements"]), ("discoverers", ["0 rows with a settlement: none"]),
    ("hermits", ["0 settlement areas: none"]), ("farmers", ["sectors: top-left 0, top-right 0, bottom-left 0, bottom-right 0; fewest 0 × 3"]),
])
def test_a_player_without_settlements_earns_nothing_and_says_so(card, lines):
    # No settlement: no row, no area, no sector with any; every card gives 0 (Lords aside: KB-1).
    g = game(board(LINKS), {"1": PLAYER_1, "2": []}, cards=(card,))
    score = evaluate(g).scores[1]
    assert score.total == 0 and [words(note, catalog("en")) for note in score.parts[0].explain] == lines


@pytest.mark.parametrize("card", ["fishermen", "miners", "merchants", "workers", "discoverers",
                                  "knights", "hermits", "lords", "citizens", "farmers"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_explains_itself_in_every_language(card, lang):
    g = game(board(LINKS), {"1": PLAYER_1, "2": ["A20"]}, cards=(card,))
    part = evaluate(g).scores[0].parts[0]
    lines = [words(note, catalog(lang)) for note in part.explain]
    assert part.name == card and lines and all(line and "{" not in line for line in lines)
