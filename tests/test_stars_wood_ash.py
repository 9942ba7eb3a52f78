"""The wood ash phase. Rulebook "Wood Ash Phase" and "Wood Ash Tokens"; RULINGS `stars` (wood
ash, night sky track): draws equal to the meeples on the night sky, picks in turn order then
villager order, keep or discard for light by landing region, x2 tokens."""

from collections import Counter

import pytest
from stars_invariants import check
from stars_positions import (
    action_phase,
    events_of,
    give_ash,
    new,
    play,
    refused,
    state,
    wood_ash_phase,
)

from engine.games.stars import wood_ash
from engine.games.stars.components import ASH, REGION_TOTAL, REGIONS
from engine.rng import Rng


def finish_stargazing(m, last_seat=0):
    """Empty every hand but one tile of ``last_seat``, then place it: the cast follows."""
    st = state(m)
    for i, s in enumerate(st.seats):
        keep = s.hand[:1] if i == last_seat else []
        s.bag = sorted(s.bag + [t for t in s.hand if t not in keep])
        s.hand = keep
    m._legal = {}
    move = next(mv for mv in m.legal_moves(last_seat) if mv["type"] == "place")
    return play(m, last_seat, move)


def test_the_first_player_casts_one_token_per_meeple_on_the_night_sky():
    m = new(3)
    events = finish_stargazing(m)
    (cast,) = events_of(events, "cast")
    assert len(cast["tokens"]) == 1 + 3  # the Girl and three elders
    assert len(state(m).ash_bag) == 13 - 4


def test_villagers_on_the_night_sky_add_a_token_each_and_an_extra_pick_after_the_elders():
    m = new(2)
    st = state(m)
    st.seats[1].villagers[0] = "sky:3"
    st.seats[0].villagers[0] = "sky:2"
    events = finish_stargazing(m)
    (cast,) = events_of(events, "cast")
    assert len(cast["tokens"]) == 1 + 2 + 2
    elders = st.turn_order()
    assert cast["picks"] == elders + [1, 0], "elders in turn order, then villagers in track order"
    assert st.picks == cast["picks"]


def test_picks_go_in_turn_order_one_seat_at_a_time():
    m = new(3)
    finish_stargazing(m)
    st = state(m)
    order = st.turn_order()
    for seat in order:
        assert m.view(None)["waiting_for"] == [seat]
        play(m, seat, m.legal_moves(seat)[0])
    assert st.phase == "action" and st.current == order[0]


def test_a_kept_token_goes_to_the_seat_and_back_to_the_bag_at_the_end_of_its_turn():
    m = new()
    wood_ash_phase(m, [("A01", "red"), ("A05", "blue"), ("A11", "centre")], picks=[0, 1])
    play(m, 0, {"type": "ash_keep", "token": "A01"})
    assert state(m).seats[0].ash == ["A01"] and "A01" not in state(m).ash_bag
    play(m, 1, {"type": "ash_keep", "token": "A05"})
    st = state(m)
    assert st.phase == "action" and "A11" in st.ash_bag, "the unpicked token went back to the bag"
    current = st.current
    play(m, current, {"type": "end_turn"})
    assert st.seats[current].ash == [] and ("A01" if current == 0 else "A05") in st.ash_bag
    check(m)


def test_a_token_discarded_on_a_colour_region_gives_one_light_of_that_colour_and_returns_to_the_bag():
    m = new()
    wood_ash_phase(m, [("A01", "red"), ("A05", "blue"), ("A11", "centre")], picks=[0, 1])
    lights = [mv for mv in m.legal_moves(0) if mv["type"] == "ash_light" and mv["token"] == "A05"]
    assert lights == [{"type": "ash_light", "token": "A05", "light": {"blue": 1}}]
    play(m, 0, lights[0])
    assert state(m).seats[0].light == [1, 2, 1] and "A05" in state(m).ash_bag
    check(m)


def test_a_token_on_a_border_gives_either_colour():
    m = new()
    wood_ash_phase(m, [("A01", "red_blue"), ("A05", "blue"), ("A11", "centre")], picks=[0, 1])
    lights = [mv["light"] for mv in m.legal_moves(0) if mv["type"] == "ash_light" and mv["token"] == "A01"]
    assert lights == [{"red": 1}, {"blue": 1}]
    refused(m, 0, {"type": "ash_light", "token": "A01", "light": {"yellow": 1}}, r"red/blue region", r"red or blue")


def test_a_token_on_the_centre_gives_any_colour():
    m = new()
    wood_ash_phase(m, [("A01", "centre"), ("A05", "blue"), ("A11", "red")], picks=[0, 1])
    lights = [mv["light"] for mv in m.legal_moves(0) if mv["type"] == "ash_light" and mv["token"] == "A01"]
    assert lights == [{"red": 1}, {"blue": 1}, {"yellow": 1}]


def test_an_x2_token_cannot_be_kept_and_gives_two_light():
    m = new()
    wood_ash_phase(m, [("A11", "yellow"), ("A12", "yellow_red"), ("A13", "centre")], picks=[0, 1])
    moves = m.legal_moves(0)
    assert not [mv for mv in moves if mv["type"] == "ash_keep"]
    refused(m, 0, {"type": "ash_keep", "token": "A11"}, r"x2 token cannot be kept")
    by_token = {t: [mv["light"] for mv in moves if mv.get("token") == t] for t in ("A11", "A12", "A13")}
    assert by_token["A11"] == [{"yellow": 2}]
    assert by_token["A12"] == [{"yellow": 2}, {"red": 1, "yellow": 1}, {"red": 2}]
    assert len(by_token["A13"]) == 6  # two of one colour or one each of two, any colours
    refused(m, 0, {"type": "ash_light", "token": "A11", "light": {"yellow": 1}}, r"exactly 2 light")
    play(m, 0, {"type": "ash_light", "token": "A12", "light": {"red": 1, "yellow": 1}})
    assert state(m).seats[0].light == [2, 1, 2]


def test_an_x2_token_with_no_light_left_in_the_supply_is_discarded_for_nothing():
    m = new()
    st = state(m)
    st.seats[1].light[2] += st.supply_light[2]
    st.supply_light[2] = 0
    wood_ash_phase(m, [("A11", "yellow"), ("A05", "blue"), ("A01", "red")], picks=[0, 1])
    assert {"type": "ash_light", "token": "A11", "light": {}} in m.legal_moves(0)
    assert not [mv for mv in m.legal_moves(0) if mv.get("token") == "A11" and mv["light"]]
    check(m)


def test_only_the_seat_whose_pick_it_is_picks():
    m = new(3)
    wood_ash_phase(m, [("A01", "red"), ("A05", "blue"), ("A11", "centre"), ("A02", "red")], picks=[2, 0, 1])
    with pytest.raises(Exception, match="not seat 0's turn"):
        m.play(0, {"type": "ash_keep", "token": "A01"})
    refused(m, 2, {"type": "ash_keep", "token": "A03"}, r"no wood-ash token 'A03' in the night sky")


def test_picks_stop_when_the_sky_runs_out():
    m = new(2)
    st = state(m)
    st.ash_bag = st.ash_bag[:2]  # the others are kept by seats (out of the bag)
    st.seats[0].ash = sorted(set(ASH) - set(st.ash_bag))
    m._legal = {}
    events = []
    wood_ash.begin(st, events)
    assert len(st.sky) == 2 and len(st.picks) == 2
    st.seats[0].ash = []
    st.ash_bag = sorted(set(ASH) - {t for t, _r in st.sky})


def test_landing_regions_follow_the_data_odds():
    st = state(new())
    st.rng = Rng(99)
    n = 14000
    counts = Counter(wood_ash.cast_region(st) for _ in range(n))
    for region in REGIONS:
        assert abs(counts[region.name] / n - region.weight / REGION_TOTAL) < 0.015


def test_wood_ash_actions_are_kept_for_the_action_phase_and_used_as_free_actions():
    m = new()
    action_phase(m, current=0, actions=0)
    give_ash(m, 0, "stardust")
    assert m.legal_moves(0) == [{"type": "gain_stardust", "via": "ash"}, {"type": "end_turn"}]
    play(m, 0, {"type": "gain_stardust", "via": "ash"})
    assert state(m).seats[0].stardust == 1 and state(m).current != 0

