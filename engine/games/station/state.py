"""The whole state of a station game, and its JSON form."""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from .station import NODES

ACTION = "action"
BONUS = "bonus"  # after an exact payment: take one displayed credit of value ≤ 3, or decline
OVER = "over"

BERTHS = 6
DISPLAY = 6
DOCK_CAPACITY = 4
HAND_START = 3


class StationSeat:
    """One seat: its credits (private), station, Dry Dock and renown by source."""

    __slots__ = ("dock", "grid", "hand", "renown_shield", "renown_storms", "renown_synergy", "shield_lanes")

    def __init__(self) -> None:
        self.hand: list[str] = []
        self.grid: list[str | None] = [None] * NODES
        self.dock: list[str] = []
        self.renown_synergy = 0
        self.renown_storms = 0
        self.renown_shield = 0
        self.shield_lanes: list[dict[str, Any]] = []

    @property
    def renown(self) -> int:
        return self.renown_synergy + self.renown_storms + self.renown_shield

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand[:], "grid": self.grid[:], "dock": self.dock[:],
                "renown_synergy": self.renown_synergy, "renown_storms": self.renown_storms,
                "renown_shield": self.renown_shield, "shield_lanes": [dict(x) for x in self.shield_lanes]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StationSeat:
        seat = cls()
        seat.hand = list(data["hand"])
        seat.grid = list(data["grid"])
        seat.dock = list(data["dock"])
        seat.renown_synergy = int(data["renown_synergy"])
        seat.renown_storms = int(data["renown_storms"])
        seat.renown_shield = int(data["renown_shield"])
        seat.shield_lanes = [dict(x) for x in data["shield_lanes"]]
        return seat


class StationState:
    """Supply, market, credits, seats, storms, turn and generator of one game."""

    __slots__ = ("berths", "current", "deck", "discard", "discounts", "display", "end_triggered",
                 "ended", "options", "passes", "phase", "players", "purchases", "rng", "round",
                 "seats", "storm_pending", "storms", "supply", "synergy", "waiting")

    def __init__(self, players: int, options: dict[str, Any], rng: Rng) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.supply: list[str] = []  # face-down modules, top last
        self.berths: list[str | None] = [None] * BERTHS
        self.discounts: list[int] = [0] * BERTHS
        self.waiting: list[bool] = [False] * BERTHS  # arrived during this round: no Drift at its end
        self.deck: list[str] = []  # face-down credits, top last
        self.display: list[str] = []
        self.discard: list[str] = []
        self.seats = [StationSeat() for _ in range(players)]
        self.synergy: dict[str, int] = {}  # module id → renown it earned (the permanent record)
        self.purchases = 0
        self.storm_pending: str | None = None
        self.storms: list[dict[str, Any]] = []
        self.current = 0
        self.phase = ACTION
        self.round = 1
        self.end_triggered = False
        self.passes = 0  # passes in the current round
        self.ended = False

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players, "options": dict(self.options), "rng": self.rng.state,
            "supply": self.supply[:], "berths": self.berths[:], "discounts": self.discounts[:],
            "waiting": self.waiting[:], "deck": self.deck[:], "display": self.display[:],
            "discard": self.discard[:], "seats": [s.to_json() for s in self.seats],
            "synergy": dict(self.synergy), "purchases": self.purchases,
            "storm_pending": self.storm_pending, "storms": [_copy(s) for s in self.storms],
            "current": self.current, "phase": self.phase, "round": self.round,
            "end_triggered": self.end_triggered, "passes": self.passes, "ended": self.ended,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StationState:
        state = cls(int(data["players"]), dict(data["options"]), Rng(int(data["rng"])))
        state.supply = list(data["supply"])
        state.berths = list(data["berths"])
        state.discounts = [int(x) for x in data["discounts"]]
        state.waiting = [bool(x) for x in data["waiting"]]
        state.deck = list(data["deck"])
        state.display = list(data["display"])
        state.discard = list(data["discard"])
        state.seats = [StationSeat.from_json(s) for s in data["seats"]]
        state.synergy = {k: int(v) for k, v in data["synergy"].items()}
        state.purchases = int(data["purchases"])
        state.storm_pending = data["storm_pending"]
        state.storms = [_copy(s) for s in data["storms"]]
        state.current = int(data["current"])
        state.phase = data["phase"]
        state.round = int(data["round"])
        state.end_triggered = bool(data["end_triggered"])
        state.passes = int(data["passes"])
        state.ended = bool(data["ended"])
        return state


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON."""
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value
