"""The search behind the hard bot: information-set Monte Carlo tree search (docs/bots.md).

One tree is grown over the searching seat's information set. Every iteration

1. samples a complete world from the seat's view with the game's
   ``determinize(view, seat, rng)`` — unseen cards, other seats' private tokens and hands,
   deck and bag orders and the world's own generator (so chance, such as refills, is
   sampled too);
2. walks down the tree in that world: at each node the seat the world waits on acts
   (``waiting_for``; with several waiting, as in Stars' simultaneous placement, each
   decides in turn, the searching seat first at the root, so no seat learns another's
   choice of the same step); it considers only the moves legal in this world, at most
   ``candidates(...)`` of them, picks by UCB1 with availability counts (a move's
   exploration term counts the iterations in which it could be chosen), and adds one new
   node (the best-ranked untried move) per iteration;
3. plays on with the game's cheap ``rollout_move`` policy for a few moves and scores the
   world with ``evaluate`` (each seat's estimated share of the win), or with the real
   result when the game ended;
4. adds each seat's share to the moves that seat chose on the way down.

Required choices (returning gems, nobles, posts, strongholds, cards to keep) are ordinary
moves of the seat that must make them. The move played is the root move visited most.

The search reads only the view and the legal moves it is given; ``rng`` alone decides every
sample, so with a fixed number of iterations the move depends on (view, moves, rng) only.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..rng import Rng

Move = dict[str, Any]


class Knowledge(Protocol):
    """What the search needs to know about one game (engine/bots/knowledge_<id>.py)."""

    def evaluate(self, state: Any, players: int) -> list[float]:
        """Each seat's estimated share of the win, in [0, 1], summing to about 1."""

    def candidates(self, state: Any, seat: int, moves: list[Move], limit: int) -> list[Move]:
        """At most ``limit`` moves worth searching, best first."""

    def rollout_move(self, state: Any, seat: int, moves: list[Move], rng: Rng) -> Move:
        """A cheap playout move."""


@dataclass(frozen=True)
class Settings:
    """The search's shape: how wide, how deep the playouts, how much it explores."""

    root_width: int = 12
    """Root moves searched (the best-ranked by ``candidates``)."""
    width: int = 6
    """Moves searched at every other node of the searching seat."""
    opponent_width: int = 0
    """Moves searched at another seat's node (0: the same as ``width``)."""
    rollout: int = 6
    """Moves played by the rollout policy after the tree, before ``evaluate``."""
    exploration: float = 0.7
    """UCB1's exploration constant (rewards are win shares in [0, 1])."""
    paired_from: int = 0
    """At this many seats or more (0: never), root moves are compared on the same worlds: the
    iterations go in rounds, one a root move, and every iteration of a round searches the same
    sampled world with the same playout numbers (common random numbers); the move with the best
    mean share is played. Otherwise UCB1 picks the root move, each iteration in a world of its
    own, and the most visited is played."""


@dataclass
class Edge:
    """A move from a node: who makes it, how often it was tried and what it earned them."""

    move: Move
    seat: int
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    child: Node | None = None


@dataclass
class Node:
    """A point in the tree: its moves so far, by key."""

    edges: dict[str, Edge] = field(default_factory=dict)


@dataclass(frozen=True)
class Game:
    """The functions the search calls for one game."""

    rules: Any
    determinize: Callable[[dict[str, Any], int, Rng], Any]
    knowledge: Knowledge
    sampler: Callable[[dict[str, Any], int], Callable[[Rng], Any]] | None = None
    """The game's ``sampler(view, seat)`` when it has one: ``determinize`` with the view read
    once, for the hundreds of samples of one search (the same states from the same ``rng``)."""


def move_key(move: Move) -> str:
    """The same text for equal moves, whatever the order of their keys."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def _shares(result: dict[str, Any], players: int) -> list[float]:
    winners = result.get("winners") or []
    if not winners:
        return [1.0 / players] * players
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(players)]


def _actor(rules: Any, state: Any) -> int | None:
    waiting = rules.waiting_for(state)
    if waiting:
        return int(waiting[0])
    acting = rules.to_act(state)
    return int(acting[0]) if acting else None


def _select(node: Node, keys: list[str], c: float) -> Edge:
    best: Edge | None = None
    best_value = -1.0
    for key in keys:
        edge = node.edges[key]
        value = edge.reward / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
        if value > best_value:
            best, best_value = edge, value
    assert best is not None
    return best


def search(game: Game, view: dict[str, Any], seat: int, moves: list[Move], rng: Rng, iterations: int | None,
           think_ms: float | None, settings: Settings = Settings()) -> tuple[Move, dict[str, Any]]:
    """The move for ``seat`` and the search's statistics (iterations, root visits).

    Stops after ``iterations`` iterations or ``think_ms`` milliseconds, whichever comes first
    (at least one iteration).
    """
    rules, knowledge = game.rules, game.knowledge
    players = int(view["players"])
    root = Node()
    if game.sampler is not None:
        sample = game.sampler(view, seat)
    else:
        def sample(r: Rng) -> Any:
            return game.determinize(view, seat, r)
    first = sample(rng)
    root_moves = knowledge.candidates(first, seat, list(moves), settings.root_width)
    root_keys = [move_key(m) for m in root_moves]
    deadline = None if think_ms is None else time.perf_counter() + think_ms / 1000.0
    done = 0
    world = first
    paired = 0 < settings.paired_from <= players and len(root_keys) > 1
    play_rng = rng
    round_seeds = (0, 0)
    while True:
        if done and ((iterations is not None and done >= iterations)
                     or (deadline is not None and time.perf_counter() >= deadline)):
            break
        if paired:
            turn = done % len(root_keys)
            if turn == 0:
                round_seeds = (rng.next64(), rng.next64())
            world = sample(Rng(round_seeds[0]))
            play_rng = Rng(round_seeds[1])
        elif done:
            world = sample(rng)
        path: list[Edge] = []
        node: Node | None = root
        expanded = False
        while node is not None and not rules.is_over(world):
            if node is root:
                actor, options, keys = seat, root_moves, root_keys
                if paired:
                    options, keys = [root_moves[turn]], [root_keys[turn]]
            else:
                found = _actor(rules, world)
                if found is None:
                    break
                actor = found
                limit = settings.width if actor == seat or not settings.opponent_width else settings.opponent_width
                options = knowledge.candidates(world, actor, rules.legal_moves(world, actor), limit)
                keys = [f"{actor}|{move_key(m)}" for m in options]
            untried = -1
            for i, key in enumerate(keys):
                edge = node.edges.get(key)
                if edge is None:
                    if untried < 0:
                        untried = i
                else:
                    edge.available += 1
            if untried >= 0:
                edge = Edge(options[untried], actor, available=1)
                node.edges[keys[untried]] = edge
                expanded = True
            else:
                edge = _select(node, keys, settings.exploration)
            rules.apply(world, actor, edge.move)
            path.append(edge)
            if expanded:
                break
            if edge.child is None:
                edge.child = Node()
            node = edge.child
        for _ in range(settings.rollout):
            if rules.is_over(world):
                break
            found = _actor(rules, world)
            if found is None:
                break
            legal = rules.legal_moves(world, found)
            rules.apply(world, found, knowledge.rollout_move(world, found, legal, play_rng))
        if rules.is_over(world):
            shares = _shares(rules.result(world) or {}, players)
        else:
            shares = knowledge.evaluate(world, players)
        for edge in path:
            edge.visits += 1
            edge.reward += shares[edge.seat]
        done += 1
    ranked: list[tuple[float, float, int]]
    if paired:  # equal visits (±1): the best mean share
        ranked = sorted(((root.edges[k].reward / root.edges[k].visits, root.edges[k].visits, -i)
                         for i, k in enumerate(root_keys) if k in root.edges), reverse=True)
    else:
        ranked = sorted(((root.edges[k].visits, root.edges[k].reward, -i) for i, k in enumerate(root_keys)
                         if k in root.edges), reverse=True)
    best = root_moves[-ranked[0][2]] if ranked else root_moves[0]
    stats = {"iterations": done,
             "root": [{"move": root.edges[k].move, "visits": root.edges[k].visits,
                       "value": root.edges[k].reward / max(1, root.edges[k].visits)}
                      for k in root_keys if k in root.edges]}
    return best, stats
