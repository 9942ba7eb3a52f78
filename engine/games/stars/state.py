"""The whole state of a game of `stars`, and its JSON form."""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from .board import Board

STARGAZING = "stargazing"
WOOD_ASH = "wood_ash"
ACTION = "action"
FINAL = "final"
OVER = "over"

CATEGORIES: tuple[str, ...] = ("constellations", "scouting", "offerings", "early_bird", "leftover", "unplaced")
"""Where a seat's VP came from (x2 bonus VP count as constellations)."""

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
        return {
            "score": self.score, "points": dict(self.points), "light": self.light[:],
            "stardust": self.stardust, "tokens": self.tokens[:], "villagers": self.villagers[:],
            "ash": self.ash[:], "board": self.board.to_json(), "bag": self.bag[:], "hand": self.hand[:],
            "set_aside": self.set_aside[:],
            "pending": [{"value": p["value"], "options": p["options"][:]} for p in self.pending],
            "extra_actions": self.extra_actions, "done": self.done,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        s = cls()
        s.score = int(data["score"])
        s.points = {c: int(data["points"][c]) for c in CATEGORIES}
        s.light = list(data["light"])
        s.stardust = int(data["stardust"])
        s.tokens = list(data["tokens"])
        s.villagers = list(data["villagers"])
        s.ash = list(data["ash"])
        s.board = Board.from_json(data["board"])
        s.bag = list(data["bag"])
        s.hand = list(data["hand"])
        s.set_aside = list(data["set_aside"])
        s.pending = [{"value": int(p["value"]), "options": list(p["options"])} for p in data["pending"]]
        s.extra_actions = int(data["extra_actions"])
        s.done = bool(data["done"])
        return s


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
        return {
            "players": self.players, "options": dict(self.options), "rng": self.rng.state,
            "round": self.round, "phase": self.phase, "girl": self.girl, "elders": self.elders[:],
            "ash_bag": self.ash_bag[:], "sky": [t[:] for t in self.sky], "picks": self.picks[:],
            "order": self.order[:], "current": self.current, "actions_left": self.actions_left,
            "scout": None if self.scout is None else {"seat": self.scout["seat"], "via": self.scout["via"],
                                                      "path": self.scout["path"][:]},
            "piles": [p[:] for p in self.piles], "marked": self.marked[:],
            "rewards_discarded": self.rewards_discarded[:], "rewards_unused": self.rewards_unused[:],
            "offer_deck": self.offer_deck[:], "offer_card": self.offer_card,
            "offer_filled": self.offer_filled[:], "offer_discard": self.offer_discard[:],
            "tokens_discarded": self.tokens_discarded[:], "forage": dict(self.forage),
            "lit": dict(self.lit), "supply_light": self.supply_light[:],
            "supply_stardust": self.supply_stardust, "seats": [s.to_json() for s in self.seats],
            "ended": self.ended,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StarsState:
        st = cls(int(data["players"]), dict(data["options"]), Rng(int(data["rng"])))
        st.round = int(data["round"])
        st.phase = data["phase"]
        st.girl = int(data["girl"])
        st.elders = list(data["elders"])
        st.ash_bag = list(data["ash_bag"])
        st.sky = [list(t) for t in data["sky"]]
        st.picks = list(data["picks"])
        st.order = list(data["order"])
        st.current = data["current"]
        st.actions_left = int(data["actions_left"])
        sc = data["scout"]
        st.scout = None if sc is None else {"seat": sc["seat"], "via": sc["via"], "path": list(sc["path"])}
        st.piles = [list(p) for p in data["piles"]]
        st.marked = list(data["marked"])
        st.rewards_discarded = list(data["rewards_discarded"])
        st.rewards_unused = list(data["rewards_unused"])
        st.offer_deck = list(data["offer_deck"])
        st.offer_card = data["offer_card"]
        st.offer_filled = list(data["offer_filled"])
        st.offer_discard = list(data["offer_discard"])
        st.tokens_discarded = list(data["tokens_discarded"])
        st.forage = dict(data["forage"])
        st.lit = dict(data["lit"])
        st.supply_light = list(data["supply_light"])
        st.supply_stardust = int(data["supply_stardust"])
        st.seats = [Seat.from_json(s) for s in data["seats"]]
        st.ended = bool(data["ended"])
        return st

    # --- small shared readings ----------------------------------------------------------

    def sky_order(self) -> list[tuple[int, int, str]]:
        """Meeples on the night sky behind the Girl, in track order (closest to her first):
        (space, seat, "elder" or "villager")."""
        out = [(pos, seat, "elder") for seat, pos in enumerate(self.elders)]
        for seat, s in enumerate(self.seats):
            for place in s.villagers:
                if place.startswith("sky:"):
                    out.append((int(place[4:]), seat, "villager"))
        out.sort(key=lambda t: -t[0])
        return out

    def turn_order(self) -> list[int]:
        """Seats by their elders, closest behind the Girl first."""
        return [seat for _pos, seat, kind in self.sky_order() if kind == "elder"]

    def sky_vacant(self) -> list[int]:
        """Vacant night-sky spaces behind the Girl (where a villager may go)."""
        taken = {pos for pos, _seat, _kind in self.sky_order()}
        return [p for p in range(1, self.girl) if p not in taken]

    def early_covered(self, forage_id: str) -> bool:
        key = "early:" + forage_id
        return any(key in s.villagers for s in self.seats)
