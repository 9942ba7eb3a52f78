"""The whole state of a Starlight Guild game, and its JSON form."""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from ..serialise import RNG, Codec, copy_json, fields_from_json, fields_to_json, list_of

ACTION = "action"
RETURN = "return"
OVER = "over"


class GuildSeat:
    """One seat: its pouch (private), workshops, reservations (private), commissions, score."""

    __slots__ = ("bonuses", "commissions", "points", "pouch", "reserved", "workshops")

    def __init__(self) -> None:
        self.pouch: list[int] = [0] * 6  # five colours, then star sand
        self.bonuses: list[int] = [0] * 5
        self.workshops: list[str] = []
        self.reserved: list[str] = []
        self.commissions: list[str] = []
        self.points = 0

    def to_json(self) -> dict[str, Any]:
        """The seat as plain JSON."""
        return fields_to_json(self, self.__slots__)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GuildSeat:
        """The seat `to_json` wrote."""
        return fields_from_json(cls(), data, cls.__slots__)


class GuildState:
    """Supply, market, commissions, seats, turn and generator of one game."""

    __slots__ = (
        "commissions",
        "current",
        "decks",
        "ended",
        "final_round",
        "market",
        "options",
        "phase",
        "players",
        "rng",
        "round",
        "seats",
        "supply",
    )

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
        """The whole state as plain JSON (the generator's state as a decimal string)."""
        return fields_to_json(self, self.__slots__, _CODECS)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GuildState:
        """The state `to_json` wrote."""
        state = cls(data["players"], copy_json(data["options"]), Rng.from_json(data["rng"]))
        return fields_from_json(state, data, cls.__slots__, _CODECS)


_CODECS: dict[str, Codec] = {"rng": RNG, "seats": list_of(GuildSeat.to_json, GuildSeat.from_json)}
