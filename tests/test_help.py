""""What can I do now?" (engine/help.py): the current choice in words, from the engine's listing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.errors import IllegalMove
from engine.help import describe, help_for, why_not
from engine.protocol import Session, handle


def _call(session: Session, op: str, **fields: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"v": 1, "id": 1, "op": op, **fields}), session))
    return reply


def _play_until(game: str, kind: str, seed: int = 0, players: int = 2,
                options: dict[str, Any] | None = None) -> tuple[engine.Match, int]:
    """A match (random play from ``seed``) stopped at the first decision listing a move of ``kind``."""
    for s in range(seed, seed + 40):
        match = engine.new_match(game, players, options=options, seed=s)
        rnd = random.Random(s)
        while not match.is_over():
            seat = match.to_act()[0]
            moves = match.legal_moves(seat)
            if any(m["type"] == kind for m in moves):
                return match, seat
            match.play(seat, rnd.choice(moves))
    raise AssertionError(f"no {kind} decision in 40 random {game} games")


def test_splendor_first_turn_names_three_colours_two_of_a_colour_reserve_and_no_buy() -> None:
    match = engine.new_match("splendor", 2, seed=1)
    text = help_for(match, 0)
    assert text["title"] == "Your turn: choose one"
    assert text["lines"][0] == "Take 3 gems of different colours (from white, blue, green, red, black)."
    assert text["lines"][1] == "Take 2 gems of one colour: white, blue, green, red, black (a pile of 4 or more)."
    assert text["lines"][2] == ("Reserve one of 12 market cards or the top of 3 decks "
                                "(you also get a gold if any is left).")
    assert "cannot afford" in text["lines"][3]
    assert text["count"] == len(match.legal_moves(0))


def test_two_of_a_colour_is_offered_only_for_the_piles_the_listing_allows() -> None:
    moves = [{"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}},
             {"type": "take", "gems": {"red": 2}}]
    lines = describe("splendor", moves)["lines"]
    assert lines[1] == "Take 2 gems of one colour: red (a pile of 4 or more)."
    lines = describe("splendor", moves[:1])["lines"]
    assert lines[1] == "No colour has 4 or more left, so you cannot take 2 of one colour."


def test_guild_collects_up_to_three_and_may_always_pass() -> None:
    match = engine.new_match("guild", 3, seed=2)
    lines = help_for(match, 0)["lines"]
    assert lines[0].startswith("Collect up to 3 gems of different colours, one of each")
    assert "workshop" in lines[2] and "star sand" in lines[2]
    assert lines[-1] == "Pass."


def test_a_buy_is_described_once_per_card_not_once_per_payment() -> None:
    match, seat = _play_until("splendor", "buy")
    moves = match.legal_moves(seat)
    cards = {m["card"] for m in moves if m["type"] == "buy"}
    line = next(x for x in describe("splendor", moves)["lines"] if x.startswith("Buy"))
    assert line.startswith(f"Buy one of the {len(cards)} card")


@pytest.mark.parametrize(("game", "kind", "title"), [
    ("splendor", "return", "Too many gems: return down to 10"),
    ("guild", "return", "Too many gems: return down to 9"),
    ("stars", "place", "Stargazing: place your tiles"),
    ("stars", "ash_keep", "Wood ash: pick a token"),
    ("stars", "scout_step", "Scouting, step by step"),
    ("station", "acquire", "Your turn: choose exactly one"),
    ("station", "bonus", "Exact payment: a bonus credit"),
])
def test_each_kind_of_decision_has_its_own_title(game: str, kind: str, title: str) -> None:
    match, seat = _play_until(game, kind)
    assert help_for(match, seat)["title"] == title


def test_splendor_modules_decisions_are_named() -> None:
    options = {"trading_posts": True, "strongholds": True}
    match, seat = _play_until("splendor", "stronghold", options=options)
    text = help_for(match, seat)
    assert text["title"] == "Your purchase earns a stronghold action"
    assert "place one of your strongholds" in text["lines"][0]


def test_stars_actions_say_which_are_free_with_wood_ash() -> None:
    moves = [{"type": "scout", "via": "action"}, {"type": "scout", "via": "ash"},
             {"type": "gain_stardust", "via": "action"}, {"type": "end_turn"}]
    lines = describe("stars", moves)["lines"]
    assert lines[0] == ("Take an action: Scouting (light a path to a foraging space) — also free with a wood-ash "
                        "token; Gain stardust.")
    assert lines[1] == "Or end your turn."


def test_an_empty_listing_says_another_seat_is_choosing() -> None:
    assert describe("station", [])["title"] == "Nothing to do now"


@pytest.mark.parametrize("game", ["splendor", "guild", "stars", "station"])
def test_every_decision_of_a_random_game_is_described_in_sentences(game: str) -> None:
    match = engine.new_match(game, 2, seed=5)
    rnd = random.Random(5)
    seen = 0
    while not match.is_over() and seen < 120:
        seat = match.to_act()[0]
        text = help_for(match, seat)
        assert text["title"] and text["lines"], text
        assert all(isinstance(x, str) and x.endswith((".", ")")) for x in text["lines"]), text
        assert text["title"] != "Your choice"  # the fallback for a game without its own words
        match.play(seat, rnd.choice(match.legal_moves(seat)))
        seen += 1


def test_why_not_is_the_engines_own_refusal_and_changes_nothing() -> None:
    match = engine.new_match("splendor", 2, seed=1)
    before = match.snapshot()
    move = {"type": "take", "gems": {"white": 2, "blue": 1}}
    reason = why_not(match, 0, move)
    with pytest.raises(IllegalMove) as refused:
        match.play(0, move)
    assert reason == refused.value.reason and reason
    assert match.snapshot() == before
    assert why_not(match, 0, match.legal_moves(0)[0]) is None


def test_the_help_op_answers_for_a_seat_and_explains_a_tapped_move() -> None:
    session = Session()
    made = _call(session, "new_match", game="guild", players=2, seed=3)
    reply = _call(session, "help", match=made["match"], seat=0, move={"type": "build", "workshop": "3-01"})
    assert reply["ok"] and reply["title"] == "Your turn: choose one"
    assert reply["why_not"] == engine.restore(_call(session, "snapshot", match=made["match"])["snapshot"])._explain(
        0, {"type": "build", "workshop": "3-01"})
    bad = _call(session, "help", match=made["match"], seat=7)
    assert not bad["ok"] and bad["error"]["code"] == "bad_message"
    gone = _call(session, "help", match="nope", seat=0)
    assert gone["error"]["code"] == "unknown_match"
