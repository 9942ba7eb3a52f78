"""The 60 modules and 72 credits, read from the package's CSV data (docs/station.md).

Module ids ``"M01"``…``"M60"`` and credit ids ``"<guild>-<value>-<copy>"`` are stable:
saved games and replays refer to them.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEPARTMENTS: tuple[str, ...] = ("command", "science", "medical", "engineering", "habitat", "security")
GUILDS: tuple[str, ...] = ("amber", "cobalt", "jade")
SIDES: tuple[str, ...] = ("inward", "outward", "cw", "ccw")
"""The four sides of a module: toward the Core, away from it, clockwise (sector + 1),
counter-clockwise (sector − 1)."""

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True, slots=True)
class Module:
    """A station module: department, guild, base cost, and a port (True) or bulkhead per side."""

    id: str
    department: str
    guild: str
    cost: int
    inward: bool
    outward: bool
    cw: bool
    ccw: bool
    players: int  # the fewest seats it is used with (3: left out of the two-player game)

    def to_json(self) -> dict[str, Any]:
        """The module as views and events show it."""
        return {
            "id": self.id, "department": self.department, "guild": self.guild, "cost": self.cost,
            "sides": {side: ("port" if getattr(self, side) else "bulkhead") for side in SIDES},
        }


@dataclass(frozen=True, slots=True)
class Credit:
    """A credit card of one guild worth 1–6."""

    id: str
    guild: str
    value: int
    players: int

    def to_json(self) -> dict[str, Any]:
        """The credit as views and events show it."""
        return {"id": self.id, "guild": self.guild, "value": self.value}


def _rows(name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((DATA / name).read_text(encoding="utf-8"))))


def _side(text: str) -> bool:
    if text not in ("port", "bulkhead"):
        raise ValueError(f"a side is a port or a bulkhead, not {text!r}")
    return text == "port"


MODULES: dict[str, Module] = {
    row["id"]: Module(row["id"], row["department"], row["guild"], int(row["cost"]),
                      _side(row["inward"]), _side(row["outward"]), _side(row["cw"]), _side(row["ccw"]),
                      int(row["players"]))
    for row in _rows("modules.csv")
}
CREDITS: dict[str, Credit] = {
    row["id"]: Credit(row["id"], row["guild"], int(row["value"]), int(row["players"]))
    for row in _rows("credits.csv")
}

MODULE_JSON: dict[str, dict[str, Any]] = {mid: m.to_json() for mid, m in MODULES.items()}
CREDIT_JSON: dict[str, dict[str, Any]] = {cid: c.to_json() for cid, c in CREDITS.items()}

# Flat lookups for the hot paths.
SIDES_OF: dict[str, tuple[bool, bool, bool, bool]] = {
    mid: (m.inward, m.outward, m.cw, m.ccw) for mid, m in MODULES.items()
}
DEPT_OF: dict[str, str] = {mid: m.department for mid, m in MODULES.items()}
GUILD_OF: dict[str, str] = {mid: m.guild for mid, m in MODULES.items()}
COST_OF: dict[str, int] = {mid: m.cost for mid, m in MODULES.items()}
PORT_MASK: dict[str, int] = {
    mid: sum(1 << k for k, port in enumerate(sides) if port) for mid, sides in SIDES_OF.items()
}
"""Bit k set when side k (inward, outward, cw, ccw) is a port."""
CREDIT_GUILD: dict[str, str] = {cid: c.guild for cid, c in CREDITS.items()}
CREDIT_VALUE: dict[str, int] = {cid: c.value for cid, c in CREDITS.items()}


def module_ids(players: int) -> list[str]:
    """The modules used with ``players`` seats, in id order."""
    return [mid for mid, m in MODULES.items() if m.players <= players]


def credit_ids(players: int) -> list[str]:
    """The credits used with ``players`` seats, in id order."""
    return [cid for cid, c in CREDITS.items() if c.players <= players]


def credit_json(cid: str) -> dict[str, Any]:
    """A fresh copy of credit ``cid`` as views and events show it."""
    return dict(CREDIT_JSON[cid])


def module_json(mid: str) -> dict[str, Any]:
    """A fresh copy of module ``mid`` as views and events show it (its sides copied too)."""
    m = MODULE_JSON[mid]
    out = {**m}  # keeps the key order ("sides" stays in its place); `m.copy()` is a call of a
    # no-argument builtin method, which Pyodide makes through a trampoline (docs/performance.md)
    out["sides"] = dict(m["sides"])
    return out
