"""Simultaneous stargazing. Rulebook "Gameplay": "Players will simultaneously draw 3 double-sided
Star tiles from their bag and place them onto their board"; "End of Phase Trigger": "Once all
players have placed their three Star tiles, move onto the Wood Ash phase." RULINGS `stars`
(simultaneous stargazing): "all seats draw and place their three tiles at the same time, in any
order; the phase ends when every seat is done."

``to_act()`` lists every seat that still has tiles to place; each acts at its own pace."""

import random

import pytest
from stars_positions import events_of, new, play, refused, state

import engine


def first_placement(m, seat):
    return next(mv for mv in m.legal_moves(seat) if mv["type"] == "place")


def test_every_seat_with_tiles_to_place_is_to_act_at_once():
    m = new(4)
    assert m.to_act() == [0, 1, 2, 3]
    assert m.view(None)["waiting_for"] == [0, 1, 2, 3]
    assert all(len(m.legal_moves(s)) > 0 for s in range(4))


def test_each_seat_places_at_its_own_pace_in_any_order():
    m = new(3)
    for _ in range(3):
        play(m, 2, first_placement(m, 2))  # seat 2 places all three first
    assert m.to_act() == [0, 1]
    assert state(m).phase == "stargazing"
    play(m, 0, first_placement(m, 0))
    play(m, 1, first_placement(m, 1))
    play(m, 0, first_placement(m, 0))
    assert m.to_act() == [0, 1]
    assert len(state(m).seats[0].hand) == 1 and len(state(m).seats[1].hand) == 2


def test_a_seat_that_has_placed_its_tiles_waits_for_the_others():
    m = new(2)
    for _ in range(3):
        play(m, 0, first_placement(m, 0))
    assert m.to_act() == [1] and m.legal_moves(0) == []
    with pytest.raises(engine.IllegalMove, match="not seat 0's turn"):
        m.play(0, {"type": "place", "tile": "T01", "side": "A", "rotation": 0, "cell": [0, 0]})


def test_the_phase_ends_when_every_seat_has_placed_all_its_tiles():
    m = new(3)
    events = []
    for seat in (1, 0, 2, 2, 1, 0, 0, 2):
        assert state(m).phase == "stargazing"
        events = play(m, seat, first_placement(m, seat))
    assert state(m).phase == "stargazing" and m.to_act() == [1]
    events = play(m, 1, first_placement(m, 1))
    assert state(m).phase == "wood_ash"
    assert events_of(events, "cast") and events_of(events, "phase")[0]["phase"] == "wood_ash"
    assert m.to_act()[0] == state(m).turn_order()[0]


def test_any_interleaving_of_the_same_placements_gives_the_same_table():
    """Pass-and-play or a phone table: who taps first does not matter."""
    plans = {}
    m = new(3, seed=5)
    for seat in range(3):
        plans[seat] = []
        for _ in range(3):
            mv = first_placement(m, seat)
            plans[seat].append(mv)
            play(m, seat, mv)
    reference = m.snapshot()["state"]
    rng = random.Random(1)
    for _ in range(5):
        again = new(3, seed=5)
        queue = [s for s in range(3) for _ in range(3)]
        rng.shuffle(queue)
        cursor = {s: 0 for s in range(3)}
        for seat in queue:
            play(again, seat, plans[seat][cursor[seat]])
            cursor[seat] += 1
        assert again.snapshot()["state"] == reference


def test_a_seat_with_nothing_left_to_place_cannot_place_more():
    m = new(2)
    for _ in range(3):
        play(m, 0, first_placement(m, 0))
    state(m).seats[0].stardust = 1
    state(m).supply_stardust -= 1
    m._legal = {}
    assert m.to_act() == [1, 0], "seat 0 may still spend stardust, but the game waits only on seat 1"
    refused(m, 0, {"type": "place", "tile": "T01", "side": "A", "rotation": 0, "cell": [0, 0]},
            r"only spend stardust")
