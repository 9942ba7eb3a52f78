"""Seed 001, "Buy: buy a market or reserved card. Subtract your permanent bonuses from its
cost, then pay with gems. Gold is wild; you may choose to spend gold even when you have
matching gems. The purchased card adds its bonus and prestige immediately." — and the
ruling "Buying" (the move states its payment; exact: no overpaying, no change)."""

import random

from splendor_positions import (
    GOLD,
    bank,
    bonuses,
    buy,
    buy_payments,
    counts,
    market_ids,
    moves_of,
    play,
    position,
    refused,
    rule_payments,
    take,
    tokens,
)

from engine.games.gems.cards import CARDS
from engine.games.gems.colors import COLORS
from engine.games.gems.payments import owed

# 1-25: red, 0 points, costs 3 white.   1-32: red, 1 point, costs 4 white.
# 1-02: white, costs 3 blue.            3-03: white, 4 points, costs 7 black.
ROW1 = ["1-25", "1-32", "1-02", "1-05"]


def test_buy_a_market_card():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 3})})
    events = play(m, buy("1-25", white=3))
    assert m._state.seats[0].cards == ["1-25"]
    assert "1-25" not in market_ids(m, 1)
    assert events[0] == {"type": "buy", "seat": 0, "card": {"id": "1-25", "tier": 1, "color": "red",
                         "points": 0, "cost": {"white": 3}}, "pay": {"white": 3}}


def test_buy_own_reserved_card_from_the_market():
    m = position(players=2, seats={0: dict(tokens={"white": 3}, reserved=["1-25"])})
    play(m, buy("1-25", white=3))
    assert m._state.seats[0].reserved == [] and m._state.seats[0].cards == ["1-25"]


def test_buy_own_reserved_card_from_a_deck():
    m = position(players=2, seats={0: dict(tokens={"black": 7}, reserved=[("3-03", True)])})
    events = play(m, buy("3-03", black=7))
    assert m._state.seats[0].reserved == [] and m._state.seats[0].cards == ["3-03"]
    assert events[0]["card"]["id"] == "3-03"


def test_buying_a_reserved_card_leaves_the_market_alone():
    m = position(players=2, seats={0: dict(tokens={"white": 3}, reserved=["1-25"])})
    before = [row[:] for row in m._state.market], [d[:] for d in m._state.decks]
    events = play(m, buy("1-25", white=3))
    assert ([row[:] for row in m._state.market], [d[:] for d in m._state.decks]) == before
    assert not any(e["type"] == "refill" for e in events)


def test_cannot_buy_another_seats_reserved_card():
    m = position(players=2, seats={0: dict(tokens={"white": 3}), 1: dict(reserved=["1-25"])})
    assert buy_payments(m, "1-25") == []
    refused(m, buy("1-25", white=3), r"neither in the market nor among your reserved cards")


def test_cannot_buy_a_card_from_a_deck_directly():
    m = position(players=2, seats={0: dict(tokens={"white": 3})})
    deck_card = next(c for c in m._state.decks[0] if CARDS[c].cost == (3, 0, 0, 0, 0))
    refused(m, buy(deck_card, white=3), r"neither in the market nor among your reserved cards")


def test_bonuses_reduce_cost():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(tokens={"white": 4}, cards=["1-01", "1-03"])})  # two white bonuses
    assert buy_payments(m, "1-32") == [{"white": 2}]
    play(m, buy("1-32", white=2))
    assert tokens(m, 0)["white"] == 2


def test_bonuses_are_permanent_and_never_spent():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(tokens={"white": 4}, cards=["1-01", "1-03"])})
    play(m, buy("1-32", white=2))
    play(m, take("blue", "green", "black"))
    assert bonuses(m, 0)["white"] == 2
    assert buy_payments(m, "1-25") == [{"white": 1}]  # the same discount again


def test_bonuses_covering_the_whole_cost_make_the_card_free():
    m = position(players=2, market={1: ROW1}, seats={0: dict(cards=["1-01", "1-03", "1-04"])})
    assert buy_payments(m, "1-25") == [{}]
    play(m, buy("1-25"))
    assert m._state.seats[0].cards[-1] == "1-25"
    refused(position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 1},
            cards=["1-01", "1-03", "1-04"])}), buy("1-25", white=1), r"too much white")


def test_each_bonus_covers_one_gem_of_its_own_colour_only():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 3}, bonuses={"blue": 3})})
    assert buy_payments(m, "1-25") == [{"white": 3}]  # blue bonuses do not pay for white


def test_gold_is_wild_for_any_colour():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={GOLD: 3})})
    assert buy_payments(m, "1-25") == [{GOLD: 3}]
    assert buy_payments(m, "1-02") == [{GOLD: 3}]
    play(m, buy("1-02", gold=3))
    assert tokens(m, 0)[GOLD] == 0 and bank(m)[GOLD] == 8


def test_gold_may_replace_held_gems():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 3, GOLD: 2})})
    assert buy_payments(m, "1-25") == [{"white": 3}, {"white": 2, GOLD: 1}, {"white": 1, GOLD: 2}]
    play(m, buy("1-25", white=1, gold=2))
    assert tokens(m, 0)["white"] == 2 and tokens(m, 0)[GOLD] == 0


def test_payment_must_be_exact_no_overpay_no_change():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 4, "blue": 1, GOLD: 2})})
    refused(m, buy("1-25", white=4), r"too much white", r"no change")
    refused(m, buy("1-25", white=3, gold=1), r"more gold than needed", r"no change")
    refused(m, buy("1-25", white=2), r"does not cover the cost")
    refused(m, buy("1-25", white=2, blue=1), r"too much blue")
    refused(m, buy("1-25", gold=3), r"hold only 2 gold")


def test_payment_counts_after_bonuses():
    m = position(players=2, market={1: ROW1},
                 seats={0: dict(tokens={"white": 4}, cards=["1-01"])})
    refused(m, buy("1-32", white=4), r"too much white")  # the bonus pays one already
    play(m, buy("1-32", white=3))


def test_buy_move_states_its_payment():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 3})})
    refused(m, {"type": "buy", "card": "1-25"}, r"state its payment")


def test_cannot_afford():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 2})})
    assert buy_payments(m, "1-25") == []
    refused(m, buy("1-25", white=2), r"cannot afford", r"1 token\(s\) short")


def test_paying_with_tokens_not_held_refused():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 2, GOLD: 1})})
    refused(m, buy("1-25", white=3), r"hold only 2 white")


def test_paid_tokens_go_back_to_the_bank():
    m = position(players=2, market={1: ROW1}, bank={"white": 0, GOLD: 4},
                 seats={0: dict(tokens={"white": 2, GOLD: 1})})
    play(m, buy("1-25", white=2, gold=1))
    assert bank(m)["white"] == 2 and bank(m)[GOLD] == 5


def test_purchase_adds_bonus_and_prestige_immediately():
    m = position(players=2, market={1: ROW1}, nobles=["N1", "N2", "N10"],
                 seats={0: dict(tokens={"white": 4}, bonuses={"red": 3, "black": 4})})
    events = play(m, buy("1-32", white=4))  # red, 1 point: the fourth red bonus
    assert bonuses(m, 0)["red"] == 4
    # the new bonus already counts at this turn's end: N10 (4 red, 4 black) visits
    assert m._state.seats[0].nobles == ["N10"]
    assert m._state.seats[0].prestige == 1 + 3
    assert [e["type"] for e in events if e["type"] in ("buy", "noble")] == ["buy", "noble"]
    view = m.view(None)["seats"][0]
    assert view["prestige"] == 4 and view["purchased"] == 1 and view["bonuses"]["red"] == 4


def test_purchased_card_gives_its_points_as_prestige():
    m = position(players=2, seats={0: dict(tokens={"black": 7}, reserved=["3-03"])})
    play(m, buy("3-03", black=7))
    assert m._state.seats[0].prestige == 4 and bonuses(m, 0)["white"] == 1


def test_refill_after_buy():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 3})})
    top = m._state.decks[0][-1]
    events = play(m, buy("1-25", white=3))
    assert market_ids(m, 1)[0] == top
    assert {"type": "refill", "tier": 1, "slot": 0, "card": CARDS[top].to_json()} in events


def test_buy_with_an_empty_deck_leaves_the_slot_empty():
    m = position(players=2, market={1: ROW1}, decks={1: 0}, seats={0: dict(tokens={"white": 3})})
    events = play(m, buy("1-25", white=3))
    assert market_ids(m, 1)[0] is None
    assert {"type": "refill", "tier": 1, "slot": 0, "card": None} in events


def test_least_gold_payment_listed_first():
    """The ruling: the front end proposes the payment that spends the least gold."""
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 2, "blue": 3, GOLD: 3})})
    for card in ("1-25", "1-02", "1-32"):
        pays = buy_payments(m, card)
        assert pays and pays[0].get(GOLD, 0) == min(p.get(GOLD, 0) for p in pays)


def test_listed_payments_are_exactly_the_exact_payments():
    """Against the ruling written out: covers the cost and taking away any one token would not."""
    rng = random.Random(2024)
    m = position(players=2)
    for _ in range(150):
        held = [0] * 6
        for _ in range(rng.randint(0, 10)):
            held[rng.choice((0, 1, 2, 3, 4, 5, 5))] += 1
        bonus = [rng.choice((0, 0, 1, 2, 3)) for _ in COLORS]
        seat = m._state.seats[0]
        seat.tokens, seat.bonuses = held, bonus
        m._legal = {}
        for row in m._state.market:
            for cid in row:
                need = owed(CARDS[cid].cost, bonus)
                expected = sorted(map(tuple, rule_payments(need, held)))
                got = sorted(tuple(counts(p)) for p in buy_payments(m, cid))
                assert got == expected, (cid, held, bonus)


def test_the_same_payment_is_listed_once():
    m = position(players=2, market={1: ROW1}, seats={0: dict(tokens={"white": 3, "blue": 3, GOLD: 2})})
    pays = [(mv["card"], tuple(sorted(mv["pay"].items()))) for mv in moves_of(m, "buy")]
    assert len(pays) == len(set(pays))
