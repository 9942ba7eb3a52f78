"""Setup. Rulings: "Six credits are displayed face up", "The market has 6 berths. Each seat
starts with 3 credits dealt from the deck", "Two players: remove 12 modules (two per
department, four per guild) and 18 credits (one of each guild/value) before shuffling;
storms at purchases 16 and 32, else 20 and 40." Common: "seat 0 … takes the first turn"."""

import json

import pytest

import engine
from engine.games.station.components import credit_ids, module_ids


def places(match):
    state = match._state
    modules = state.supply + [m for m in state.berths if m]
    credits = state.deck + state.display + state.discard
    for s in state.seats:
        modules += [m for m in s.grid if m] + s.dock
        credits += s.hand
    return modules, credits


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_starts_with_three_credits_dealt_from_the_deck(players):
    m = engine.new_match("station", players, seed=5)
    state = m._state
    assert [len(s.hand) for s in state.seats] == [3] * players
    assert [m.view(i)["seats"][i]["hand_count"] for i in range(players)] == [3] * players
    total = 54 if players == 2 else 72
    assert len(state.deck) == total - 3 * players - 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_six_credits_are_displayed_face_up_and_six_berths_hold_modules(players):
    v = engine.new_match("station", players, seed=6).view(None)
    assert len(v["credits"]["display"]) == 6
    assert len(v["market"]) == 6
    assert all(b["module"] and b["discount"] == 0 and b["cost"] == b["module"]["cost"] for b in v["market"])
    assert v["supply"] == (48 if players == 2 else 60) - 6


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_use_all_sixty_modules_and_seventy_two_credits(players):
    modules, credits = places(engine.new_match("station", players, seed=2))
    assert sorted(modules) == sorted(module_ids(4)) and len(modules) == 60
    assert sorted(credits) == sorted(credit_ids(4)) and len(credits) == 72


def test_two_player_setup_uses_48_modules_and_54_credits():
    modules, credits = places(engine.new_match("station", 2, seed=2))
    assert sorted(modules) == sorted(module_ids(2)) and len(modules) == 48
    assert sorted(credits) == sorted(credit_ids(2)) and len(credits) == 54


@pytest.mark.parametrize("players,storms", [(2, [16, 32]), (3, [20, 40]), (4, [20, 40])])
def test_storms_at_purchases_20_and_40_or_16_and_32_for_two(players, storms):
    assert engine.new_match("station", players, seed=1).view(None)["storms_at"] == storms


def test_seat_zero_takes_the_first_turn_in_round_one():
    m = engine.new_match("station", 3, seed=9)
    assert m.to_act() == [0]
    assert m.view(None)["turn"] == {"seat": 0, "phase": "action", "round": 1, "end_triggered": False}
    assert m.legal_moves(1) == [] and m.legal_moves(0)


def test_nothing_is_installed_nothing_docked_no_renown_at_the_start():
    v = engine.new_match("station", 4, seed=3).view(None)
    for s in v["seats"]:
        assert s["renown"] == 0 and s["dock"] == [] and s["readiness"] == {}
        assert s["station"] == [[None] * 10] * 3
    assert v["purchases"] == 0 and v["storms"] == [] and v["synergy"] == {}


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    a = json.dumps(engine.new_match("station", 3, seed=11).snapshot(), sort_keys=True)
    b = json.dumps(engine.new_match("station", 3, seed=11).snapshot(), sort_keys=True)
    c = json.dumps(engine.new_match("station", 3, seed=12).snapshot(), sort_keys=True)
    assert a == b != c


def test_station_is_listed_in_games_for_two_to_four_players_without_options():
    assert engine.GAMES["station"] == {"title": "Station", "min_players": 2, "max_players": 4, "options": {}}
    with pytest.raises(engine.BadOptions):
        engine.new_match("station", 5)
    with pytest.raises(engine.BadOptions):
        engine.new_match("station", 2, options={"expansion": True})
