"""Game knowledge shared by the two gem games (Splendor, Guild) for the search (docs/bots.md).

It works on a small picture of a sampled state, `Table`, that each game's knowledge module
builds: per seat its tokens (six counts, the wild one last), bonuses, points and
reservations, and the public market and nobles/commissions. Everything here is arithmetic on
those lists — no views, no JSON — because the search calls it thousands of times a move.

- `evaluate`: each seat's worth in points — its points, plus its bonuses (an engine worth
  less as the game nears its end), its tokens, how close it is to each noble, and what its
  reservations could still score — turned into win shares by a softmax whose temperature
  falls as the leader nears the winning total.
- `move_score`: how good one move looks for the seat (buying what scores or builds the
  engine, taking the gems the best target cards still need, giving back the least needed);
  `candidates` keeps the best-ranked moves, `rollout_move` plays the best one with a few
  random slips.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..games.gems.cards import CARDS, NOBLES, Card
from ..rng import Rng

COLOUR_NAMES = ("white", "blue", "green", "red", "black")
TOKEN_INDEX = {"white": 0, "blue": 1, "green": 2, "red": 3, "black": 4, "gold": 5, "star_sand": 5}

ENGINE = 0.8
"""Points one bonus is worth at the start (it falls to a fifth of that by the end)."""
TOKEN = 0.12
WILD = 0.3
NOBLE_REACH = 0.9
"""How much of a noble's points counts when one bonus is missing (squared per missing bonus)."""
RESERVE = 0.35


@dataclass
class SeatPicture:
    """One seat as the heuristics see it."""

    tokens: list[int]
    bonuses: list[int]
    points: int
    reserved: list[str]


@dataclass
class Table:
    """A sampled state as the heuristics see it."""

    seats: list[SeatPicture]
    market: list[str]
    nobles: list[str]
    target: int
    """Points that trigger the end (15 in Splendor, 16 in Guild)."""
    limit: int
    """Tokens a seat may keep (10 in Splendor, 9 in Guild)."""


def shortfall(card: Card, seat: SeatPicture) -> int:
    """Gems the seat still lacks for a card after bonuses and tokens (the wild one counted)."""
    short = 0
    for c in range(5):
        need = card.cost[c] - seat.bonuses[c] - seat.tokens[c]
        if need > 0:
            short += need
    return max(0, short - seat.tokens[5])


def _progress(table: Table) -> float:
    return min(1.0, max(s.points for s in table.seats) / table.target)


def _noble_value(table: Table, seat: SeatPicture, extra: int = -1) -> float:
    value = 0.0
    for nid in table.nobles:
        noble = NOBLES[nid]
        missing = 0
        for c in range(5):
            have = seat.bonuses[c] + (1 if c == extra else 0)
            if noble.needs[c] > have:
                missing += noble.needs[c] - have
        value += noble.points * NOBLE_REACH ** (missing * missing) if missing else noble.points
    return value


def worth(table: Table, seat: SeatPicture) -> float:
    """A seat's position in points: what it has and what it is close to."""
    engine = ENGINE * (1.0 - 0.8 * _progress(table))
    value = seat.points + engine * sum(seat.bonuses)
    value += TOKEN * sum(seat.tokens[:5]) + WILD * seat.tokens[5]
    value += 0.35 * _noble_value(table, seat)
    for cid in seat.reserved:
        card = CARDS[cid]
        value += RESERVE * card.points / (1 + shortfall(card, seat))
    return value


def evaluate(table: Table) -> list[float]:
    """Win shares from the seats' worths (softmax, sharper near the end)."""
    values = [worth(table, s) for s in table.seats]
    temperature = 3.0 - 1.8 * _progress(table)
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def noble_gains(table: Table, seat: SeatPicture) -> list[float]:
    """For each colour, how much one more bonus of it brings the seat closer to the nobles."""
    base = _noble_value(table, seat)
    return [_noble_value(table, seat, c) - base for c in range(5)]


def _targets(table: Table, seat: SeatPicture, gains: list[float]) -> list[tuple[float, Card]]:
    """Cards worth aiming at for the seat, best first: (value per missing gem, card)."""
    engine = 1.0 - _progress(table)
    out = []
    for cid in table.market + seat.reserved:
        card = CARDS[cid]
        value = card.points * 2 + 1 + engine + gains[card.color]
        out.append((value / (1 + shortfall(card, seat)), card))
    out.sort(key=lambda t: -t[0])
    return out[:3]


def _need_weights(targets: list[tuple[float, Card]], seat: SeatPicture) -> list[float]:
    """How much one more gem of each colour helps toward the seat's best target cards."""
    weights = [0.0] * 6
    for rank, (value, card) in enumerate(targets):
        for c in range(5):
            if card.cost[c] - seat.bonuses[c] - seat.tokens[c] > 0:
                weights[c] += value / (1 + rank)
    weights[5] = max(weights[:5]) if any(weights[:5]) else 0.5
    return weights


def counts(named: dict[str, int]) -> list[int]:
    """A move's ``{"colour": n}`` as six counts (either game's name for the wild token)."""
    out = [0] * 6
    for name, n in named.items():
        out[TOKEN_INDEX[name]] += n
    return out


class Scorer:
    """Scores the moves of one seat in one position (the targets worked out once)."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.me = table.seats[seat]
        self.progress = _progress(table)
        self.gains = noble_gains(table, self.me)
        self.targets = _targets(table, self.me, self.gains)
        self.weights = _need_weights(self.targets, self.me)

    def buy(self, cid: str, wild_used: int) -> float:
        card = CARDS[cid]
        engine = 2.0 * (1.0 - self.progress)
        finish = 30.0 if self.me.points + card.points >= self.table.target else 0.0
        return 50 + 4 * card.points + engine + 2 * self.gains[card.color] - wild_used + finish

    def take(self, gems: list[int]) -> float:
        room = self.table.limit - sum(self.me.tokens)
        over = sum(gems) - room
        weights = self.weights
        value = 0.3 * sum(gems)
        for c in range(5):
            if gems[c]:
                value += weights[c] * gems[c]
        return 10 + value - (3 * over if over > 0 else 0)

    def reserve(self, cid: str | None) -> float:
        crowded = 2 * len(self.me.reserved)
        if cid is None:
            return 1.0 - crowded
        card = CARDS[cid]
        return 1.0 + 1.2 * card.points + 1.5 / (1 + shortfall(card, self.me)) - crowded

    def give_back(self, gems: list[int]) -> float:
        return -sum((self.weights[c] + 0.2 + (3.0 if c == 5 else 0.0)) * gems[c] for c in range(6))

    def gem(self, colour: int) -> float:
        return 5 + self.weights[colour]

    def keep(self, cid: str) -> float:
        card = CARDS[cid]
        return card.points * 2 + 2.0 / (1 + shortfall(card, self.me)) + self.gains[card.color]


def best_first(scores: list[float], limit: int) -> list[int]:
    """Indices of the ``limit`` highest scores, best first (the earlier move wins a tie)."""
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    return order[:limit]


def slip_or_best(scores: list[float], rng: Rng, slip: int = 15) -> int:
    """The best score's index, or on ``slip`` per cent of calls one of the best three."""
    if rng.below(100) < slip:
        top = best_first(scores, 3)
        return top[rng.below(len(top))]
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return best


def pick(moves: list[dict[str, Any]], order: list[int]) -> list[dict[str, Any]]:
    """The moves at the given indices."""
    return [moves[i] for i in order]
