"""Setting up Starlight Guild. Handbook: "Play with 2–4 seats … The market has three tiers
with four workshops each." Ruling: "Gem piles 4/5/7 per colour for 2/3/4 seats; 5 star sand",
"players+1 commissions on the table"; seats are numbered in table order and seat 0 starts."""

import pytest
from guild_positions import SAND, full

import engine
from engine.games.gems.cards import CARDS, NOBLES

PILES = {2: 4, 3: 5, 4: 7}


def test_guild_is_listed_for_two_to_four_seats():
    assert engine.GAMES["guild"] == {"title": "Starlight Guild", "min_players": 2, "max_players": 4, "options": {}}


@pytest.mark.parametrize("players", [1, 5])
def test_guild_refuses_fewer_than_two_or_more_than_four_seats(players):
    with pytest.raises(engine.BadOptions, match="2–4"):
        engine.new_match("guild", players, seed=1)


@pytest.mark.parametrize("players,pile", PILES.items())
def test_gem_piles_hold_4_5_7_of_each_colour_and_5_star_sand(players, pile):
    view = engine.new_match("guild", players, seed=players).view(None)
    assert view["supply"] == {"white": pile, "blue": pile, "green": pile, "red": pile, "black": pile, SAND: 5}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_plus_one_different_commissions_lie_on_the_table(players):
    commissions = engine.new_match("guild", players, seed=10 + players).view(None)["commissions"]
    ids = [c["id"] for c in commissions]
    assert len(ids) == players + 1 == len(set(ids))
    assert set(ids) <= set(NOBLES)
    assert all(c["points"] == 3 for c in commissions)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_market_shows_four_workshops_of_each_of_three_tiers(players):
    view = engine.new_match("guild", players, seed=20 + players).view(None)
    assert [len(row) for row in view["market"]] == [4, 4, 4]
    assert all(w["tier"] == t for t, row in enumerate(view["market"], 1) for w in row)
    assert view["decks"] == [40 - 4, 30 - 4, 20 - 4]


def test_all_90_workshops_are_in_the_market_or_the_decks():
    state = engine.new_match("guild", 3, seed=5)._state
    places = [cid for deck in state.decks for cid in deck] + [cid for row in state.market for cid in row]
    assert sorted(places) == sorted(CARDS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_0_takes_the_first_turn_in_round_1(players):
    match = engine.new_match("guild", players, seed=30 + players)
    assert match.to_act() == [0]
    assert match.view(None)["turn"] == {"seat": 0, "phase": "action", "round": 1, "final_round": False,
                                        "must_return": 0}


def test_every_seat_starts_with_an_empty_pouch_no_workshops_no_reservations_no_points():
    match = engine.new_match("guild", 4, seed=6)
    for seat in range(4):
        mine = match.view(seat)["seats"][seat]
        assert mine["pouch"] == full() and mine["reserved"] == []
        assert mine["pouch_total"] == 0 and mine["reserved_count"] == 0
        assert mine["workshops"] == [] and mine["commissions"] == [] and mine["points"] == 0
        assert mine["bonuses"] == {c: 0 for c in ("white", "blue", "green", "red", "black")}


def test_turns_go_around_the_table_in_seat_order():
    match = engine.new_match("guild", 3, seed=7)
    order = []
    for _ in range(7):
        (seat,) = match.to_act()
        order.append(seat)
        match.play(seat, {"type": "pass"})
    assert order == [0, 1, 2, 0, 1, 2, 0]
    assert match.view(None)["turn"]["round"] == 3


def test_the_same_seed_deals_the_same_game():
    assert engine.new_match("guild", 3, seed=99).snapshot() == engine.new_match("guild", 3, seed=99).snapshot()
