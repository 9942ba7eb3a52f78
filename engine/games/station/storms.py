"""Storm scoring: Readiness per department and the award table.

Card: Storms at purchases 20 / 40 (two players: 16 / 32), after the triggering turn. Final
Storm after the last round. Readiness = modules + 2 × (occupied rings − 1), per department.
Zero modules cannot place. Ties share the awards for occupied ranks, rounded down; the next
player takes the rank after the tied ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .components import DEPARTMENTS
from .state import StationState
from .station import shared_readiness

STORM_I, STORM_II, FINAL = "I", "II", "Final"
AWARDS: dict[str, tuple[int, int, int]] = {STORM_I: (4, 0, 0), STORM_II: (7, 3, 0), FINAL: (10, 6, 3)}


def thresholds(players: int) -> tuple[int, int]:
    """Purchases that trigger Storm I and Storm II."""
    return (16, 32) if players == 2 else (20, 40)


def storm_at(players: int, purchases: int) -> str | None:
    """The Storm the ``purchases``-th purchase triggers, if any."""
    first, second = thresholds(players)
    if purchases == first:
        return STORM_I
    if purchases == second:
        return STORM_II
    return None


def rank_awards(values: list[int | None], table: tuple[int, ...]) -> list[int]:
    """Awards per seat for one department: seats without a value do not place; tied seats
    share the awards of the ranks they occupy, rounded down; the next seat ranks after them.
    (Remembered per values and table; each caller gets its own list.)"""
    key = (tuple(values), table)
    found = _AWARDS.get(key)
    if found is None:
        if len(_AWARDS) >= _AWARDS_MAX:
            _AWARDS.clear()
        found = _AWARDS[key] = _rank_awards(values, table)
    return found[:]


_AWARDS: dict[tuple[tuple[int | None, ...], tuple[int, ...]], list[int]] = {}
_AWARDS_MAX = 8192


def _rank_awards(values: Sequence[int | None], table: tuple[int, ...]) -> list[int]:
    """Seat by seat: its rank is the number of seats with a higher value (the next seat ranks
    after tied ones), the seats tied with it occupy that rank and the ones after, and they share
    those ranks' awards (none beyond the table), rounded down. Plain loops: at most four seats."""
    awards = [0] * len(values)
    for i, v in enumerate(values):
        if v is None:
            continue
        above = tied = 0
        for x in values:
            if x is not None:
                if x > v:
                    above += 1
                elif x == v:
                    tied += 1
        awards[i] = sum(table[above:above + tied]) // tied
    return awards


def resolve(state: StationState, name: str) -> dict[str, Any]:
    """Score one Storm for every department and every seat; returns its public record."""
    table = AWARDS[name]
    per_seat = [shared_readiness(seat.grid) for seat in state.seats]  # read only: no copies
    departments: dict[str, Any] = {}
    totals = [0] * state.players
    for dept in DEPARTMENTS:
        values = [r.get(dept) for r in per_seat]
        awards = _rank_awards(values, table)
        departments[dept] = {"readiness": values, "awards": awards}
        for i, a in enumerate(awards):
            totals[i] += a
    for seat, a in zip(state.seats, totals, strict=True):
        seat.renown_storms += a
    record = {"storm": name, "purchases": state.purchases, "round": state.round,
              "departments": departments, "awards": totals}
    state.storms.append(record)
    return record
