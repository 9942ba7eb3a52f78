"""The worker protocol (docs/protocol.md), answered by engine.protocol.handle on CPython."""

import json

import pytest

from engine.games.listing import expand
from engine.protocol import Session, handle


@pytest.fixture
def ask():
    session = Session()

    def ask(message):
        text = message if isinstance(message, str) else json.dumps(message)
        return json.loads(handle(text, session))

    return ask


def new(ask, players=2, seed=1):
    reply = ask({"v": 1, "id": 1, "op": "new_match", "game": "splendor", "players": players, "seed": seed})
    assert reply["ok"], reply
    return reply["match"]


def test_hello_names_engine_protocol_and_games(ask):
    reply = ask({"v": 1, "id": "a", "op": "hello"})
    assert reply["ok"] and reply["id"] == "a" and reply["protocol"] == 1 and reply["engine"]
    assert reply["games"]["splendor"]["options"] == {"trading_posts": False, "strongholds": False}


def test_state_gives_view_legal_moves_and_turn(ask):
    match = new(ask)
    reply = ask({"v": 1, "id": 2, "op": "state", "match": match, "seat": 0})
    assert reply["ok"] and reply["view"]["seat"] == 0 and reply["legal_moves"] and reply["to_act"] == [0]
    assert reply["over"] is False and reply["result"] is None
    public = ask({"v": 1, "id": 3, "op": "state", "match": match, "seat": None})
    assert public["view"]["seat"] is None and public["legal_moves"] == []


def test_play_applies_a_listed_move_and_returns_events(ask):
    match = new(ask)
    move = expand(ask({"v": 1, "id": 2, "op": "state", "match": match, "seat": 0})["legal_moves"])[0]
    reply = ask({"v": 1, "id": 3, "op": "play", "match": match, "seat": 0, "move": move})
    assert reply["ok"] and reply["events"][0]["type"] == "take" and reply["to_act"] == [1]


def test_an_illegal_move_gets_its_reason_and_changes_nothing(ask):
    match = new(ask)
    before = ask({"v": 1, "id": 2, "op": "snapshot", "match": match})["snapshot"]
    move = {"type": "take", "gems": {"red": 3}}
    reply = ask({"v": 1, "id": 3, "op": "play", "match": match, "seat": 0, "move": move})
    assert reply == {"v": 1, "id": 3, "ok": False,
                     "error": {"code": "illegal_move", "message": "take at most two gems of one colour"}}
    assert ask({"v": 1, "id": 4, "op": "snapshot", "match": match})["snapshot"] == before


def test_a_move_out_of_turn_is_refused(ask):
    match = new(ask)
    reply = ask({"v": 1, "id": 2, "op": "play", "match": match, "seat": 1, "move": {"type": "pass"}})
    assert reply["error"]["code"] == "illegal_move" and "turn" in reply["error"]["message"]


def test_bot_move_suggests_a_legal_move_without_playing_it(ask):
    match = new(ask)
    before = ask({"v": 1, "id": 2, "op": "snapshot", "match": match})["snapshot"]
    for bot in ("random", "greedy"):
        reply = ask({"v": 1, "id": 3, "op": "bot_move", "match": match, "seat": 0, "bot": bot})
        legal = expand(ask({"v": 1, "id": 4, "op": "state", "match": match, "seat": 0})["legal_moves"])
        assert reply["move"] in legal
    assert ask({"v": 1, "id": 5, "op": "snapshot", "match": match})["snapshot"] == before


def test_restore_gives_a_new_handle_to_the_same_match(ask):
    match = new(ask)
    snap = ask({"v": 1, "id": 2, "op": "snapshot", "match": match})["snapshot"]
    again = ask({"v": 1, "id": 3, "op": "restore", "snapshot": snap})
    assert again["ok"] and again["match"] != match
    assert ask({"v": 1, "id": 4, "op": "snapshot", "match": again["match"]})["snapshot"] == snap


def test_drop_forgets_a_match(ask):
    match = new(ask)
    assert ask({"v": 1, "id": 2, "op": "drop", "match": match})["ok"]
    assert ask({"v": 1, "id": 3, "op": "state", "match": match, "seat": 0})["error"]["code"] == "unknown_match"


ERRORS = [
    ("not json", "{nope", "bad_message"),
    ("not an object", "[1,2]", "bad_message"),
    ("no version", {"id": 1, "op": "hello"}, "unsupported_version"),
    ("wrong version", {"v": 2, "id": 1, "op": "hello"}, "unsupported_version"),
    ("unknown op", {"v": 1, "id": 1, "op": "launch"}, "unknown_op"),
    ("unknown game", {"v": 1, "id": 1, "op": "new_match", "game": "chess", "players": 2}, "unknown_game"),
    ("players missing", {"v": 1, "id": 1, "op": "new_match", "game": "splendor"}, "bad_message"),
    ("players as text", {"v": 1, "id": 1, "op": "new_match", "game": "splendor", "players": "2"}, "bad_message"),
    ("too many players", {"v": 1, "id": 1, "op": "new_match", "game": "splendor", "players": 9}, "bad_options"),
    ("unknown option", {"v": 1, "id": 1, "op": "new_match", "game": "splendor", "players": 2, "options": {"x": 1}},
     "bad_options"),
    ("unknown match", {"v": 1, "id": 1, "op": "state", "match": "m999", "seat": 0}, "unknown_match"),
    ("bad snapshot", {"v": 1, "id": 1, "op": "restore", "snapshot": {"format": 1}}, "bad_message"),
]


@pytest.mark.parametrize("label,message,code", ERRORS, ids=[e[0] for e in ERRORS])
def test_bad_requests_get_an_error_reply(ask, label, message, code):
    reply = ask(message)
    assert reply["ok"] is False and reply["error"]["code"] == code and reply["error"]["message"]


def test_the_reply_keeps_the_request_id_even_on_errors(ask):
    assert ask({"v": 1, "id": 42, "op": "launch"})["id"] == 42


def test_bad_seat_and_missing_move_are_bad_messages(ask):
    match = new(ask)
    assert ask({"v": 1, "id": 1, "op": "state", "match": match, "seat": 5})["error"]["code"] == "bad_message"
    assert ask({"v": 1, "id": 1, "op": "play", "match": match, "seat": 0})["error"]["code"] == "bad_message"
    bot = ask({"v": 1, "id": 1, "op": "bot_move", "match": match, "seat": 0, "bot": "oracle"})
    assert bot["error"]["code"] == "bad_message"


def test_a_whole_game_through_the_protocol(ask):
    match = new(ask, players=3, seed=5)
    over = False
    while not over:
        state = ask({"v": 1, "id": 1, "op": "state", "match": match, "seat": None})
        (seat,) = state["to_act"]
        move = ask({"v": 1, "id": 2, "op": "bot_move", "match": match, "seat": seat, "bot": "greedy"})["move"]
        over = ask({"v": 1, "id": 3, "op": "play", "match": match, "seat": seat, "move": move})["over"]
    final = ask({"v": 1, "id": 4, "op": "state", "match": match, "seat": 0})
    assert final["over"] and final["result"]["winners"] and final["to_act"] == []


def test_rematch_keeps_game_seats_and_options_with_a_new_deal(ask):
    first = ask({"v": 1, "id": 1, "op": "new_match", "game": "splendor", "players": 3, "seed": 4,
                 "options": {"trading_posts": True, "strongholds": False}})["match"]
    again = ask({"v": 1, "id": 2, "op": "rematch", "match": first, "seed": 5})
    assert again["ok"] and again["match"] != first
    assert again["options"] == {"trading_posts": True, "strongholds": False}
    view = ask({"v": 1, "id": 3, "op": "state", "match": again["match"], "seat": None})["view"]
    assert view["players"] == 3 and view["options"] == {"trading_posts": True, "strongholds": False}


def test_options_cannot_be_changed_by_a_move(ask):
    match = ask({"v": 1, "id": 1, "op": "new_match", "game": "splendor", "players": 2, "seed": 4})["match"]
    reply = ask({"v": 1, "id": 2, "op": "play", "match": match, "seat": 0,
                 "move": {"type": "options", "trading_posts": True}})
    assert reply["error"]["code"] == "illegal_move"
    view = ask({"v": 1, "id": 3, "op": "state", "match": match, "seat": 0})["view"]
    assert view["options"] == {"trading_posts": False, "strongholds": False}
