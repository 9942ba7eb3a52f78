"""The whole state of a Splendor game, and its JSON form."""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from ..serialise import RNG, Codec, copy_json, fields_from_json, fields_to_json, list_of

ACTION = "action"
RETURN = "return"
NOBLE = "noble"
GEM = "gem"  # Trading Posts 1 and 2: choose the extra gem
KEEP = "keep"  # Trading Post 4: keep one of two cards drawn from a deck
STRONGHOLD = "stronghold"  # place, move or remove a stronghold after a purchase
CONQUEST = "conquest"  # buy the card holding all three of one's strongholds, or skip
POST = "post"  # several Trading Posts qualify: choose one
OVER = "over"


class SeatState:
    """One seat's tokens, bonuses, cards, reservations, nobles, posts and strongholds."""

    __slots__ = ("bonuses", "cards", "nobles", "posts", "prestige", "reserved", "strongholds", "tokens")

    def __init__(self) -> None:
        self.tokens: list[int] = [0] * 6
        self.bonuses: list[int] = [0] * 5
        self.cards: list[str] = []
        self.reserved: list[list[Any]] = []  # [card id, hidden (reserved from a deck)]
        self.nobles: list[str] = []
        self.prestige = 0
        self.posts: list[int] = []  # Trading Posts held, in the order earned
        self.strongholds = 0  # strongholds in the seat's own supply (not on the table)

    def to_json(self) -> dict[str, Any]:
        """The seat as plain JSON."""
        return fields_to_json(self, self.__slots__)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatState:
        """The seat `to_json` wrote."""
        return fields_from_json(cls(), data, cls.__slots__)


class SplendorState:
    """Board, seats, turn and the generator of one Splendor game.

    The end of a turn is a list of named ``steps`` still to run (see turn.py); a step that
    needs the seat's decision sets ``phase`` and ``pending`` and waits for its move.
    """

    __slots__ = (
        "bank",
        "conquered",
        "current",
        "decks",
        "ended",
        "final_round",
        "market",
        "nobles",
        "options",
        "passes",
        "pending",
        "phase",
        "players",
        "refills",
        "rng",
        "round",
        "seats",
        "steps",
        "strongholds",
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
        self.steps: list[str] = []  # end-of-turn steps still to run
        self.pending: dict[str, Any] = {}  # what the current decision is about
        self.refills: list[list[int]] = []  # [tier, slot] emptied this turn (buys; Strongholds: reserves too)
        self.strongholds: dict[str, list[int]] = {}  # market card id → [owner seat, count]
        self.conquered = False  # the conquest purchase was made (or declined) this turn
        self.ended = False

    @property
    def pending_nobles(self) -> list[str]:
        """The nobles to choose from when several qualify (empty otherwise)."""
        return list(self.pending.get("nobles", [])) if self.phase == NOBLE else []

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON (the generator's state as a decimal string)."""
        return fields_to_json(self, self.__slots__, _CODECS)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SplendorState:
        """The state `to_json` wrote."""
        state = cls(data["players"], copy_json(data["options"]), Rng.from_json(data["rng"]))
        return fields_from_json(state, data, cls.__slots__, _CODECS)


_CODECS: dict[str, Codec] = {"rng": RNG, "seats": list_of(SeatState.to_json, SeatState.from_json)}
