"""Carolus Magnus control, majorities, stops, merges and the end, on the rulebook's figures.

Positions are built directly; `court` and `paladins` map clan colours to cube counts.
"""

from pathlib import Path

from hypothesis import given, settings, strategies as st

from pnp.games.carolus_magnus.facts import CLAN_NAMES
from pnp.games.carolus_magnus.model import Player, Position, Territory
from pnp.games.carolus_magnus.rules import control, evaluate, game_end, majority, reach, stop, strength
from tests.readers import reader
load = reader("carolus-magnus").load

EXAMPLE = Path(__file__).resolve().parents[2] / "boards" / "examples" / "carolus-magnus-counterattack.yaml"


def territory(name, segments, castles=None, **paladins):
    return Territory(name, tuple(segments), tuple((c, n) for c, n in paladins.items()), castles)


def filler(first_segment, count):
    """Plain one-segment territories, so a position has enough territories not to be over."""
    return [territory(f"Z{s}", [s]) for s in range(first_segment, first_segment + count)]


def position(players, courts, territories, clans=None, emperor=0, supply=None):
    players = tuple(Player(name, side) for name, side in players)
    sides = list(dict.fromkeys(p.side for p in players))
    if supply is None:
        on_board = {s: sum(t.castle_count for t in territories if t.castle_side == s) for s in sides}
        supply = {s: 10 - on_board[s] for s in sides}
    courts = tuple((name, tuple((c, n) for c, n in court.items())) for name, court in courts.items())
    return Position(players, courts, tuple((clans or {}).items()), tuple(territories), emperor, tuple(supply.items()))


TWO = [("White", "white"), ("Black", "black")]


def test_figure_5_colour_control():
    # White: red 7 to 6, pink 8 to 5; black: blue 8 to 6, yellow 6 to 5, green 5 to 3.
    p = load(EXAMPLE)
    assert control(p) == {"red": "Wanda", "pink": "Wanda", "blue": "Bruno", "yellow": "Bruno", "green": "Bruno"}


def test_figure_2_takeover_3_to_1_once_white_gains_green():
    fig2 = territory("B", [4], ("black", 1), green=2, red=1)
    before = {"White": {"red": 3, "green": 1}, "Black": {"red": 1, "green": 2}}
    p = position(TWO, before, [fig2, *filler(5, 11)], clans={"red": "White", "green": "Black"})
    # Black controls green: 2 green + 1 castle = 3 against white's 1 red.
    assert strength(p, fig2, control(p)) == {"white": 1, "black": 3}
    assert stop(p, 0).result == "nothing"
    after = {"White": {"red": 3, "green": 3}, "Black": {"red": 1, "green": 2}}
    p = position(TWO, after, [fig2, *filler(5, 11)], clans={"red": "White", "green": "White"})
    # White controls green and red: 3 paladins against black's castle: 3 to 1, white takes over.
    assert strength(p, fig2, control(p)) == {"white": 3, "black": 1}
    s = stop(p, 0)
    assert (s.result, s.side, s.placed, s.removed) == ("takeover", "white", 1, ("black", 1))
    assert dict(s.after.supply) == {"white": 9, "black": 10}  # ruling CM-7: black's castle goes back


def test_figures_3_and_4_takeover_merges_three_territories():
    # B is figure 2's territory; white holds castles on both neighbours A and C.
    a = territory("A", [1], ("white", 1), pink=1)
    b = territory("B", [2], ("black", 1), green=2, red=1)
    c = territory("C", [3], ("white", 1), red=1, pink=1)
    courts = {"White": {"red": 3, "green": 3, "pink": 2}, "Black": {"red": 1, "green": 2}}
    p = position(TWO, courts, [a, b, c, *filler(4, 12)], clans={"red": "White", "green": "White", "pink": "White"})
    s = stop(p, 1)
    assert s.result == "takeover" and s.merged == (0, 2)
    merged = s.after.territories[s.after.emperor]
    # One territory of the 3 former ones, 6 paladins and 3 castles (figure 4); the Emperor on it (CM-8).
    assert merged.name == "B" and merged.segments == (1, 2, 3)
    assert sum(n for _, n in merged.paladins) == 6 and merged.castles == ("white", 3)
    assert len(s.after.territories) == 3 + 12 - 2


def test_figure_6_counterattack_7_to_6_after_white_gains_yellow():
    p = load(EXAMPLE)
    x = p.territories[2]
    assert strength(p, x, control(p)) == {"white": 3, "black": 9}  # black holds X 9 to 3
    # White puts 2 yellow in court (7 to 6: white takes the yellow marker) and 1 on X.
    courts = dict(p.courts)
    courts["Wanda"] = tuple((c, n + 2 if c == "yellow" else n) for c, n in courts["Wanda"])
    x = Territory("X", x.segments, tuple((c, n + 1 if c == "yellow" else n) for c, n in x.paladins), x.castles)
    territories = list(p.territories)
    territories[2] = x
    p = Position(p.players, tuple(courts.items()), tuple((c, "Wanda" if c == "yellow" else h) for c, h in p.clans),
                 tuple(territories), p.emperor, p.supply)
    # White: 4 yellow + 2 red + 1 pink = 7; black: 2 green + 1 blue + 3 castles = 6.
    assert strength(p, x, control(p)) == {"white": 7, "black": 6}
    s = stop(p, 2, steps=2)
    assert (s.result, s.side, s.placed, s.removed) == ("takeover", "white", 3, ("black", 3))
    # X merges with F and C (one white castle each): a big territory with 5 castles.
    assert s.after.territories[s.after.emperor].castles == ("white", 5)
    assert dict(s.after.supply) == {"white": 5, "black": 5}


def test_the_first_and_last_territories_are_neighbours():
    # The territories form a circle, so the first one's neighbours are the second and the last:
    # white builds on T (first) and merges with W (last), which holds a white castle (CM-8).
    t = territory("T", [1], None, red=1)
    w = territory("W", [15], ("white", 1), red=2)
    p = position(TWO, {"White": {"red": 1}, "Black": {}}, [t, *filler(2, 13), w])
    s = stop(p, 0)
    assert (s.result, s.merged) == ("build", (14,))
    merged = s.after.territories[s.after.emperor]
    assert merged.segments == (1, 15) and merged.castles == ("white", 2) and len(s.after.territories) == 14


def test_ties_at_court():
    t = [*filler(1, 15)]
    # A tie keeps the marker with its holder ...
    p = position(TWO, {"White": {"red": 5}, "Black": {"red": 5}}, t, clans={"red": "Black"})
    assert control(p)["red"] == "Black"
    # ... and with no holder a tie means nobody.
    assert control(position(TWO, {"White": {"red": 5}, "Black": {"red": 5}}, t))["red"] is None
    # Ruling CM-5: a tie at the top without the holder means nobody, even between partners.
    four = [("A", "black"), ("B", "white"), ("C", "black"), ("D", "white")]
    p = position(four, {"A": {"blue": 4}, "B": {"blue": 2}, "C": {"blue": 4}, "D": {}}, t, clans={"blue": "B"})
    assert control(p)["blue"] is None


def test_ties_in_a_territory_give_no_majority():
    t = territory("T", [1], None, red=2, blue=2)
    p = position(TWO, {"White": {"red": 1}, "Black": {"blue": 1}}, [t, *filler(2, 14)])
    assert strength(p, t, control(p)) == {"white": 2, "black": 2}
    assert stop(p, 0).result == "nothing"


def test_three_players_need_a_relative_majority():
    three = [("A", "black"), ("B", "white"), ("C", "grey")]
    courts = {"A": {"red": 1}, "B": {"blue": 1}, "C": {"green": 1}}
    t = territory("T", [1], None, red=3, blue=2, green=2)
    p = position(three, courts, [t, *filler(2, 14)], supply={"black": 8, "white": 8, "grey": 8})
    assert majority(strength(p, t, control(p))) == "black"  # 3 beats 2 and 2
    t = territory("T", [1], None, red=3, blue=3, green=1)
    p = position(three, courts, [t, *filler(2, 14)], supply={"black": 8, "white": 8, "grey": 8})
    assert majority(strength(p, t, control(p))) is None  # 3 against 3


def test_four_players_add_up_partners():
    four = [("A", "black"), ("B", "white"), ("C", "black"), ("D", "white")]
    courts = {"A": {"red": 2}, "B": {"blue": 3}, "C": {"green": 2}, "D": {"pink": 1}}
    # Black: red 2 (A) + green 2 (C) = 4; white: blue 3 (B) + pink 1 (D) = 4: no majority.
    t = territory("T", [1], None, red=2, green=2, blue=3, pink=1)
    p = position(four, courts, [t, *filler(2, 14)])
    assert strength(p, t, control(p)) == {"black": 4, "white": 4}
    t = territory("T", [1], None, red=2, green=3, blue=3, pink=1)
    p = position(four, courts, [t, *filler(2, 14)])
    assert stop(p, 0).side == "black"  # 5 against 4: black builds


def test_castles_count_where_nobody_controls_a_paladin():
    # Ruling CM-6: white's castle makes it white's territory against uncontrolled yellow cubes.
    t = territory("T", [1], ("white", 1), yellow=3)
    p = position(TWO, {"White": {}, "Black": {}}, [t, *filler(2, 14)])
    assert strength(p, t, control(p)) == {"white": 1, "black": 0}
    # Nothing happens: the majority is the owner's, who keeps it (the stop names white, places 0).
    s = stop(p, 0)
    assert (s.result, s.side, s.placed, s.removed) == ("nothing", "white", 0, None)


def test_takeover_with_too_few_castles_left():
    # Ruling CM-4: black must replace 3 white castles but has 2 left: it places 2.
    t = territory("T", [1, 2, 3], ("white", 3), blue=6)
    p = position(TWO, {"White": {}, "Black": {"blue": 1}}, [t, *filler(4, 12)], supply={"white": 7, "black": 2})
    s = stop(p, 0)
    assert (s.result, s.placed) == ("takeover", 2) and dict(s.after.supply) == {"white": 10, "black": 0}


def test_placing_the_last_castle_ends_the_game():
    # White has 9 castles on W (not next to T) and builds its 10th on T.
    t = territory("T", [1], None, red=1)
    w = territory("W", list(range(3, 12)), ("white", 9))
    territories = [t, *filler(2, 1), w, *filler(12, 4)]
    p = position(TWO, {"White": {"red": 1}, "Black": {}}, territories, supply={"white": 1, "black": 10})
    assert game_end(p) == (False, "", ())
    s = stop(p, 0)
    # A build places one castle (digest, "Territory majority"): white's last, none left in supply.
    assert (s.result, s.placed, s.after.territories[0].castles, dict(s.after.supply)) == ("build", 1, ("white", 1), {"white": 0, "black": 10})
    assert s.ends == (True, "white placed all 10 castles", ("white",))


def test_the_castle_goal_follows_the_number_of_players():
    # Digest, "End of game": a side wins with all its castles out: 8 with 3 players, 10 per
    # partnership with 4. With 3 players grey's 8 castles end the game; with 4, the black
    # partnership's 8 do not (2 still in supply), its 10 do.
    three = [("A", "black"), ("B", "white"), ("C", "grey")]
    courts = {"A": {}, "B": {}, "C": {}}
    eight = territory("G", [1, 2, 3], ("grey", 8))
    p = position(three, courts, [eight, *filler(4, 12)], supply={"black": 8, "white": 8, "grey": 0})
    assert game_end(p) == (True, "grey placed all 8 castles", ("grey",))
    four = [("A", "black"), ("B", "white"), ("C", "black"), ("D", "white")]
    courts = {"A": {}, "B": {}, "C": {}, "D": {}}
    p = position(four, courts, [territory("K", [1, 2, 3], ("black", 8)), *filler(4, 12)])
    assert game_end(p) == (False, "", ())
    p = position(four, courts, [territory("K", [1, 2, 3], ("black", 10)), *filler(4, 12)])
    assert game_end(p) == (True, "black placed all 10 castles", ("black",))


def test_fewer_than_4_territories_end_the_game_and_ties_share():
    a = territory("A", list(range(1, 6)), ("white", 3))
    b = territory("B", list(range(6, 11)), ("black", 3))
    c = territory("C", list(range(11, 16)))
    p = position(TWO, {"White": {}, "Black": {}}, [a, b, c])
    # Ruling CM-3: 3 castles each, both win.
    assert game_end(p) == (True, "only 3 territories remain", ("white", "black"))
    # Most castles on the territories wins: white 4 against black 3.
    a = territory("A", list(range(1, 6)), ("white", 4))
    p = position(TWO, {"White": {}, "Black": {}}, [a, b, c])
    assert game_end(p) == (True, "only 3 territories remain", ("white",))


def test_4_territories_left_the_game_goes_on():
    # Digest, "End of game" (seed 004: "остается меньше 4 территорий"): fewer than 4 ends it,
    # so with exactly 4 left and no side with all its castles out (3 and 2 of 10) play goes on.
    a = territory("A", list(range(1, 5)), ("white", 3))
    b = territory("B", list(range(5, 9)), ("black", 2))
    c = territory("C", list(range(9, 13)), red=1)
    d = territory("D", list(range(13, 16)))
    p = position(TWO, {"White": {"red": 1}, "Black": {}}, [a, b, c, d], emperor=3)
    assert game_end(p) == (False, "", ())
    # The Emperor on D, no discs: 5 steps reach each of the 4 once. A and B keep their castles'
    # owners (CM-6), on C white's red builds, D is empty.
    assert [(s.steps, s.result) for s in reach(p)] == [(1, "nothing"), (2, "nothing"), (3, "build"), (4, "nothing")]


def test_reach_lists_1_to_5_steps_clockwise():
    p = load(EXAMPLE)  # the Emperor on A; clockwise F, X, C, D, E
    assert [(s.steps, p.territories[s.territory].name) for s in reach(p)] == [(1, "F"), (2, "X"), (3, "C"), (4, "D"), (5, "E")]
    # E holds 1 red, controlled by white: white would build there.
    assert (reach(p)[4].result, reach(p)[4].side) == ("build", "white")


@settings(max_examples=100, deadline=None)
@given(st.permutations(CLAN_NAMES), st.booleans())
def test_relabelling_colours_or_players_changes_nothing(order, swap_names):
    p = load(EXAMPLE)
    colour = dict(zip(CLAN_NAMES, order))
    name = {"Wanda": "Bruno", "Bruno": "Wanda"} if swap_names else {"Wanda": "Wanda", "Bruno": "Bruno"}
    q = Position(
        tuple(type(pl)(name[pl.name], pl.side) for pl in p.players),
        tuple((name[n], tuple((colour[c], k) for c, k in cubes)) for n, cubes in p.courts),
        tuple((colour[c], name[h] if h else None) for c, h in p.clans),
        tuple(Territory(t.name, t.segments, tuple((colour[c], k) for c, k in t.paladins), t.castles) for t in p.territories),
        p.emperor, p.supply)
    before = [(s.result, s.side, s.merged) for s in reach(p)]
    after = [(s.result, s.side, s.merged) for s in reach(q)]
    assert after == before  # renaming players keeps their sides; recolouring keeps who controls what
    assert [majority(strength(p, t, control(p))) for t in p.territories] == \
           [majority(strength(q, t, control(q))) for t in q.territories]


def test_reach_is_limited_by_the_discs():
    # Digest, "Round": the Emperor moves at most the played disc's value. Wanda's disc 2: F and
    # X only. Without a disc being played, the highest disc anyone still holds (3): F, X, C.
    from dataclasses import replace

    p = load(EXAMPLE)
    played = replace(p, disc=("Wanda", 2))
    assert [p.territories[s.territory].name for s in reach(played)] == ["F", "X"]
    held = replace(p, discs=(("Wanda", (1, 2)), ("Bruno", (3,))))
    assert [p.territories[s.territory].name for s in reach(held)] == ["F", "X", "C"]
    # All discs played: they come back after the 5th round, so all 5 steps are open again.
    assert len(reach(replace(p, discs=(("Wanda", ()), ("Bruno", ()))))) == 5


def test_a_finished_game_lists_no_stops():
    # Digest, "End of game": the game ends at once, so there is no next move to list.
    from pnp.games.carolus_magnus.report import as_json, as_text

    a = territory("A", list(range(1, 6)), ("white", 3))
    b = territory("B", list(range(6, 11)), ("black", 3))
    c = territory("C", list(range(11, 16)))
    p = position(TWO, {"White": {}, "Black": {}}, [a, b, c])
    assert reach(p) == [] and as_json(evaluate(p))["reach"] == []
    assert "If the Emperor stopped there" not in as_text(evaluate(p))


def test_a_stop_in_json_carries_what_the_text_says():
    # Figure 2 after white gains green: white takes over B 3 to 1, 1 black castle off, 1 white on.
    from pnp.games.carolus_magnus.report import as_json, as_text

    fig2 = territory("B", [4], ("black", 1), green=2, red=1)
    after = {"White": {"red": 3, "green": 3}, "Black": {"red": 1, "green": 2}}
    p = position(TWO, after, [*filler(5, 11), fig2], clans={"red": "White", "green": "White"}, emperor=10)
    first = as_json(evaluate(p))["reach"][0]
    assert first["territory"] == "B" and first["result"] == "takeover"
    assert (first["counts"], first["placed"], first["removed"]) == ({"white": 3, "black": 1}, 1,
                                                                   {"side": "black", "castles": 1})
    assert "1 step, B: white takes over (3 to 1): 1 black castle off, 1 white on" in as_text(evaluate(p))
