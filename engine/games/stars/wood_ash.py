"""The wood ash phase (rulebook "Wood Ash Phase").

The first player draws as many tokens as there are meeples on the night sky track (the Girl,
the elders and any villagers) and casts them: each lands in a region drawn from the seeded
generator with the odds in data/landing.csv. In turn order (elders), then for each villager on
the track in track order, its owner picks one token and either keeps it (not "x2") or discards
it at once for light of a colour under it: a colour region gives that colour, a border either
colour, the centre any; "x2" gives two (of one colour or one of each allowed). Discarded tokens
go straight back to the bag, unpicked ones after the phase, kept ones when the keeper's action
turn ends ("unspent tokens are lost at the end of the round").
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from .components import ASH, COLOURS, REGION_BY_NAME, REGION_TOTAL, REGIONS, colour_json
from .state import WOOD_ASH, StarsState

Event = dict[str, Any]


def cast_region(state: StarsState) -> str:
    roll = state.rng.below(REGION_TOTAL)
    for region in REGIONS:
        if roll < region.weight:
            return region.name
        roll -= region.weight
    raise AssertionError("landing weights do not add up")


def begin(state: StarsState, events: list[Event]) -> None:
    state.phase = WOOD_ASH
    events.append({"type": "phase", "phase": WOOD_ASH, "round": state.round})
    order = state.sky_order()
    count = 1 + len(order)  # the Girl, the elders and the villagers on the track
    state.sky = []
    for _ in range(min(count, len(state.ash_bag))):
        tid = state.ash_bag.pop(state.rng.below(len(state.ash_bag)))
        state.sky.append([tid, cast_region(state)])
    elders = [seat for _p, seat, kind in order if kind == "elder"]
    villagers = [seat for _p, seat, kind in order if kind == "villager"]
    state.picks = (elders + villagers)[:len(state.sky)]
    events.append({"type": "cast", "tokens": [{"id": t, "kind": ASH[t], "region": r} for t, r in state.sky],
                   "picks": state.picks[:]})


def light_choices(kind: str, region: str) -> list[tuple[int, int, int]]:
    """The light a discarded token may give: one (two for "x2") of the colours under it."""
    colours = REGION_BY_NAME[region].colours
    if kind != "x2":
        return [tuple(1 if c == k else 0 for k in range(3)) for c in colours]  # type: ignore[misc]
    out = []
    for a in colours:
        for b in colours:
            if a <= b:
                gain = [0, 0, 0]
                gain[a] += 1
                gain[b] += 1
                out.append(tuple(gain))
    return out  # type: ignore[return-value]


PickMoves = tuple[dict[str, Any] | None, tuple[tuple[tuple[int, ...], dict[str, Any]], ...], dict[str, Any] | None]
_PICKS: dict[tuple[str, str], PickMoves] = {}
"""Per wood-ash token and landing region met: its keep move (none for "x2"), its light moves
each with the light it takes (`light_choices`), and for "x2" the move taking nothing — shared,
read-only dicts, bounded by the components (13 tokens × 7 regions)."""


def _pick_table(tid: str, region: str) -> PickMoves:
    kind = ASH[tid]
    found = _PICKS[(tid, region)] = (
        None if kind == "x2" else {"type": "ash_keep", "token": tid},
        tuple((g, {"type": "ash_light", "token": tid, "light": {COLOURS[c]: n for c, n in enumerate(g) if n}})
              for g in light_choices(kind, region)),
        {"type": "ash_light", "token": tid, "light": {}} if kind == "x2" else None,
    )
    return found


def pick_moves(state: StarsState) -> list[dict[str, Any]]:
    """The picking seat's moves: per token in the sky, keep it (not "x2"), then each light it
    may give that the supply holds ("x2" with none to give: discarded for nothing)."""
    red, blue, yellow = state.supply_light
    out: list[dict[str, Any]] = []
    for tid, region in state.sky:
        keep, lights, nothing = _PICKS.get((tid, region)) or _pick_table(tid, region)
        if keep is not None:
            out.append(keep)
        gains = [move for g, move in lights if g[0] <= red and g[1] <= blue and g[2] <= yellow]
        out += gains
        if nothing is not None and not gains:
            out.append(nothing)  # the supply has none to give
    return out


def pick(state: StarsState, seat: int, move: dict[str, Any], events: list[Event]) -> None:
    tid = move["token"]
    sky = state.sky
    for k in range(len(sky)):
        entry = sky[k]
        if entry[0] == tid:
            break
    else:
        raise AssertionError(f"wood-ash token {tid} is not in the sky")
    del sky[k]  # not `list.remove`: a trampolined call in Pyodide (docs/performance.md)
    state.picks.pop(0)
    s = state.seats[seat]
    if move["type"] == "ash_keep":
        s.ash.append(tid)
        events.append({"type": "pick", "seat": seat, "token": tid, "kind": ASH[tid], "region": entry[1], "keep": True})
    else:
        gain = [move["light"].get(c, 0) for c in COLOURS]
        for c in range(3):
            state.supply_light[c] -= gain[c]
            s.light[c] += gain[c]
        return_to_bag(state, tid)
        events.append({"type": "pick", "seat": seat, "token": tid, "kind": ASH[tid], "region": entry[1],
                       "keep": False, "light": colour_json(gain)})


def return_to_bag(state: StarsState, tid: str) -> None:
    insort(state.ash_bag, tid)  # the bag stays sorted


def end(state: StarsState, events: list[Event]) -> None:
    """Unpicked tokens go back to the bag."""
    left = [t for t, _r in state.sky]
    for tid in left:
        return_to_bag(state, tid)
    state.sky = []
    state.picks = []
    if left:
        events.append({"type": "ash_returned", "tokens": left})
