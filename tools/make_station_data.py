#!/usr/bin/env python3
"""Write the station game's component data (engine/games/station/data/*.csv).

The data files are the source of truth; this script records how they were designed, so
that the design can be read and re-derived (docs/station.md, "Component design").

Modules: ten port patterns (sides inward, outward, clockwise, counter-clockwise) with a
base cost each; every department holds each pattern once, so the six departments own the
same ten shapes. The guild of department d's pattern p is (d + p) mod 3, so every guild
holds every pattern exactly twice (20 modules each) and every department has 4/3/3 modules
of the three guilds. Costs vary by ±1 around the pattern's base: +1 for departments 0–2 on
even patterns and for departments 3–5 on odd ones, −1 otherwise, so every department and
every guild still has the same total cost. Twelve modules, two per department and four per
guild, one of a dearer and one of a cheaper pattern in each department, are marked
``players=3``: the two-player game leaves them out.

Credits: three guilds × values 1–6 × copies 1–4; copy 4 of each is left out for two.
"""

from __future__ import annotations

import csv
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "engine" / "games" / "station" / "data"

DEPARTMENTS = ("command", "science", "medical", "engineering", "habitat", "security")
GUILDS = ("amber", "cobalt", "jade")
# (inward, outward, clockwise, counter-clockwise), P = port, B = bulkhead; base cost
PATTERNS = [
    ("PPPP", 8), ("PPPB", 7), ("PPBP", 7), ("PBPP", 6), ("BPPP", 5),
    ("PPBB", 5), ("PBPB", 4), ("PBBP", 4), ("BBPP", 3), ("PBBB", 2),
]
SIDE = {"P": "port", "B": "bulkhead"}


def cost(d: int, p: int) -> int:
    base = PATTERNS[p][1]
    up = (d < 3) == (p % 2 == 0)
    return base + (1 if up else -1)


def two_player_cut() -> set[tuple[int, int]]:
    """Two modules per department (a dearer pattern 0–4 and a cheaper 5–9), four per guild,
    no pattern cut more than twice; among those, the cut that keeps the departments' and
    guilds' remaining cost totals closest, first in a fixed order."""
    best, best_key = None, None
    options = [(hi, lo) for hi in range(5) for lo in range(5, 10)]

    def search(d, cells, guilds, pats):
        nonlocal best, best_key
        if d == 6:
            if guilds != [4, 4, 4]:
                return
            dept_cost = [sum(cost(dd, p) for dd2, p in cells if dd2 == dd) for dd in range(6)]
            guild_cost = [0, 0, 0]
            for dd, p in cells:
                guild_cost[(dd + p) % 3] += cost(dd, p)
            key = (max(dept_cost) - min(dept_cost), max(guild_cost) - min(guild_cost),
                   sum(n == 2 for n in pats))
            if best_key is None or key < best_key:
                best, best_key = set(cells), key
            return
        for hi, lo in options:
            gs = guilds[:]
            ps = pats[:]
            for p in (hi, lo):
                gs[(d + p) % 3] += 1
                ps[p] += 1
            if max(gs) > 4 or max(ps) > 2:
                continue
            search(d + 1, cells + [(d, hi), (d, lo)], gs, ps)

    search(0, [], [0, 0, 0], [0] * 10)
    assert best is not None
    return best


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    cut = two_player_cut()
    with open(DATA / "modules.csv", "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["id", "department", "guild", "cost", "inward", "outward", "cw", "ccw", "players"])
        n = 0
        for d, dept in enumerate(DEPARTMENTS):
            for p, (pattern, _base) in enumerate(PATTERNS):
                n += 1
                out.writerow([f"M{n:02d}", dept, GUILDS[(d + p) % 3], cost(d, p), *(SIDE[c] for c in pattern),
                              3 if (d, p) in cut else 2])
    with open(DATA / "credits.csv", "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["id", "guild", "value", "players"])
        for guild in GUILDS:
            for value in range(1, 7):
                for copy in range(1, 5):
                    out.writerow([f"{guild}-{value}-{copy}", guild, value, 3 if copy == 4 else 2])


if __name__ == "__main__":
    main()
