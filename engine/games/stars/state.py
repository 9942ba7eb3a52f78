"""The whole state of a game of `stars`, and its JSON form."""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ...rng import Rng
from ..serialise import RNG, Codec, copy_json, fields_from_json, fields_to_json, list_of
from .board import Board

STARGAZING = "stargazing"
WOOD_ASH = "wood_ash"
ACTION = "action"
FINAL = "final"
OVER = "over"

CATEGORIES: tuple[str, ...] = ("constellations", "scouting", "offerings", "early_bird", "leftover", "unplaced")
"""Where a seat's VP came from (x2 bonus VP count as constellations)."""

_SPACE = itemgetter(0)

READY = "ready"
ON_BONUS = "bonus"
VILLAGE = "village"
# other villager places: "forage:F03" (beside a foraging space), "early:F03" (covering its
# early-bird reward), "sky:4" (on space 4 of the night sky track)


class Seat:
    """One seat: its score, supplies, villagers, kept wood ash, board and tiles."""

    __slots__ = (
        "ash",
        "bag",
        "board",
        "done",
        "extra_actions",
        "hand",
        "light",
        "pending",
        "points",
        "score",
        "set_aside",
        "stardust",
        "tokens",
        "villagers",
    )

    def __init__(self) -> None:
        self.score = 0
        self.points: dict[str, int] = {c: 0 for c in CATEGORIES}
        self.light: list[int] = [0, 0, 0]
        self.stardust = 0
        self.tokens: list[int] = [0, 0, 0, 0]
        self.villagers: list[str] = []
        self.ash: list[str] = []  # kept wood-ash token ids
        self.board = Board()
        self.bag: list[str] = []  # tile ids still in the bag (sorted: a bag has no order)
        self.hand: list[str] = []  # drawn, not yet placed (private)
        self.set_aside: list[str] = []  # drawn tiles that could not be placed
        self.pending: list[dict[str, Any]] = []  # bonus-token choices owed, oldest first
        self.extra_actions = 0  # from the +2 actions bonus, for the next action turn
        self.done = False  # final phase: finished spending stardust

    def to_json(self) -> dict[str, Any]:
        """The seat as plain JSON (its board by the board's own JSON form)."""
        return fields_to_json(self, self.__slots__, _SEAT_CODECS)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        """The seat `to_json` wrote."""
        return fields_from_json(cls(), data, cls.__slots__, _SEAT_CODECS)


_SEAT_CODECS: dict[str, Codec] = {"board": (Board.to_json, Board.from_json)}


class StarsState:
    """Everything on the table, the phase and whose move it is, and the generator."""

    __slots__ = (
        "actions_left",
        "ash_bag",
        "current",
        "elders",
        "ended",
        "forage",
        "girl",
        "lit",
        "marked",
        "offer_card",
        "offer_deck",
        "offer_discard",
        "offer_filled",
        "options",
        "order",
        "phase",
        "picks",
        "piles",
        "players",
        "rewards_discarded",
        "rewards_unused",
        "rng",
        "round",
        "scout",
        "seats",
        "sky",
        "supply_light",
        "supply_stardust",
        "tokens_discarded",
    )

    def __init__(self, players: int, options: dict[str, Any], rng: Rng) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.round = 1
        self.phase = STARGAZING
        self.girl = 0  # night sky space of the Girl (1..13)
        self.elders: list[int] = []  # night sky space of each seat's elder
        self.ash_bag: list[str] = []  # wood-ash tokens in the bag (sorted)
        self.sky: list[list[str]] = []  # cast tokens not yet picked: [id, landing region]
        self.picks: list[int] = []  # seats still to pick, in order (elders, then villagers)
        self.order: list[int] = []  # seats whose action turn is still to come this round
        self.current: int | None = None  # seat taking its action turn
        self.actions_left = 0
        self.scout: dict[str, Any] | None = None  # scouting under way: {"seat", "via", "path"}
        self.piles: list[list[str]] = [[], [], [], []]  # connection-reward ids, top first
        self.marked: list[bool] = [False] * 4  # pile scored this round: its top goes at cleanup
        self.rewards_discarded: list[str] = []
        self.rewards_unused: list[str] = []  # left in the box at setup (face down)
        self.offer_deck: list[str] = []  # offering cards still to come, top first (hidden order)
        self.offer_card: str | None = None
        self.offer_filled: list[bool] = []
        self.offer_discard: list[str] = []
        self.tokens_discarded: list[int] = [0, 0, 0, 0]  # fruit/animal tokens offered away
        self.forage: dict[str, int] = {}  # foraging space → tokens left
        self.lit: dict[str, int] = {}  # path space → colour index of its light
        self.supply_light: list[int] = [0, 0, 0]
        self.supply_stardust = 0
        self.seats: list[Seat] = []
        self.ended = False

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON (the generator's state as a decimal string)."""
        return fields_to_json(self, self.__slots__, _CODECS)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StarsState:
        """The state `to_json` wrote."""
        state = cls(data["players"], copy_json(data["options"]), Rng.from_json(data["rng"]))
        return fields_from_json(state, data, cls.__slots__, _CODECS)

    # --- small shared readings ----------------------------------------------------------

    def _on_sky(self) -> list[tuple[int, int, str]]:
        """Meeples on the night sky behind the Girl, elders first then each seat's villagers:
        (space, seat, "elder" or "villager")."""
        out = [(pos, seat, "elder") for seat, pos in enumerate(self.elders)]
        for seat, s in enumerate(self.seats):
            out += [(int(place[4:]), seat, "villager") for place in s.villagers if place.startswith("sky:")]
        return out

    def sky_order(self) -> list[tuple[int, int, str]]:
        """Meeples on the night sky behind the Girl, in track order (closest to her first):
        (space, seat, "elder" or "villager")."""
        out = self._on_sky()
        out.sort(key=_SPACE, reverse=True)  # stable: what shares a space keeps this order
        return out

    def turn_order(self) -> list[int]:
        """Seats by their elders, closest behind the Girl first."""
        return [seat for _pos, seat, kind in self.sky_order() if kind == "elder"]

    def sky_vacant(self) -> list[int]:
        """Vacant night-sky spaces behind the Girl (where a villager may go)."""
        taken = set(map(_SPACE, self._on_sky()))
        return [p for p in range(1, self.girl) if p not in taken]

    def early_covered(self, forage_id: str) -> bool:
        key = "early:" + forage_id
        for s in self.seats:  # noqa: SIM110  (a loop, not any() over a generator: cheaper in Pyodide)
            if key in s.villagers:
                return True
        return False


_CODECS: dict[str, Codec] = {"rng": RNG, "seats": list_of(Seat.to_json, Seat.from_json)}
