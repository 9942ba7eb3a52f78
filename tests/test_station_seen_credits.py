"""What every seat saw of the credits (docs/station.md, "View" and the decision "Hands are
private"): only the three credits of a seat's opening deal are secret; every credit taken from
the display and every credit paid was face up, so the view lists them for everyone — each
seat's `hand_seen` and the `discard_pile` — as a player who watched the table knows them."""

from __future__ import annotations

import random

import pytest

import engine
from engine.games.station.determinize import determinize
from engine.rng import Rng


def ids(credits: list[dict]) -> list[str]:
    return [c["id"] for c in credits]


def first_move_of(match: engine.Match, seat: int, kind: str) -> dict:
    return next(m for m in match.legal_moves(seat) if m["type"] == kind)


def test_at_the_start_no_credit_of_any_hand_is_seen_and_the_discard_pile_is_empty():
    m = engine.new_match("station", 3, seed=5)
    for viewer in (None, 0, 1, 2):
        v = m.view(viewer)
        assert all(s["hand_seen"] == [] for s in v["seats"])
        assert v["credits"]["discard_pile"] == []


def test_a_credit_taken_from_the_display_is_seen_by_every_seat():
    m = engine.new_match("station", 3, seed=5)
    move = first_move_of(m, 0, "acquire")
    m.play(0, move)
    for viewer in (None, 0, 1, 2):
        assert ids(m.view(viewer)["seats"][0]["hand_seen"]) == sorted(move["credits"])


def test_a_paid_credit_goes_face_up_to_the_discard_pile_in_the_order_paid():
    for seed in range(40):
        m = engine.new_match("station", 2, seed=seed)
        moves = [mv for mv in m.legal_moves(0) if mv["type"] == "purchase"]
        if moves:
            break
    else:
        pytest.fail("no opening purchase in 40 seeds")
    events = m.play(0, moves[0])
    paid = [c["id"] for e in events if e["type"] == "purchase" for c in e["paid"]]
    for viewer in (None, 0, 1):
        assert ids(m.view(viewer)["credits"]["discard_pile"]) == paid


def test_a_dealt_credit_stays_hidden_until_it_is_paid():
    rng = random.Random(3)
    m = engine.new_match("station", 3, seed=11)
    dealt = [set(s.hand) for s in m._state.seats]
    while not m.is_over() and len(m.log) < 200:
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        for e in m.play(seat, moves[rng.randrange(len(moves))]):
            if e["type"] == "purchase":
                dealt[e["seat"]] -= set(ids(e["paid"]))
        for owner, s in enumerate(m._state.seats):
            assert set(s.dealt) == dealt[owner]
            other = m.view((owner + 1) % 3)
            seen = set(ids(other["seats"][owner]["hand_seen"]))
            assert seen == set(s.hand) - dealt[owner]
            assert other["seats"][owner]["hand_count"] == len(seen) + len(dealt[owner])


def test_a_sampled_world_keeps_every_credit_a_seat_saw_in_its_place():
    rng = random.Random(8)
    m = engine.new_match("station", 4, seed=21)
    while len(m.log) < 60:
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        m.play(seat, moves[rng.randrange(len(moves))])
    view = m.view(2)
    for k in range(5):
        world = determinize(view, 2, Rng(k))
        for i, s in enumerate(world.seats):
            assert set(ids(view["seats"][i]["hand_seen"])) <= set(s.hand)
            assert len(s.hand) == view["seats"][i]["hand_count"]
        assert world.discard == ids(view["credits"]["discard_pile"])


def test_a_snapshot_saved_before_the_record_existed_still_restores():
    m = engine.new_match("station", 2, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        m.play(seat, moves[rng.randrange(len(moves))])
    snapshot = m.snapshot()
    for seat in snapshot["state"]["seats"]:
        del seat["dealt"]
    assert engine.restore(snapshot).view(0) == m.view(0)


def test_a_snapshot_with_a_wrong_record_is_refused():
    m = engine.new_match("station", 2, seed=4)
    snapshot = m.snapshot()
    snapshot["state"]["seats"][0]["dealt"] = []
    with pytest.raises(engine.BadSnapshot, match="seats"):
        engine.restore(snapshot)
