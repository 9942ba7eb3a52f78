"""A complete Splendor state sampled from one seat's view (for the search bot, docs/bots.md).

`determinize(view, seat, rng)` rebuilds everything the view shows as it is, and samples from
``rng`` what the seat cannot see:

- the cards it has not seen: every card of a tier that is not face up, not bought, not a
  reservation it can see and not one of the two cards it is choosing between (Trading Post
  4) goes at random into the other seats' face-down reservations of that tier, the two
  cards another seat is choosing between, and that tier's deck (its size, in a random
  order);
- the generator, reseeded from ``rng``.

Tokens, bonuses, nobles, posts and strongholds are all public and copied. The view shows
neither the rest of the turn (the state's ``steps``) nor whether the seat's own
reservations were taken face down; the sample rebuilds the steps from the phase (a
decision waits at one step; the steps after it are the fixed order of turn.py: conquest,
refill, return, noble, post, end), with these readings:

- an extra-gem choice (posts 1 and 2) is post 2's third gem when one colour the bank still
  has is missing from the choice (the colour just taken twice), else post 1's gem after a
  purchase;
- a purchase's later steps include the conquest check (a conquest purchase of this turn
  sends its three strongholds home, so no second conquest can follow either way);
- the slots waiting for this turn's refill (Strongholds on) are the empty slots whose
  deck still has cards;
- the count of consecutive passes (not in the view) is 0; it matters only when every seat
  passes in one round, which needs every seat to have no move at all;
- the seat's own reservations are marked as taken face up (its own view is the same
  either way).

It reads the view only, never a state: a search cannot peek.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from ..gems.cards import TIERS, card_ids_of_tier
from ..gems.colors import TOKEN_NAMES
from .state import ACTION, CONQUEST, GEM, KEEP, NOBLE, OVER, POST, RETURN, STRONGHOLD, SplendorState

_AFTER_CONQUEST = ["refill", "return", "noble", "post", "end"]
_AFTER_ACTION = ["conquest", *_AFTER_CONQUEST]


_TIER_IDS: dict[int, list[str]] = {t: card_ids_of_tier(t) for t in TIERS}
"""Each tier's card ids, in id order (worked out once: the search samples thousands of worlds)."""

def _counts(named: dict[str, int]) -> list[int]:
    return [int(named.get(name, 0)) for name in TOKEN_NAMES]


def _tier(card_id: str) -> int:
    return int(card_id.split("-")[0])


def _steps(view: dict[str, Any], keep: list[str]) -> list[str]:
    """The turn's remaining steps, rebuilt from the phase the view shows."""
    phase = view["turn"]["phase"]
    if phase == RETURN:
        return ["return", "noble", "post", "end"]
    if phase == NOBLE:
        return ["noble", "post", "end"]
    if phase == POST:
        return ["post", "end"]
    if phase == CONQUEST:
        return _AFTER_ACTION[:]
    if phase == STRONGHOLD:
        return ["stronghold", *_AFTER_ACTION]
    if phase == KEEP:
        tier = view["pending"]["keep"]["tier"]
        return [f"keep:{tier}:{keep[0]}:{keep[1]}", *_AFTER_ACTION]
    if phase == GEM:
        bank = _counts(view["bank"])
        offered = set(view["pending"]["gems"])
        missing = [i for i in range(5) if bank[i] > 0 and TOKEN_NAMES[i] not in offered]
        if missing:
            return ["third_gem", *_AFTER_ACTION]
        return ["post_gem", "stronghold", *_AFTER_ACTION]
    return []


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> SplendorState:
    """A complete state whose view for ``seat`` is ``view``, hidden parts sampled from ``rng``."""
    players = int(view["players"])
    turn = view["turn"]
    state = SplendorState(players, dict(view["options"]), Rng(rng.next64()))
    state.bank = _counts(view["bank"])
    state.market = [[c["id"] if c else None for c in row] for row in view["market"]]
    state.nobles = [n["id"] for n in view["nobles"]]
    state.current = int(turn["seat"])
    state.phase = turn["phase"]
    state.round = int(turn["round"])
    state.final_round = bool(turn["final_round"])
    state.ended = state.phase == OVER
    state.strongholds = {cid: [int(h["seat"]), int(h["count"])] for cid, h in view["strongholds"].items()}

    seen = {cid for row in state.market for cid in row if cid}
    hidden_slots: list[tuple[int, int, int]] = []  # (seat, index in its reservations, tier)
    for i, entry in enumerate(view["seats"]):
        s = state.seats[i]
        s.tokens = _counts(entry["tokens"])
        s.bonuses = [int(entry["bonuses"][c]) for c in TOKEN_NAMES[:5]]
        s.cards = [c["id"] for c in entry["cards"]]
        s.nobles = [n["id"] for n in entry["nobles"]]
        s.prestige = int(entry["prestige"])
        s.posts = [int(p) for p in entry["posts"]]
        s.strongholds = int(entry["strongholds"])
        seen.update(s.cards)
        for k, card in enumerate(entry["reserved"]):
            if card.get("hidden"):
                s.reserved.append(["", True])
                hidden_slots.append((i, k, int(card["tier"])))
            else:
                s.reserved.append([card["id"], False])
                seen.add(card["id"])

    pending = view["pending"] or {}
    keep: list[str] = []
    keep_tier = 0
    if state.phase == KEEP:
        keep_tier = int(pending["keep"]["tier"])
        if "cards" in pending["keep"]:
            keep = [c["id"] for c in pending["keep"]["cards"]]
            seen.update(keep)

    for t in TIERS:
        unseen = [cid for cid in _TIER_IDS[t] if cid not in seen]
        rng.shuffle(unseen)
        for i, k, tier in hidden_slots:
            if tier == t:
                state.seats[i].reserved[k][0] = unseen.pop()
        if t == keep_tier and not keep:
            keep = [unseen.pop(), unseen.pop()]
        if len(unseen) != int(view["decks"][t - 1]):
            raise ValueError(f"the view's tier {t} does not add up: {len(unseen)} unseen cards for a deck of "
                             f"{view['decks'][t - 1]}")
        state.decks[t - 1] = unseen

    state.steps = _steps(view, keep)
    if state.phase == KEEP:
        state.pending = {"keep": {"tier": keep_tier, "cards": keep}}
    elif state.phase == STRONGHOLD:
        state.pending = {"stronghold": True}
    elif state.phase not in (ACTION, OVER):
        state.pending = {key: (list(value) if type(value) is list else value) for key, value in pending.items()}
    if "refill" in state.steps and state.options.get("strongholds"):
        state.refills = [[t, slot] for t, row in enumerate(state.market) for slot, cid in enumerate(row)
                         if cid is None and state.decks[t]]
    return state

