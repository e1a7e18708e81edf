"""Great Wall success and success checks, on hand-worked positions (digest rulings GW-1..GW-7)."""

from pathlib import Path

import pytest

from pnp.games.great_wall.facts import Kind
from pnp.games.great_wall.model import LAST_ROUND_OVER, PLAYING, Card, Position, Section
from pnp.games.great_wall.rules import check, evaluate, success
from tests.readers import reader
load = reader("great-wall").load

W, G, T, I, C, N, D = Kind.WALL, Kind.GATE, Kind.TOWER, Kind.INFANTRY, Kind.CAVALRY, Kind.NOBILITY, Kind.DRAGON
EXAMPLE = Path(__file__).resolve().parents[2] / "boards" / "examples" / "great-wall-last-round.yaml"


def section(*cards, tokens=(4, 7)):
    """Cards as (player, kind) or (player, kind, covers) or (player, kind, None, token)."""
    return Section(tuple(tokens), tuple(Card(*c) for c in cards))


def position(*sections, players=("A", "B"), next="A", phase=PLAYING, pool=20, won=()):
    return Position(players, next, tuple(sections), tuple(won), pool, phase)


def test_printed_values():
    # Wall 1 + Gate 2 + Watchtower 3 + Cavalry 2 + Dragon 1 = 9.
    s = section(("A", W), ("A", G), ("A", T), ("A", C), ("A", D))
    assert success(s, "A").total == 9


def test_infantry_counts_up_and_need_not_be_adjacent():
    # The k-th infantry is worth k: 1 + 2 + 3 = 6, with B's wall between them; plus A's wall 1.
    s = section(("A", I), ("B", W), ("A", I), ("A", W), ("A", I))
    assert success(s, "A").total == 7
    assert success(section(*[("A", I)] * 5), "A").total == 15  # 1+2+3+4+5


def test_nobility_levels_every_card_of_every_player():
    # B's Nobility: A's three infantry are worth 1 each (3, not 6), A's tower 1 (not 3).
    s = section(("A", I), ("A", I), ("A", I), ("A", T), ("B", N))
    assert success(s, "A").total == 4
    assert success(s, "B").total == 1


def test_dragon_covering_nobility_lifts_the_levelling():
    # Ruling GW-2: the covered Nobility no longer levels. A: 1+2+3 = 6; B: Nobility 0, Dragon 1.
    s = section(("A", I), ("A", I), ("A", I), ("B", N), ("A", D, 3))
    assert success(s, "A").total == 6 + 1  # and A's own Dragon is worth 1
    assert success(s, "B").total == 0


def test_covered_infantry_leaves_the_sequence():
    # Ruling GW-2: A's infantry #2 is covered by B's Dragon: it is worth 0 and the others count
    # as the 1st and 2nd: 1 + 2 = 3 (not 1 + 3). B: Dragon 1.
    s = section(("A", I), ("A", I), ("A", I), ("B", D, 1))
    assert success(s, "A").total == 3
    assert success(s, "B").total == 1


def test_covered_card_is_zero_even_in_a_levelled_section():
    # Ruling GW-5: A's tower is covered (0) while B's uncovered Nobility levels the rest to 1.
    s = section(("A", T), ("A", W), ("B", N), ("B", D, 0))
    assert success(s, "A").total == 1  # wall 1, tower 0
    assert success(s, "B").total == 2  # nobility 1, dragon 1


def test_a_success_lists_each_term_as_the_explanation_shows_it():
    # The GW-5 section above with A's token 4 on A's wall: the tower shows as covered and worth 0,
    # the wall as 1 (levelled by B's Nobility), the token as -4: 0 + 1 - 4 = -3.
    s = section(("A", T), ("A", W, None, 4), ("B", N), ("B", D, 0))
    result = success(s, "A")
    assert result.parts == (("tower", 0, True), ("wall", 1, False), ("token", -4, False))
    assert result.total == -3 and result.levelled


def test_dragon_on_a_dragon():
    # Ruling GW-5: B's Dragon (card 3) covers A's Dragon (card 2), which covers B's gate (card 1).
    # The gate stays covered; A's Dragon is worth 0 too. A: 0; B: gate 0 + dragon 1 = 1.
    s = section(("B", G), ("A", D, 0), ("B", D, 1))
    assert success(s, "A").total == 0
    assert success(s, "B").total == 1


def test_a_token_on_your_card_is_subtracted():
    # A: gate 2 + tower 3 - token 4 = 1.
    s = section(("A", G, None, 4), ("A", T), tokens=(7,))
    assert success(s, "A").total == 1


def test_strictly_greater_takes_the_higher_token_and_lays_it_on_a_card():
    # A 3 (tower) against B 2 (gate): A takes; ruling GW-3: the higher of 4 and 7.
    takes, after = check(position(section(("A", T), ("B", G))), "A")
    assert [(t.player, t.token, t.closes) for t in takes] == [("A", 7, False)]
    assert after.sections[0].tokens == (4,) and after.sections[0].holder == "A"
    # A tie is not enough: 3 against 3.
    assert check(position(section(("A", T), ("B", W), ("B", G))), "A")[0] == ()


def test_one_token_per_section_per_check_but_every_section_is_checked():
    first = section(("A", T), ("B", W))
    second = section(("A", G), tokens=(2, 5))
    takes, _ = check(position(first, second), "A")
    assert [(t.section, t.token) for t in takes] == [(0, 7), (1, 5)]


def test_second_token_goes_to_the_taker_and_the_first_back_to_its_holder():
    # A holds 5 on a gate: 2 - 5 = -3. B: tower 3 > -3. B takes 4 face down, A takes 5 face down.
    s = section(("A", G, None, 5), ("B", T), tokens=(4,))
    takes, after = check(position(s, pool=6), "B")
    assert [(t.player, t.token, t.closes, t.returned, t.reopens) for t in takes] == [("B", 4, True, ("A", 5), True)]
    assert after.won_by("B") == (4,) and after.won_by("A") == (5,)
    assert after.sections[0].tokens == () and after.pool == 4  # 2 new tokens revealed there


def test_holder_alone_takes_the_second_token_with_negative_success():
    # Special case: A holds 5 on a wall: 1 - 5 = -4, and nobody else has a card there.
    s = section(("A", W, None, 5), tokens=(3,))
    takes, after = check(position(s), "A")
    assert [(t.player, t.token, t.returned) for t in takes] == [("A", 3, ("A", 5))]
    assert after.won_by("A") == (3, 5)


def test_holder_is_not_alone_once_someone_has_a_card_even_a_covered_one():
    # B's covered wall makes B "have a card": A's -4 no longer wins alone, and B's 0 > -4 takes.
    s = section(("A", W, None, 5), ("B", W), ("A", D, 1), tokens=(3,))
    assert success(s, "A").total == 1 + 1 - 5 and success(s, "B").total == 0
    assert check(position(s), "A")[0] == ()
    assert [(t.player, t.token) for t in check(position(s), "B")[0]] == [("B", 3)]


def test_a_player_with_no_card_never_takes():
    # Ruling GW-6: A holds 5 on a wall (1 - 5 = -4); C has no card there. C's "0" does not beat
    # A: C takes nothing, and A, alone in the section, takes the second token on A's turn.
    s = section(("A", W, None, 5), tokens=(3,))
    assert check(position(s, players=("A", "C")), "C")[0] == ()
    assert [(t.player, t.token) for t in check(position(s, players=("A", "C")), "A")[0]] == [("A", 3)]


def test_the_example_chain_after_the_last_round():
    # Worked by hand (boards/examples/great-wall-last-round.yaml), turn order Boris, Clara, Anna:
    # Boris: section 1, Boris 3 > Clara 2 > Anna 1: takes 8 (the higher) onto his card (3-8 = -5).
    # Clara: section 1, 2 > 1 and -5: takes 4; Boris gets 8 back. Section 2: Clara 2 > Anna
    #   (gate 2 + covered tower 0 - 3 = -1): takes 5; Anna gets 3 back.
    # Anna: section 3, levelled by Nobility: Anna 2 > 1, 1: takes 3 (the higher) onto her card.
    # Then Boris 1, Clara 1, Anna 2-3 = -1: nobody beats everyone; a full round passes.
    result = evaluate(load(EXAMPLE))
    log = [(player, [(t.section + 1, t.token) for t in takes]) for player, takes in result.chain]
    assert log == [("Boris", [(1, 8)]), ("Clara", [(1, 4), (2, 5)]), ("Anna", [(3, 3)])]
    # Anna 5+3+3 = 11, Boris 4+8 = 12, Clara 2+7+4+5 = 18; the 3 on Anna's card does not count.
    assert result.totals() == {"Anna": 11, "Boris": 12, "Clara": 18}
    assert result.winners == ("Clara",)


@pytest.mark.parametrize("players", [("A", "B"), ("A", "B", "C")])
def test_the_chain_waits_a_full_round_of_idle_turns(players):
    # Digest, "End of game": checks go on "until a full round passes in which nobody can take a
    # token". The last player in turn order holds 3 on their own wall, alone in the only section
    # with a token left (8); everyone before them has no card there and takes nothing (GW-6).
    # After n-1 idle turns their own check comes: alone, they take the 8 and get the 3 back
    # (the special case): 11 to 0. Stopping one idle turn early would end it 0 to 0, shared.
    last = players[-1]
    s = section((last, W, None, 3), tokens=(8,))
    result = evaluate(position(s, Section(()), players=players, phase=LAST_ROUND_OVER, pool=0))
    assert [(player, [(t.token, t.returned) for t in takes]) for player, takes in result.chain] == [(last, [(8, (last, 3))])]
    assert result.totals() == {**{p: 0 for p in players}, last: 11}
    assert result.winners == (last,)


@pytest.mark.parametrize("players", [("A", "B"), ("A", "B", "C")])
def test_the_full_idle_round_counts_from_the_last_take(players):
    # Only A has cards (a wall) in the one section with tokens 8 and 3: A's 1 beats everyone's 0
    # and A takes the 8 onto the wall (GW-3: the higher). The others have no card there and
    # take nothing (GW-6); when A's turn comes round again A, alone and holding the first token,
    # takes the 3 and gets the 8 back: 11 to 0. Ending after n-1 idle turns would leave 0 to 0.
    s = section(("A", W), tokens=(8, 3))
    result = evaluate(position(s, Section(()), players=players, phase=LAST_ROUND_OVER, pool=0))
    assert [(player, [t.token for t in takes]) for player, takes in result.chain] == [("A", [8]), ("A", [3])]
    assert result.totals() == {**{p: 0 for p in players}, "A": 11}
    assert result.winners == ("A",)


def test_ties_share_the_victory():
    # Ruling GW-4. Nothing left to take: A 5+3 = 8, B 8.
    p = position(phase=LAST_ROUND_OVER, won=(("A", (5, 3)), ("B", (8,))))
    assert evaluate(p).winners == ("A", "B")


def test_while_cards_are_played_there_is_no_result_yet():
    p = position(section(("A", T), ("B", G)))
    result = evaluate(p)
    assert result.final is None and result.winners == () and result.chain == ()
    assert [(t.player, t.token) for t in result.next_check] == [("A", 7)]


def test_a_recorded_choice_overrides_the_higher_token():
    # Ruling GW-3 applies only when no choice is given: here A would take the 4, not the 7.
    s = Section((4, 7), (Card("A", T), Card("B", G)), choices=(("A", 4),))
    takes, after = check(position(s), "A")
    assert [t.token for t in takes] == [4] and after.sections[0].tokens == (7,)


def test_a_game_with_every_token_taken_is_over_at_once():
    # Digest, "End of game": the game ends at once when the last token of the pool and the
    # sections has been taken (seed: "игра заканчивается автоматически"), whatever the phase.
    done = position(Section(()), Section(()), pool=0, won=(("A", (8, 5)), ("B", (7, 4))))
    result = evaluate(done)
    assert result.final == done and result.next_check == () and result.winners == ("A",)  # 13 to 11


def test_a_check_that_takes_the_last_token_ends_the_game():
    # The pool is empty and section 2 is done; A (tower 3) beats B (wall 1) in section 1, which
    # holds its last token (the first, 4, lies on B's wall). A takes 7, B takes 4 back: A 7+1,
    # B 4+2+3: 8 to 9, B wins although cards are still being played.
    last = section(("B", W, None, 4), ("A", T), tokens=(7,))
    result = evaluate(position(last, Section(()), pool=0, won=(("A", (1,)), ("B", (2, 3)))))
    assert [(t.player, t.token, t.returned) for t in result.next_check] == [("A", 7, ("B", 4))]
    assert result.final is not None and result.totals() == {"A": 8, "B": 9} and result.winners == ("B",)


def test_a_section_completed_with_tokens_in_the_pool_goes_on():
    # The same check with 2 tokens left in the pool: they are revealed there; the game goes on.
    last = section(("B", W, None, 4), ("A", T), tokens=(7,))
    result = evaluate(position(last, Section(()), pool=2))
    assert result.next_check[0].reopens and result.final is None and result.winners == ()


def test_two_sections_completed_with_the_pools_last_pair_go_on():
    # A (tower 3) beats B (wall 1) in both sections, each down to its last token, with B's first
    # token on B's wall. One check completes both: section 1 takes the pool's last 2 tokens
    # (revealed there), section 2 finds the pool empty. Tokens are still on the wall, so the
    # game goes on (digest, "End of game": it ends when the last token has been taken).
    first = section(("B", W, None, 4), ("A", T), tokens=(7,))
    second = section(("B", W, None, 2), ("A", T), tokens=(5,))
    result = evaluate(position(first, second, pool=2))
    assert [(t.section, t.token, t.reopens) for t in result.next_check] == [(0, 7, True), (1, 5, False)]
    assert result.final is None and result.winners == ()


def test_the_game_over_text_and_json(tmp_path):
    from pnp.games.great_wall.report import as_json, as_text

    last = section(("B", W, None, 4), ("A", T), tokens=(7,))
    text = as_text(evaluate(position(last, Section(()), pool=0)))
    assert "That was the last token: the game is over." in text and "Winner: A" in text
    done = as_text(evaluate(position(Section(()), Section(()), pool=0, won=(("A", (8, 5)), ("B", (7, 4))))))
    assert "every token has been taken, so the game is over" in done and "Next success check" not in done
    # The JSON reports the token lying on a card: section 1's first token, 4, on B's wall (card 1).
    data = as_json(evaluate(position(last, Section(()), pool=2)))
    assert data["sections"][0]["token_on_card"] == {"card": 1, "player": "B", "token": 4}
    assert data["sections"][1]["token_on_card"] is None
