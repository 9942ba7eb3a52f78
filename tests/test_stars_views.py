"""Views and privacy. DESIGN "Redaction at the source": a hidden thing "must be absent from every
other seat's bytes". In `stars` the tiles a seat has drawn and not placed, and what is left in
its bag, are its own (others see how many); the order of the offering cards to come and the
connection-reward tokens left in the box are nobody's. Everything else is public.

The proofs change one hidden thing and check that no other seat's view, not the public view, no
event and no bot's input changes by a single byte, while the owner's own view does."""

import json
import random

from stars_positions import new, play, state, view_bytes

import engine
from engine.bots import BOTS, choose_move
from engine.games.stars.components import REWARDS

PUBLIC_SEAT_KEYS = {"seat", "score", "points", "light", "stardust", "tokens", "villagers", "ash", "board",
                    "vacant_spaces", "hand_count", "bag_count", "set_aside", "bonus_choices", "extra_actions",
                    "done", "elder"}


class RecordingMatch:
    def __init__(self, match):
        self.match = match
        self.shown = []

    def __getattr__(self, name):
        return getattr(self.match, name)

    def view(self, seat):
        v = self.match.view(seat)
        self.shown.append(json.dumps(v, sort_keys=True))
        return v

    def legal_moves(self, seat):
        moves = self.match.legal_moves(seat)
        self.shown.append(json.dumps(moves, sort_keys=True))
        return moves


def bot_input(m, seat, bot):
    rec = RecordingMatch(m)
    move = choose_move(rec, seat, bot)
    return rec.shown, move


def swap_hand_tile(m, seat):
    """Seat ``seat`` drew another tile than it did: one in hand and one in the bag trade places."""
    s = state(m).seats[seat]
    old, new_tile = s.hand[0], s.bag[0]
    s.hand[0] = new_tile
    s.bag[0] = old
    s.bag.sort()
    m._legal = {}


def test_the_owner_sees_its_hand_and_bag_others_only_their_sizes():
    m = new(3)
    for viewer in (None, 0, 1, 2):
        v = m.view(viewer)
        for entry in v["seats"]:
            if entry["seat"] == viewer:
                assert set(entry) == PUBLIC_SEAT_KEYS | {"hand", "bag"}
                assert len(entry["hand"]) == 3 and len(entry["bag"]) == 35
            else:
                assert set(entry) == PUBLIC_SEAT_KEYS
                assert entry["hand_count"] == 3 and entry["bag_count"] == 35


def test_which_tiles_a_seat_drew_never_reaches_another_seat_the_public_view_or_the_bots():
    m = new(3, seed=2)
    others = [None, 1, 2]
    before = {v: view_bytes(m, v) for v in others}
    bots_before = {b: bot_input(m, 1, b) for b in BOTS}
    own = view_bytes(m, 0)
    swap_hand_tile(m, 0)
    assert {v: view_bytes(m, v) for v in others} == before
    assert {b: bot_input(m, 1, b) for b in BOTS} == bots_before
    assert view_bytes(m, 0) != own


def test_draw_events_name_how_many_tiles_never_which():
    m = engine.new_match("stars", 2, seed=3)
    rng = random.Random(3)
    seen = 0
    while not m.is_over():
        seat = m.view(None)["waiting_for"][0]
        moves = m.legal_moves(seat)
        for e in m.play(seat, moves[rng.randrange(len(moves))]):
            if e["type"] == "draw":
                assert set(e) == {"type", "seat", "count"}
                seen += 1
    assert seen == 2 * 7


def test_the_order_of_the_offering_cards_to_come_is_hidden():
    m = new(2)
    before = {v: view_bytes(m, v) for v in (None, 0, 1)}
    state(m).offer_deck.reverse()
    assert {v: view_bytes(m, v) for v in (None, 0, 1)} == before
    assert m.view(None)["offering"]["deck"] == 3


def test_the_reward_tokens_left_in_the_box_are_hidden():
    m = new(2)
    st = state(m)
    before = {v: view_bytes(m, v) for v in (None, 0, 1)}
    unused = st.rewards_unused
    a = next(t for t in unused if REWARDS[t][0] == 0)
    b = next(t for t in unused if REWARDS[t][0] == 1)
    unused.remove(a)
    unused.remove(b)
    unused += sorted([a, b], reverse=True)
    assert {v: view_bytes(m, v) for v in (None, 0, 1)} == before


def test_the_generator_is_never_shown():
    m = new(2)
    before = view_bytes(m, None)
    state(m).rng.state ^= 12345
    assert view_bytes(m, None) == before


def test_views_are_plain_json_and_agree_with_the_match():
    m = new(4)
    play(m, 2, next(mv for mv in m.legal_moves(2) if mv["type"] == "place"))
    for viewer in (None, 0, 1, 2, 3):
        v = m.view(viewer)
        assert json.loads(json.dumps(v)) == v
        assert v["to_act"] == m.to_act() and v["game"] == "stars" and v["seat"] == viewer
        assert v["phase"] == "stargazing" and v["round"] == 1 and v["rounds"] == 8
    v = m.view(None)
    assert v["night_sky"]["girl"] == 6 and len(v["map"]["paths"]) == 22 and len(v["map"]["foraging"]) == 13
    assert [len(p["tokens"]) for p in v["rewards"]] == [4, 4, 4, 4]
    board = v["seats"][2]["board"]
    assert len(board["tiles"]) == 1 and len(board["bonus"]) == 4


def test_a_view_cannot_be_used_to_change_the_match():
    m = new(2)
    v = m.view(0)
    v["map"]["paths"].clear()
    v["seats"][0]["hand"].clear()
    assert len(m.view(0)["map"]["paths"]) == 22 and len(m.view(0)["seats"][0]["hand"]) == 3
