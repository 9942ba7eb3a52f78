"""What each seat sees. Cards reserved from a deck are hidden from everyone but their owner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..gems.cards import CARD_JSON, card_view, noble_view
from ..gems.colors import COLORS, full_counts_json
from ..seat_views import seat_views
from .moves import MAX_TOKENS
from .posts import POSTS
from .scoring import result
from .state import ACTION, CONQUEST, GEM, KEEP, NOBLE, OVER, POST, RETURN, STRONGHOLD, SplendorState
from .turn import WINNING_PRESTIGE


def _pending(state: SplendorState, viewer: int | None) -> dict[str, Any] | None:
    """The decision the acting seat is making; the cards drawn for Trading Post 4 only for it."""
    if state.phase in (ACTION, OVER):
        return None
    if state.phase == KEEP:
        keep = state.pending["keep"]
        if viewer != state.current:
            return {"keep": {"tier": keep["tier"]}}
        return {"keep": {"tier": keep["tier"], "cards": [card_view(cid) for cid in keep["cards"]]}}
    if state.phase == NOBLE:
        return {"nobles": list(state.pending["nobles"])}
    if state.phase == CONQUEST:
        return {"conquest": state.pending["conquest"]}
    if state.phase == GEM:
        return {"gems": list(state.pending["gems"])}
    if state.phase == POST:
        return {"posts": list(state.pending["posts"])}
    if state.phase == STRONGHOLD:
        return {"stronghold": True}
    return {"return": state.pending["return"]}


def _to_pay(state: SplendorState, viewer: int | None) -> dict[str, dict[str, int]] | None:
    """For a seat's own view: each market card and each of its reserved cards, by id, with the
    gems it still costs that seat after its bonuses (only the colours owed; gold may stand in
    for any of them). ``None`` in the public view."""
    if viewer is None:
        return None
    bonuses = state.seats[viewer].bonuses
    ids = [cid for row in state.market for cid in row if cid]
    ids += [cid for cid, _hidden in state.seats[viewer].reserved]
    owed: dict[str, dict[str, int]] = {}
    for cid in ids:
        cost: dict[str, int] = CARD_JSON[cid]["cost"]
        owed[cid] = {c: n - bonuses[i] for i, c in enumerate(COLORS)
                     if (n := cost.get(c, 0)) > bonuses[i]}
    return owed


def views(state: SplendorState, viewers: Sequence[int | None]) -> list[dict[str, Any]]:
    """The view of each of ``viewers`` (``None``: the public view), built together (`seat_views`):
    a seat sees its own reserved cards face up, its own decision pending and what the cards cost it."""
    def own(seat: int, entry: dict[str, Any]) -> dict[str, Any]:
        reserved = state.seats[seat].reserved
        if not any(hidden for _, hidden in reserved):
            return entry
        return {**entry, "reserved": [card_view(cid) for cid, _ in reserved]}

    def fields(seat: int) -> dict[str, Any]:
        return {"pending": _pending(state, seat), "to_pay": _to_pay(state, seat)}
    return seat_views(_public(state), viewers, own, fields)


def _public(state: SplendorState) -> dict[str, Any]:
    """The public view: what every seat sees (a card reserved from a deck only by its tier)."""
    seats = []
    for i, s in enumerate(state.seats):
        reserved = []
        for cid, hidden in s.reserved:
            if hidden:
                reserved.append({"tier": CARD_JSON[cid]["tier"], "hidden": True})
            else:
                reserved.append(card_view(cid))
        seats.append({
            "seat": i,
            "tokens": full_counts_json(s.tokens),
            "token_count": sum(s.tokens),
            "bonuses": full_counts_json(s.bonuses, COLORS),
            "prestige": s.prestige,
            "purchased": len(s.cards),
            "cards": [card_view(cid) for cid in s.cards],
            "reserved": reserved,
            "nobles": [noble_view(nid) for nid in s.nobles],
            "posts": s.posts[:],
            "strongholds": s.strongholds,
        })
    must_return = 0
    if state.phase == RETURN:
        must_return = sum(state.seats[state.current].tokens) - MAX_TOKENS
    return {
        "game": "splendor",
        "seat": None,
        "players": state.players,
        "options": dict(state.options),
        "turn": {"seat": state.current, "phase": state.phase, "round": state.round,
                 "final_round": state.final_round, "must_return": must_return},
        "to_act": [] if state.ended else [state.current],
        "limits": {"tokens": MAX_TOKENS, "prestige": WINNING_PRESTIGE},
        "bank": full_counts_json(state.bank),
        "market": [[card_view(cid) if cid else None for cid in row] for row in state.market],
        "decks": [len(d) for d in state.decks],
        "nobles": [noble_view(nid) for nid in state.nobles],
        "seats": seats,
        "pending": _pending(state, None),
        "to_pay": None,
        "posts": [{**POSTS[n].to_json(), "holders": [i for i, s in enumerate(state.seats) if n in s.posts]}
                  for n in POSTS] if state.options.get("trading_posts") else None,
        "strongholds": {cid: {"seat": owner, "count": count} for cid, (owner, count) in state.strongholds.items()},
        "result": result(state),
    }
