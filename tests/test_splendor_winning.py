"""Seed 001, "Winning: When a player reaches at least 15 prestige, finish the current round so
everyone has the same number of turns. Highest prestige wins. Tied? Fewest purchased
development cards wins. Still tied? Share the victory." — and the rulings "End" and
"A seat with no legal action passes; this is the only pass ..."."""

from splendor_positions import (
    GOLD,
    PASS,
    buy,
    play,
    position,
    refused,
    reserve_deck,
    take,
)

# 1-32: red, 1 point, costs 4 white.  3-03: white, 4 points, costs 7 black.
ROW1 = ["1-32", "1-25", "1-02", "1-05"]
NO_GEMS = {"white": 0, "blue": 0, "green": 0, "red": 0, "black": 0}
EMPTY_MARKET = {1: [None] * 4, 2: [None] * 4, 3: [None] * 4}
EMPTY_DECKS = {1: 0, 2: 0, 3: 0}
SIX = ["1-10", "1-11", "1-12", "1-13", "1-14", "1-15"]


def types(events):
    return [e["type"] for e in events]


def test_fifteen_finishes_the_round():
    m = position(players=3, market={1: ROW1}, seats={0: dict(tokens={"white": 4}, prestige=14)})
    events = play(m, buy("1-32", white=4))
    assert {"type": "final_round", "seat": 0} in events
    assert not m.is_over() and m.to_act() == [1]
    assert m.view(None)["turn"]["final_round"] is True
    play(m, take("white", "blue", "green"))
    assert not m.is_over() and m.to_act() == [2]
    events = play(m, take("white", "blue", "green"))
    assert m.is_over() and m.to_act() == []
    assert types(events)[-1] == "game_over"
    assert m.result()["winners"] == [0]


def test_round_finished_so_everyone_has_the_same_number_of_turns():
    m = position(players=3, market={1: ROW1}, current=1,
                 seats={1: dict(tokens={"white": 4}, prestige=14)})
    log_start = len(m.log)
    play(m, buy("1-32", white=4))  # seat 1 reaches 15 in the middle of the round
    play(m, take("white", "blue", "green"))  # seat 2 still plays
    assert m.is_over()  # seat 0 started the round, so the round is complete
    assert [seat for seat, _ in m.log[log_start:]] == [1, 2]


def test_last_seat_reaching_fifteen_ends_at_once():
    m = position(players=2, market={1: ROW1}, current=1, seats={1: dict(tokens={"white": 4}, prestige=14)})
    events = play(m, buy("1-32", white=4))
    assert types(events)[-2:] == ["final_round", "game_over"]
    assert m.is_over() and m.result()["winners"] == [1]


def test_more_than_fifteen_also_ends_the_game():
    m = position(players=2, current=1, seats={1: dict(tokens={"black": 7}, reserved=["3-03"], prestige=13)})
    play(m, buy("3-03", black=7))
    assert m.is_over() and m.result()["scores"] == [0, 17]


def test_fourteen_prestige_does_not_end_the_game():
    m = position(players=2, market={1: ROW1}, current=1, seats={1: dict(tokens={"white": 4}, prestige=13)})
    events = play(m, buy("1-32", white=4))
    assert "final_round" not in types(events)
    assert not m.is_over() and m.to_act() == [0] and m.view(None)["turn"]["round"] == 2


def test_noble_prestige_counts_toward_fifteen():
    m = position(players=2, current=1, nobles=["N6", "N1", "N10"],
                 seats={1: dict(bonuses={"white": 4, "blue": 4}, prestige=12)})
    events = play(m, take("white", "blue", "green"))
    assert types(events) == ["take", "noble", "final_round", "game_over"]
    assert m.result()["scores"] == [0, 15]


def test_highest_prestige_wins():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(tokens={"white": 4}, prestige=14),
                        1: dict(tokens={"black": 7}, reserved=["3-03"], prestige=12)})
    play(m, buy("1-32", white=4))  # seat 0: 15
    play(m, buy("3-03", black=7))  # seat 1 in the same round: 16
    assert m.result() == {"scores": [15, 16], "winners": [1], "purchased": [1, 1], "decided_by": "prestige"}


def test_final_round_is_announced_once():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(tokens={"white": 4}, prestige=14),
                        1: dict(tokens={"black": 7}, reserved=["3-03"], prestige=12)})
    play(m, buy("1-32", white=4))
    events = play(m, buy("3-03", black=7))
    assert "final_round" not in types(events)


def test_tie_fewest_cards_wins():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(tokens={"white": 4}, cards=SIX[:4], prestige=14),
                        1: dict(cards=SIX[4:], prestige=15)})
    play(m, buy("1-32", white=4))  # seat 0: 15 prestige with 5 cards; seat 1 has 2
    play(m, take("white", "blue", "green"))
    assert m.result() == {"scores": [15, 15], "winners": [1], "purchased": [5, 2],
                          "decided_by": "fewest cards"}


def test_tie_fewest_cards_then_shared():
    m = position(players=3, market={1: ROW1},
                 seats={0: dict(tokens={"white": 4}, cards=SIX[:2], prestige=14),
                        1: dict(cards=SIX[2:5], prestige=15),
                        2: dict(cards=["1-20", "1-21"], prestige=10)})
    play(m, buy("1-32", white=4))
    play(m, take("white", "blue", "green"))
    play(m, take("white", "blue", "green"))
    assert m.result() == {"scores": [15, 15, 10], "winners": [0, 1], "purchased": [3, 3, 2],
                          "decided_by": "shared"}


def test_reserved_cards_are_not_purchased_cards():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(tokens={"white": 4}, cards=SIX[:1], prestige=14),
                        1: dict(cards=SIX[1:3], reserved=["2-01", "2-02", "2-03"], prestige=15)})
    play(m, buy("1-32", white=4))
    play(m, take("white", "blue", "green"))
    assert m.result()["purchased"] == [2, 2] and m.result()["winners"] == [0, 1]


def test_result_lists_every_seat_score_and_tie_break():
    m = position(players=4, market={1: ROW1}, current=3,
                 seats={0: dict(cards=["1-01"], prestige=3), 1: dict(prestige=7),
                        3: dict(tokens={"white": 4}, prestige=14)})
    play(m, buy("1-32", white=4))
    assert m.result() == {"scores": [3, 7, 0, 15], "winners": [3], "purchased": [1, 0, 0, 1],
                          "decided_by": "prestige"}
    assert m.view(None)["result"] == m.result() and m.view(2)["result"] == m.result()


def test_no_moves_after_the_game_is_over():
    m = position(players=2, market={1: ROW1}, current=1, seats={1: dict(tokens={"white": 4}, prestige=14)})
    play(m, buy("1-32", white=4))
    assert m.legal_moves(0) == [] and m.legal_moves(1) == []
    refused(m, take("white", "blue", "green"), r"game is over", seat=0)
    refused(m, PASS, r"game is over", seat=1)


# --- passing -------------------------------------------------------------------------

def stuck(players=2, **extra):
    """No gems in the bank, nothing to reserve, nothing affordable: every seat must pass."""
    return position(players=players, bank={**NO_GEMS, GOLD: 0}, market=EMPTY_MARKET,
                    decks=EMPTY_DECKS, **extra)


def test_only_pass_is_when_nothing_legal():
    m = stuck(seats={0: dict(reserved=["3-01", "3-02"])})
    assert m.legal_moves(0) == [PASS]
    events = play(m, PASS)
    assert events == [{"type": "pass", "seat": 0}] and m.to_act() == [1]


def test_pass_with_three_unaffordable_reservations_and_an_unaffordable_market():
    m = position(players=2, bank={**NO_GEMS, GOLD: 3}, market={1: ROW1},
                 seats={0: dict(tokens={"blue": 1}, reserved=["3-01", "3-02", "3-03"])})
    assert m.legal_moves(0) == [PASS]


def test_pass_refused_when_a_move_exists():
    m = position(players=2)
    assert PASS not in m.legal_moves(0)
    refused(m, PASS, r"pass only when you have no other legal move")
    # even a single affordable card forbids passing
    m = stuck(seats={0: dict(tokens={"white": 4}, reserved=["1-32", "3-01", "3-02"])})
    assert m.legal_moves(0) == [buy("1-32", white=4)]
    refused(m, PASS, r"pass only when")
    # and so does a reservation, gold or not
    m = stuck()
    m._state.decks[2] = ["3-01"]
    m._legal = {}
    assert m.legal_moves(0) == [reserve_deck(3)]
    refused(m, PASS, r"pass only when")


def test_all_pass_full_round_ends_game():
    m = stuck(players=3, seats={0: dict(prestige=4), 1: dict(prestige=9), 2: dict(prestige=2)})
    play(m, PASS)
    play(m, PASS)
    assert not m.is_over()
    events = play(m, PASS)
    assert m.is_over() and types(events) == ["pass", "game_over"]
    assert m.result() == {"scores": [4, 9, 2], "winners": [1], "purchased": [0, 0, 0], "decided_by": "prestige"}


def test_a_round_of_passes_starts_after_the_last_action():
    m = position(players=2, bank={**NO_GEMS, "red": 1, "green": 1, "blue": 1, GOLD: 0}, market=EMPTY_MARKET,
                 decks=EMPTY_DECKS, current=1)
    play(m, take("red", "green", "blue"))  # seat 1 takes the last gems
    play(m, PASS)  # seat 0
    assert not m.is_over()
    play(m, PASS)  # seat 1: only now has every seat passed in one full round
    assert m.is_over()


def test_a_full_round_of_passes_counts_from_any_seat():
    m = stuck(players=3, current=1)
    play(m, PASS)  # seat 1
    play(m, PASS)  # seat 2
    play(m, PASS)  # seat 0
    assert m.is_over()


def test_passes_broken_by_an_action_do_not_end_the_game():
    m = position(players=2, bank={**NO_GEMS, GOLD: 0}, market=EMPTY_MARKET,
                 seats={0: dict(reserved=["3-01", "3-02", "3-03"])})  # seat 0 can do nothing
    play(m, PASS)
    play(m, reserve_deck(1))  # seat 1 can still reserve
    play(m, PASS)
    assert not m.is_over() and m.to_act() == [1]
    play(m, reserve_deck(1))
    play(m, PASS)
    play(m, reserve_deck(1))  # seat 1 now holds 3 reservations
    assert not m.is_over()
    play(m, PASS)
    play(m, PASS)  # now both have passed in one full round
    assert m.is_over()
