"""The cleanup phase and the end of the game. Rulebook "Cleanup Phase" steps 1–3 and "Game End
and Final Scoring"; RULINGS `stars` (night sky track: the Girl starts on space 6 and moves one
space per cleanup, so the game ends after round 8; connection reward tokens: "A scored pile gets
a marker and loses its top token at cleanup")."""

import random

from stars_invariants import check
from stars_positions import action_phase, events_of, new, play, set_tokens, state

import engine


def finish_round(m):
    """Every seat still to take its turn ends it; the events of the last end_turn."""
    events = []
    st = state(m)
    while st.phase == "action":
        events = play(m, st.current, {"type": "end_turn"})
    return events


def test_the_girl_moves_forward_and_the_last_elder_takes_her_space_as_first_player():
    m = new(4)
    st = state(m)
    order = st.turn_order()
    action_phase(m, current=order[0], order=order[1:])
    events = finish_round(m)
    assert st.girl == 7
    assert st.elders[order[-1]] == 6
    assert st.turn_order() == [order[-1]] + order[:-1]
    assert events_of(events, "night_sky") == [{"type": "night_sky", "girl": 7, "first": order[-1]}]
    check(m)


def test_a_marked_reward_pile_loses_its_top_token_at_cleanup_and_the_marker_goes():
    m = new(3)
    st = state(m)
    action_phase(m, current=0, order=[1, 2])
    st.marked = [True, False, True, False]
    tops = [p[0] for p in st.piles]
    events = finish_round(m)
    assert st.marked == [False] * 4
    assert st.piles[0][0] != tops[0] and len(st.piles[0]) == 2 and st.piles[1][0] == tops[1]
    assert len(st.piles[2]) == 2 and len(st.piles[3]) == 3
    assert {e["token"] for e in events_of(events, "reward_discarded")} == {tops[0], tops[2]}
    assert set(st.rewards_discarded) == {tops[0], tops[2]}
    check(m)


def test_an_offering_card_filled_as_often_as_there_are_players_is_replaced_at_cleanup():
    m = new(2)
    st = state(m)
    action_phase(m, current=0, order=[1])
    st.offer_card, st.offer_deck = "O2", ["O1", "O3", "O4"]
    st.offer_filled = [True, True, False, False]  # 1 fruit; 2 fish
    st.forage["F01"] -= 1
    st.forage["F05"] -= 1
    st.forage["F07"] -= 1
    events = finish_round(m)
    assert st.offer_card == "O1" and st.offer_discard == ["O2"] and st.offer_filled == [False] * 3
    assert st.tokens_discarded == [1, 2, 0, 0]
    assert events_of(events, "offer_card") == [{"type": "offer_card", "discarded": "O2", "revealed": "O1"}]
    check(m)


def test_an_offering_card_filled_fewer_times_than_there_are_players_stays():
    m = new(3)
    st = state(m)
    action_phase(m, current=0, order=[1, 2])
    st.offer_card, st.offer_deck = "O2", ["O1", "O3", "O4"]
    st.offer_filled = [True, True, False, False]
    st.forage["F01"] -= 1
    st.forage["F05"] -= 2
    finish_round(m)
    assert st.offer_card == "O2" and st.offer_filled == [True, True, False, False]


def test_villagers_on_the_night_sky_stay_put_at_cleanup():
    m = new(2)
    st = state(m)
    action_phase(m, current=0, order=[1])
    st.seats[1].villagers[0] = "sky:2"
    finish_round(m)
    assert st.seats[1].villagers[0] == "sky:2"


def test_a_new_round_begins_with_every_seat_drawing_three_tiles():
    m = new(2)
    action_phase(m, current=0, order=[1])
    events = finish_round(m)
    st = state(m)
    assert st.round == 2 and st.phase == "stargazing"
    assert [len(s.hand) for s in st.seats] == [3, 3]
    assert events_of(events, "draw") == [{"type": "draw", "seat": 0, "count": 3},
                                         {"type": "draw", "seat": 1, "count": 3}]


def test_the_game_ends_when_the_girl_cannot_move_after_round_eight_keeping_that_rounds_tokens():
    m = new(2)
    st = state(m)
    st.round, st.girl = 8, 13
    order = st.turn_order()
    for k, seat in enumerate(order):
        st.elders[seat] = 12 - k
    action_phase(m, current=order[0], order=order[1:])
    st.marked = [True, False, False, False]
    top = st.piles[0][0]
    set_tokens(m, 0, fish=1)
    events = finish_round(m)
    assert st.girl == 13 and st.ended and st.phase == "over"
    assert st.piles[0][0] == top, "the game ends at once: no discards after round 8"
    assert events_of(events, "game_over")
    assert st.seats[0].points["leftover"] == 2


def test_a_game_lasts_eight_rounds_of_four_phases():
    m = engine.new_match("stars", 3, seed=4)
    rng = random.Random(4)
    phases = []
    while not m.is_over():
        seat = m.view(None)["waiting_for"][0]
        moves = m.legal_moves(seat)
        for e in m.play(seat, moves[rng.randrange(len(moves))]):
            if e["type"] == "phase":
                phases.append((e["round"], e["phase"]))
    expected = [(r, p) for r in range(1, 9) for p in ("stargazing", "wood_ash", "action", "cleanup")]
    # round 1's stargazing began at setup, before any move
    assert [p for p in phases if p[1] != "final"] == expected[1:]
    assert m.result()["round"] == 8

