"""The whole state of a Splendor game, and its JSON form."""

from __future__ import annotations

from typing import Any

from ...rng import Rng

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
        return {
            "tokens": self.tokens[:],
            "bonuses": self.bonuses[:],
            "cards": self.cards[:],
            "reserved": [r[:] for r in self.reserved],
            "nobles": self.nobles[:],
            "prestige": self.prestige,
            "posts": self.posts[:],
            "strongholds": self.strongholds,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatState:
        seat = cls()
        seat.tokens = list(data["tokens"])
        seat.bonuses = list(data["bonuses"])
        seat.cards = list(data["cards"])
        seat.reserved = [list(r) for r in data["reserved"]]
        seat.nobles = list(data["nobles"])
        seat.prestige = int(data["prestige"])
        seat.posts = list(data["posts"])
        seat.strongholds = int(data["strongholds"])
        return seat


class SplendorState:
    """Board, seats, turn and the generator of one Splendor game.

    The end of a turn is a list of named ``steps`` still to run (see turn.py); a step that
    needs the seat's decision sets ``phase`` and ``pending`` and waits for its move.
    """

    __slots__ = (
        "bank", "current", "decks", "ended", "final_round", "market", "nobles", "options",
        "passes", "pending", "phase", "players", "refills", "rng", "round", "seats", "steps",
        "strongholds", "conquered",
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
        self.refills: list[list[int]] = []  # [tier index, slot] emptied by this turn's purchases
        self.strongholds: dict[str, list[int]] = {}  # market card id → [owner seat, count]
        self.conquered = False  # the conquest purchase was made (or declined) this turn
        self.ended = False

    @property
    def pending_nobles(self) -> list[str]:
        """The nobles to choose from when several qualify (empty otherwise)."""
        return list(self.pending.get("nobles", [])) if self.phase == NOBLE else []

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
            "steps": self.steps[:],
            "pending": _copy(self.pending),
            "refills": [r[:] for r in self.refills],
            "strongholds": {cid: v[:] for cid, v in self.strongholds.items()},
            "conquered": self.conquered,
            "ended": self.ended,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SplendorState:
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
        state.steps = list(data["steps"])
        state.pending = _copy(data["pending"])
        state.refills = [list(r) for r in data["refills"]]
        state.strongholds = {cid: list(v) for cid, v in data["strongholds"].items()}
        state.conquered = bool(data["conquered"])
        state.ended = bool(data["ended"])
        return state


def _copy(value: Any) -> Any:
    """A deep copy of a small JSON value."""
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value
