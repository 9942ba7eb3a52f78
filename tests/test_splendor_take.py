"""Seed 001, "Take gems: take 3 different colors, or 2 of one color if at least 4 are in that
stack. You must take 3 different colors when available; take fewer only when fewer colors
remain." — and the ruling "Taking gems" (gold is never taken this way)."""

from itertools import product

from splendor_positions import (
    bank,
    play,
    position,
    refused,
    rule_takes,
    take,
    take_sets,
    tokens,
)

from engine.games.gems.colors import COLORS

EMPTY_BANK = {c: 0 for c in COLORS}


def test_take_three_different_colours():
    m = position(players=2)
    events = play(m, take("white", "blue", "green"))
    assert tokens(m, 0) == {"white": 1, "blue": 1, "green": 1, "red": 0, "black": 0, "gold": 0}
    assert bank(m) == {"white": 3, "blue": 3, "green": 3, "red": 4, "black": 4, "gold": 5}
    assert events[0] == {"type": "take", "seat": 0, "gems": {"white": 1, "blue": 1, "green": 1}}


def test_every_three_colour_combination_may_be_taken():
    m = position(players=2)
    threes = {s for s in take_sets(m) if len(s) == 3}
    assert len(threes) == 10  # 5 choose 3


def test_two_of_one_colour_needs_four_in_the_stack():
    m = position(players=2, bank={"red": 4})
    assert (("red", 2),) in take_sets(m)
    play(m, take(red=2))
    assert tokens(m, 0)["red"] == 2 and bank(m)["red"] == 2


def test_two_of_one_colour_refused_with_three_in_the_stack():
    m = position(players=3, bank={"red": 3})
    assert (("red", 2),) not in take_sets(m)
    refused(m, take(red=2), r"at least 4", r"stack")


def test_two_of_one_colour_allowed_from_a_bigger_stack():
    m = position(players=4)  # 7 of each
    play(m, take(black=2))
    assert bank(m)["black"] == 5


def test_not_two_of_one_colour_plus_another():
    m = position(players=4)
    refused(m, take("blue", red=2), r"three different colours, or two of one colour")


def test_never_three_of_one_colour():
    m = position(players=4)
    refused(m, take(red=3), r"at most two")


def test_never_more_than_three_gems():
    m = position(players=4)
    refused(m, take("white", "blue", "green", "red"), r"at most three")


def test_three_different_colours_compulsory_while_three_remain():
    m = position(players=2)
    refused(m, take("white", "blue"), r"must take three different colours")
    refused(m, take("white"), r"must take three different colours")
    assert all(len(s) == 3 or s[0][1] == 2 for s in take_sets(m))


def test_three_different_colours_compulsory_with_exactly_three_colours_left():
    m = position(players=2, bank={"white": 0, "blue": 0, "green": 1, "red": 1, "black": 1})
    assert take_sets(m) == {(("black", 1), ("green", 1), ("red", 1))}
    refused(m, take("red", "black"), r"must take three different colours")


def test_fewer_colours_left_allows_one_or_two():
    m = position(players=2, bank={"white": 0, "blue": 0, "green": 0, "red": 2, "black": 1})
    assert take_sets(m) == {(("black", 1), ("red", 1)), (("red", 1),), (("black", 1),)}
    play(m, take("red"))
    assert tokens(m, 0)["red"] == 1 and bank(m)["red"] == 1


def test_one_colour_left_allows_one_or_two_of_it_with_four():
    m = position(players=2, bank={**EMPTY_BANK, "green": 4})
    assert take_sets(m) == {(("green", 1),), (("green", 2),)}
    m = position(players=2, bank={**EMPTY_BANK, "green": 3})
    assert take_sets(m) == {(("green", 1),)}


def test_no_colour_left_no_take():
    m = position(players=2, bank=EMPTY_BANK)
    assert take_sets(m) == set()
    refused(m, take("white"), r"bank holds only 0 white")


def test_cannot_take_from_an_empty_stack():
    m = position(players=2, bank={"red": 0})
    refused(m, take("white", "blue", "red"), r"bank holds only 0 red")


def test_gold_never_taken():
    m = position(players=2)
    assert all("gold" not in mv["gems"] for mv in m.legal_moves(0) if mv["type"] == "take")
    refused(m, take("gold", "white", "blue"), r"gold cannot be taken")
    refused(m, take(gold=2), r"gold cannot be taken")
    m = position(players=2, bank=EMPTY_BANK)  # not even when gold is all that is left
    refused(m, take("gold"), r"gold cannot be taken")


def test_take_moves_follow_the_rule_for_every_bank():
    """All 4**5 banks with 0, 1, 3 or 4 of each colour: the listed takes are exactly the rule's."""
    m = position(players=2)
    for counts in product((0, 1, 3, 4), repeat=5):
        m._state.bank[:5] = list(counts)
        m._legal = {}
        assert take_sets(m) == rule_takes(list(counts)), counts


def test_taking_may_go_over_ten_tokens():
    m = position(players=2, seats={0: dict(tokens={"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2})})
    play(m, take("white", "blue", "green"))
    assert sum(tokens(m, 0).values()) == 13


def test_choose_one_action_each_turn():
    m = position(players=2)
    play(m, take("white", "blue", "green"))
    assert m.to_act() == [1]
    refused(m, take("white", "blue", "green"), r"not seat 0's turn", seat=0)
