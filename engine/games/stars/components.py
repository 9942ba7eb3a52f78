"""The component set of `stars`, read once from the package's data files (docs/stars.md).

Every name here is an immutable table; the rules never change them. Ids are stable because
saved games and replays refer to them: tiles ``T01``–``T38``, connection-reward tokens
``C3a``–``C6e``, wood-ash tokens ``A01``–``A13``, path spaces ``P01``–``P22``, foraging spaces
``F01``–``F13``, offering cards ``O1``–``O4``; bonus tokens are named by their effect.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"

COLOURS: tuple[str, ...] = ("red", "blue", "yellow")
"""The three colours of light; a light count is a list in this order."""
KINDS: tuple[str, ...] = ("fruit", "fish", "rabbit", "antelope")
"""Fruit/animal token kinds; a token count is a list in this order."""
BONUS_TOKENS: tuple[str, ...] = ("x2", "lights", "actions", "villager")
PILES: tuple[int, ...] = (3, 4, 5, 6)
"""Connection-reward piles by light: 3, 4, 5 and 6 or more."""


def _csv(name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((DATA / name).read_text(encoding="utf-8"))))


def _json(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def _mask(lines: str) -> int:
    mask = 0
    for d in lines.split():
        mask |= 1 << int(d)
    return mask


def rotate(mask: int, k: int) -> int:
    """The line mask turned ``k`` sixths clockwise (direction d becomes d + k)."""
    k %= 6
    return ((mask << k) | (mask >> (6 - k))) & 63 if k else mask


@dataclass(frozen=True, slots=True)
class Side:
    """One face of a star tile: its colour and its lines (a 6-bit mask at rotation 0)."""

    colour: str
    mask: int
    masks: tuple[int, ...]  # the mask at rotations 0..5

    @property
    def light_bearing(self) -> bool:
        return self.colour != "white"

    @property
    def lines(self) -> list[int]:
        return [d for d in range(6) if self.mask >> d & 1]


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    a: Side
    b: Side

    def side(self, name: str) -> Side:
        return self.a if name == "A" else self.b

    def to_json(self) -> dict[str, Any]:
        """The tile, both sides, as views show it."""
        return {"id": self.id,
                "A": {"colour": self.a.colour, "lines": self.a.lines},
                "B": {"colour": self.b.colour, "lines": self.b.lines}}


def _side(colour: str, lines: str) -> Side:
    mask = _mask(lines)
    return Side(colour, mask, tuple(rotate(mask, k) for k in range(6)))


TILES: dict[str, Tile] = {
    row["id"]: Tile(row["id"], _side(row["a_colour"], row["a_lines"]), _side(row["b_colour"], row["b_lines"]))
    for row in _csv("tiles.csv")
}
TILE_IDS: tuple[str, ...] = tuple(TILES)
TILE_JSON: dict[str, dict[str, Any]] = {tid: t.to_json() for tid, t in TILES.items()}

REWARDS: dict[str, tuple[int, int]] = {
    row["id"]: (PILES.index(int(row["light"])), int(row["value"])) for row in _csv("rewards.csv")
}
"""Connection-reward token id → (pile index 0..3, VP)."""

ASH: dict[str, str] = {row["id"]: row["kind"] for row in _csv("wood_ash.csv")}
"""Wood-ash token id → kind (scouting, foraging, offering, recall, stardust, x2)."""
ASH_ACTIONS: tuple[str, ...] = ("scouting", "foraging", "offering", "recall", "stardust")


@dataclass(frozen=True, slots=True)
class Region:
    name: str
    colours: tuple[int, ...]  # colour indices the light may be taken in
    weight: int


REGIONS: tuple[Region, ...] = tuple(
    Region(row["region"], tuple(COLOURS.index(c) for c in row["colours"].split()), int(row["weight"]))
    for row in _csv("landing.csv")
)
REGION_BY_NAME: dict[str, Region] = {r.name: r for r in REGIONS}
REGION_TOTAL = sum(r.weight for r in REGIONS)

BONUS_EFFECTS: dict[str, str] = {row["id"]: row["effect"] for row in _csv("bonus_tokens.csv")}
assert tuple(BONUS_EFFECTS) == BONUS_TOKENS

_counts = _json("counts.json")
LIGHT_PER_COLOUR: int = _counts["light_per_colour"]
STARDUST: int = _counts["stardust"]
START_LIGHT: tuple[int, ...] = tuple(_counts["start_light"][c] for c in COLOURS)
TILES_PER_ROUND: int = _counts["tiles_per_round"]
VILLAGERS: int = _counts["villagers"]
READY_VILLAGERS: int = _counts["ready_villagers"]
SKY_SPACES: int = _counts["night_sky_spaces"]
GIRL_START: int = _counts["girl_start"]
ACTIONS_PER_TURN: int = _counts["actions_per_turn"]
BONUS_EXTRA_ACTIONS: int = _counts["bonus_extra_actions"]
UNPLACED_PENALTY: int = _counts["unplaced_tile_penalty"]
ROUNDS: int = SKY_SPACES - GIRL_START + 1
"""The Girl moves one space per cleanup and the game ends when she cannot: 8 rounds."""


def _colour_counts(d: dict[str, int]) -> tuple[int, int, int]:
    return tuple(int(d.get(c, 0)) for c in COLOURS)  # type: ignore[return-value]


def _kind_counts(d: dict[str, int]) -> tuple[int, int, int, int]:
    return tuple(int(d.get(k, 0)) for k in KINDS)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Forage:
    id: str
    kind: int
    colour: int
    doorstep: str
    cost: tuple[int, int, int]
    early_cost: tuple[int, int, int]
    early_reward: str  # "stardust", "1vp" or "2vp"
    x: int
    y: int


_board = _json("main_board.json")
VILLAGE_ADJACENT: tuple[str, ...] = tuple(_board["village"]["adjacent"])
PATHS: tuple[str, ...] = tuple(p["id"] for p in _board["paths"])
PATH_XY: dict[str, tuple[int, int]] = {p["id"]: (p["x"], p["y"]) for p in _board["paths"]}
_links: dict[str, list[str]] = {p: [] for p in PATHS}
for _a, _b in _board["links"]:
    _links[_a].append(_b)
    _links[_b].append(_a)
LINKS: dict[str, tuple[str, ...]] = {p: tuple(sorted(n)) for p, n in _links.items()}
FORAGE: dict[str, Forage] = {
    f["id"]: Forage(f["id"], KINDS.index(f["kind"]), COLOURS.index(f["colour"]), f["doorstep"],
                    _colour_counts(f["cost"]), _colour_counts(f["early_cost"]), f["early_reward"], f["x"], f["y"])
    for f in _board["foraging"]
}
FORAGE_AT: dict[str, str] = {f.doorstep: f.id for f in FORAGE.values()}
"""Doorstep path space → the foraging space beside it (one each)."""
assert len(FORAGE_AT) == len(FORAGE) == 13

MAP_JSON: dict[str, Any] = {
    "village": {"x": _board["village"]["x"], "y": _board["village"]["y"], "adjacent": list(VILLAGE_ADJACENT)},
    "paths": [{"id": p, "x": PATH_XY[p][0], "y": PATH_XY[p][1], "links": list(LINKS[p])} for p in PATHS],
    "foraging": [{"id": f["id"], "kind": f["kind"], "colour": f["colour"], "doorstep": f["doorstep"],
                  "x": f["x"], "y": f["y"], "cost": dict(f["cost"]), "early_cost": dict(f["early_cost"]),
                  "early_reward": f["early_reward"]} for f in _board["foraging"]],
}
"""The static main board as the views show it."""

_offer = _json("offerings.json")
SINGLE_VALUE: tuple[int, ...] = _kind_counts(_offer["single"])
LEFTOVER_VALUE: tuple[int, ...] = _kind_counts(_offer["leftover"])
OFFER_CARDS: dict[str, tuple[tuple[tuple[int, ...], int], ...]] = {
    c["id"]: tuple((_kind_counts(s["needs"]), int(s["vp"])) for s in c["spaces"]) for c in _offer["cards"]
}
OFFER_CARD_JSON: dict[str, dict[str, Any]] = {
    c["id"]: {"id": c["id"], "spaces": [{"needs": dict(s["needs"]), "vp": s["vp"]} for s in c["spaces"]]}
    for c in _offer["cards"]
}


def colour_json(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    """Three light counts → ``{"red": r, "blue": b, "yellow": y}``."""
    return {c: counts[i] for i, c in enumerate(COLOURS)}


def kind_json(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {k: counts[i] for i, k in enumerate(KINDS)}
