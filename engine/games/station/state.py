"""The whole state of a station game, and its JSON form."""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from ..serialise import RNG, Codec, copy_json, fields_from_json, fields_to_json, list_of
from .station import NODES, LayoutMemo

ACTION = "action"
BONUS = "bonus"  # after an exact payment: take one displayed credit of value ≤ 3, or decline
OVER = "over"

BERTHS = 6
DISPLAY = 6
DOCK_CAPACITY = 4
HAND_START = 3


class StationSeat:
    """One seat: its credits, station, Dry Dock and renown by source.

    Of the credits in ``hand`` only those still in ``dealt`` (its opening deal, face down) are
    private: every other credit was taken face up from the display, so every seat saw it come.
    """

    FIELDS = ("dealt", "dock", "grid", "hand", "renown_shield", "renown_storms", "renown_synergy", "shield_lanes")
    """The seat's fields as its JSON holds them, in that order."""
    __slots__ = (*FIELDS, "memo")

    def __init__(self) -> None:
        self.hand: list[str] = []
        self.dealt: list[str] = []  # the credits of the opening deal still in the hand
        self.grid: list[str | None] = [None] * NODES
        self.dock: list[str] = []
        self.renown_synergy = 0
        self.renown_storms = 0
        self.renown_shield = 0
        self.shield_lanes: list[dict[str, Any]] = []
        self.memo = LayoutMemo()  # what `layout` last read from ``grid``: not part of the state

    @property
    def renown(self) -> int:
        return self.renown_synergy + self.renown_storms + self.renown_shield

    def to_json(self) -> dict[str, Any]:
        """The seat as plain JSON."""
        return fields_to_json(self, self.FIELDS)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StationSeat:
        """The seat `to_json` wrote."""
        return fields_from_json(cls(), data, cls.FIELDS)


class StationState:
    """Supply, market, credits, seats, storms, turn and generator of one game."""

    __slots__ = (
        "berths",
        "current",
        "deck",
        "discard",
        "discounts",
        "display",
        "end_triggered",
        "ended",
        "options",
        "passes",
        "phase",
        "players",
        "purchases",
        "rng",
        "round",
        "seats",
        "storm_pending",
        "storms",
        "supply",
        "synergy",
        "waiting",
    )

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
        """The whole state as plain JSON (the generator's state as a decimal string)."""
        return fields_to_json(self, self.__slots__, _CODECS)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StationState:
        """The state `to_json` wrote."""
        state = cls(data["players"], copy_json(data["options"]), Rng.from_json(data["rng"]))
        return fields_from_json(state, data, cls.__slots__, _CODECS)


_CODECS: dict[str, Codec] = {"rng": RNG, "seats": list_of(StationSeat.to_json, StationSeat.from_json)}

_copy = copy_json  # views.py imports this name
