"""Seed 001, "Finish your turn: If you hold more than 10 tokens, choose which to return,
including newly taken ones. If your permanent bonuses meet a noble's requirements, that noble
must visit for 3 prestige. Choose exactly one if several qualify. Tokens are not spent on
nobles." — and the ruling "End of turn, in this order: return tokens, then one noble"."""

from splendor_positions import (
    GOLD,
    PASS,
    bank,
    buy,
    give_back,
    moves_of,
    noble,
    phase,
    play,
    position,
    refused,
    reserve,
    take,
    tokens,
)

TEN = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, GOLD: 1}
ALL_EMPTY = {c: 0 for c in ("white", "blue", "green", "red", "black")}


# --- returning tokens ----------------------------------------------------------------

def test_return_over_ten_including_new_and_gold():
    m = position(players=2, bank={"white": 4}, seats={0: dict(tokens=TEN)})
    play(m, take(white=2))  # 12 tokens
    assert phase(m) == "return" and m.to_act() == [0]
    assert m.view(0)["turn"]["must_return"] == 2
    returns = [mv["gems"] for mv in moves_of(m, "return")]
    assert {"white": 2} in returns  # both newly taken ones
    assert {GOLD: 1, "black": 1} in returns  # gold too
    play(m, give_back(white=1, gold=1))
    assert sum(tokens(m, 0).values()) == 10
    assert tokens(m, 0)["white"] == 3 and tokens(m, 0)[GOLD] == 0
    assert bank(m)["white"] == 3 and bank(m)[GOLD] == 6
    assert m.to_act() == [1]


def test_the_player_chooses_which_tokens_to_return():
    m = position(players=2, seats={0: dict(tokens=TEN)})
    play(m, take("white", "green", "black"))  # 13 tokens
    returns = {tuple(sorted(mv["gems"].items())) for mv in moves_of(m, "return")}
    held = tokens(m, 0)
    # every way to give back exactly 3 of the 13 tokens held, and nothing else
    from itertools import product
    expected = set()
    for pick in product(*(range(held[c] + 1) for c in held)):
        if sum(pick) == 3:
            expected.add(tuple(sorted((c, n) for c, n in zip(held, pick, strict=True) if n)))
    assert returns == expected


def test_return_exactly_down_to_ten():
    m = position(players=2, seats={0: dict(tokens=TEN)})
    play(m, take("white", "blue", "green"))
    refused(m, give_back(white=2), r"return exactly 3", r"down to 10")
    refused(m, give_back(white=2, blue=2), r"return exactly 3")
    refused(m, give_back(black=3), r"hold only 1 black")
    play(m, give_back(white=1, blue=1, green=1))
    assert sum(tokens(m, 0).values()) == 10


def test_nothing_else_until_tokens_are_returned():
    m = position(players=2, seats={0: dict(tokens=TEN)})
    play(m, take("white", "blue", "green"))
    refused(m, take("red", "black", "white"), r"hold 13 tokens", r"return 3")
    refused(m, PASS, r"return 3")
    refused(m, take("red", "black", "white"), r"not seat 1's turn", seat=1)


def test_ten_tokens_are_allowed():
    m = position(players=2, seats={0: dict(tokens={"white": 2, "blue": 2, "green": 2, "red": 1})})
    play(m, take("red", "black", "white"))  # exactly 10
    assert phase(m) == "action" and m.to_act() == [1]
    refused(m, give_back(white=1), r"nothing to return", seat=1)


def test_reserve_gold_can_make_eleven():
    m = position(players=2, seats={0: dict(tokens={"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2})})
    play(m, reserve(m._state.market[0][0]))
    assert phase(m) == "return" and m.view(0)["turn"]["must_return"] == 1


# --- nobles --------------------------------------------------------------------------

def test_noble_visits_automatically_when_one_qualifies():
    # 1-16: blue, 1 point, costs 4 red. N6 needs 4 white and 4 blue.
    m = position(players=2, nobles=["N6", "N1", "N10"], market={1: ["1-16", "1-25", "1-02", "1-05"]},
                 seats={0: dict(tokens={"red": 4}, bonuses={"white": 4, "blue": 3})})
    events = play(m, buy("1-16", red=4))
    assert m._state.seats[0].nobles == ["N6"]
    assert m._state.seats[0].prestige == 1 + 3
    assert m._state.nobles == ["N1", "N10"]
    assert {"type": "noble", "seat": 0, "noble": {"id": "N6", "points": 3,
            "needs": {"white": 4, "blue": 4}}} in events
    assert m.to_act() == [1] and phase(m) == "action"


def test_noble_visit_is_worth_three_prestige():
    m = position(players=2, nobles=["N1", "N2", "N3"],
                 seats={0: dict(bonuses={"white": 3, "blue": 3, "green": 3}, prestige=5)})
    play(m, take("white", "blue", "green"))
    assert m._state.seats[0].prestige == 8


def test_noble_needs_bonuses_not_tokens():
    m = position(players=2, nobles=["N6", "N7", "N8"],
                 seats={0: dict(tokens={"white": 4, "blue": 3}, bonuses={"white": 3, "blue": 3})})
    play(m, take("green", "red", "black"))  # 10 tokens: the turn ends here
    assert m.to_act() == [1]
    assert m._state.seats[0].nobles == [] and m._state.seats[0].prestige == 0


def test_bonuses_more_than_the_needs_also_qualify():
    m = position(players=2, nobles=["N6", "N9", "N10"],
                 seats={0: dict(bonuses={"white": 6, "blue": 5, "green": 1})})
    play(m, take("white", "blue", "green"))
    assert m._state.seats[0].nobles == ["N6"]


def test_nobles_cost_no_tokens():
    m = position(players=2, nobles=["N6", "N1", "N10"], market={1: ["1-16", "1-25", "1-02", "1-05"]},
                 seats={0: dict(tokens={"red": 4, "white": 3, "blue": 2}, bonuses={"white": 4, "blue": 3})})
    play(m, buy("1-16", red=4))
    assert m._state.seats[0].nobles == ["N6"]
    assert tokens(m, 0) == {"white": 3, "blue": 2, "green": 0, "red": 0, "black": 0, GOLD: 0}
    assert bank(m) == {"white": 4, "blue": 4, "green": 4, "red": 8, "black": 4, GOLD: 5}


def test_choose_noble_when_several():
    # N6 needs 4 white 4 blue; N7 needs 4 white 4 black.
    m = position(players=2, nobles=["N6", "N7", "N1"], market={1: ["1-16", "1-25", "1-02", "1-05"]},
                 seats={0: dict(tokens={"red": 4}, bonuses={"white": 4, "blue": 3, "black": 4})})
    play(m, buy("1-16", red=4))
    assert phase(m) == "noble" and m.to_act() == [0]
    assert m.view(None)["pending"] == {"nobles": ["N6", "N7"]}
    assert moves_of(m, "noble") == [noble("N6"), noble("N7")]
    assert m._state.seats[0].nobles == []  # nobody visits before the choice
    events = play(m, noble("N7"))
    assert m._state.seats[0].nobles == ["N7"] and m._state.seats[0].prestige == 1 + 3
    assert m._state.nobles == ["N6", "N1"]
    assert events[0]["type"] == "noble" and events[0]["noble"]["id"] == "N7"
    assert m.to_act() == [1] and m.view(None)["pending"] is None


def test_choose_exactly_one_noble_among_those_that_qualify():
    m = position(players=2, nobles=["N6", "N7", "N1"],
                 seats={0: dict(bonuses={"white": 4, "blue": 4, "black": 4})})
    play(m, take("white", "blue", "green"))
    refused(m, noble("N1"), r"not one of the nobles that qualify")
    refused(m, {"type": "noble", "noble": ["N6", "N7"]}, r"not one of the nobles that qualify")
    refused(m, take("red", "black", "white"), r"several nobles qualify", r"choose")
    refused(m, PASS, r"choose which one visits")


def test_one_noble_per_turn_other_next_turn():
    m = position(players=2, nobles=["N6", "N7", "N1"],
                 seats={0: dict(bonuses={"white": 4, "blue": 4, "black": 4})})
    play(m, take("white", "blue", "green"))
    play(m, noble("N6"))
    assert m._state.seats[0].nobles == ["N6"] and m._state.seats[0].prestige == 3
    play(m, take("white", "blue", "green"))  # seat 1
    assert m._state.seats[0].nobles == ["N6"]
    events = play(m, take("red", "black", "white"))  # seat 0's next turn: N7 visits by itself
    assert m._state.seats[0].nobles == ["N6", "N7"] and m._state.seats[0].prestige == 6
    assert [e["type"] for e in events] == ["take", "noble"]


def test_noble_visits_only_at_the_end_of_its_seats_turn():
    m = position(players=2, nobles=["N6", "N7", "N1"], seats={1: dict(bonuses={"white": 4, "blue": 4})})
    play(m, take("white", "blue", "green"))  # seat 0's turn: seat 1 is not visited
    assert m._state.seats[1].nobles == []
    play(m, take("white", "blue", "green"))
    assert m._state.seats[1].nobles == ["N6"]


def test_a_noble_visits_only_once():
    m = position(players=2, nobles=["N6", "N7", "N1"],
                 seats={0: dict(bonuses={"white": 4, "blue": 4}), 1: dict(bonuses={"white": 4, "blue": 4})})
    play(m, take("white", "blue", "green"))
    play(m, take("white", "blue", "green"))
    assert m._state.seats[0].nobles == ["N6"] and m._state.seats[1].nobles == []


def test_return_before_noble_visit():
    m = position(players=2, nobles=["N7", "N1", "N3"],
                 seats={0: dict(tokens=TEN, nobles=["N6"], bonuses={"white": 4, "blue": 4, "black": 4})})
    events = play(m, take("white", "blue", "green"))
    assert phase(m) == "return" and not any(e["type"] == "noble" for e in events)
    assert m._state.seats[0].nobles == ["N6"]
    events = play(m, give_back(white=1, blue=1, green=1))
    assert [e["type"] for e in events] == ["return", "noble"]
    assert m._state.seats[0].nobles == ["N6", "N7"]


def test_return_then_choose_among_several_nobles():
    m = position(players=2, nobles=["N6", "N7", "N1"],
                 seats={0: dict(tokens=TEN, bonuses={"white": 4, "blue": 4, "black": 4})})
    play(m, take("white", "blue", "green"))
    refused(m, noble("N6"), r"return 3")
    play(m, give_back(white=3))
    assert phase(m) == "noble"
    play(m, noble("N6"))
    assert m.to_act() == [1]


def test_noble_still_visits_on_a_pass_turn():
    """A seat with nothing legal passes; its turn still ends with the noble visit."""
    m = position(players=2, bank=ALL_EMPTY, nobles=["N7", "N1", "N3"], decks={1: 0, 2: 0, 3: 0},
                 market={1: [None] * 4, 2: [None] * 4, 3: [None] * 4},
                 seats={0: dict(nobles=["N6"], bonuses={"white": 4, "blue": 4, "black": 4})})
    assert m.legal_moves(0) == [PASS]
    play(m, PASS)
    assert m._state.seats[0].nobles == ["N6", "N7"]


def test_noble_still_visits_when_the_pass_completes_a_round_of_passes():
    m = position(players=2, bank=ALL_EMPTY, nobles=["N7", "N1", "N3"], decks={1: 0, 2: 0, 3: 0},
                 market={1: [None] * 4, 2: [None] * 4, 3: [None] * 4}, current=1,
                 seats={0: dict(nobles=["N6"], bonuses={"white": 4, "blue": 4, "black": 4})})
    play(m, PASS)  # seat 1
    events = play(m, PASS)  # seat 0: every seat has passed; N7 must still visit
    assert m.is_over()
    assert m._state.seats[0].nobles == ["N6", "N7"]
    assert m.result()["scores"] == [6, 0]
    assert [e["type"] for e in events] == ["pass", "noble", "game_over"]
