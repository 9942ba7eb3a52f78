"""Privacy. Handbook: "Reserve one market workshop privately", "Gem details and reservations
stay private", "Computers use the same rules and only their own pouch and public market."
Ruling: "a seat's gem counts by colour and its reservations are private. Others see the pouch
total and the number of reservations"; "other seats, the shared screen and the bots see how
many a seat holds, never which."

The proofs change one seat's private data (its pouch colours with the same total, or which
workshop it reserved) and check that no other seat's view, not the public view, no event and
no bot's input changes by a single byte, while the owner's own view does."""

import json

import pytest
from guild_positions import (
    PASS,
    build,
    collect,
    edit_seat,
    give_back,
    play,
    position,
    reserve,
    swap_reservation,
    view_bytes,
)

import engine
from engine.bots import BOTS, choose_move

PUBLIC_SEAT_KEYS = {"seat", "pouch_total", "reserved_count", "bonuses", "points", "workshops", "commissions"}
OWNER_SEAT_KEYS = PUBLIC_SEAT_KEYS | {"pouch", "reserved"}
MARKET = {1: ["1-01", "1-02", "1-03", "1-04"], 2: ["2-01", "2-02", "2-03", "2-04"]}


class RecordingMatch:
    """Wraps a match and records exactly what a bot is shown (as tests/test_bots.py does)."""

    def __init__(self, match):
        self.match = match
        self.shown = []

    def __getattr__(self, name):
        return getattr(self.match, name)

    def view(self, seat):
        view = self.match.view(seat)
        self.shown.append(json.dumps(view, sort_keys=True))
        return view

    def legal_moves(self, seat):
        moves = self.match.legal_moves(seat)
        self.shown.append(json.dumps(moves, sort_keys=True))
        return moves


def bot_input(match, seat, bot):
    """Everything ``bot`` is shown when deciding for ``seat``, and what it decides."""
    recorder = RecordingMatch(match)
    move = choose_move(recorder, seat, bot)
    assert recorder.shown
    return recorder.shown, move


def others(match, owner):
    """Every viewer but ``owner``: the other seats and the public view (``None``)."""
    return [None] + [s for s in range(match.players) if s != owner]


def a_table(players=4, **owner):
    """Seat 0 holds 6 gems and two reservations; every seat has something public."""
    spec = dict(pouch={"white": 2, "blue": 1, "red": 1, "star_sand": 2}, reserved=["2-05", "3-03"],
                workshops=["1-10"])
    spec.update(owner)
    seats = {0: spec, 1: dict(pouch={"green": 2}, workshops=["1-20"])}
    return position(players=players, seed=4, market=MARKET, seats=seats, current=1)


# --- only the pouch total and the number of reservations show ---------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_other_seats_and_the_public_see_only_the_pouch_total_and_reservation_count(players):
    m = a_table(players)
    for viewer in others(m, 0):
        entry = m.view(viewer)["seats"][0]
        assert set(entry) == PUBLIC_SEAT_KEYS, viewer
        assert entry["pouch_total"] == 6 and entry["reserved_count"] == 2
        assert [w["id"] for w in entry["workshops"]] == ["1-10"]  # owned workshops are public


def test_the_owner_sees_its_own_pouch_by_colour_and_its_reservations():
    m = a_table()
    entry = m.view(0)["seats"][0]
    assert set(entry) == OWNER_SEAT_KEYS
    assert entry["pouch"] == {"white": 2, "blue": 1, "green": 0, "red": 1, "black": 0, "star_sand": 2}
    assert [w["id"] for w in entry["reserved"]] == ["2-05", "3-03"]
    assert entry["pouch_total"] == 6 and entry["reserved_count"] == 2


@pytest.mark.parametrize("players", [2, 4])
def test_no_view_shows_the_private_data_of_any_seat_but_its_own(players):
    m = a_table(players)
    for viewer in [None, *range(players)]:
        for entry in m.view(viewer)["seats"]:
            assert ("pouch" in entry) == ("reserved" in entry) == (entry["seat"] == viewer)


@pytest.mark.parametrize("workshop", ["2-05", "3-03"])
def test_a_reserved_workshop_is_absent_from_the_bytes_of_other_views(workshop):
    m = a_table()
    for viewer in others(m, 0):
        assert f'"{workshop}"' not in view_bytes(m, viewer)
    assert f'"{workshop}"' in view_bytes(m, 0)


# --- change the pouch colours, keep the total ---------------------------------------------

POUCHES = [
    {"white": 2, "blue": 1, "red": 1, "star_sand": 2},
    {"black": 6},
    {"green": 1, "red": 2, "black": 3},
    {"star_sand": 5, "white": 1},
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_changing_a_pouchs_colours_changes_no_other_view(players):
    m = a_table(players)
    before = {viewer: view_bytes(m, viewer) for viewer in [None, *range(players)]}
    for other in POUCHES[1:]:
        edit_seat(m, 0, pouch=other)
        for viewer in others(m, 0):
            assert view_bytes(m, viewer) == before[viewer], viewer
        assert view_bytes(m, 0) != before[0]


def test_changing_the_pouch_total_does_show_the_new_total():
    # the control: the proof above would pass vacuously if views showed nothing of a pouch
    m = a_table()
    before = view_bytes(m, None)
    edit_seat(m, 0, pouch={"white": 7})
    assert view_bytes(m, None) != before
    assert m.view(None)["seats"][0]["pouch_total"] == 7


def test_changing_a_pouchs_colours_changes_no_bots_input_nor_its_move():
    m = a_table()
    for bot in BOTS:
        shown = []
        for pouch in POUCHES:
            edit_seat(m, 0, pouch=pouch)
            shown.append(bot_input(m, 1, bot))
        assert all(s == shown[0] for s in shown), bot


def test_changing_a_pouchs_colours_during_its_return_changes_no_other_view():
    m = position(players=3, seed=5, seats={0: dict(pouch={"white": 2, "blue": 2, "green": 2, "star_sand": 2})})
    play(m, collect("red", "black"))
    assert m.view(None)["turn"]["must_return"] == 1
    before = {viewer: view_bytes(m, viewer) for viewer in others(m, 0)}
    edit_seat(m, 0, pouch={"red": 5, "black": 5})
    assert {viewer: view_bytes(m, viewer) for viewer in others(m, 0)} == before


# --- change which workshop was reserved ----------------------------------------------------

def hidden_in_deck(m, tier):
    return m._state.decks[tier - 1][0]  # the bottom card of the deck: face down


def test_changing_which_workshop_was_reserved_changes_no_other_view():
    m = a_table()
    before = {viewer: view_bytes(m, viewer) for viewer in [None, 0, 1, 2, 3]}
    swap_reservation(m, 0, "2-05", hidden_in_deck(m, 2))
    for viewer in others(m, 0):
        assert view_bytes(m, viewer) == before[viewer], viewer
    assert view_bytes(m, 0) != before[0]
    swap_reservation(m, 0, "3-03", hidden_in_deck(m, 3))
    for viewer in others(m, 0):
        assert view_bytes(m, viewer) == before[viewer], viewer


def test_changing_which_workshop_was_reserved_changes_no_bots_input_nor_its_move():
    m = a_table()
    for bot in BOTS:
        first = bot_input(m, 1, bot)
        swap_reservation(m, 0, m._state.seats[0].reserved[0], hidden_in_deck(m, 2))
        assert bot_input(m, 1, bot) == first, bot


def test_a_change_of_reservation_count_does_show():
    # the control: the number of reservations is public
    m = a_table()
    before = view_bytes(m, 2)
    edit_seat(m, 0, reserved=["2-05"])
    assert view_bytes(m, 2) != before and m.view(2)["seats"][0]["reserved_count"] == 1


# --- events ---------------------------------------------------------------------------

def two_tables(edit):
    """The same table twice, seat 0 to act; ``edit`` changes seat 0's private data in the second."""
    tables = []
    for variant in (False, True):
        m = position(players=3, seed=6, market=MARKET,
                     seats={0: dict(pouch={"white": 2, "blue": 2, "red": 2, "black": 2}, reserved=["3-03"])})
        if variant:
            edit(m)
        tables.append(m)
    return tables


def same_for_others(a, b, owner=0):
    for viewer in others(a, owner):
        assert view_bytes(a, viewer) == view_bytes(b, viewer), viewer


@pytest.mark.parametrize("edit", [
    lambda m: edit_seat(m, 0, pouch={"green": 4, "star_sand": 4}),
    lambda m: swap_reservation(m, 0, "3-03", hidden_in_deck(m, 3)),
], ids=["pouch colours", "reserved workshop"])
def test_the_same_moves_give_byte_identical_events_whatever_the_private_data(edit):
    a, b = two_tables(edit)
    same_for_others(a, b)
    script = [
        (collect("green", "black"), collect("green", "black")),  # 10 in both pouches
        (give_back(black=1), give_back(black=1)),
        (PASS, PASS),  # seat 1
        (PASS, PASS),  # seat 2
        (reserve("2-02"), reserve("2-02")),  # the second reservation, and star sand: 10
        (give_back(star_sand=1), give_back(star_sand=1)),
        (PASS, PASS),
        (PASS, PASS),
        (collect("white"), collect("white")),
        (give_back(white=1), give_back(white=1)),
    ]
    for move_a, move_b in script:
        events_a, events_b = play(a, move_a), play(b, move_b)
        assert json.dumps(events_a, sort_keys=True) == json.dumps(events_b, sort_keys=True), move_a
        same_for_others(a, b)
    assert view_bytes(a, 0) != view_bytes(b, 0)


def test_collect_reserve_and_return_events_name_no_colour_and_no_workshop():
    m = position(players=2, seed=7, market=MARKET, seats={0: dict(pouch={"white": 4, "blue": 4})})
    events = play(m, collect("red", "green"))
    assert events == [{"type": "collect", "seat": 0, "count": 2}]
    events = play(m, give_back(white=1))
    assert events == [{"type": "return", "seat": 0, "count": 1}]
    play(m, PASS)
    events = play(m, reserve("1-03"))
    assert events[0] == {"type": "reserve", "seat": 0}
    assert '"1-03"' not in json.dumps(events)
    assert [e["type"] for e in events] == ["reserve", "refill", "star_sand"]
    assert events[2] == {"type": "star_sand", "seat": 0}


def test_building_a_reservation_makes_it_public_only_then():
    m = position(players=4, seed=8, seats={0: dict(pouch={"red": 5}, reserved=["2-05"])})
    assert '"2-05"' not in view_bytes(m, 1)
    events = play(m, build("2-05"))
    assert events[0]["workshop"]["id"] == "2-05" and events[0]["from_reservation"] is True
    assert [w["id"] for w in m.view(1)["seats"][0]["workshops"]] == ["2-05"]
    assert m.view(1)["seats"][0]["reserved_count"] == 0


# --- whole games: nothing private ever leaks ----------------------------------------------

def private_ids(match, owner):
    return [f'"{cid}"' for cid in match._state.seats[owner].reserved]


@pytest.mark.parametrize("seed,bots", [(1, ("greedy", "random")), (2, ("random", "greedy", "random", "greedy"))])
def test_in_whole_games_no_view_event_or_bot_input_shows_another_seats_reservations(seed, bots):
    m = engine.new_match("guild", len(bots), seed=seed)
    reservations_seen = 0
    while not m.is_over():
        (seat,) = m.to_act()
        shown, move = bot_input(m, seat, bots[seat])
        events = json.dumps(m.play(seat, move))
        for owner in range(m.players):
            hidden = private_ids(m, owner)
            reservations_seen += len(hidden)
            assert not any(h in events for h in hidden), (owner, events)
            for viewer in others(m, owner):
                text = view_bytes(m, viewer)
                assert not any(h in text for h in hidden)
                entry = m.view(viewer)["seats"][owner]
                assert set(entry) == PUBLIC_SEAT_KEYS
                assert entry["pouch_total"] == sum(m._state.seats[owner].pouch)
                assert entry["reserved_count"] == len(m._state.seats[owner].reserved)
            if owner != seat:
                assert not any(h in s for s in shown for h in hidden), "a bot saw another seat's reservation"
    assert reservations_seen, "the games should have had reservations to hide"


def test_a_bot_is_shown_only_its_own_seats_view():
    m = a_table()
    for bot in BOTS:
        shown, _ = bot_input(m, 1, bot)
        views = [json.loads(s) for s in shown if s.startswith("{")]
        assert views and all(v["seat"] == 1 for v in views)
        for v in views:
            assert set(v["seats"][0]) == PUBLIC_SEAT_KEYS
