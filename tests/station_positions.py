"""Building station positions for the rules tests, and small helpers to read and play them.

A position is a real `engine.Match` whose internal state (``match._state``, a
`StationState`) is edited to the situation a rule talks about. Every module and credit named
is taken out of wherever setup put it, so nothing is in two places; modules and credits that
a position does not keep are out of the game on purpose (a short supply, a short deck).

    m = position(players=2, berths={0: "M01"}, seats={0: dict(hand=["amber-6-1"],
                 station={(1, 0): "M10"}, dock=["M40"])})
"""

from __future__ import annotations

from typing import Any

from positions import assert_each_once, forget, play_as, refused_for
from positions import dump as dump  # the shared readers and editor, re-exported for the station tests
from positions import edit as edit
from positions import moves_of as moves_of
from positions import types as types
from positions import view_bytes as view_bytes

import engine
from engine.games.station.components import CREDITS, MODULES, credit_ids, module_ids
from engine.games.station.station import index

Node = tuple[int, int]


def node(ring: int, sector: int) -> dict[str, int]:
    return {"ring": ring, "sector": sector}


def position(
    players: int = 2,
    seed: int = 1,
    *,
    berths: dict[int, Any] | None = None,
    supply: list[str] | int | None = None,
    display: list[str] | None = None,
    deck: list[str] | int | None = None,
    discard: list[str] | None = None,
    seats: dict[int, dict[str, Any]] | None = None,
    synergy: dict[str, int] | None = None,
    purchases: int = 0,
    current: int = 0,
    round: int = 1,
    end_triggered: bool = False,
    passes: int = 0,
) -> engine.Match:
    """A station match of ``players`` seats in the described situation, ``current`` to act.

    - ``berths``: berth → a module id, None (empty), or (module id, discount, waiting);
      unlisted berths keep their module (replaced from the supply if it is used elsewhere).
    - ``supply``: the exact supply (top last) or how many of its top modules to keep.
    - ``display``/``deck``/``discard``: credit ids (deck top last; or a count for the deck).
    - ``seats``: seat → ``hand`` (credit ids), ``station`` ({(ring, sector): module id}),
      ``dock``, ``synergy``/``storms``/``shield`` (renown).
    """
    match = engine.new_match("station", players, seed=seed)
    state = match._state
    seats = seats or {}
    berths = berths or {}

    named_modules: list[str] = []
    named_credits: list[str] = []
    for spec in seats.values():
        named_modules += list(spec.get("station", {}).values()) + list(spec.get("dock", []))
        named_credits += list(spec.get("hand", []))
    for spec in berths.values():
        mid = spec[0] if isinstance(spec, tuple) else spec
        if mid:
            named_modules.append(mid)
    if isinstance(supply, list):
        named_modules += supply
    named_credits += list(display or []) + list(discard or [])
    if isinstance(deck, list):
        named_credits += deck
    assert len(named_modules) == len(set(named_modules)), "a module named twice"
    assert len(named_credits) == len(set(named_credits)), "a credit named twice"
    in_game_m = set(module_ids(players))
    in_game_c = set(credit_ids(players))
    assert set(named_modules) <= in_game_m, f"modules not in a {players}-player game: {set(named_modules) - in_game_m}"
    assert set(named_credits) <= in_game_c, f"credits not in a {players}-player game: {set(named_credits) - in_game_c}"

    # Modules.
    pool = [m for m in state.supply if m not in named_modules]  # top last
    for b in range(6):
        if b in berths:
            spec = berths[b]
            mid, discount, waiting = (spec if isinstance(spec, tuple) else (spec, 0, False))
            old = state.berths[b]
            if old and old not in named_modules:
                pool.insert(0, old)
            state.berths[b] = mid
            state.discounts[b] = discount
            state.waiting[b] = waiting
        elif state.berths[b] in named_modules:
            state.berths[b] = pool.pop() if pool else None
            state.discounts[b] = 0
    if isinstance(supply, list):
        state.supply = list(supply)
    elif isinstance(supply, int):
        state.supply = pool[len(pool) - supply:] if supply else []
    else:
        state.supply = pool

    # Credits.
    loose = [c for c in state.deck if c not in named_credits]
    for s in state.seats:
        loose += [c for c in s.hand if c not in named_credits]
        s.hand = []
    if display is not None:
        loose += [c for c in state.display if c not in named_credits]
        state.display = list(display)
    else:
        state.display = [c for c in state.display if c not in named_credits]
    state.discard = list(discard or [])
    if isinstance(deck, list):
        state.deck = list(deck)
    elif isinstance(deck, int):
        state.deck = loose[len(loose) - deck:] if deck else []
    else:
        state.deck = loose

    for i, spec in seats.items():
        unknown = set(spec) - {"hand", "station", "dock", "synergy", "storms", "shield"}
        assert not unknown, f"unknown seat field(s) {unknown}"
        seat = state.seats[i]
        seat.hand = list(spec.get("hand", []))
        seat.grid = [None] * 30
        for (r, s), mid in spec.get("station", {}).items():
            seat.grid[index(r, s)] = mid
        seat.dock = list(spec.get("dock", []))
        seat.renown_synergy = spec.get("synergy", 0)
        seat.renown_storms = spec.get("storms", 0)
        seat.renown_shield = spec.get("shield", 0)

    state.synergy = dict(synergy or {})
    state.purchases = purchases
    state.current = current
    state.round = round
    state.end_triggered = end_triggered
    state.passes = passes
    _check_places(state)
    forget(match)
    return match


def _check_places(state) -> None:
    modules = list(state.supply) + [m for m in state.berths if m]
    credits = list(state.deck) + list(state.display) + list(state.discard)
    for s in state.seats:
        modules += [m for m in s.grid if m] + s.dock
        credits += s.hand
    assert_each_once(modules, "module")
    assert_each_once(credits, "credit")


# --- reading ---------------------------------------------------------------------------

def at(match: engine.Match, seat: int, ring: int, sector: int) -> str | None:
    return match._state.seats[seat].grid[index(ring, sector)]


def renown(match: engine.Match, seat: int) -> int:
    return match._state.seats[seat].renown


def install_targets(match: engine.Match, module: str, seat: int | None = None) -> set[Node]:
    """Nodes where a purchase of ``module`` may install it (any payment)."""
    return {(m["to"]["ring"], m["to"]["sector"]) for m in moves_of(match, "purchase", seat, module=module)
            if m["to"] != "dock"}


def payments(match: engine.Match, module: str, seat: int | None = None) -> list[list[int]]:
    out = []
    for m in moves_of(match, "purchase", seat, module=module):
        if m["pay"] not in out:
            out.append(m["pay"])
    return out


def of(guild: str, *values: int) -> list[str]:
    """Credit ids of ``guild`` with these values, a fresh copy for each repeat."""
    used: dict[int, int] = {}
    out = []
    for v in values:
        used[v] = used.get(v, 0) + 1
        out.append(f"{guild}-{v}-{used[v]}")
    return out


# --- acting ----------------------------------------------------------------------------

def play(match: engine.Match, move: dict, seat: int | None = None) -> list[dict]:
    """Play ``move`` for the seat to act, after a JSON round trip as a client would send it."""
    return play_as(match, match.to_act()[0] if seat is None else seat, move)


def acquire(*credits: str) -> dict:
    return {"type": "acquire", "credits": list(credits)}


def purchase(module: str, pay: list[int], to: Any = "dock") -> dict:
    if isinstance(to, tuple):
        to = node(*to)
    return {"type": "purchase", "module": module, "pay": list(pay), "to": to}


def install(module: str, ring: int, sector: int) -> dict:
    return {"type": "reconfigure", "op": "install", "module": module, "to": node(ring, sector)}


def remove(ring: int, sector: int) -> dict:
    return {"type": "reconfigure", "op": "remove", "at": node(ring, sector)}


def exchange(module: str, ring: int, sector: int) -> dict:
    return {"type": "reconfigure", "op": "exchange", "module": module, "at": node(ring, sector)}


PASS = {"type": "pass"}
DECLINE = {"type": "decline"}


def bonus(credit: str) -> dict:
    return {"type": "bonus", "credit": credit}


def refused(match: engine.Match, move: Any, *rule_words: str, seat: int | None = None) -> str:
    """Assert ``move`` is refused with a reason matching each of ``rule_words`` (regex, any
    case) and that the match and every view are byte-identical afterwards."""
    return refused_for(match, match._state.current if seat is None else seat, move, *rule_words)


def pass_to_round_end(match: engine.Match) -> list[dict]:
    """Every remaining seat of the round passes (the end must be triggered or nothing legal)."""
    events = []
    while True:
        events += play(match, PASS)
        if match.is_over() or match.to_act() == [0]:
            return events


def find_modules(**want: Any) -> list[str]:
    """Module ids whose fields match, e.g. ``find_modules(department="science", inward=True)``."""
    out = []
    for mid, m in MODULES.items():
        if all(getattr(m, k) == v for k, v in want.items()):
            out.append(mid)
    return out


__all__ = [name for name in dir() if not name.startswith("_")] + ["CREDITS", "MODULES"]
