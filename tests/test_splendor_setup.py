"""Splendor setup (seed 001 "Build your gem engine", ruling "Components", "At this table")."""

from collections import Counter

import pytest
from splendor_positions import dump, play, take

import engine
from engine.games.gems.cards import CARDS, NOBLES

GEMS_PER_COLOUR = {2: 4, 3: 5, 4: 7}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_compete(players):
    match = engine.new_match("splendor", players, seed=1)
    assert len(match.view(None)["seats"]) == players


@pytest.mark.parametrize("players", [1, 5])
def test_fewer_than_two_or_more_than_four_players_refused(players):
    with pytest.raises(engine.BadOptions, match="2–4 players"):
        engine.new_match("splendor", players, seed=1)


@pytest.mark.parametrize("players,gems", sorted(GEMS_PER_COLOUR.items()))
def test_setup_gems_per_colour_four_five_seven(players, gems):
    bank = engine.new_match("splendor", players, seed=2).view(None)["bank"]
    assert [bank[c] for c in ("white", "blue", "green", "red", "black")] == [gems] * 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_always_five_gold(players):
    assert engine.new_match("splendor", players, seed=3).view(None)["bank"]["gold"] == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_reveals_players_plus_one_nobles(players):
    nobles = engine.new_match("splendor", players, seed=4).view(None)["nobles"]
    assert len(nobles) == players + 1
    assert len({n["id"] for n in nobles}) == players + 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_four_face_up_cards_per_tier(players):
    view = engine.new_match("splendor", players, seed=5).view(None)
    for tier, row in enumerate(view["market"], start=1):
        assert len(row) == 4 and all(card is not None and card["tier"] == tier for card in row)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ninety_development_cards_forty_thirty_twenty(players):
    match = engine.new_match("splendor", players, seed=6)
    state = match._state
    every = []
    for t, size in zip(range(3), (40, 30, 20), strict=True):
        tier_cards = state.decks[t] + state.market[t]
        assert len(tier_cards) == size
        assert all(CARDS[c].tier == t + 1 for c in tier_cards)
        every += tier_cards
    assert len(every) == len(set(every)) == len(CARDS) == 90
    assert match.view(None)["decks"] == [36, 26, 16]


def test_every_colour_has_eight_six_four_cards_per_tier():
    per = Counter((card.tier, card.color) for card in CARDS.values())
    assert all(per[(tier, colour)] == n for tier, n in ((1, 8), (2, 6), (3, 4)) for colour in range(5))


def test_ten_nobles_worth_three_prestige_each():
    assert len(NOBLES) == 10
    assert all(n.points == 3 for n in NOBLES.values())


def test_nobles_reward_collections_of_bonuses():
    """Each noble asks for bonuses of two or three colours (3+3+3 or 4+4)."""
    for n in NOBLES.values():
        assert sorted(x for x in n.needs if x) in ([3, 3, 3], [4, 4])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_start_with_nothing(players):
    for seat in engine.new_match("splendor", players, seed=7).view(None)["seats"]:
        assert seat["token_count"] == 0 and seat["prestige"] == 0 and seat["purchased"] == 0
        assert seat["reserved"] == [] and seat["cards"] == [] and seat["nobles"] == []
        assert set(seat["bonuses"].values()) == {0}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_host_seat_zero_first(players):
    match = engine.new_match("splendor", players, seed=8)
    assert match.to_act() == [0]
    view = match.view(None)
    assert view["turn"]["seat"] == 0 and view["turn"]["round"] == 1
    assert match.legal_moves(0) and all(match.legal_moves(s) == [] for s in range(1, players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_play_in_table_order(players):
    match = engine.new_match("splendor", players, seed=9)
    order = []
    for _ in range(players + 1):
        order.append(match.to_act()[0])
        play(match, take("white", "blue", "green"))
    assert order == list(range(players)) + [0]


def test_same_seed_deals_the_same_game():
    assert dump(engine.new_match("splendor", 3, seed=42)) == dump(engine.new_match("splendor", 3, seed=42))


def test_different_seeds_shuffle_differently():
    deals = {tuple(engine.new_match("splendor", 2, seed=s)._state.decks[0]) for s in range(8)}
    nobles = {tuple(engine.new_match("splendor", 2, seed=s)._state.nobles) for s in range(8)}
    assert len(deals) == 8 and len(nobles) > 1


def test_options_are_fixed_for_the_match():
    with pytest.raises(engine.BadOptions):
        engine.new_match("splendor", 2, options={"trading_posts": "yes"}, seed=1)
    with pytest.raises(engine.BadOptions):
        engine.new_match("splendor", 2, options={"cities": True}, seed=1)
    match = engine.new_match("splendor", 2, seed=1)
    match.options["trading_posts"] = True
    assert match.options == {"trading_posts": False, "strongholds": False}
