"""The whole state of a Starlight Guild game, and its JSON form."""

from __future__ import annotations

from typing import Any

from ...rng import Rng

ACTION = "action"
RETURN = "return"
OVER = "over"


class GuildSeat:
    """One seat: its pouch (private), workshops, reservations (private), commissions, score."""

    __slots__ = ("commissions", "pouch", "points", "bonuses", "reserved", "workshops")

    def __init__(self) -> None:
        self.pouch: list[int] = [0] * 6  # five colours, then star sand
        self.bonuses: list[int] = [0] * 5
        self.workshops: list[str] = []
        self.reserved: list[str] = []
        self.commissions: list[str] = []
        self.points = 0

    def to_json(self) -> dict[str, Any]:
        return {"pouch": self.pouch[:], "bonuses": self.bonuses[:], "workshops": self.workshops[:],
                "reserved": self.reserved[:], "commissions": self.commissions[:], "points": self.points}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GuildSeat:
        seat = cls()
        seat.pouch = list(data["pouch"])
        seat.bonuses = list(data["bonuses"])
        seat.workshops = list(data["workshops"])
        seat.reserved = list(data["reserved"])
        seat.commissions = list(data["commissions"])
        seat.points = int(data["points"])
        return seat


class GuildState:
    """Supply, market, commissions, seats, turn and generator of one game."""

    __slots__ = ("commissions", "current", "decks", "ended", "final_round", "market", "phase",
                 "players", "options", "rng", "round", "seats", "supply")

    def __init__(self, players: int, options: dict[str, Any], rng: Rng) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.supply: list[int] = [0] * 6
        self.decks: list[list[str]] = [[], [], []]
        self.market: list[list[str | None]] = [[None] * 4 for _ in range(3)]
        self.commissions: list[str] = []  # unclaimed, in table order (left to right as dealt)
        self.seats = [GuildSeat() for _ in range(players)]
        self.current = 0
        self.phase = ACTION
        self.round = 1
        self.final_round = False
        self.ended = False

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players, "options": dict(self.options), "rng": self.rng.state,
            "supply": self.supply[:], "decks": [d[:] for d in self.decks],
            "market": [row[:] for row in self.market], "commissions": self.commissions[:],
            "seats": [s.to_json() for s in self.seats], "current": self.current,
            "phase": self.phase, "round": self.round, "final_round": self.final_round,
            "ended": self.ended,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GuildState:
        state = cls(int(data["players"]), dict(data["options"]), Rng(int(data["rng"])))
        state.supply = list(data["supply"])
        state.decks = [list(d) for d in data["decks"]]
        state.market = [list(row) for row in data["market"]]
        state.commissions = list(data["commissions"])
        state.seats = [GuildSeat.from_json(s) for s in data["seats"]]
        state.current = int(data["current"])
        state.phase = data["phase"]
        state.round = int(data["round"])
        state.final_round = bool(data["final_round"])
        state.ended = bool(data["ended"])
        return state
