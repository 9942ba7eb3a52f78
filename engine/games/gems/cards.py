"""The 90 development cards and 10 nobles, read from the package's CSV data.

Card ids are ``"<tier>-<nn>"`` in the CSV's row order within each tier; they are stable
because saved games and replays refer to them.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .colors import COLORS, counts_to_json

TIERS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Card:
    """A development card (Splendor) or workshop (Guild)."""

    id: str
    tier: int
    color: int
    points: int
    cost: tuple[int, int, int, int, int]

    def to_json(self) -> dict[str, Any]:
        """The card as the views show it."""
        return {
            "id": self.id,
            "tier": self.tier,
            "color": COLORS[self.color],
            "points": self.points,
            "cost": counts_to_json(self.cost, COLORS),
        }


@dataclass(frozen=True, slots=True)
class Noble:
    """A noble (Splendor) or commission (Guild): bonuses needed and points."""

    id: str
    points: int
    needs: tuple[int, int, int, int, int]

    def to_json(self) -> dict[str, Any]:
        """The noble as the views show it."""
        return {"id": self.id, "points": self.points, "needs": counts_to_json(self.needs, COLORS)}


DATA = Path(__file__).resolve().parent / "data"


def read_csv(name: str) -> list[dict[str, str]]:
    """The rows of one of the package's CSV data files (shipped inside the wheel)."""
    text = (DATA / name).read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def colour_counts(row: dict[str, str]) -> tuple[int, int, int, int, int]:
    """A CSV row's five colour columns (white, blue, green, red, black) as whole numbers."""
    white, blue, green, red, black = (int(row[c]) for c in COLORS)
    return white, blue, green, red, black


def _load_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    per_tier = {t: 0 for t in TIERS}
    for row in read_csv("splendor_cards.csv"):
        tier = int(row["tier"])
        per_tier[tier] += 1
        card_id = f"{tier}-{per_tier[tier]:02d}"
        cost = colour_counts(row)
        cards[card_id] = Card(card_id, tier, COLORS.index(row["color"]), int(row["points"]), cost)
    return cards


def _load_nobles() -> dict[str, Noble]:
    nobles: dict[str, Noble] = {}
    for row in read_csv("splendor_nobles.csv"):
        nobles[row["noble_id"]] = Noble(row["noble_id"], int(row["points"]), colour_counts(row))
    return nobles


def _load_token_counts() -> dict[int, tuple[int, int, int]]:
    """players → (gems of each colour, gold, nobles revealed)."""
    out = {}
    for row in read_csv("splendor_tokens.csv"):
        out[int(row["players"])] = (int(row["white"]), int(row["gold"]), int(row["nobles_revealed"]))
    return out


CARDS: dict[str, Card] = _load_cards()
"""Every card by id."""

CARD_JSON: dict[str, dict[str, Any]] = {cid: card.to_json() for cid, card in CARDS.items()}

NOBLES: dict[str, Noble] = _load_nobles()
"""Every noble by id."""

NOBLE_JSON: dict[str, dict[str, Any]] = {nid: noble.to_json() for nid, noble in NOBLES.items()}

TOKEN_COUNTS: dict[int, tuple[int, int, int]] = _load_token_counts()
"""players → (gems of each colour, gold, nobles revealed)."""


_TIER_IDS: dict[int, tuple[str, ...]] = {t: tuple(cid for cid, card in CARDS.items() if card.tier == t) for t in TIERS}


def card_ids_of_tier(tier: int) -> list[str]:
    """The ids of one tier's cards, in id order (a new list: the caller may shuffle it)."""
    return list(_TIER_IDS.get(tier, ()))


def card_view(card_id: str) -> dict[str, Any]:
    """A fresh JSON object of a card (safe for the caller to change)."""
    card = CARD_JSON[card_id]
    return {**card, "cost": dict(card["cost"])}


def noble_view(noble_id: str) -> dict[str, Any]:
    """A fresh JSON object of a noble / commission."""
    noble = NOBLE_JSON[noble_id]
    return {**noble, "needs": dict(noble["needs"])}
