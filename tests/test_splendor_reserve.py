"""Seed 001, "Reserve: take a market card or the top card of a deck into your private
reserve, plus 1 gold if available. You may hold at most 3 reserved cards. You cannot
discard reservations." — and the rulings "Market refills" and "Reserving from a deck"."""

import pytest
from splendor_positions import (
    GOLD,
    bank,
    give_back,
    market_ids,
    moves_of,
    phase,
    play,
    position,
    refused,
    reserve,
    reserve_deck,
    tokens,
)

from engine.games.gems.cards import CARDS

ROW1 = ["1-25", "1-02", "1-08", "1-16"]


def test_reserve_market_card_into_reserve():
    m = position(players=2, market={1: ROW1})
    play(m, reserve("1-08"))
    assert m._state.seats[0].reserved == [["1-08", False]]
    assert "1-08" not in market_ids(m, 1)


def test_reserve_top_card_of_a_deck():
    m = position(players=2)
    top = m._state.decks[2][-1]
    market_before = [row[:] for row in m._state.market]
    play(m, reserve_deck(3))
    assert m._state.seats[0].reserved == [[top, True]]
    assert len(m._state.decks[2]) == 15
    assert m._state.market == market_before  # the market is untouched


@pytest.mark.parametrize("move", [reserve("1-25"), reserve_deck(2)], ids=["market", "deck"])
def test_reserve_gives_one_gold_if_available(move):
    m = position(players=2, market={1: ROW1})
    events = play(m, move)
    assert tokens(m, 0)[GOLD] == 1 and bank(m)[GOLD] == 4
    assert {"type": "gold", "seat": 0} in events


@pytest.mark.parametrize("move", [reserve("1-25"), reserve_deck(2)], ids=["market", "deck"])
def test_reserve_gives_gold_only_if_available(move):
    m = position(players=2, market={1: ROW1}, bank={GOLD: 0})
    assert move in m.legal_moves(0)  # reserving is still allowed with no gold left
    events = play(m, move)
    assert tokens(m, 0)[GOLD] == 0 and bank(m)[GOLD] == 0
    assert not any(e["type"] == "gold" for e in events)
    assert len(m._state.seats[0].reserved) == 1


def test_reserve_gives_only_one_gold():
    m = position(players=2, market={1: ROW1})
    play(m, reserve("1-25"))
    assert tokens(m, 0)[GOLD] == 1


def test_at_most_three_reserved():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(reserved=["2-01", "2-02", ("3-01", True)])})
    assert moves_of(m, "reserve") == []
    refused(m, reserve("1-25"), r"at most 3 reserved")
    refused(m, reserve_deck(1), r"at most 3 reserved")


def test_third_reservation_allowed():
    m = position(players=2, market={1: ROW1}, seats={0: dict(reserved=["2-01", "2-02"])})
    play(m, reserve("1-25"))
    assert len(m._state.seats[0].reserved) == 3


def test_reservations_cannot_be_discarded():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(reserved=["2-01", "2-02", "3-01"])})
    # no listed move gives a reserved card back
    assert all(mv["type"] in ("take", "buy") for mv in m.legal_moves(0))
    refused(m, {"type": "discard", "card": "2-01"}, r"cannot discard reservations")
    refused(m, {"type": "unreserve", "card": "2-01"}, r"cannot discard reservations")
    refused(m, {"type": "return", "card": "2-01"}, r"unexpected field")


def test_reserved_card_is_kept_through_a_token_return():
    """At 10 tokens the gold of a reservation must be given back — never the card."""
    full = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens=full)})
    play(m, reserve("1-25"))
    assert phase(m) == "return"
    assert all(mv["type"] == "return" and sum(mv["gems"].values()) == 1 for mv in m.legal_moves(0))
    play(m, give_back(gold=1))
    assert m._state.seats[0].reserved == [["1-25", False]]


def test_reserve_only_cards_face_up_in_the_market():
    m = position(players=2, market={1: ROW1}, seats={1: dict(reserved=["1-40"])})
    deck_card = m._state.decks[0][0]
    refused(m, reserve(deck_card), r"not face up in the market")
    refused(m, reserve("1-40"), r"not face up in the market")  # another seat's reservation


def test_refill_after_reserve_and_buy():
    m = position(players=2, market={1: ROW1}, seats={1: dict(tokens={"white": 3})})
    top, second = m._state.decks[0][-1], m._state.decks[0][-2]
    events = play(m, reserve("1-02"))  # seat 0 reserves
    assert market_ids(m, 1) == ["1-25", top, "1-08", "1-16"]
    assert {"type": "refill", "tier": 1, "slot": 1, "card": CARDS[top].to_json()} in events
    assert len(m._state.decks[0]) == 35
    events = play(m, {"type": "buy", "card": "1-25", "pay": {"white": 3}})  # seat 1 buys
    assert market_ids(m, 1) == [second, top, "1-08", "1-16"]
    assert {"type": "refill", "tier": 1, "slot": 0, "card": CARDS[second].to_json()} in events
    assert len(m._state.decks[0]) == 34


def test_empty_deck_leaves_slot_empty_and_cannot_be_reserved():
    m = position(players=2, market={2: ["2-01", "2-02", "2-03", "2-04"]}, decks={2: 0})
    assert reserve_deck(2) not in m.legal_moves(0)
    refused(m, reserve_deck(2), r"tier 2 deck is empty")
    events = play(m, reserve("2-03"))
    assert market_ids(m, 2) == ["2-01", "2-02", None, "2-04"]
    assert {"type": "refill", "tier": 2, "slot": 2, "card": None} in events
    assert m.view(None)["market"][1][2] is None


def test_empty_slot_cannot_be_reserved_or_bought():
    m = position(players=2, market={2: ["2-01", None, "2-03", "2-04"]}, decks={2: 0})
    listed = [mv["card"] for mv in m.legal_moves(0) if "card" in mv]
    assert listed and None not in listed
    refused(m, reserve(None), r"no card")


def test_reserve_from_a_deck_with_one_card_then_empty():
    m = position(players=2, decks={3: 1})
    play(m, reserve_deck(3))
    play(m, {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}})
    assert reserve_deck(3) not in m.legal_moves(0)
