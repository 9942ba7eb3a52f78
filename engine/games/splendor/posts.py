"""The Trading Posts module (2025 edition): five posts unlocked by bonuses, each a power.

A seat earns at most one post at the end of a turn, after the noble visit; posts are not
exclusive (every seat may hold each). The powers are used where they act: post 1 and 2 in
turn.py (an extra gem), post 3 in the payments (gold worth two), post 4 in the deck
reservation (draw two, keep one), post 5 here (prestige per post held).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..gems.cards import colour_counts, read_csv
from ..gems.colors import COLORS, counts_to_json
from .state import SeatState

GEM_AFTER_PURCHASE = 1
THIRD_GEM_AFTER_TWO = 2
GOLD_WORTH_TWO = 3
DRAW_TWO_KEEP_ONE = 4
PRESTIGE_PER_POST = 5


@dataclass(frozen=True, slots=True)
class TradingPost:
    """One post: the bonuses it needs and its power."""

    number: int
    needs: tuple[int, int, int, int, int]
    power: str
    text: str

    def to_json(self) -> dict[str, Any]:
        """The post as the views show it: number, needs, power key and text."""
        return {"post": self.number, "needs": counts_to_json(self.needs, COLORS), "power": self.power,
                "text": self.text}


def _load() -> dict[int, TradingPost]:
    posts: dict[int, TradingPost] = {}
    for row in read_csv("splendor_trading_posts.csv"):
        number = int(row["post"])
        posts[number] = TradingPost(number, colour_counts(row), row["power_key"], row["power_text_paraphrase"])
    return posts


POSTS: dict[int, TradingPost] = _load()
POST_NEEDS: tuple[tuple[int, tuple[int, int, int, int, int]], ...] = tuple((n, p.needs) for n, p in POSTS.items())
"""Each post's number and needs, in post order."""


def holds(seat: SeatState, post: int) -> bool:
    """True when the seat has earned that post."""
    return post in seat.posts


def qualifying_posts(seat: SeatState) -> list[int]:
    """Posts the seat does not hold yet whose needs its bonuses meet."""
    b0, b1, b2, b3, b4 = seat.bonuses
    held = seat.posts
    out = []
    for n, (n0, n1, n2, n3, n4) in POST_NEEDS:
        if b0 >= n0 and b1 >= n1 and b2 >= n2 and b3 >= n3 and b4 >= n4 and n not in held:
            out.append(n)
    return out


def prestige_for_earning(seat: SeatState, post: int) -> int:
    """Prestige the seat gains from post 5 when it earns ``post`` (already added to its posts)."""
    if post == PRESTIGE_PER_POST:
        return len(seat.posts)
    return 1 if PRESTIGE_PER_POST in seat.posts else 0
