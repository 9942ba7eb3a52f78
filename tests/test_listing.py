"""The compact listing (engine/games/listing.py, site/js/listing.js; docs/protocol.md "The
listing"): for many random positions of every game, the listing sent expands to exactly the
engine's `legal_moves` — the same moves, in the same order, key order included — in Python and
in the page's own expansion (run under node), and it is what the `state` op and a table's
update carry.
"""

import json
import random
from pathlib import Path

import pytest
from node_driver import NODE, run_driver
from random_play import random_step

import engine
from engine.games.help_words import describe
from engine.games.listing import MIN_RUN, compact, expand
from engine.protocol import Session, handle

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(engine.GAMES)


def text(value):
    return json.dumps(value, separators=(",", ":"))


def positions(game, players, seed, every=3):
    """(seat, legal moves) of every seat that may act, at every ``every``th step of a random game."""
    match = engine.new_match(game, players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not match.is_over() and step < 400:
        if step % every == 0:
            for seat in match.to_act():
                yield seat, match.legal_moves(seat)
        seat, _, move = random_step(match, rng)
        match.play(seat, move)
        step += 1


def listings(game):
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        if engine.GAMES[game]["min_players"] <= players <= engine.GAMES[game]["max_players"]:
            yield from positions(game, players, seed)


@pytest.mark.parametrize("game", GAMES)
def test_the_listing_expands_to_exactly_the_legal_moves(game):
    grouped = 0
    for _, moves in listings(game):
        sent = json.loads(text(compact(moves)))  # as it crosses the boundary
        back = expand(sent)
        assert back == moves and text(back) == text(moves)  # same moves, order and key order
        for entry in sent:
            if "type" not in entry:
                grouped += 1
                assert len(entry["values"]) >= MIN_RUN and entry["vary"] != "type"
                assert entry["group"][entry["vary"]] is None
    assert grouped, f"{game}: no random position had a run of alike moves"


def test_stars_placements_go_as_one_group_per_tile_side_and_rotation():
    most = max((moves for _, moves in positions("stars", 2, 1, every=1)), key=len)
    sent = compact(most)
    places = [m for m in most if m["type"] == "place"]
    assert len(places) > 300
    triples = {(m["tile"], m["side"], m["rotation"]) for m in places}
    groups = [e for e in sent if "type" not in e]
    assert {(g["group"]["tile"], g["group"]["side"], g["group"]["rotation"]) for g in groups} == triples
    assert all(g["vary"] == "cell" for g in groups)
    assert len(text(sent)) < len(text(most)) / 5


def test_a_listing_without_runs_is_the_moves_themselves():
    moves = [{"type": "a", "x": 1}, {"type": "a", "x": 2}, {"type": "b"}, {"type": "a", "y": 1, "x": 3}]
    assert compact(moves) == moves and compact([]) == []
    run = [{"type": "t", "n": i, "k": "same"} for i in range(MIN_RUN)]
    assert compact(run) == [{"group": {"type": "t", "n": None, "k": "same"}, "vary": "n", "values": [0, 1, 2]}]
    assert expand(compact(run + moves)) == run + moves


def test_the_state_op_and_a_tables_update_send_the_compact_listing():
    session = Session()

    def ask(op, **fields):
        reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "op": op, **fields}), session))
        assert reply["ok"], reply
        return reply

    made = ask("new_match", game="stars", players=2, seed=1)["match"]
    match = engine.new_match("stars", 2, seed=1)
    state = ask("state", match=made, seat=0)
    assert state["legal_moves"] == json.loads(text(compact(match.legal_moves(0))))
    assert expand(state["legal_moves"]) == match.legal_moves(0)
    created = ask("room_create", room="listing", game="stars", players=2, seed=1,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    update = next(o["message"] for o in created["outbox"] if o["message"].get("type") == "update")
    assert update["legal_moves"] == state["legal_moves"]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_pages_expansion_gives_the_same_moves_as_the_engine(tmp_path):
    cases = []
    for game in GAMES:
        for i, (_, moves) in enumerate(listings(game)):
            if i % 5 == 0:
                cases.append({"listing": compact(moves), "moves": moves})
    result = run_driver(tmp_path,
        f"import {{ expandListing, listingProblem }} from {json.dumps((ROOT / 'site/js/listing.js').as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        "const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));\n"
        "let bad = 0;\n"
        "for (const c of cases) {\n"
        "  const out = expandListing(c.listing);\n"
        "  if (listingProblem(c.listing) !== null || JSON.stringify(out) !== JSON.stringify(c.moves)) bad++;\n"
        "  if (out.length > 1 && out[0] === out[1]) bad++;\n"
        "}\n"
        "const junk = [{}, {group: 1, vary: 'x', values: []}, {group: {a: 1}, vary: 'b', values: []}, 3];\n"
        "for (const j of junk) if (listingProblem([j]) === null) bad++;\n"
        "console.log(JSON.stringify({cases: cases.length, bad}));\n", cases)
    assert result["cases"] > 50 and result["bad"] == 0, result


def test_a_listing_of_the_very_same_moves_is_compacted_once_and_an_equal_copy_afresh():
    """A seat whose listing another seat's move left as it was lists the same move objects again:
    it gets the compact listing made before. Moves that are only equal — here one with its keys
    in another order, which `==` cannot tell apart — are compacted afresh, so what is sent always
    expands to the listing's own text."""
    match = engine.new_match("stars", 4, seed=7)
    first = match.legal_moves(1)
    sent = compact(first)
    match.play(0, match.legal_moves(0)[0])  # seat 0 places a tile; seat 1's choice is as it was
    again = match.legal_moves(1)
    assert again is not first and all(a is b for a, b in zip(again, first, strict=True))
    assert compact(again) is sent
    reordered = [dict(reversed(list(again[0].items()))), *again[1:]]
    assert reordered == again and text(reordered) != text(again)
    resent = compact(reordered)
    assert resent is not sent
    assert text(expand(resent)) == text(reordered)
    assert text(expand(compact(again))) == text(again)


def test_the_words_of_a_listing_of_the_very_same_moves_are_worked_out_once_per_game():
    match = engine.new_match("stars", 4, seed=7)
    moves = match.legal_moves(2)
    words = describe("stars", moves)
    assert describe("stars", moves[:]) is words
    assert describe("station", moves) is not words
    assert describe("stars", [dict(m) for m in moves]) == words
