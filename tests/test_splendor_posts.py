"""Seed 001, "Optional expansions · 2025 rules — Trading Posts: Unlock permanent powers: extra
gems, stronger gold, prestige, and a choice when reserving from a deck. Earn at most one
Trading Post at the end of each turn, after the noble visit. Keep its power for the rest of
the game." — and the ruling "Trading Posts module" (2025 edition, data/splendor_trading_posts.csv):

| post | needs (bonuses) | power |
| 1 | 1 white + 3 red | after buying, take 1 gem of any colour but gold, if available (may be one just spent) |
| 2 | 2 white         | after taking 2 gems of one colour, also take 1 of another colour, if available |
| 3 | 3 blue + 1 black| when buying, each gold spent counts as 2 gems of the same colour |
| 4 | 3 black         | reserving a deck top: draw two, keep one (hidden), the other to the bottom |
| 5 | 5 green         | 1 prestige for each post held, this one included |

Post prestige counts toward 15; gems from posts count toward the 10-token limit, checked
after them. Posts are not exclusive between seats (docs/splendor.md, posts.py).
"""

import json
import random
from itertools import product

import pytest
from splendor_module_positions import (
    absent_from_others,
    gem,
    keep,
    module_position,
    pending,
    play_through,
    post,
    posts_of,
    prestige,
    types,
)
from splendor_positions import (
    GOLD,
    bank,
    buy,
    buy_payments,
    counts,
    moves_of,
    phase,
    play,
    refused,
    reserve,
    reserve_deck,
    take,
    tokens,
)

from engine.games.gems.cards import CARDS
from engine.games.gems.colors import COLORS
from engine.games.gems.payments import owed
from engine.games.splendor.posts import POSTS

# The ruling's table, written out again (independent of the CSV the engine reads).
NEEDS = {
    1: {"white": 1, "red": 3},
    2: {"white": 2},
    3: {"blue": 3, "black": 1},
    4: {"black": 3},
    5: {"green": 5},
}
# Nobles none of the posts' needs come near (N6 4w4u, N7 4w4k, N10 4r4k).
FAR_NOBLES = ["N6", "N7", "N10"]
ROW1 = ["1-25", "1-02", "1-08", "1-16"]  # 1-25 red (3 white), 1-02 white (3 blue), 1-16 blue (4 red)
POSTS_ONLY = dict(strongholds_on=False)
ALL_COLOURS = list(COLORS)


def posts_position(**kwargs):
    kwargs.setdefault("nobles", FAR_NOBLES)
    return module_position(strongholds_on=False, **kwargs)


# --- earning posts ------------------------------------------------------------------------

def test_the_engine_reads_the_rulings_post_table():
    assert sorted(POSTS) == [1, 2, 3, 4, 5]
    for n, needs in NEEDS.items():
        assert POSTS[n].needs == tuple(counts(needs, tuple(COLORS))), f"post {n}"


@pytest.mark.parametrize("n", sorted(NEEDS))
def test_each_post_is_unlocked_by_its_needs(n):
    m = posts_position(seats={0: dict(bonuses=NEEDS[n])})
    events = play(m, take("white", "blue", "green"))
    assert posts_of(m, 0) == [n]
    assert {"type": "post", "seat": 0, "post": n, "prestige": 1 if n == 5 else 0} in events
    assert m.view(None)["posts"][n - 1]["holders"] == [0]
    assert m.to_act() == [1]


@pytest.mark.parametrize("n,short", [(n, c) for n in sorted(NEEDS) for c in NEEDS[n]])
def test_a_post_needs_every_bonus_it_lists(n, short):
    needs = dict(NEEDS[n])
    needs[short] -= 1
    m = posts_position(seats={0: dict(bonuses=needs, tokens={short: 3})})  # tokens never count
    events = play(m, take("white", "blue", "green"))
    assert posts_of(m, 0) == [] and "post" not in types(events)


def test_post_earned_at_the_end_of_the_turn_after_the_noble_visit():
    # 1-37 (black, costs 3 green) is free with 3 green bonuses; black 2 → 3 completes both
    # the noble N5 (3 green, 3 red, 3 black) and post 4 (3 black).
    m = posts_position(nobles=["N5", "N6", "N7"], market={1: ["1-37", "1-02", "1-08", "1-16"]},
                       seats={0: dict(bonuses={"green": 3, "red": 3, "black": 2})})
    events = play(m, buy("1-37"))
    assert types(events) == ["buy", "refill", "noble", "post"]
    assert posts_of(m, 0) == [4] and m._state.seats[0].nobles == ["N5"]


def test_post_power_starts_only_after_the_turn_that_earned_it():
    # buying 1-25 (red) gives the third red bonus: post 1 is earned at the end of this turn,
    # so this purchase gives no extra gem; the next one does.
    m = posts_position(market={1: ROW1}, seats={0: dict(bonuses={"white": 1, "red": 2}, tokens={"white": 2})})
    events = play(m, buy("1-25", white=2))
    assert types(events) == ["buy", "refill", "post"] and posts_of(m, 0) == [1]
    assert m.to_act() == [1] and phase(m) == "action"


def test_post_earned_after_the_noble_choice():
    m = posts_position(nobles=["N5", "N10", "N6"], seats={0: dict(bonuses={"green": 3, "red": 4, "black": 4})})
    play(m, take("white", "blue", "green"))
    assert phase(m) == "noble" and posts_of(m, 0) == []
    events = play(m, {"type": "noble", "noble": "N10"})
    assert types(events) == ["noble", "post"] and posts_of(m, 0) == [4]


def test_the_seat_chooses_when_several_posts_qualify():
    m = posts_position(seats={0: dict(bonuses={"white": 2, "black": 3})})  # posts 2 and 4
    play(m, take("white", "blue", "green"))
    assert phase(m) == "post" and m.to_act() == [0]
    assert pending(m) == {"posts": [2, 4]} and pending(m, 1) == {"posts": [2, 4]}
    assert m.legal_moves(0) == [post(2), post(4)]
    assert posts_of(m, 0) == []  # nothing earned before the choice
    refused(m, post(1), r"Trading Post must be one you qualify for: 2, 4")
    refused(m, post(3), r"qualify")
    refused(m, take("red", "black", "white"), r"first choose which Trading Post")
    events = play(m, post(4))
    assert events == [{"type": "post", "seat": 0, "post": 4, "prestige": 0}]
    assert posts_of(m, 0) == [4] and m.to_act() == [1]


def test_at_most_one_post_per_turn():
    m = posts_position(bank={c: 7 for c in COLORS}, seats={0: dict(bonuses={"white": 2, "black": 3, "green": 5})})
    play(m, take("white", "blue", "green"))
    play(m, post(5))
    assert posts_of(m, 0) == [5]
    play(m, take("white", "blue", "green"))  # seat 1
    play(m, take("red", "black", "white"))  # seat 0: 2 and 4 still qualify, one more is earned
    assert phase(m) == "post" and pending(m) == {"posts": [2, 4]}
    play(m, post(2))
    assert posts_of(m, 0) == [5, 2] and m.to_act() == [1]
    play(m, take("white", "blue", "green"))
    events = play(m, take("white", "blue", "green"))  # the last one, alone, without asking
    assert posts_of(m, 0) == [5, 2, 4] and "post" in types(events)


def test_posts_are_kept_for_the_rest_of_the_game():
    m = posts_position(bank={c: 7 for c in COLORS}, seats={0: dict(bonuses={"white": 2})})
    play(m, take("white", "blue", "green"))
    assert posts_of(m, 0) == [2]
    for colour in ("red", "black"):
        play(m, take("white", "blue", "green"))  # seat 1
        assert posts_of(m, 0) == [2]
        events = play(m, take(**{colour: 2}))  # seat 0 uses its power on each later turn
        assert phase(m) == "gem"
        events += play(m, gem("green"))
        assert "post" not in types(events), "a post held is never earned again"
        assert posts_of(m, 0) == [2]


def test_posts_are_not_exclusive_between_seats():
    m = posts_position(posts={0: [2]}, seats={0: dict(bonuses={"white": 2}), 1: dict(bonuses={"white": 2})})
    play(m, take("white", "blue", "green"))
    play(m, take("white", "blue", "green"))
    assert posts_of(m, 0) == [2] and posts_of(m, 1) == [2]
    assert m.view(None)["posts"][1]["holders"] == [0, 1]


def test_a_post_is_earned_only_at_the_end_of_its_seats_turn():
    m = posts_position(seats={1: dict(bonuses={"white": 2})})
    play(m, take("white", "blue", "green"))
    assert posts_of(m, 1) == []
    play(m, take("white", "blue", "green"))
    assert posts_of(m, 1) == [2]


def test_with_trading_posts_off_no_post_is_earned():
    m = module_position(trading_posts=False, strongholds_on=False, nobles=FAR_NOBLES,
                        seats={0: dict(bonuses={"white": 2, "black": 3, "green": 5})})
    events = play(m, take(red=2))
    assert posts_of(m, 0) == [] and types(events) == ["take"] and m.to_act() == [1]
    assert m.view(None)["posts"] is None


def test_the_view_lists_each_post_with_needs_power_and_holders():
    m = posts_position(posts={1: [3]})
    listed = m.view(0)["posts"]
    assert [p["post"] for p in listed] == [1, 2, 3, 4, 5]
    assert [p["needs"] for p in listed] == [NEEDS[n] for n in (1, 2, 3, 4, 5)]
    assert [p["holders"] for p in listed] == [[], [], [1], [], []]


# --- post 1: a gem after buying -----------------------------------------------------------

def post1(**kwargs):
    seats = kwargs.pop("seats", {0: dict(tokens={"white": 2})})
    seats[0].setdefault("bonuses", {"white": 1, "red": 3})
    return posts_position(posts={0: [1]}, market={1: ROW1}, seats=seats, **kwargs)


def test_post_1_after_buying_take_one_gem_of_any_colour_but_gold():
    m = post1()
    events = play(m, buy("1-25", white=2))
    assert phase(m) == "gem" and m.to_act() == [0]
    assert pending(m) == {"gems": ALL_COLOURS}
    assert m.legal_moves(0) == [gem(c) for c in ALL_COLOURS]
    assert "gem" not in types(events)
    events = play(m, gem("green"))
    assert tokens(m, 0)["green"] == 1 and bank(m)["green"] == 3
    assert events[0]["type"] == "gem" and events[0]["seat"] == 0 and events[0]["gem"] == "green"
    assert m.to_act() == [1]


def test_post_1_gem_may_be_one_just_spent():
    m = post1(bank={"white": 0})
    play(m, buy("1-25", white=2))
    assert "white" in pending(m)["gems"]
    play(m, gem("white"))
    assert tokens(m, 0)["white"] == 1 and bank(m)["white"] == 1


def test_post_1_only_colours_the_bank_still_has():
    m = post1(bank={"blue": 0, "black": 0})
    play(m, buy("1-25", white=2))
    assert pending(m) == {"gems": ["white", "green", "red"]}
    refused(m, gem("blue"), r"extra gem must be one of: white, green, red")


def test_post_1_no_gem_when_the_bank_has_none():
    m = post1(bank={c: 0 for c in COLORS}, seats={0: dict(tokens={GOLD: 2})})
    events = play(m, buy("1-25", gold=2))
    assert "gem" not in types(events) and m.to_act() == [1] and phase(m) == "action"
    assert tokens(m, 0) == {c: 0 for c in (*COLORS, GOLD)}


def test_post_1_never_gives_gold():
    m = post1()
    play(m, buy("1-25", white=2))
    refused(m, gem("gold"), r"extra gem must be one of")
    refused(m, take("red", "blue", "black"), r"first choose the extra gem")


def test_post_1_also_after_buying_a_reserved_card():
    m = post1(seats={0: dict(tokens={"blue": 2, "green": 1}, reserved=["1-31"])})
    play(m, buy("1-31", blue=2, green=1))
    assert phase(m) == "gem"


@pytest.mark.parametrize("action", [take("white", "blue", "green"), take(red=2), reserve("1-08"), reserve_deck(2)],
                         ids=["take3", "take2", "reserve", "reserve-deck"])
def test_post_1_gives_nothing_without_a_purchase(action):
    m = post1()
    events = play(m, action)
    assert "gem" not in types(events) and m.to_act() == [1]


# --- post 2: a third gem after taking two of one colour -------------------------------------

def post2(**kwargs):
    return posts_position(posts={0: [2]}, seats={0: dict(bonuses={"white": 2})}, **kwargs)


def test_post_2_after_taking_two_of_one_colour_take_one_of_another():
    m = post2()
    play(m, take(red=2))
    assert phase(m) == "gem" and m.to_act() == [0]
    assert pending(m) == {"gems": ["white", "blue", "green", "black"]}
    assert m.legal_moves(0) == [gem(c) for c in ("white", "blue", "green", "black")]
    events = play(m, gem("blue"))
    assert tokens(m, 0) == {"white": 0, "blue": 1, "green": 0, "red": 2, "black": 0, GOLD: 0}
    assert bank(m)["blue"] == 3 and events[0]["gem"] == "blue"
    assert m.to_act() == [1]


def test_post_2_not_the_same_colour_nor_gold():
    m = post2()
    play(m, take(red=2))
    refused(m, gem("red"), r"extra gem must be one of: white, blue, green, black")
    refused(m, gem("gold"), r"extra gem must be one of")
    refused(m, take("white", "blue", "green"), r"first choose the extra gem")


def test_post_2_only_a_colour_the_bank_has():
    m = post2(bank={"white": 0, "green": 0, "black": 0})
    play(m, take(red=2))
    assert pending(m) == {"gems": ["blue"]}


def test_post_2_nothing_when_no_other_colour_is_left():
    m = post2(bank={"white": 0, "blue": 0, "green": 0, "black": 0})
    events = play(m, take(red=2))
    assert types(events) == ["take"] and m.to_act() == [1]


@pytest.mark.parametrize("action", [take("white", "blue", "green"), buy("1-25", white=1)], ids=["three", "buy"])
def test_post_2_only_after_taking_two_of_one_colour(action):
    m = post2(market={1: ROW1})
    m._state.seats[0].tokens = counts({"white": 3})
    m._legal = {}
    events = play(m, action)
    assert "gem" not in types(events) and m.to_act() == [1]


def test_post_2_not_after_two_different_colours():
    m = post2(bank={"green": 0, "red": 0, "black": 0})  # two colours left: one each is allowed
    events = play(m, take("white", "blue"))
    assert "gem" not in types(events) and m.to_act() == [1]


# --- post 3: gold worth two gems of one colour ----------------------------------------------

def post3(tokens_held, card, held=True):
    return posts_position(posts={0: [3]} if held else {}, market={1: [card, "1-02", "1-08", "1-25"]},
                          seats={0: dict(bonuses={"blue": 3, "black": 1}, tokens=tokens_held)})


def test_post_3_each_gold_spent_counts_as_two_gems_of_one_colour():
    m = post3({GOLD: 2}, "1-16")  # 1-16 costs 4 red
    assert buy_payments(m, "1-16") == [{GOLD: 2}]
    play(m, buy("1-16", gold=2))
    assert m._state.seats[0].cards == ["1-16"]
    assert tokens(m, 0)[GOLD] == 0 and bank(m)[GOLD] == 7


def test_without_post_3_a_gold_is_one_gem():
    m = post3({GOLD: 2}, "1-16", held=False)
    assert buy_payments(m, "1-16") == []
    refused(m, buy("1-16", gold=2), r"cannot afford card 1-16")


def test_post_3_a_gold_does_not_split_between_colours():
    # 1-20 (1 white, 1 blue, 1 red, 1 black) owes 1 white and 1 red after the bonuses.
    m = post3({GOLD: 1}, "1-20")
    assert buy_payments(m, "1-20") == []
    refused(m, buy("1-20", gold=1), r"cannot afford card 1-20", r"each gold counts as 2 gems of the same colour")
    m = post3({GOLD: 2}, "1-20")
    assert buy_payments(m, "1-20") == [{GOLD: 2}]


def test_post_3_a_gem_that_a_gold_already_covers_is_superfluous():
    m = post3({"red": 3, GOLD: 2}, "1-23")  # 1-23 costs 3 red
    assert sorted(map(json.dumps, buy_payments(m, "1-23"))) == sorted(
        map(json.dumps, [{"red": 3}, {"red": 1, GOLD: 1}, {GOLD: 2}]))
    refused(m, buy("1-23", red=2, gold=1), r"Trading Post 3", r"superfluous")
    refused(m, buy("1-23", red=1, gold=2), r"Trading Post 3", r"superfluous")
    play(m, buy("1-23", red=1, gold=1))
    assert tokens(m, 0) == {"white": 0, "blue": 0, "green": 0, "red": 2, "black": 0, GOLD: 1}


def test_post_3_gold_beyond_the_cost_is_superfluous():
    m = post3({"red": 2, GOLD: 3}, "1-21")  # 1-21 costs 2 blue 2 red: owes 2 red
    assert {GOLD: 1} in buy_payments(m, "1-21")
    refused(m, buy("1-21", gold=2), r"Trading Post 3", r"superfluous")


def rule_payments_gold_double(need, held):
    """Exact payments with post 3, the slow obvious way: each gold covers up to two gems of
    one colour; no token may be taken away with the cost still covered."""

    def covers(pay):
        return sum((max(0, need[c] - pay[c]) + 1) // 2 for c in range(5)) <= pay[5]

    out = []
    for pay in product(*(range(n + 1) for n in held)):
        pay = list(pay)
        if not covers(pay):
            continue
        if not any(pay[k] and covers(pay[:k] + [pay[k] - 1] + pay[k + 1:]) for k in range(6)):
            out.append(pay)
    return out


def test_post_3_listed_payments_are_exactly_the_exact_ones():
    rng = random.Random(3)
    checked = 0
    for _ in range(150):
        card = rng.choice([c for c in CARDS if CARDS[c].tier < 3 and c not in ("1-02", "1-08", "1-25")])
        held = [rng.randint(0, 3) for _ in range(5)] + [rng.randint(0, 3)]
        m = post3(dict(zip((*COLORS, GOLD), held, strict=True)), card)
        need = owed(CARDS[card].cost, m._state.seats[0].bonuses)
        listed = sorted(counts(p) for p in buy_payments(m, card))
        assert listed == sorted(rule_payments_gold_double(need, held)), (card, held)
        checked += bool(listed)
    assert checked > 30


# --- post 4: draw two, keep one ------------------------------------------------------------

def post4(deck, **kwargs):
    return posts_position(posts={0: [4]}, market={1: ROW1}, decks={1: deck},
                          seats={0: dict(bonuses={"black": 3})}, **kwargs)


def test_post_4_reserving_a_deck_top_draws_two_and_keeps_one_hidden():
    m = post4(["1-11", "1-12", "1-13"])  # top last: 1-13, then 1-12
    events = play(m, reserve_deck(1))
    assert types(events) == ["reserve", "gold"] and events[0] == {"type": "reserve", "seat": 0, "tier": 1}
    assert phase(m) == "keep" and m.to_act() == [0]
    assert [c["id"] for c in pending(m, 0)["keep"]["cards"]] == ["1-13", "1-12"]
    assert m.legal_moves(0) == [keep("1-13"), keep("1-12")]
    events = play(m, keep("1-12"))
    assert events == [{"type": "keep", "seat": 0, "tier": 1}]
    assert m._state.seats[0].reserved == [["1-12", True]]
    assert m.view(1)["seats"][0]["reserved"] == [{"tier": 1, "hidden": True}]
    assert m.view(0)["seats"][0]["reserved"][0]["id"] == "1-12"
    assert m.to_act() == [1]


def test_post_4_the_other_card_goes_to_the_bottom_of_that_deck():
    m = post4(["1-11", "1-12", "1-13"])
    play(m, reserve_deck(1))
    play(m, keep("1-13"))
    assert m._state.decks[0] == ["1-12", "1-11"]  # top last: 1-11 on top, 1-12 at the bottom
    assert m.view(None)["decks"][0] == 2
    assert [c["id"] for c in m.view(None)["market"][0]] == ROW1  # the market is untouched


def test_post_4_a_deck_of_one_card_is_simply_reserved():
    m = post4(["1-11"])
    events = play(m, reserve_deck(1))
    assert types(events) == ["reserve", "gold"]
    assert m._state.seats[0].reserved == [["1-11", True]] and m._state.decks[0] == []
    assert m.to_act() == [1]


def test_post_4_gold_is_still_given():
    m = post4(["1-11", "1-12"])
    play(m, reserve_deck(1))
    assert tokens(m, 0)[GOLD] == 1 and bank(m)[GOLD] == 4
    play(m, keep("1-11"))
    assert tokens(m, 0)[GOLD] == 1


def test_post_4_with_no_gold_left():
    m = post4(["1-11", "1-12"], bank={GOLD: 0})
    events = play(m, reserve_deck(1))
    assert types(events) == ["reserve"] and phase(m) == "keep"


def test_post_4_not_when_reserving_a_market_card():
    m = post4(["1-11", "1-12"])
    events = play(m, reserve("1-08"))
    assert phase(m) == "action" and m.to_act() == [1] and "keep" not in types(events)
    assert m._state.seats[0].reserved == [["1-08", False]]


def test_without_post_4_a_deck_reserve_takes_the_top_card():
    m = posts_position(market={1: ROW1}, decks={1: ["1-11", "1-12"]}, seats={0: dict(bonuses={"black": 2})})
    play(m, reserve_deck(1))
    assert m._state.seats[0].reserved == [["1-12", True]] and m.to_act() == [1]


def test_post_4_drawn_pair_and_kept_card_are_hidden_from_every_other_view_and_the_events():
    m = post4(["1-11", "1-12", "1-13"], players=3)
    events = play(m, reserve_deck(1))
    absent_from_others(m, ["1-12", "1-13"], owner=0, events=events)
    assert m.legal_moves(1) == [] and m.legal_moves(2) == []
    assert pending(m, None) == {"keep": {"tier": 1}} == pending(m, 1) == pending(m, 2)
    assert '"1-12"' in json.dumps(m.view(0)) and '"1-13"' in json.dumps(m.view(0))
    events += play(m, keep("1-13"))
    absent_from_others(m, ["1-12", "1-13"], owner=0, events=events)
    assert '"1-13"' in json.dumps(m.view(0))


def test_post_4_keep_refusals():
    m = post4(["1-11", "1-12", "1-13"])
    refused(m, keep("1-13"), r"no keep decision to make now")
    play(m, reserve_deck(1))
    refused(m, keep("1-11"), r"keep one of the two cards you drew")
    refused(m, keep("1-25"), r"keep one of the two cards you drew")
    refused(m, take("white", "blue", "green"), r"first choose which of the two drawn cards you keep")
    refused(m, reserve_deck(1), r"first choose which of the two drawn cards")
    refused(m, {"type": "keep", "card": "1-12", "tier": 1}, r"unexpected field")
    refused(m, keep("1-12"), r"not seat 1's turn", seat=1)


# --- post 5: prestige ----------------------------------------------------------------------

def test_post_5_gives_one_prestige_for_each_post_held_including_itself():
    m = posts_position(posts={0: [1, 2]}, seats={0: dict(bonuses={"white": 2, "red": 3, "green": 5})})
    events = play(m, take("white", "blue", "green"))
    assert {"type": "post", "seat": 0, "post": 5, "prestige": 3} in events
    assert prestige(m, 0) == 3


def test_post_5_as_the_first_post_is_worth_one():
    m = posts_position(seats={0: dict(bonuses={"green": 5}, prestige=4)})
    play(m, take("white", "blue", "green"))
    assert posts_of(m, 0) == [5] and prestige(m, 0) == 5


def test_post_5_adds_one_for_each_post_earned_later():
    m = posts_position(posts={0: [5]}, seats={0: dict(bonuses={"green": 5, "white": 2, "black": 3}, prestige=1)})
    play(m, take("white", "blue", "green"))
    play(m, post(2))
    assert prestige(m, 0) == 2
    play(m, take("white", "blue", "green"))
    events = play(m, take("red", "black", "white"))
    assert {"type": "post", "seat": 0, "post": 4, "prestige": 1} in events
    assert prestige(m, 0) == 3


def test_other_posts_give_no_prestige_without_post_5():
    m = posts_position(posts={0: [1]}, seats={0: dict(bonuses={"white": 2, "red": 3}, prestige=2)})
    events = play(m, take("white", "blue", "green"))
    assert {"type": "post", "seat": 0, "post": 2, "prestige": 0} in events and prestige(m, 0) == 2


def test_post_prestige_counts_toward_15_and_ends_the_game():
    m = posts_position(posts={0: [5]}, seats={0: dict(bonuses={"green": 5, "white": 2}, prestige=14)})
    events = play(m, take("white", "blue", "green"))
    assert types(events) == ["take", "post", "final_round"]
    assert prestige(m, 0) == 15 and m.view(None)["turn"]["final_round"]
    events = play(m, take("white", "blue", "green"))  # seat 1 completes the round
    assert m.is_over() and m.result()["winners"] == [0] and m.result()["scores"] == [15, 0]


# --- gems from posts and the 10-token limit -------------------------------------------------

def test_gem_from_post_1_counts_toward_ten_checked_after_it():
    # 1-23 (costs 3 red) is free with the 3 red bonuses post 1 needs
    m = posts_position(posts={0: [1]}, market={1: ["1-23", "1-02", "1-08", "1-16"]},
                       seats={0: dict(bonuses={"white": 1, "red": 3},
                                      tokens={"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2})})
    phases, events = play_through(m, [buy("1-23")])
    assert phases == ["gem"] and sum(tokens(m, 0).values()) == 10
    phases, events = play_through(m, [gem("black"), {"type": "return", "gems": {"white": 1}}])
    assert phases == ["return", "action"] and types(events) == ["gem", "return"]
    assert sum(tokens(m, 0).values()) == 10 and m.to_act() == [1]


def test_gem_from_post_2_counts_toward_ten_checked_after_it():
    m = posts_position(posts={0: [2]},
                       seats={0: dict(bonuses={"white": 2}, tokens={"white": 2, "blue": 2, "green": 2, "black": 2})})
    play(m, take(red=2))  # 10 tokens
    assert phase(m) == "gem"
    play(m, gem("white"))
    assert phase(m) == "return" and m.view(0)["turn"]["must_return"] == 1
    assert moves_of(m, "return")  # any of the 11, the new ones included
    play(m, {"type": "return", "gems": {"red": 1}})
    assert sum(tokens(m, 0).values()) == 10 and m.to_act() == [1]


def test_a_post_gem_reaching_exactly_ten_needs_no_return():
    m = posts_position(posts={0: [2]},
                       seats={0: dict(bonuses={"white": 2}, tokens={"white": 2, "blue": 3, "black": 2})})
    play(m, take(red=2))
    play(m, gem("green"))
    assert sum(tokens(m, 0).values()) == 10 and m.to_act() == [1]
