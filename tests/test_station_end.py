"""The end. Card: "When supply cannot refill a berth, finish the current round. Resolve any
triggered Storm, then the Final Storm. Most Renown wins; ties share victory." "Pass only if no
action is legal, or after the end is triggered." Ruling: "A seat with no legal action passes;
after the end is triggered any seat may pass." Common: "A 'shared victory' is a result with
several winners; the result lists every seat's final score." """

from station_positions import (
    PASS,
    acquire,
    edit,
    of,
    play,
    position,
    purchase,
    refused,
    types,
)

import engine


def last_module(players=3, buyer=0, supply=(), purchases=0, **kw):
    seats = {buyer: dict(hand=of("amber", 6, 6))}
    return position(players=players, berths={0: "M10", 1: "M07"}, supply=list(supply), current=buyer,
                    purchases=purchases, seats=seats, **kw)


def test_the_end_is_triggered_when_the_supply_cannot_refill_a_berth():
    m = last_module()
    events = play(m, purchase("M10", [6], "dock"))
    assert "end_triggered" in types(events) and m.view(None)["turn"]["end_triggered"] is True
    assert m._state.berths[0] is None and m.view(None)["market"][0]["module"] is None
    assert not m.is_over()


def test_a_refill_that_empties_the_supply_does_not_trigger_the_end():
    m = last_module(supply=["M50"])
    events = play(m, purchase("M10", [6], "dock"))
    assert "end_triggered" not in types(events) and m._state.supply == []
    edit(m, current=0)
    events = play(m, purchase("M07", [6], "dock"))
    assert "end_triggered" in types(events)


def test_the_current_round_is_finished_then_the_game_ends():
    m = last_module(players=3, buyer=0)
    play(m, purchase("M10", [6], "dock"))
    assert m.to_act() == [1]
    play(m, acquire(m._state.display[0]))  # the other seats still play their turns
    assert m.to_act() == [2] and not m.is_over()
    events = play(m, PASS)
    assert m.is_over() and m.to_act() == [] and types(events)[-1] == "game_over"


def test_a_trigger_by_the_last_seat_of_the_round_ends_the_game_at_once():
    m = last_module(players=3, buyer=2)
    events = play(m, purchase("M10", [6], "dock"), seat=2)
    assert m.is_over() and types(events)[-1] == "game_over"


def test_the_final_storm_comes_after_the_last_round_then_shield():
    m = last_module(players=2)
    play(m, purchase("M10", [6], "dock"))
    events = play(m, PASS)
    t = types(events)
    assert t.index("storm") < t.index("shield") < t.index("game_over")
    assert [s["storm"] for s in m.view(None)["storms"]] == ["Final"]


def test_a_storm_triggered_in_the_last_round_is_resolved_before_the_final_storm():
    m = last_module(players=3, buyer=0, purchases=19)
    play(m, purchase("M10", [6], "dock"))
    assert [s["storm"] for s in m.view(None)["storms"]] == ["I"]
    play(m, PASS)
    play(m, PASS)
    assert [s["storm"] for s in m.view(None)["storms"]] == ["I", "Final"]


def test_the_final_round_ends_without_drift():
    m = last_module(players=2)
    play(m, purchase("M10", [6], "dock"))
    events = play(m, PASS)
    assert "drift" not in types(events) and "rotate" not in types(events)


# --- passing ----------------------------------------------------------------------------

def test_pass_is_refused_while_an_action_is_legal():
    m = position(players=3)
    assert PASS not in m.legal_moves(0)
    refused(m, PASS, r"pass only if no action is legal, or after the end is triggered", r"acquire")


def test_any_seat_may_pass_after_the_end_is_triggered():
    m = last_module(players=3)
    play(m, purchase("M10", [6], "dock"))
    moves = m.legal_moves(1)
    assert PASS in moves and any(mv["type"] == "acquire" for mv in moves)


def nothing_to_do(players=2, **kw):
    """No credit to take or pay with, nothing installed or docked: no action is legal."""
    return position(players=players, display=[], deck=[], discard=[],
                    seats={i: dict(hand=[]) for i in range(players)}, **kw)


def test_a_seat_with_no_legal_action_passes():
    m = nothing_to_do()
    assert m.legal_moves(0) == [PASS]
    events = play(m, PASS)
    assert events[0] == {"type": "pass", "seat": 0} and m.to_act() == [1]


def test_a_whole_round_in_which_no_seat_can_act_ends_the_game():
    m = nothing_to_do(players=3)
    play(m, PASS)
    play(m, PASS)
    events = play(m, PASS)
    assert m.is_over() and "stalled" in types(events)
    assert [s["storm"] for s in m.view(None)["storms"]] == ["Final"]


def test_a_forced_pass_followed_by_an_action_does_not_end_the_game():
    m = nothing_to_do(players=2)
    m._state.seats[1].hand = []
    m._state.seats[1].dock = ["M10"]  # seat 1 can install
    play(m, PASS)
    play(m, {"type": "reconfigure", "op": "install", "module": "M10", "to": {"ring": 1, "sector": 0}})
    assert not m.is_over() and m.view(None)["turn"]["round"] == 2


# --- the result -------------------------------------------------------------------------

def test_most_renown_wins():
    m = last_module(players=2)
    m._state.seats[1].renown_synergy = 5
    play(m, purchase("M10", [6], "dock"))
    play(m, PASS)
    r = m.result()
    assert r["winners"] == [1] and r["decided_by"] == "renown"
    assert r["scores"] == [0, 5]
    assert r["renown"] == [{"synergy": 0, "storms": 0, "shield": 0}, {"synergy": 5, "storms": 0, "shield": 0}]


def test_ties_share_victory():
    m = last_module(players=3)
    for s in m._state.seats:
        s.renown_synergy = 4
    play(m, purchase("M10", [6], "dock"))
    play(m, PASS)
    play(m, PASS)
    r = m.result()
    assert r["winners"] == [0, 1, 2] and r["decided_by"] == "shared" and r["scores"] == [4, 4, 4]


def test_storm_synergy_and_shield_all_count_toward_the_result():
    m = position(players=2, berths={0: "M10"}, supply=[],
                 seats={0: dict(hand=of("amber", 6), station={(1, 0): "M04"}, synergy=2, storms=4),
                        1: dict(station={(1, 5): "M14", (1, 6): "M24"})})
    play(m, purchase("M10", [6], "dock"))
    play(m, PASS)
    r = m.result()
    # Final Storm: command seat 0 first (10); science and medical seat 1 first (10 + 10)
    assert r["renown"][0] == {"synergy": 2, "storms": 4 + 10, "shield": 1}
    assert r["renown"][1] == {"synergy": 0, "storms": 20, "shield": 0}
    assert r["scores"] == [17, 20] and r["winners"] == [1]


def test_no_move_is_accepted_after_the_game_is_over():
    m = last_module(players=2)
    play(m, purchase("M10", [6], "dock"))
    play(m, PASS)
    for seat in (0, 1):
        refused(m, PASS, r"game is over", seat=seat)
        assert m.legal_moves(seat) == []


def test_the_result_is_none_until_the_end():
    assert engine.new_match("station", 2, seed=1).result() is None
