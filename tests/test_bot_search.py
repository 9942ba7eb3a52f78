"""The hard bot's search (engine/bots/search.py): it samples every world from the seat's view,
is deterministic for a fixed number of iterations, stops on its time cap, treats seats that act
at once one after another (the searching seat first), and makes required choices."""

from __future__ import annotations

import json
from importlib import import_module
from typing import Any

import pytest

import engine
from engine.bots import choose_move, hard, knowledge_default
from engine.bots.search import Game, Settings, search
from engine.games import rules_for
from engine.rng import Rng


def played(game: str, players: int, seed: int, moves: int) -> engine.Match:
    match = engine.new_match(game, players, seed=seed)
    for _ in range(moves):
        seat = match.waiting_for()[0]
        match.play(seat, choose_move(match, seat, "greedy"))
    return match


class Recorder:
    """A game's knowledge that notes the seat of every decision the search considers."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seats: list[int] = []
        self.limits: list[tuple[int, int]] = []

    def evaluate(self, state: Any, players: int) -> list[float]:
        return list(self.inner.evaluate(state, players))

    def candidates(self, state: Any, seat: int, moves: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
        self.seats.append(seat)
        self.limits.append((seat, limit))
        return list(self.inner.candidates(state, seat, moves, limit))

    def rollout_move(self, state: Any, seat: int, moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
        return dict(self.inner.rollout_move(state, seat, moves, rng))


def test_every_world_the_search_plays_in_is_sampled_from_the_seats_view_alone() -> None:
    match = played("guild", 3, seed=6, moves=10)
    seat = match.waiting_for()[0]
    view = match.view(seat)
    real = import_module("engine.games.guild.determinize").determinize
    asked: list[tuple[Any, int]] = []

    def determinize(v: dict[str, Any], s: int, rng: Rng) -> Any:
        asked.append((v, s))
        return real(v, s, rng)

    game = Game(rules_for("guild"), determinize, hard.knowledge_for("guild"))
    move, stats = search(game, view, seat, match.legal_moves(seat), Rng(1), 30, None)
    assert move in match.legal_moves(seat)
    assert stats["iterations"] == 30 and len(asked) == 30
    assert all(v == match.view(seat) and s == seat for v, s in asked)


@pytest.mark.parametrize("game", ["splendor", "guild"])
def test_a_fixed_number_of_iterations_and_a_generator_give_the_same_move(game: str) -> None:
    match = played(game, 2, seed=3, moves=8)
    seat = match.waiting_for()[0]
    first = choose_move(match, seat, "hard", rng=Rng(5), iterations=40)
    assert first in match.legal_moves(seat)
    assert choose_move(match, seat, "hard", rng=Rng(5), iterations=40) == first


def test_the_time_cap_stops_the_search_and_still_gives_a_legal_move() -> None:
    match = played("splendor", 2, seed=4, moves=6)
    game = hard.game_for("splendor")
    move, stats = search(game, match.view(0), 0, match.legal_moves(0), Rng(2), None, 1.0)
    assert move in match.legal_moves(0)
    assert 1 <= stats["iterations"] < 200
    assert choose_move(match, 0, "hard", rng=Rng(2), think_ms=1.0) in match.legal_moves(0)


def test_seats_placing_at_once_decide_in_turn_with_the_searching_seat_first() -> None:
    match = engine.new_match("stars", 3, seed=2)
    assert match.waiting_for() == [0, 1, 2]
    rules = rules_for("stars")
    snapshot = rules.to_json(match._state)
    recorder = Recorder(hard.knowledge_for("stars"))
    # every iteration in the same world, so the tree grows deep enough to show the order
    game = Game(rules, lambda view, seat, rng: rules.from_json(snapshot), recorder)
    move, _stats = search(game, match.view(2), 2, match.legal_moves(2), Rng(3), 12,
                          None, Settings(root_width=1, width=1, rollout=0))
    assert move in match.legal_moves(2)
    assert recorder.seats[0] == 2  # the root: the searching seat's own decision
    # the last iteration walked the whole (one-move-wide) tree: below the root, the other seats
    # the game waits on, each in turn (seat 0's three tiles, then seat 1's), then the searching
    # seat's two remaining tiles
    assert recorder.seats[-11:-3] == [0, 0, 0, 1, 1, 1, 2, 2]


def test_other_seats_are_searched_only_as_wide_as_their_own_width() -> None:
    match = played("splendor", 3, seed=4, moves=6)
    seat = match.waiting_for()[0]
    recorder = Recorder(hard.knowledge_for("splendor"))
    game = Game(rules_for("splendor"), import_module("engine.games.splendor.determinize").determinize, recorder)
    search(game, match.view(seat), seat, match.legal_moves(seat), Rng(5), 60, None,
           Settings(root_width=8, width=5, opponent_width=1, rollout=0))
    assert recorder.limits[0] == (seat, 8)  # the root
    below = recorder.limits[1:]
    assert {limit for s, limit in below if s != seat} == {1}
    assert {limit for s, limit in below if s == seat} == {5}


def test_three_or_more_seats_take_the_many_seat_settings_where_a_game_has_them() -> None:
    for game in engine.GAMES:
        many = hard.settings_for(game, 3)
        assert hard.settings_for(game, 4) == many
        assert many.root_width > 0 and many.width > 0


def test_required_choices_are_made_by_the_search() -> None:
    # seat 0 takes its way over ten gems and must give some back
    match = engine.new_match("splendor", 2, seed=1)
    match._state.seats[0].tokens = [2, 2, 2, 2, 1, 0]
    match._legal = {}
    match.play(0, {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}})
    assert match.view(0)["turn"]["phase"] == "return"
    move = choose_move(match, 0, "hard", rng=Rng(1), iterations=20)
    assert move["type"] == "return" and move in match.legal_moves(0)


@pytest.mark.parametrize("game", ["splendor", "guild"])
def test_the_gem_games_knowledge_gives_shares_and_a_short_best_first_list(game: str) -> None:
    knowledge = hard.knowledge_for(game)
    determinize = import_module(f"engine.games.{game}.determinize").determinize
    match = played(game, 3, seed=9, moves=15)
    seat = match.waiting_for()[0]
    world = determinize(match.view(seat), seat, Rng(4))
    shares = knowledge.evaluate(world, 3)
    assert len(shares) == 3 and all(0.0 <= s <= 1.0 for s in shares) and abs(sum(shares) - 1.0) < 1e-9
    moves = rules_for(game).legal_moves(world, seat)
    few = knowledge.candidates(world, seat, moves, 5)
    assert len(few) == min(5, len(moves)) and all(m in moves for m in few)
    assert knowledge.rollout_move(world, seat, moves, Rng(1)) in moves


def test_a_game_without_its_own_knowledge_is_searched_with_the_generic_one() -> None:
    assert hard.knowledge_for("no_such_game") is knowledge_default
    assert hard.knowledge_for("splendor") is not knowledge_default


def test_paired_root_moves_are_each_searched_once_a_round_in_the_same_world_with_the_same_playout_numbers() -> None:
    match = played("guild", 3, seed=6, moves=10)
    seat = match.waiting_for()[0]
    rules = rules_for("guild")
    real = import_module("engine.games.guild.determinize").determinize
    log: list[list[Any]] = []  # per iteration: the world sampled, then each playout draw's generator state

    def determinize(v: dict[str, Any], s: int, rng: Rng) -> Any:
        world = real(v, s, rng)
        log.append([json.dumps(rules.to_json(world), sort_keys=True)])
        return world

    class Playouts(Recorder):
        def rollout_move(self, state: Any, seat: int, moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
            log[-1].append(rng.state)
            return super().rollout_move(state, seat, moves, rng)

    game = Game(rules, determinize, Playouts(hard.knowledge_for("guild")))
    settings = Settings(root_width=3, width=4, rollout=4, paired_from=2)
    move, stats = search(game, match.view(seat), seat, match.legal_moves(seat), Rng(2), 3 * 5, None, settings)
    assert [r["visits"] for r in stats["root"]] == [5, 5, 5]
    rounds = [log[1 + 3 * r:1 + 3 * (r + 1)] for r in range(5)]  # log[0]: the world the candidates came from
    for one in rounds:
        assert one[0][0] == one[1][0] == one[2][0]  # the same world for each root move
        assert one[0][1] == one[1][1] == one[2][1]  # and the same first playout number
    assert len({one[0][0] for one in rounds}) == 5  # a new world each round
    assert move in match.legal_moves(seat)


def test_paired_search_plays_the_root_move_with_the_best_mean_share() -> None:
    match = played("splendor", 2, seed=3, moves=8)
    seat = match.waiting_for()[0]
    game = hard.game_for("splendor")
    settings = Settings(root_width=4, width=4, rollout=4, paired_from=2)
    move, stats = search(game, match.view(seat), seat, match.legal_moves(seat), Rng(7), 4 * 6, None, settings)
    best = max(stats["root"], key=lambda r: r["value"])
    assert move == best["move"]
    again, _ = search(game, match.view(seat), seat, match.legal_moves(seat), Rng(7), 4 * 6, None, settings)
    assert again == move  # deterministic for a generator and a number of iterations


def test_root_moves_are_paired_only_from_the_seat_count_the_settings_name() -> None:
    match = played("guild", 3, seed=6, moves=10)
    seat = match.waiting_for()[0]
    game = hard.game_for("guild")
    moves = match.legal_moves(seat)
    _m, three = search(game, match.view(seat), seat, moves, Rng(2), 12, None,
                       Settings(root_width=3, width=4, rollout=4, paired_from=3))
    _m, four = search(game, match.view(seat), seat, moves, Rng(2), 12, None,
                      Settings(root_width=3, width=4, rollout=4, paired_from=4))
    _m, plain = search(game, match.view(seat), seat, moves, Rng(2), 12, None,
                       Settings(root_width=3, width=4, rollout=4))
    assert [r["visits"] for r in three["root"]] == [4, 4, 4]
    assert four == plain  # a three-seat game: not paired


def test_station_pairs_its_root_moves_at_four_seats_only() -> None:
    assert hard.settings_for("station", 4).paired_from == 4
    assert hard.settings_for("station", 3) == hard.settings_for("station", 4)
    assert hard.settings_for("station", 2).paired_from == 0
