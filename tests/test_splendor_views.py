"""What each seat may see: the ruling "Reserving from a deck: the card is hidden from every
other seat (they see only its tier). A card reserved from the market is public", seed 001's
"private reserve", and the view/event shapes of docs/splendor.md."""

import json

from splendor_positions import (
    GOLD,
    buy,
    give_back,
    play,
    position,
    refused,
    reserve,
    reserve_deck,
    take,
)

from engine.games.gems.cards import CARDS


def test_deck_reserve_hidden_from_others_and_public_view():
    m = position(players=3)
    secret = m._state.decks[1][-1]
    events = play(m, reserve_deck(2))
    assert m.view(0)["seats"][0]["reserved"] == [CARDS[secret].to_json()]
    for viewer in (1, 2, None):
        assert m.view(viewer)["seats"][0]["reserved"] == [{"tier": 2, "hidden": True}]
        assert secret not in json.dumps(m.view(viewer))
    assert events == [{"type": "reserve", "seat": 0, "tier": 2}, {"type": "gold", "seat": 0}]
    assert secret not in json.dumps(events)


def test_deck_reserve_stays_hidden_through_later_turns():
    m = position(players=2)
    secret = m._state.decks[0][-1]
    play(m, reserve_deck(1))
    for _ in range(3):
        play(m, take("white", "blue", "green") if m._state.bank[0] else take("red", "black", "blue"))
    assert m.view(1)["seats"][0]["reserved"] == [{"tier": 1, "hidden": True}]
    assert secret not in json.dumps(m.view(1)) + json.dumps(m.view(None))


def test_refusals_do_not_reveal_a_hidden_reservation():
    """Another seat trying that card is told the same as for any unseen deck card."""
    m = position(players=2, seats={0: dict(reserved=[("1-01", True)])}, current=1)
    unseen = m._state.decks[0][0]
    hidden_reason = refused(m, reserve("1-01"))
    unseen_reason = refused(m, reserve(unseen))
    assert hidden_reason.replace("1-01", "X") == unseen_reason.replace(unseen, "X")
    hidden_reason = refused(m, buy("1-01", white=3))
    unseen_reason = refused(m, buy(unseen, white=3))
    assert hidden_reason.replace("1-01", "X") == unseen_reason.replace(unseen, "X")


def test_the_owner_sees_its_hidden_reservations():
    m = position(players=2, seats={0: dict(reserved=[("3-01", True), "2-01"])})
    assert [c["id"] for c in m.view(0)["seats"][0]["reserved"]] == ["3-01", "2-01"]
    assert m.view(1)["seats"][0]["reserved"] == [{"tier": 3, "hidden": True}, CARDS["2-01"].to_json()]


def test_market_reserve_is_public():
    m = position(players=3, market={1: ["1-25", "1-02", "1-08", "1-16"]})
    events = play(m, reserve("1-08"))
    for viewer in (0, 1, 2, None):
        assert m.view(viewer)["seats"][0]["reserved"] == [CARDS["1-08"].to_json()]
    assert events[0] == {"type": "reserve", "seat": 0, "card": CARDS["1-08"].to_json()}


def test_a_bought_hidden_card_becomes_public():
    m = position(players=2, seats={0: dict(tokens={"black": 7}, reserved=[("3-03", True)])})
    events = play(m, buy("3-03", black=7))
    assert events[0]["card"]["id"] == "3-03"
    assert m.view(1)["seats"][0]["cards"][0]["id"] == "3-03"


def test_decks_show_only_how_many_cards_remain():
    m = position(players=2, decks={3: 5})
    view = m.view(None)
    assert view["decks"] == [36, 26, 5]
    assert not any(cid in json.dumps(view) for d in m._state.decks for cid in d)


def test_tokens_and_prestige_are_public():
    m = position(players=2, seats={0: dict(tokens={"red": 2, GOLD: 1}, cards=["1-08"])})
    for viewer in (0, 1, None):
        seat = m.view(viewer)["seats"][0]
        assert seat["tokens"] == {"white": 0, "blue": 0, "green": 0, "red": 2, "black": 0, GOLD: 1}
        assert seat["token_count"] == 3 and seat["prestige"] == 1 and seat["purchased"] == 1
        assert seat["bonuses"] == {"white": 1, "blue": 0, "green": 0, "red": 0, "black": 0}


def test_view_shows_the_required_return():
    m = position(players=2, seats={0: dict(tokens={"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2})})
    play(m, take("white", "blue", "green"))
    turn = m.view(None)["turn"]
    assert turn["phase"] == "return" and turn["must_return"] == 3 and m.view(1)["to_act"] == [0]
    play(m, give_back(white=3))
    assert m.view(None)["turn"]["must_return"] == 0


def test_each_seat_sees_what_its_cards_still_cost_it_after_its_bonuses():
    """A card's price is its cost less the buyer's bonuses (a bonus never pays more than its
    colour's share); the view carries it so the page computes no rule."""
    m = position(players=2, market={1: ["1-25", "1-02", "1-08", "1-16"], 2: ["2-01", None, None, None]},
                 seats={0: dict(bonuses={"white": 1, "blue": 3}, reserved=[("3-03", True)])})
    to_pay = m.view(0)["to_pay"]
    assert to_pay["1-25"] == {"white": 2}
    assert to_pay["1-02"] == {}, "three blue bonuses pay the whole cost"
    assert to_pay["1-16"] == {"red": 4}
    assert to_pay["2-01"] == {"white": 1, "red": 3}
    assert to_pay["3-03"] == {"black": 7}, "its own hidden reservation"


def test_the_price_list_is_the_viewers_own():
    m = position(players=2, market={1: ["1-25", "1-02", "1-08", "1-16"]},
                 seats={0: dict(reserved=[("3-03", True)]), 1: dict(bonuses={"green": 2})})
    assert m.view(0)["to_pay"]["1-08"] == {"green": 4}
    assert m.view(1)["to_pay"]["1-08"] == {"green": 2}, "seat 1's own bonuses"
    assert "3-03" not in json.dumps(m.view(1)), "another seat's hidden reservation stays hidden"
    assert m.view(None)["to_pay"] is None


def test_the_view_carries_the_token_limit_and_the_prestige_that_ends_the_game():
    """The page prints "7/10 tokens" from the view, not from a number of its own."""
    for viewer in (0, None):
        assert position(players=2).view(viewer)["limits"] == {"tokens": 10, "prestige": 15}
