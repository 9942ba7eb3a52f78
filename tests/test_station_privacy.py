"""Who sees what (docs/station.md, "View"). Design: "A hidden card, a private pouch, a face-down
deck order must be absent from every other seat's bytes." Decided for the station game: the
order of the module supply and of the credit deck is hidden from everyone; the credits of a
seat's opening deal are its owner's alone until paid (others see how many); everything on the
table is public, and so is every credit a seat took from the display or paid (face up)."""

import json
import random

import engine
from engine.bots import BOTS, choose_move


def ids_in(obj) -> str:
    return json.dumps(obj)


def test_a_seat_sees_its_own_hand_and_only_the_count_of_the_others():
    m = engine.new_match("station", 3, seed=4)
    state = m._state
    for viewer in range(3):
        v = m.view(viewer)
        for i, seat in enumerate(v["seats"]):
            assert seat["hand_count"] == 3
            if i == viewer:
                assert sorted(c["id"] for c in seat["hand"]) == sorted(state.seats[i].hand)
            else:
                assert "hand" not in seat
                for cid in state.seats[i].hand:
                    assert f'"{cid}"' not in ids_in(v)


def test_the_public_view_shows_no_hand():
    m = engine.new_match("station", 4, seed=4)
    v = m.view(None)
    assert v["seat"] is None and all("hand" not in s for s in v["seats"])
    for seat in m._state.seats:
        for cid in seat.hand:
            assert f'"{cid}"' not in ids_in(v)


def test_the_deck_and_the_supply_show_only_their_sizes():
    m = engine.new_match("station", 2, seed=8)
    state = m._state
    for viewer in (None, 0, 1):
        text = ids_in(m.view(viewer))
        assert all(f'"{cid}"' not in text for cid in state.deck)
        assert all(f'"{mid}"' not in text for mid in state.supply)
        assert m.view(viewer)["supply"] == len(state.supply)
        assert m.view(viewer)["credits"]["deck"] == len(state.deck)


def test_stations_docks_market_display_and_renown_are_public():
    m = engine.new_match("station", 2, seed=8)
    public = m.view(None)
    for key in ("market", "credits", "synergy", "storms", "purchases"):
        assert public[key] == m.view(0)[key] == m.view(1)[key]
    for i in range(2):
        for key in ("station", "dock", "renown", "renown_by", "readiness", "hand_count"):
            assert public["seats"][i][key] == m.view(0)["seats"][i][key] == m.view(1)["seats"][i][key]


def test_through_whole_random_games_hidden_ids_never_reach_another_seat_or_an_event():
    for seed in range(4):
        rng = random.Random(seed)
        m = engine.new_match("station", 2 + seed % 3, seed=seed)
        state = m._state
        unseen = {i: set(s.hand) for i, s in enumerate(state.seats)}  # dealt face down
        while not m.is_over():
            (seat,) = m.to_act()
            moves = m.legal_moves(seat)
            events = m.play(seat, moves[rng.randrange(len(moves))])
            for e in events:
                if e["type"] == "purchase":
                    for c in e["paid"]:
                        unseen[e["seat"]].discard(c["id"])
            text = ids_in(events)
            rotated = {e["old"] for e in events if e["type"] == "rotate"}
            assert all(f'"{cid}"' not in text for cid in state.deck)
            assert all(f'"{mid}"' not in text for mid in state.supply if mid not in rotated)
            for _owner, hidden in unseen.items():
                assert all(f'"{cid}"' not in text for cid in hidden), "a face-down dealt credit leaked"
            for owner, s in enumerate(state.seats):
                assert sorted(s.dealt) == sorted(unseen[owner])
            for viewer in [None, *range(m.players)]:
                view = m.view(viewer)
                vtext = ids_in(view)
                for owner, s in enumerate(state.seats):
                    if owner != viewer:
                        assert all(f'"{cid}"' not in vtext for cid in unseen[owner]), "a face-down dealt credit shown"
                    seen = [c["id"] for c in view["seats"][owner]["hand_seen"]]
                    assert seen == sorted(set(s.hand) - unseen[owner])
                assert [c["id"] for c in view["credits"]["discard_pile"]] == state.discard
                assert all(f'"{cid}"' not in vtext for cid in state.deck)


class RecordingMatch:
    def __init__(self, match):
        self.match = match
        self.shown = []

    def __getattr__(self, name):
        return getattr(self.match, name)

    def view(self, seat):
        view = self.match.view(seat)
        self.shown.append(json.dumps(view))
        return view

    def legal_moves(self, seat):
        moves = self.match.legal_moves(seat)
        self.shown.append(json.dumps(moves))
        return moves


def test_bots_are_shown_only_their_own_seat_s_view():
    m = engine.new_match("station", 3, seed=2)
    m.play(0, m.legal_moves(0)[0])
    others = [cid for i, s in enumerate(m._state.seats) if i != 1 for cid in s.dealt]
    assert len(others) >= 5  # at most one of seat 0's three dealt credits was paid
    for bot in BOTS:
        rec = RecordingMatch(m)
        assert choose_move(rec, 1, bot) in m.legal_moves(1)
        for text in rec.shown:
            assert all(f'"{cid}"' not in text for cid in others)
