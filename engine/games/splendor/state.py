"""The whole state of a Splendor game, and its JSON form."""

from __future__ import annotations

from typing import Any

from ...rng import Rng

ACTION = "action"
RETURN = "return"
NOBLE = "noble"
OVER = "over"


class SeatState:
    """One seat's tokens, bonuses, cards, reservations and nobles."""

    __slots__ = ("tokens", "bonuses", "cards", "reserved", "nobles", "prestige")

    def __init__(self) -> None:
        self.tokens: list[int] = [0] * 6
        self.bonuses: list[int] = [0] * 5
        self.cards: list[str] = []
        self.reserved: list[list[Any]] = []  # [card id, hidden (reserved from a deck)]
        self.nobles: list[str] = []
        self.prestige = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "tokens": self.tokens[:],
            "bonuses": self.bonuses[:],
            "cards": self.cards[:],
            "reserved": [r[:] for r in self.reserved],
            "nobles": self.nobles[:],
            "prestige": self.prestige,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "SeatState":
        seat = cls()
        seat.tokens = list(data["tokens"])
        seat.bonuses = list(data["bonuses"])
        seat.cards = list(data["cards"])
        seat.reserved = [list(r) for r in data["reserved"]]
        seat.nobles = list(data["nobles"])
        seat.prestige = int(data["prestige"])
        return seat


class SplendorState:
    """Board, seats, turn and the generator of one Splendor game."""

    __slots__ = (
        "players", "options", "rng", "bank", "decks", "market", "nobles", "seats",
        "current", "phase", "round", "final_round", "passes", "pending_nobles", "ended",
    )

    def __init__(self, players: int, options: dict[str, Any], rng: Rng) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.bank: list[int] = [0] * 6
        self.decks: list[list[str]] = [[], [], []]  # top of a deck = last element
        self.market: list[list[str | None]] = [[None] * 4 for _ in range(3)]
        self.nobles: list[str] = []
        self.seats: list[SeatState] = [SeatState() for _ in range(players)]
        self.current = 0
        self.phase = ACTION
        self.round = 1
        self.final_round = False
        self.passes = 0  # consecutive passes
        self.pending_nobles: list[str] = []
        self.ended = False

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "bank": self.bank[:],
            "decks": [d[:] for d in self.decks],
            "market": [row[:] for row in self.market],
            "nobles": self.nobles[:],
            "seats": [s.to_json() for s in self.seats],
            "current": self.current,
            "phase": self.phase,
            "round": self.round,
            "final_round": self.final_round,
            "passes": self.passes,
            "pending_nobles": self.pending_nobles[:],
            "ended": self.ended,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "SplendorState":
        state = cls(int(data["players"]), dict(data["options"]), Rng(int(data["rng"])))
        state.bank = list(data["bank"])
        state.decks = [list(d) for d in data["decks"]]
        state.market = [list(row) for row in data["market"]]
        state.nobles = list(data["nobles"])
        state.seats = [SeatState.from_json(s) for s in data["seats"]]
        state.current = int(data["current"])
        state.phase = data["phase"]
        state.round = int(data["round"])
        state.final_round = bool(data["final_round"])
        state.passes = int(data["passes"])
        state.pending_nobles = list(data["pending_nobles"])
        state.ended = bool(data["ended"])
        return state
