"""A complete station state sampled from one seat's view (for the search bots, docs/bots.md).

`determinize(view, seat, rng)` rebuilds everything the view shows as it is, and samples from
``rng`` what the seat cannot see:

- the module supply's order (its modules are known: every module of the game that is not in a
  berth, a station or a Dry Dock);
- the credits it has not seen: every credit of the game not on display and not in its own
  hand is dealt at random into the other seats' hands (``hand_count`` each), the credit deck
  (its size, in a random order) and the discard pile (its size);
- the generator, reseeded from ``rng``.

Two public facts are not in the view, so the sample takes them as follows: which credits are
in the discard pile (the view gives its size; every credit paid or taken was seen face up, so
a player who counts cards knows more — the sample draws them from the unseen pool), and where
Drift's rotated modules sit in the supply (at the bottom, seen by everyone; the sample
shuffles the whole supply). The passes of the current round are not in the view either; they
matter only when a whole round passes with nobody able to act before the end is triggered
(never seen in play), and the sample takes 0. A Storm triggered during an exact-payment bonus
choice is pending until the turn ends: it is the Storm of the current purchase count.

It reads the view only, never a state: a search cannot peek.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from .components import credit_ids, module_ids
from .state import BONUS, StationState
from .storms import storm_at


def _ids(cells: list[Any]) -> list[str | None]:
    return [c["id"] if c else None for c in cells]


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> StationState:
    """A complete state whose view for ``seat`` is ``view``, hidden parts sampled from ``rng``."""
    players = int(view["players"])
    entries = view["seats"]
    grids = [[mid for ring in e["station"] for mid in _ids(ring)] for e in entries]
    docks = [[m["id"] for m in e["dock"]] for e in entries]
    berths = _ids([b["module"] for b in view["market"]])
    seen_modules = {m for g in grids for m in g if m} | {m for d in docks for m in d} | {m for m in berths if m}
    supply = [m for m in module_ids(players) if m not in seen_modules]
    rng.shuffle(supply)
    display = [c["id"] for c in view["credits"]["display"]]
    own = [c["id"] for c in entries[seat]["hand"]]
    seen_credits = set(display) | set(own)
    pool = [c for c in credit_ids(players) if c not in seen_credits]
    rng.shuffle(pool)
    hands: list[list[str]] = []
    for i, e in enumerate(entries):
        if i == seat:
            hands.append(own)
        else:
            count = e["hand_count"]
            hands.append(sorted(pool[:count]))
            del pool[:count]
    deck_size = view["credits"]["deck"]
    deck, discard = pool[:deck_size], sorted(pool[deck_size:])
    turn = view["turn"]
    ended = view["result"] is not None
    seats = []
    for i, e in enumerate(entries):
        seats.append({
            "hand": hands[i], "grid": grids[i], "dock": docks[i],
            "renown_synergy": e["renown_by"]["synergy"], "renown_storms": e["renown_by"]["storms"],
            "renown_shield": e["renown_by"]["shield"],
            "shield_lanes": [dict(x) for x in e.get("shield_lanes", [])],
        })
    data = {
        "players": players, "options": dict(view["options"]), "rng": rng.next64(),
        "supply": supply, "berths": berths, "discounts": [b["discount"] for b in view["market"]],
        "waiting": [b["waiting"] for b in view["market"]], "deck": deck, "display": display,
        "discard": discard, "seats": seats, "synergy": dict(view["synergy"]), "purchases": view["purchases"],
        "storm_pending": storm_at(players, view["purchases"]) if turn["phase"] == BONUS else None,
        "storms": view["storms"], "current": turn["seat"], "phase": turn["phase"], "round": turn["round"],
        "end_triggered": turn["end_triggered"], "passes": 0, "ended": ended,
    }
    return StationState.from_json(data)
