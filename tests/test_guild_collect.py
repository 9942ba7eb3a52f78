"""Collecting gems. Handbook: "Collect up to three different gems, one of each; or two of one
color if at least four remain in that pile. Star sand cannot be collected directly."
Ruling: "collect 1–3 gems of different colours, one each" — three are never compulsory."""

from itertools import combinations

from guild_positions import (
    SAND,
    collect,
    collect_sets,
    full,
    play,
    position,
    pouch,
    refused,
    supply,
)

from engine.games.gems.colors import COLORS


def test_collect_three_different_colours_one_each():
    m = position(players=2)
    events = play(m, collect("white", "blue", "green"))
    assert pouch(m, 0) == full(white=1, blue=1, green=1)
    assert supply(m) == full(white=3, blue=3, green=3, red=4, black=4, star_sand=5)
    assert events[0] == {"type": "collect", "seat": 0, "count": 3}


def test_collect_exactly_two_different_colours_while_five_colours_remain():
    m = position(players=3)
    assert (("blue", 1), ("red", 1)) in collect_sets(m)
    play(m, collect("red", "blue"))
    assert pouch(m, 0) == full(red=1, blue=1)
    assert supply(m)["red"] == supply(m)["blue"] == 4


def test_collect_exactly_one_gem_while_five_colours_remain():
    m = position(players=3)
    assert (("black", 1),) in collect_sets(m)
    play(m, collect("black"))
    assert pouch(m, 0) == full(black=1)
    assert supply(m)["black"] == 4


def test_every_set_of_one_two_or_three_different_colours_is_a_move():
    m = position(players=2)
    expected = {tuple(sorted((c, 1) for c in combo)) for n in (1, 2, 3) for combo in combinations(COLORS, n)}
    expected |= {((c, 2),) for c in COLORS}  # 4 of each remain
    assert collect_sets(m) == expected  # 5 + 10 + 10 + 5


def test_an_empty_pile_cannot_be_collected_from():
    m = position(players=2, supply={"red": 0})
    assert not any(dict(s).get("red") for s in collect_sets(m))
    refused(m, collect("red", "blue"), r"supply holds only 0 red")


def test_with_two_colours_left_one_or_two_may_be_collected():
    m = position(players=2, supply={"white": 0, "blue": 0, "green": 0, "red": 1, "black": 2})
    assert collect_sets(m) == {(("black", 1), ("red", 1)), (("red", 1),), (("black", 1),)}


def test_with_no_gems_left_there_is_nothing_to_collect():
    m = position(players=2, supply={c: 0 for c in COLORS})
    assert collect_sets(m) == set()
    refused(m, collect("white"), r"supply holds only 0 white")


def test_more_than_three_different_colours_are_refused():
    m = position(players=4)
    refused(m, collect("white", "blue", "green", "red"), r"at most three different")
    refused(m, collect(*COLORS), r"at most three different")


def test_an_empty_collect_is_refused():
    m = position(players=2)
    refused(m, {"type": "collect", "gems": {}}, r"at least one gem")


# --- two of one colour: "if at least four remain in that pile" ---------------------------

def test_two_of_one_colour_with_exactly_four_in_the_pile():
    m = position(players=2, supply={"green": 4})
    assert (("green", 2),) in collect_sets(m)
    events = play(m, collect(green=2))
    assert pouch(m, 0) == full(green=2) and supply(m)["green"] == 2
    assert events[0] == {"type": "collect", "seat": 0, "count": 2}


def test_two_of_one_colour_refused_with_three_in_the_pile():
    m = position(players=3, supply={"green": 3})
    assert (("green", 2),) not in collect_sets(m)
    assert (("green", 1),) in collect_sets(m)
    refused(m, collect(green=2), r"at least 4", r"pile", r"there are 3")


def test_two_of_one_colour_from_a_bigger_pile():
    m = position(players=4)
    play(m, collect(black=2))
    assert supply(m)["black"] == 5


def test_two_of_one_colour_counts_the_pile_before_collecting_not_after():
    # 4 remain before collecting, 2 after: still allowed ("at least four remain").
    m = position(players=2, supply={"white": 4})
    play(m, collect(white=2))
    assert supply(m)["white"] == 2


def test_two_of_one_colour_plus_another_colour_is_refused():
    m = position(players=4)
    refused(m, collect("blue", red=2), r"up to three different colours, or two of one colour")


def test_three_of_one_colour_is_refused():
    m = position(players=4)
    refused(m, collect(red=3), r"at most two")


# --- star sand ---------------------------------------------------------------------------

def test_star_sand_is_never_among_the_collect_moves():
    m = position(players=2)
    assert all(SAND not in dict(s) for s in collect_sets(m))


def test_star_sand_cannot_be_collected_alone_or_with_gems():
    m = position(players=2)
    refused(m, collect(SAND), r"star sand cannot be collected")
    refused(m, collect("red", "blue", star_sand=1), r"star sand cannot be collected")
    refused(m, collect(star_sand=2), r"star sand cannot be collected")


def test_star_sand_cannot_be_collected_even_when_no_gem_is_left():
    m = position(players=2, supply={c: 0 for c in COLORS})
    assert m._state.supply[5] == 5
    refused(m, collect(SAND), r"star sand cannot be collected")


def test_collecting_leaves_the_star_sand_pile_alone():
    m = position(players=2)
    play(m, collect("white", "blue", "green"))
    assert supply(m)[SAND] == 5 and pouch(m, 0)[SAND] == 0


def test_unknown_colours_are_refused():
    m = position(players=2)
    refused(m, collect("purple", "red"), r"not a gem colour")
    refused(m, collect("gold"), r"not a gem colour")
