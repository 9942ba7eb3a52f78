"""Computers play fair: a bot's move depends only on what its seat can see.

For every game and every level: two matches that differ only in what the seat cannot see
(the second is another world sampled from the seat's view by the game's ``determinize``:
other decks' order, other seats' face-down reservations, pouch colours, hands, drawn tiles,
the generator) show the seat the same view, and with the same generator the bot picks the
same move. And every level's moves are legal, in every game.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest

import engine
from engine.bots import BOTS, choose_move
from engine.games import rules_for
from engine.match import Match
from engine.rng import Rng

GAMES = ("splendor", "guild", "stars", "station")
SEARCH = 4  # the hard bot's iterations in these tests: enough to grow a tree, fast


def _seat(match: Any) -> int:
    return int(match.waiting_for()[0])


def positions(game: str) -> list[Match]:
    """A few positions with something hidden: a two-, a three- and a four-seat game after some
    moves (Station's hard compares its root moves on the same worlds at four seats)."""
    out = []
    for players, seed, moves in ((2, 3, 9), (3, 4, 14), (4, 5, 17)):
        match = engine.new_match(game, players, seed=seed)
        rng = Rng(seed)
        for k in range(moves):
            seat = _seat(match)
            legal = match.legal_moves(seat)
            if game == "splendor" and k == 0:
                move = {"type": "reserve", "tier": 2}  # a face-down reservation to hide
            else:
                move = choose_move(match, seat, "greedy", rng=rng) if k % 3 else legal[rng.below(len(legal))]
            match.play(seat, move)
        out.append(match)
    return out


def other_world(match: Match, seat: int, k: int) -> Match:
    """The same position for ``seat``, with everything hidden from it sampled afresh."""
    determinize = import_module(f"engine.games.{match.game}.determinize").determinize
    world = determinize(match.view(seat), seat, Rng(1000 + k))
    return Match(rules_for(match.game), world, match.players, match.options, seed=k)


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_move_is_unchanged_when_only_what_its_seat_cannot_see_differs(game: str) -> None:
    for match in positions(game):
        seat = _seat(match)
        worlds = [other_world(match, seat, k) for k in (1, 2)]
        truth = rules_for(game).to_json(match._state)
        assert all(rules_for(game).to_json(w._state) != truth for w in worlds), "the worlds should differ"
        for world in worlds:
            assert world.view(seat) == match.view(seat)
            assert world.legal_moves(seat) == match.legal_moves(seat)
        for bot in BOTS:
            moves = [choose_move(m, seat, bot, rng=Rng(77), iterations=SEARCH) for m in [match, *worlds]]
            assert moves[0] in match.legal_moves(seat), bot
            assert moves[1] == moves[0] and moves[2] == moves[0], f"{bot} saw what {game} seat {seat} cannot"


@pytest.mark.parametrize("game", GAMES)
def test_every_level_plays_only_legal_moves(game: str) -> None:
    for bot in BOTS:
        match = engine.new_match(game, 3, seed=len(bot))
        rng = Rng(5)
        for _ in range(12):
            if match.is_over():
                break
            for seat in match.to_act():  # every seat that may act, also out of turn
                move = choose_move(match, seat, bot, rng=rng, iterations=SEARCH)
                assert move in match.legal_moves(seat), (bot, seat, move)
            seat = _seat(match)
            match.play(seat, choose_move(match, seat, bot, rng=rng, iterations=SEARCH))
