"""When an emptied market slot is refilled — ruling "Market refills" ("a slot emptied by a
reserve or a purchase is refilled from its deck at once, except with Strongholds on") and the
Strongholds ruling ("market slots emptied by the turn's purchases are refilled after the
stronghold action and any conquest purchase, before the token return; so a stronghold can
never be placed on a card that a refill of the same turn brings out"), issue 21.

With Strongholds on, a slot emptied by reserving a market card waits like a purchase's: it
is refilled in the turn's refill step, after the conquest and the stronghold actions, before
the token return. Slots are refilled in the order they were emptied (the first emptied slot
of a tier gets that deck's top card). With Strongholds off, every slot is refilled at once.
Reserving a deck top empties no slot.

Event order of the issue's example (reserve, then conquest):
    reserve → gold → conquest → buy → strongholds_home → stronghold → refill (the reserved
    card's slot) → refill (the conquered card's slot)
"""

import json

import pytest
from splendor_module_positions import (
    SKIP,
    gem,
    held_strongholds,
    module_position,
    pending,
    place,
    strongholds_accounted,
    types,
)
from splendor_positions import (
    buy,
    give_back,
    market_ids,
    phase,
    play,
    refused,
    reserve,
    reserve_deck,
)

from engine.games.splendor.state import SplendorState
from engine.games.splendor.turn import apply

# 2-07 blue (2 blue 3 green 3 black), 2-05 white (5 red), 2-01 and 2-02 white
ROW2 = ["2-07", "2-05", "2-01", "2-02"]
DECK2 = ["2-11", "2-18"]  # top last: 2-18 comes out first, then 2-11


def all_three_on_2_05(strongholds_on=True, trading_posts=False, **seat0):
    """The issue's example: seat 0 holds all three of its strongholds on 2-05 and 5 red."""
    seat0.setdefault("tokens", {"red": 5})
    return module_position(
        trading_posts=trading_posts, strongholds_on=strongholds_on,
        strongholds={"2-05": (0, 3)} if strongholds_on else None,
        market={2: ROW2}, decks={2: list(DECK2)}, seats={0: seat0},
    )


def shown_ids(m, viewer):
    return [c["id"] if c else None for c in m.view(viewer)["market"][1]]


def every_view_shows(m, row2, deck2):
    """Every seat's view and the public one show tier 2 as ``row2`` and its deck size."""
    for viewer in (None, 0, 1):
        assert shown_ids(m, viewer) == row2, viewer
        assert m.view(viewer)["decks"][1] == deck2, viewer


# --- Strongholds on: reserve, then conquest ----------------------------------------------------

def test_reserve_then_conquest_no_stronghold_may_go_on_the_card_the_refill_brings_out():
    m = all_three_on_2_05()
    events = play(m, reserve("2-07"))
    assert types(events) == ["reserve", "gold"]  # no refill yet
    assert phase(m) == "conquest" and pending(m) == {"conquest": "2-05"}
    assert market_ids(m, 2) == [None, "2-05", "2-01", "2-02"]
    events += play(m, buy("2-05", red=5))
    assert phase(m) == "stronghold"
    listed = {mv["card"] for mv in m.legal_moves(0)}
    assert "2-18" not in listed and "2-11" not in listed
    assert {"2-01", "2-02"} <= listed and "2-05" not in listed
    refused(m, place("2-18"), r"card 2-18 is not face up in the market")
    events += play(m, place("2-01"))
    assert types(events) == ["reserve", "gold", "conquest", "buy", "strongholds_home", "stronghold",
                             "refill", "refill"]
    refills = [(e["tier"], e["slot"], e["card"]["id"]) for e in events if e["type"] == "refill"]
    assert refills == [(2, 0, "2-18"), (2, 1, "2-11")]  # in the order the slots were emptied
    assert market_ids(m, 2) == ["2-18", "2-11", "2-01", "2-02"] and m._state.decks[1] == []
    assert held_strongholds(m) == {"2-01": (0, 1)} and m.to_act() == [1]
    assert m._state.seats[0].reserved == [["2-07", False]] and m._state.seats[0].cards == ["2-05"]
    strongholds_accounted(m)


def test_reserve_then_conquest_the_views_show_the_reserved_slot_empty_until_the_refill():
    m = all_three_on_2_05()
    play(m, reserve("2-07"))
    every_view_shows(m, [None, "2-05", "2-01", "2-02"], 2)  # the deck still holds both cards
    listed = m.legal_moves(0)  # the conquest purchase (the new gold may pay a red) or skip
    assert listed[-1] == SKIP and {mv["card"] for mv in listed[:-1]} == {"2-05"}
    play(m, buy("2-05", red=5))
    every_view_shows(m, [None, None, "2-01", "2-02"], 2)
    play(m, place("2-02"))
    every_view_shows(m, ["2-18", "2-11", "2-01", "2-02"], 0)


def test_reserve_then_conquest_with_post_1_the_slots_stay_empty_while_the_gem_is_chosen():
    m = all_three_on_2_05(trading_posts=True)
    m._state.seats[0].posts = [1]
    m._legal = {}
    play(m, reserve("2-07"))
    play(m, buy("2-05", red=5))
    assert phase(m) == "gem"
    every_view_shows(m, [None, None, "2-01", "2-02"], 2)
    play(m, gem("red"))
    assert phase(m) == "stronghold" and "2-18" not in {mv["card"] for mv in m.legal_moves(0)}
    events = play(m, place("2-01"))
    assert types(events) == ["stronghold", "refill", "refill"]


def test_reserve_then_declined_conquest_the_slot_is_refilled_after_the_skip():
    m = all_three_on_2_05()
    play(m, reserve("2-07"))
    events = play(m, SKIP)
    assert types(events) == ["skip_conquest", "refill"]
    assert (events[1]["tier"], events[1]["slot"], events[1]["card"]["id"]) == (2, 0, "2-18")
    assert market_ids(m, 2) == ["2-18", "2-05", "2-01", "2-02"] and m.to_act() == [1]
    assert held_strongholds(m) == {"2-05": (0, 3)}


def test_a_state_saved_while_the_refill_waits_loads_and_plays_on_the_same():
    m = all_three_on_2_05()
    play(m, reserve("2-07"))
    assert m._state.refills == [[1, 0]]  # tier 2 (index 1), slot 0 waits
    saved = json.loads(json.dumps(m._state.to_json()))
    loaded = SplendorState.from_json(saved)
    assert loaded.to_json() == m._state.to_json()
    twin = SplendorState.from_json(saved)
    for state in (m._state, twin):
        apply(state, 0, buy("2-05", red=5))
        apply(state, 0, place("2-01"))
    assert twin.to_json() == m._state.to_json() and twin.market[1] == ["2-18", "2-11", "2-01", "2-02"]


# --- Strongholds on: reserve with no conquest ----------------------------------------------------

def test_reserve_without_conquest_the_slot_is_refilled_before_the_turn_passes():
    m = all_three_on_2_05(tokens={})
    m._state.strongholds = {}
    m._state.seats[0].strongholds = 3
    m._legal = {}
    events = play(m, reserve("2-07"))
    assert types(events) == ["reserve", "gold", "refill"]
    assert (events[2]["tier"], events[2]["slot"], events[2]["card"]["id"]) == (2, 0, "2-18")
    assert market_ids(m, 2) == ["2-18", "2-05", "2-01", "2-02"] and m.to_act() == [1]


def test_reserve_without_conquest_the_slot_is_refilled_before_the_token_return():
    # 10 tokens + the gold: the return waits, the refill has already happened
    ten = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}
    m = all_three_on_2_05(tokens=ten)
    m._state.strongholds = {}
    m._state.seats[0].strongholds = 3
    m._legal = {}
    events = play(m, reserve("2-07"))
    assert types(events) == ["reserve", "gold", "refill"] and phase(m) == "return"
    every_view_shows(m, ["2-18", "2-05", "2-01", "2-02"], 1)
    events = play(m, give_back(gold=1))
    assert types(events) == ["return"] and m.to_act() == [1]


def test_cannot_pay_the_conquest_the_reserved_slot_is_refilled_without_asking():
    m = all_three_on_2_05(tokens={"red": 3})  # with the reservation's gold: 4 of the 5 red
    events = play(m, reserve("2-07"))
    assert types(events) == ["reserve", "gold", "refill"] and m.to_act() == [1]
    assert market_ids(m, 2) == ["2-18", "2-05", "2-01", "2-02"]


def test_reserving_the_last_card_of_a_tier_leaves_the_slot_empty_at_the_refill():
    m = all_three_on_2_05(tokens={})
    m._state.decks[1] = []
    m._legal = {}
    events = play(m, reserve("2-07"))
    assert types(events)[-1] == "refill" and events[-1] == {"type": "refill", "tier": 2, "slot": 0, "card": None}
    assert market_ids(m, 2) == [None, "2-05", "2-01", "2-02"]


# --- deck tops: no slot emptied ----------------------------------------------------------------------

@pytest.mark.parametrize("strongholds_on", [True, False], ids=["strongholds", "no-strongholds"])
def test_reserving_a_deck_top_empties_no_slot(strongholds_on):
    m = all_three_on_2_05(strongholds_on=strongholds_on, tokens={})
    before = [row[:] for row in m._state.market]
    events = play(m, reserve_deck(2))
    assert types(events) == ["reserve", "gold"]  # no refill event
    assert m._state.market == before and m._state.refills == []
    assert m._state.seats[0].reserved == [["2-18", True]] and m._state.decks[1] == ["2-11"]


# --- Strongholds off: nothing changes ------------------------------------------------------------------

def test_without_strongholds_a_reserved_slot_is_refilled_at_once():
    m = all_three_on_2_05(strongholds_on=False)
    events = play(m, reserve("2-07"))
    assert types(events) == ["reserve", "refill", "gold"]
    assert (events[1]["tier"], events[1]["slot"], events[1]["card"]["id"]) == (2, 0, "2-18")
    assert market_ids(m, 2) == ["2-18", "2-05", "2-01", "2-02"] and m.to_act() == [1]


def test_without_strongholds_a_purchased_slot_is_refilled_at_once():
    m = all_three_on_2_05(strongholds_on=False)
    events = play(m, buy("2-05", red=5))
    assert types(events) == ["buy", "refill"]
    assert market_ids(m, 2) == ["2-07", "2-18", "2-01", "2-02"]
