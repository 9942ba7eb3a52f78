"""Applying a legal move, and the end of a turn, a round and the game.

Order of a turn: the action (an exact payment adds the bonus choice before the turn ends)
→ the display is refilled to six → a Storm triggered by this turn's purchase is resolved →
if the last seat of the round has played: the game ends if its end was triggered (then the
Final Storm and Shield), else round-end Drift and the next round.

Events are safe for every seat: they never name the credits of a hand that were not seen
face up, nor the order of the deck or the supply.
"""

from __future__ import annotations

from typing import Any

from .components import CREDIT_GUILD, CREDIT_VALUE, GUILD_OF, GUILDS, credit_json, module_json
from .market import EFFECTIVE, drift, refill_berth, refill_display
from .moves import BONUS_MAX_VALUE, DOCK
from .scoring import result, score_shield
from .state import ACTION, BONUS, DISPLAY, OVER, StationSeat, StationState
from .station import SECTORS, note_change, synergy
from .storms import FINAL, resolve, storm_at

Event = dict[str, Any]


def _node(to: dict[str, int]) -> int:
    return (to["ring"] - 1) * SECTORS + to["sector"]  # `station.index`


def install(state: StationState, seat_index: int, i: int, mid: str, events: list[Event]) -> None:
    """Put ``mid`` at node ``i`` and score its Synergy if it never earned one."""
    seat = state.seats[seat_index]
    note_change(seat.memo, i)
    seat.grid[i] = mid
    if mid in state.synergy:
        return
    renown, neighbours = synergy(seat.grid, i, mid)
    if renown:
        state.synergy[mid] = renown
        seat.renown_synergy += renown
        events.append({"type": "synergy", "seat": seat_index, "module": mid, "renown": renown,
                       "neighbours": [seat.grid[j] for j in neighbours]})


_GUILD_CREDITS = {guild: frozenset(c for c, g in CREDIT_GUILD.items() if g == guild) for guild in GUILDS}
"""Per guild, its credits."""


def take_payment(seat: StationSeat, guild: str, values: list[int]) -> list[str]:
    """The hand's credits paying ``values`` in ``guild`` (the lowest id of each value)."""
    hand = seat.hand
    own = _GUILD_CREDITS[guild]
    mine = []
    for cid in hand:  # a loop, not `filter(own.__contains__, …)`: a builtin call a credit (docs/performance.md)
        if cid in own:
            mine.append(cid)
    mine.sort()  # the lowest ids first
    paid = []
    for v in values:
        for k, cid in enumerate(mine):
            if CREDIT_VALUE[cid] == v:
                paid.append(cid)
                del mine[k]
                break
        else:
            raise AssertionError(f"a listed payment the hand cannot make: {values!r}")
    dealt = seat.dealt
    # `del` at `index`, not `list.remove`, here and in `apply`: `remove` is a one-argument builtin
    # method, which Pyodide calls through a trampoline (≈ 0.1 µs a call), `index` is not
    # (docs/performance.md, "Pyodide: the builtin calls that cost most")
    for cid in paid:
        del hand[hand.index(cid)]
        if cid in dealt:  # a credit of the opening deal, seen now
            del dealt[dealt.index(cid)]
    return paid


def apply(state: StationState, seat_index: int, move: dict[str, Any]) -> list[Event]:
    """Apply a listed move; return public-safe events."""
    seat = state.seats[seat_index]
    kind = move["type"]
    events: list[Event] = []
    if kind == "reconfigure":  # the commonest first (36–45 % of the moves of random play)
        op = move["op"]
        if op == "install":
            mid = move["module"]
            del seat.dock[seat.dock.index(mid)]
            events.append({"type": "reconfigure", "seat": seat_index, "op": op, "module": mid, "to": dict(move["to"])})
            install(state, seat_index, _node(move["to"]), mid, events)
        elif op == "remove":
            i = _node(move["at"])
            mid = seat.grid[i]
            assert mid is not None  # a listed remove names an installed module
            note_change(seat.memo, i)
            seat.grid[i] = None
            seat.dock.append(mid)
            events.append({"type": "reconfigure", "seat": seat_index, "op": op, "module": mid, "at": dict(move["at"])})
        else:
            mid = move["module"]
            i = _node(move["at"])
            old = seat.grid[i]
            assert old is not None  # a listed exchange names an installed module
            seat.dock[seat.dock.index(mid)] = old
            seat.grid[i] = None
            events.append({"type": "reconfigure", "seat": seat_index, "op": op, "module": mid,
                           "removed": old, "at": dict(move["at"])})
            install(state, seat_index, i, mid, events)
    elif kind == "purchase":
        mid = move["module"]
        b = state.berths.index(mid)  # `berth_of`, `effective_cost`: written out (no calls)
        cost = EFFECTIVE[mid][state.discounts[b]]
        paid = take_payment(seat, GUILD_OF[mid], move["pay"])
        state.discard += paid
        exact = sum(move["pay"]) == cost
        state.berths[b] = None
        to = move["to"]
        events.append({"type": "purchase", "seat": seat_index, "module": module_json(mid), "berth": b,
                       "cost": cost, "paid": [credit_json(c) for c in paid], "exact": exact,
                       "to": DOCK if to == DOCK else dict(to)})
        if to == DOCK:
            seat.dock.append(mid)
        else:
            install(state, seat_index, _node(to), mid, events)
        state.purchases += 1
        storm = storm_at(state.players, state.purchases)
        if storm:
            state.storm_pending = storm
            events.append({"type": "storm_triggered", "storm": storm, "purchases": state.purchases})
        refill_berth(state, b, events)
        if exact:
            for c in state.display:  # `any` written out: a one-argument builtin (see `take_payment`)
                if CREDIT_VALUE[c] <= BONUS_MAX_VALUE:
                    state.phase = BONUS
                    return events
    elif kind == "acquire":
        for cid in move["credits"]:
            del state.display[state.display.index(cid)]
            seat.hand.append(cid)
        events.append({"type": "acquire", "seat": seat_index, "credits": [credit_json(c) for c in move["credits"]]})
    elif kind == "bonus":
        cid = move["credit"]
        del state.display[state.display.index(cid)]
        seat.hand.append(cid)
        events.append({"type": "bonus", "seat": seat_index, "credit": credit_json(cid)})
    elif kind == "decline":
        events.append({"type": "decline", "seat": seat_index})
    elif kind == "pass":
        state.passes += 1
        events.append({"type": "pass", "seat": seat_index})
    else:
        raise AssertionError(f"unlisted move reached apply: {move!r}")
    return end_turn(state, seat_index, events)


def end_turn(state: StationState, seat_index: int, events: list[Event]) -> list[Event]:
    """Refill the display, resolve a triggered Storm, and end the round or the game."""
    if len(state.display) < DISPLAY:  # else nothing to refill (no call: many turns take no credit)
        refill_display(state, events)
    if state.storm_pending:
        record = resolve(state, state.storm_pending)
        state.storm_pending = None
        events.append(storm_event(record))
    state.phase = ACTION
    nxt = seat_index + 1
    if nxt < state.players:
        state.current = nxt
        return events
    state.current = 0
    stalled = state.passes >= state.players
    if state.end_triggered or stalled:
        return finish(state, events, stalled=stalled and not state.end_triggered)
    drift(state, events)
    state.round += 1
    state.passes = 0
    events.append({"type": "round", "round": state.round})
    return events


def storm_event(record: dict[str, Any]) -> Event:
    """The "storm" event of a record `resolve` returned: ``"type"`` first, then a deep copy of
    the record — what ``{"type": "storm", **copy_json(record)}`` gives, written out for the
    record's shape (its lists hold numbers and None only), as `copy_json`'s walk cost more than
    the Storm itself."""
    departments = {}
    for dept, entry in record["departments"].items():
        departments[dept] = {"readiness": entry["readiness"][:], "awards": entry["awards"][:]}
    return {"type": "storm", "storm": record["storm"], "purchases": record["purchases"],
            "round": record["round"], "departments": departments, "awards": record["awards"][:]}


def shield_event(entry: dict[str, Any]) -> Event:
    """The "shield" event of an entry `score_shield` returned: ``"type"`` first, then a deep copy
    of the entry (as `storm_event`; its lanes hold numbers, strings and None only)."""
    return {"type": "shield", "seat": entry["seat"], "renown": entry["renown"],
            "lanes": [{**lane} for lane in entry["lanes"]]}


def finish(state: StationState, events: list[Event], stalled: bool = False) -> list[Event]:
    """After the last round: the Final Storm, then Shield; most Renown wins."""
    if stalled:
        events.append({"type": "stalled", "round": state.round})
    record = resolve(state, FINAL)
    events.append(storm_event(record))
    for entry in score_shield(state):
        events.append(shield_event(entry))
    state.ended = True
    state.phase = OVER
    events.append({"type": "game_over", "result": result(state)})
    return events
