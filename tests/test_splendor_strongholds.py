"""Seed 001, "Strongholds: Protect market cards with your strongholds. Stack all three for an
extra purchase. … Conquest permits one extra purchase before returning excess tokens and
welcoming a noble. Each purchase earns one stronghold placement, move, or removal." — and
the ruling "Strongholds module" (2025 edition):

- 3 strongholds per seat. After each purchase (the conquest one included) the buyer must
  place one from its supply, or move one of its own, onto a face-up market card not occupied
  by another seat; or remove the single stronghold of another seat from a card holding
  exactly one (it returns to its owner) — if any of these is possible.
- A card holding strongholds can be bought or reserved only by their owner, who takes them back.
- Conquest: three of one's strongholds on one card allow, after the action, one extra
  purchase of that card, paying normally.
- Slots emptied by purchases (and, issue 21, by market reservations) are refilled after the
  stronghold action and any conquest.
"""

import pytest
from splendor_module_positions import (
    SKIP,
    held_strongholds,
    module_position,
    move_stronghold,
    pending,
    place,
    play_through,
    remove,
    strongholds_accounted,
    supply,
    types,
)
from splendor_positions import (
    GOLD,
    PASS,
    buy,
    buy_payments,
    counts,
    market_ids,
    moves_of,
    phase,
    play,
    refused,
    reserve,
    reserve_deck,
    rule_payments,
    take,
    tokens,
)

import engine
from engine.games.gems.cards import CARDS
from engine.games.gems.payments import owed

# 1-25 red (3 white), 1-02 white (3 blue), 1-08 white (4 green), 1-16 blue (4 red)
ROW1 = ["1-25", "1-02", "1-08", "1-16"]
NEXT = ["1-11", "1-12"]  # tier 1 deck, top last: 1-12 comes out first
EMPTY = [None] * 4


def sh(**kwargs):
    """Strongholds on, Trading Posts off; the tier 1 row and deck known."""
    kwargs.setdefault("market", {1: ROW1})
    kwargs.setdefault("decks", {1: list(NEXT)})
    return module_position(trading_posts=False, **kwargs)


def face_up(m):
    return [c["id"] for row in m.view(None)["market"] for c in row if c]


def stronghold_moves(m):
    return moves_of(m, "stronghold")


def as_set(moves):
    return {tuple(sorted(mv.items())) for mv in moves}


def expected_options(m, seat):
    """The ruling written out again: place (supply) or move (own) onto any face-up card not
    held by another seat; remove another seat's lone stronghold."""
    held = held_strongholds(m)
    open_cards = [c for c in face_up(m) if c not in held or held[c][0] == seat]
    out = []
    if supply(m, seat):
        out += [place(c) for c in open_cards]
    for source, (owner, _n) in held.items():
        if owner == seat:
            out += [move_stronghold(source, c) for c in open_cards if c != source]
    out += [remove(c) for c, (owner, n) in held.items() if owner != seat and n == 1]
    return out


# --- supply and the obligation ---------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_has_three_strongholds(players):
    m = engine.new_match("splendor", players, options={"strongholds": True}, seed=2)
    assert [s["strongholds"] for s in m.view(None)["seats"]] == [3] * players
    assert m.view(None)["strongholds"] == {}
    off = engine.new_match("splendor", players, seed=2)
    assert [s["strongholds"] for s in off.view(None)["seats"]] == [0] * players


def test_after_a_purchase_the_buyer_must_take_a_stronghold_action():
    m = sh(seats={0: dict(tokens={"white": 3})})
    events = play(m, buy("1-25", white=3))
    assert types(events) == ["buy"]
    assert phase(m) == "stronghold" and m.to_act() == [0] and pending(m) == {"stronghold": True}
    assert as_set(m.legal_moves(0)) == as_set(expected_options(m, 0))
    assert len(m.legal_moves(0)) == 11  # every face-up card; the bought card's slot is empty
    refused(m, take("white", "blue", "green"), r"each purchase earns one stronghold action")
    refused(m, PASS, r"stronghold action")
    refused(m, place("1-02"), r"not seat 1's turn", seat=1)
    events = play(m, place("1-02"))
    assert events[0] == {"type": "stronghold", "seat": 0, "action": "place",
                         "card": {"id": "1-02", "tier": 1, "color": "white", "points": 0, "cost": {"blue": 3}}}
    assert held_strongholds(m) == {"1-02": (0, 1)} and supply(m, 0) == 2
    assert m.to_act() == [1]
    strongholds_accounted(m)


def test_every_purchase_earns_one_stronghold_action_also_of_a_reserved_card():
    m = sh(seats={0: dict(tokens={"blue": 3}, reserved=["1-14"])})  # 1-14: 2 green 2 black
    m._state.seats[0].tokens = counts({"green": 2, "black": 2})
    m._legal = {}
    play(m, buy("1-14", green=2, black=2))
    assert phase(m) == "stronghold"
    play(m, place("1-08"))
    assert m.to_act() == [1]


def test_the_stronghold_actions_are_exactly_the_rulings():
    # seat 0: two on 1-02, one in supply; seat 1: one on 1-08 (lone), two on 1-16.
    m = sh(strongholds={"1-02": (0, 2), "1-08": (1, 1), "1-16": (1, 2)},
           seats={0: dict(tokens={"white": 3})})
    play(m, buy("1-25", white=3))
    listed = m.legal_moves(0)
    assert as_set(listed) == as_set(expected_options(m, 0)) and len(listed) == len(as_set(listed))
    assert place("1-02") in listed and place("1-08") not in listed and place("1-16") not in listed
    assert move_stronghold("1-02", "1-12") not in listed  # the refill card is not out yet
    assert remove("1-08") in listed and remove("1-16") not in listed


@pytest.mark.parametrize("action", [take("white", "blue", "green"), reserve("1-02"), reserve_deck(2)],
                         ids=["take", "reserve", "reserve-deck"])
def test_no_stronghold_action_without_a_purchase(action):
    m = sh()
    events = play(m, action)
    assert "stronghold" not in types(events) and m.to_act() == [1]
    assert supply(m, 0) == 3


def test_the_turn_goes_on_when_no_stronghold_action_is_possible():
    # the bought card was the only face-up card; the decks are empty
    m = sh(market={1: ["1-25", None, None, None], 2: EMPTY, 3: EMPTY}, decks={1: 0, 2: 0, 3: 0},
           seats={0: dict(tokens={"white": 3})})
    events = play(m, buy("1-25", white=3))
    assert types(events) == ["buy", "refill"] and m.to_act() == [1] and phase(m) == "action"


def test_the_turn_goes_on_when_every_card_is_guarded_by_two_or_more():
    m = sh(market={1: ["1-25", "1-02", None, None], 2: EMPTY, 3: EMPTY}, decks={1: 0, 2: 0, 3: 0},
           strongholds={"1-02": (1, 2)}, seats={0: dict(tokens={"white": 3})})
    play(m, buy("1-25", white=3))
    assert m.to_act() == [1] and held_strongholds(m) == {"1-02": (1, 2)} and supply(m, 0) == 3


def test_with_strongholds_off_there_is_no_stronghold_action():
    m = module_position(strongholds_on=False, trading_posts=False, market={1: ROW1},
                        seats={0: dict(tokens={"white": 3})})
    events = play(m, buy("1-25", white=3))
    assert types(events) == ["buy", "refill"] and m.to_act() == [1]
    refused(m, place("1-02"), r"no stronghold decision to make now", seat=1)


# --- place -----------------------------------------------------------------------------------

def bought(**kwargs):
    """Seat 0 has just bought 1-25 and must take its stronghold action."""
    seats = kwargs.pop("seats", {})
    seats.setdefault(0, {}).setdefault("tokens", {"white": 3})
    m = sh(seats=seats, **kwargs)
    play(m, buy("1-25", white=3))
    assert phase(m) == "stronghold"
    return m


def test_place_one_from_the_supply_onto_a_face_up_card():
    m = bought()
    play(m, place("1-16"))
    assert held_strongholds(m) == {"1-16": (0, 1)} and supply(m, 0) == 2
    strongholds_accounted(m)


def test_place_on_top_of_ones_own_strongholds():
    m = bought(strongholds={"1-16": (0, 2)})
    assert place("1-16") in m.legal_moves(0)
    play(m, place("1-16"))
    assert held_strongholds(m) == {"1-16": (0, 3)} and supply(m, 0) == 0


def test_never_place_on_a_card_another_seat_holds():
    m = bought(strongholds={"1-16": (1, 1)})
    assert place("1-16") not in m.legal_moves(0)
    refused(m, place("1-16"), r"card 1-16 holds another seat's strongholds")


def test_place_only_on_a_face_up_market_card():
    m = bought(seats={0: dict(reserved=["2-01"], cards=["1-30"]), 1: dict(reserved=[("2-02", True)])})
    refused(m, place("1-25"), r"not face up in the market")  # just bought: its slot is empty
    refused(m, place("1-12"), r"not face up in the market")  # the top of the deck
    refused(m, place("2-01"), r"not face up in the market")  # own reservation
    refused(m, place("2-02"), r"not face up in the market")  # another seat's reservation
    refused(m, place("1-30"), r"not face up in the market")  # an owned card
    refused(m, place("9-99"), r"there is no card '9-99'")
    refused(m, {"type": "stronghold", "action": "build", "card": "1-02"}, r"'place', 'move' or 'remove'")


def test_place_needs_a_stronghold_in_the_supply():
    m = bought(strongholds={"1-02": (0, 2), "1-08": (0, 1)})
    assert supply(m, 0) == 0
    assert not [mv for mv in m.legal_moves(0) if mv["action"] == "place"]
    assert [mv for mv in m.legal_moves(0) if mv["action"] == "move"]  # it must move one instead
    refused(m, place("1-16"), r"all three of your strongholds are on the table: move one instead")


# --- move ------------------------------------------------------------------------------------

def test_move_one_of_ones_own_strongholds():
    m = bought(strongholds={"1-02": (0, 1)})
    events = play(m, move_stronghold("1-02", "1-16"))
    assert held_strongholds(m) == {"1-16": (0, 1)} and supply(m, 0) == 2
    assert events[0]["action"] == "move" and events[0]["from"]["id"] == "1-02" and events[0]["card"]["id"] == "1-16"
    strongholds_accounted(m)


def test_move_one_off_a_stack_onto_another_own_card():
    m = bought(strongholds={"1-02": (0, 2), "1-08": (0, 1)})
    play(m, move_stronghold("1-02", "1-08"))
    assert held_strongholds(m) == {"1-02": (0, 1), "1-08": (0, 2)} and supply(m, 0) == 0


def test_move_only_ones_own_strongholds():
    m = bought(strongholds={"1-02": (0, 1), "1-08": (1, 1)})
    refused(m, move_stronghold("1-08", "1-16"), r"move only one of your own strongholds")
    refused(m, move_stronghold("1-16", "1-02"), r"move only one of your own strongholds")


@pytest.mark.parametrize("source", [["1-02"], {"card": "1-02"}, 7, None], ids=["list", "object", "number", "null"])
def test_a_move_from_something_that_is_not_a_card_id_is_refused(source):
    m = bought(strongholds={"1-02": (0, 1)})
    refused(m, {"type": "stronghold", "action": "move", "from": source, "card": "1-16"},
            r"move only one of your own strongholds")


def test_never_move_onto_a_card_another_seat_holds():
    m = bought(strongholds={"1-02": (0, 1), "1-08": (1, 2)})
    assert move_stronghold("1-02", "1-08") not in m.legal_moves(0)
    refused(m, move_stronghold("1-02", "1-08"), r"holds another seat's strongholds")


def test_a_move_goes_to_another_card():
    m = bought(strongholds={"1-02": (0, 1)})
    refused(m, move_stronghold("1-02", "1-02"), r"another card")
    refused(m, move_stronghold("1-02", "1-25"), r"not face up in the market")


# --- remove ----------------------------------------------------------------------------------

def test_remove_the_lone_stronghold_of_another_seat_it_goes_home():
    m = bought(strongholds={"1-08": (1, 1)})
    assert supply(m, 1) == 2
    events = play(m, remove("1-08"))
    assert held_strongholds(m) == {} and supply(m, 1) == 3 and supply(m, 0) == 3
    assert events[0]["action"] == "remove" and events[0]["card"]["id"] == "1-08"
    strongholds_accounted(m)


@pytest.mark.parametrize("count", [2, 3])
def test_never_remove_from_a_card_holding_two_or_three(count):
    m = bought(strongholds={"1-08": (1, count)})
    assert remove("1-08") not in m.legal_moves(0)
    refused(m, remove("1-08"), r"remove only a lone stronghold of another seat", r"exactly one")


def test_remove_only_another_seats_stronghold():
    m = bought(strongholds={"1-02": (0, 1)})
    refused(m, remove("1-02"), r"holds no stronghold of another seat")
    refused(m, remove("1-16"), r"holds no stronghold of another seat")


def test_remove_one_of_several_seats_lone_strongholds():
    m = bought(players=3, strongholds={"1-08": (1, 1), "1-16": (2, 1), "1-02": (2, 1)})
    assert {mv["card"] for mv in m.legal_moves(0) if mv["action"] == "remove"} == {"1-08", "1-16", "1-02"}
    play(m, remove("1-16"))
    assert held_strongholds(m) == {"1-08": (1, 1), "1-02": (2, 1)} and supply(m, 2) == 2


# --- guarded cards -----------------------------------------------------------------------------

def test_a_guarded_card_can_be_bought_or_reserved_only_by_the_owner():
    m = sh(strongholds={"1-25": (1, 1)}, seats={0: dict(tokens={"white": 3})})
    assert buy_payments(m, "1-25") == []
    assert reserve("1-25") not in m.legal_moves(0)
    refused(m, buy("1-25", white=3), r"card 1-25 holds another seat's strongholds", r"only their owner")
    refused(m, reserve("1-25"), r"card 1-25 holds another seat's strongholds", r"only their owner")


def test_the_owner_buying_a_guarded_card_takes_its_strongholds_back():
    m = sh(current=1, strongholds={"1-25": (1, 2)}, seats={1: dict(tokens={"white": 3})})
    events = play(m, buy("1-25", white=3))
    assert types(events) == ["buy", "strongholds_home"]
    assert events[1]["seat"] == 1 and events[1]["count"] == 2 and events[1]["card"]["id"] == "1-25"
    assert held_strongholds(m) == {} and supply(m, 1) == 3
    assert phase(m) == "stronghold"  # and it earns its stronghold action
    strongholds_accounted(m)


def test_the_owner_reserving_a_guarded_card_takes_its_strongholds_back_and_the_slot_refills_at_the_turns_end():
    m = sh(current=1, strongholds={"1-08": (1, 3)})
    events = play(m, reserve("1-08"))
    assert types(events) == ["reserve", "strongholds_home", "gold", "refill"]
    assert events[3] == {"type": "refill", "tier": 1, "slot": 2, "card": events[3]["card"]}
    assert events[3]["card"]["id"] == "1-12" and market_ids(m, 1) == ["1-25", "1-02", "1-12", "1-16"]
    assert held_strongholds(m) == {} and supply(m, 1) == 3 and m.to_act() == [0]


# --- conquest --------------------------------------------------------------------------------

def conquest_ready(**kwargs):
    """Seat 0: two strongholds on 1-08 (4 green), one in supply; buys 1-25 (3 white)."""
    kwargs.setdefault("strongholds", {"1-08": (0, 2)})
    kwargs.setdefault("seats", {0: dict(tokens={"white": 3, "green": 4})})
    m = sh(**kwargs)
    play(m, buy("1-25", white=3))
    return m


def test_three_strongholds_on_one_card_allow_one_extra_purchase_paying_normally():
    m = conquest_ready()
    events = play(m, place("1-08"))
    assert types(events) == ["stronghold"]
    assert phase(m) == "conquest" and m.to_act() == [0] and pending(m) == {"conquest": "1-08"}
    assert m.legal_moves(0) == [buy("1-08", green=4), SKIP]
    events = play(m, buy("1-08", green=4))
    assert types(events) == ["conquest", "buy", "strongholds_home"]
    assert events[2]["count"] == 3 and events[2]["seat"] == 0
    assert m._state.seats[0].cards == ["1-25", "1-08"]
    assert tokens(m, 0) == {"white": 0, "blue": 0, "green": 0, "red": 0, "black": 0, GOLD: 0}
    assert held_strongholds(m) == {} and supply(m, 0) == 3
    strongholds_accounted(m)


def test_two_strongholds_on_one_card_are_no_conquest():
    m = conquest_ready(strongholds={"1-08": (0, 1)})
    events = play(m, place("1-08"))
    assert types(events) == ["stronghold", "refill"] and m.to_act() == [1]
    assert held_strongholds(m) == {"1-08": (0, 2)}


def test_the_conquest_payments_are_the_normal_exact_payments():
    m = conquest_ready(seats={0: dict(tokens={"white": 3, "green": 3, GOLD: 2})})
    play(m, place("1-08"))
    need = owed(CARDS["1-08"].cost, m._state.seats[0].bonuses)
    expected = sorted(rule_payments(need, m._state.seats[0].tokens))
    assert sorted(counts(p) for p in buy_payments(m, "1-08")) == expected and len(expected) == 2


def test_the_conquest_purchase_earns_a_stronghold_action():
    m = conquest_ready()
    play(m, place("1-08"))
    play(m, buy("1-08", green=4))
    assert phase(m) == "stronghold" and m.to_act() == [0]
    play(m, place("1-02"))
    assert held_strongholds(m) == {"1-02": (0, 1)} and m.to_act() == [1]


def test_skip_declines_the_conquest():
    m = conquest_ready()
    play(m, place("1-08"))
    events = play(m, SKIP)
    assert types(events) == ["skip_conquest", "refill"] and m.to_act() == [1]
    assert held_strongholds(m) == {"1-08": (0, 3)} and "1-08" in market_ids(m, 1)
    assert m._state.seats[0].cards == ["1-25"]


def test_no_conquest_question_when_the_card_cannot_be_paid():
    m = conquest_ready(seats={0: dict(tokens={"white": 3, "green": 3})})
    events = play(m, place("1-08"))
    assert "conquest" not in types(events) and m.to_act() == [1]
    assert held_strongholds(m) == {"1-08": (0, 3)}


def test_conquest_refusals():
    m = conquest_ready(seats={0: dict(tokens={"white": 3, "green": 4, "blue": 3})})
    refused(m, SKIP, r"first place, move or remove a stronghold")
    play(m, place("1-08"))
    refused(m, buy("1-02", blue=3), r"conquest purchase is card 1-08")
    refused(m, buy("1-08", green=3), r"does not cover the cost")
    refused(m, take("white", "blue", "green"), r"first buy the conquered card or skip the conquest")
    refused(m, place("1-02"), r"first buy the conquered card or skip")
    refused(m, SKIP, r"not seat 1's turn", seat=1)


def test_skip_only_in_the_conquest_phase():
    m = sh()
    refused(m, SKIP, r"no skip decision to make now")


def test_conquest_also_after_taking_gems():
    # three strongholds left on 1-16 from an earlier turn; the seat takes gems, then buys it
    # ("a seat whose three strongholds stand on one card may, after its action, buy that card")
    m = sh(strongholds={"1-16": (0, 3)}, seats={0: dict(tokens={"red": 2})})
    phases, events = play_through(m, [take(red=2)])
    assert phases == ["conquest"] and pending(m) == {"conquest": "1-16"}
    phases, events = play_through(m, [buy("1-16", red=4), place("1-25")])
    assert phases == ["stronghold", "action"] and m.to_act() == [1]
    assert types(events) == ["conquest", "buy", "strongholds_home", "stronghold", "refill"]
    assert m._state.seats[0].cards == ["1-16"] and held_strongholds(m) == {"1-25": (0, 1)}


def test_conquest_also_after_reserving():
    m = sh(strongholds={"1-16": (0, 3)}, seats={0: dict(tokens={"red": 4})})
    play(m, reserve("1-02"))
    assert phase(m) == "conquest"
    play(m, SKIP)
    assert m.to_act() == [1] and held_strongholds(m) == {"1-16": (0, 3)}


# --- refills ---------------------------------------------------------------------------------

def test_a_purchased_slot_is_refilled_only_after_the_stronghold_action():
    m = bought()
    assert market_ids(m, 1) == [None, "1-02", "1-08", "1-16"]
    assert m.view(None)["market"][0][0] is None and m.view(None)["decks"][0] == 2
    assert not [mv for mv in m.legal_moves(0) if mv["card"] == "1-12"]
    refused(m, place("1-12"), r"not face up in the market")
    events = play(m, place("1-02"))
    assert types(events) == ["stronghold", "refill"]
    assert events[1]["tier"] == 1 and events[1]["slot"] == 0 and events[1]["card"]["id"] == "1-12"
    assert market_ids(m, 1) == ["1-12", "1-02", "1-08", "1-16"]


def test_slots_emptied_by_the_conquest_are_refilled_after_its_stronghold_action():
    m = conquest_ready()
    play(m, place("1-08"))
    play(m, buy("1-08", green=4))
    assert market_ids(m, 1) == [None, "1-02", None, "1-16"]
    assert {mv["card"] for mv in m.legal_moves(0)} == set(face_up(m)) and "1-12" not in face_up(m)
    events = play(m, place("1-16"))
    assert types(events) == ["stronghold", "refill", "refill"]
    assert [(e["slot"], e["card"]["id"]) for e in events[1:]] == [(0, "1-12"), (2, "1-11")]


def test_a_purchase_from_an_empty_deck_leaves_the_slot_empty():
    m = bought(decks={1: 0})
    events = play(m, place("1-02"))
    assert events[-1] == {"type": "refill", "tier": 1, "slot": 0, "card": None}
    assert market_ids(m, 1) == [None, "1-02", "1-08", "1-16"]


def test_a_reserved_slot_is_refilled_in_the_refill_step_with_strongholds_on():
    # issue 21: like a purchase's, after the (here absent) conquest; see test_splendor_refill_timing.py
    m = sh()
    events = play(m, reserve("1-02"))
    assert types(events) == ["reserve", "gold", "refill"] and events[2]["card"]["id"] == "1-12"
    assert market_ids(m, 1) == ["1-25", "1-12", "1-08", "1-16"]


def test_without_strongholds_a_purchase_refills_at_once():
    m = module_position(strongholds_on=False, market={1: ROW1}, decks={1: list(NEXT)},
                        seats={0: dict(tokens={"white": 3})})
    events = play(m, buy("1-25", white=3))
    assert types(events) == ["buy", "refill"] and market_ids(m, 1)[0] == "1-12"
