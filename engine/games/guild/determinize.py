"""A complete Starlight Guild state sampled from one seat's view (for the search bot, docs/bots.md).

`determinize(view, seat, rng)` rebuilds everything the view shows as it is, and samples from
``rng`` what the seat cannot see:

- the other seats' pouches: the tokens of each kind that are neither in the supply nor in
  the seat's own pouch are with the other seats; they are shuffled together and dealt out
  by each seat's public ``pouch_total``;
- the workshops it has not seen: per tier, the unseen workshops beyond that tier's deck
  size are in the other seats' reservations (so the tiers of the reservations follow from
  the deck sizes); those are dealt at random to the other seats by ``reserved_count``, the
  rest make the deck, in a random order;
- the generator, reseeded from ``rng``.

Every turn field (seat, phase, round, final round, end) is in the view. A player who
watched the market knows which face-up workshop another seat reserved; the view does not
say, so the sample draws reservations from every unseen workshop of the right tiers.

It reads the view only, never a state: a search cannot peek.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from ..gems.cards import TIERS, TOKEN_COUNTS, card_ids_of_tier
from ..gems.colors import COLORS
from .moves import TOKEN_NAMES
from .setup import STAR_SAND
from .state import OVER, GuildState

_TIER_IDS: dict[int, list[str]] = {t: card_ids_of_tier(t) for t in TIERS}
"""Each tier's card ids, in id order (worked out once: the search samples thousands of worlds)."""

def _counts(named: dict[str, int]) -> list[int]:
    return [int(named.get(name, 0)) for name in TOKEN_NAMES]


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> GuildState:
    """A complete state whose view for ``seat`` is ``view``, hidden parts sampled from ``rng``."""
    players = int(view["players"])
    turn = view["turn"]
    state = GuildState(players, dict(view["options"]), Rng(rng.next64()))
    state.supply = _counts(view["supply"])
    state.market = [[c["id"] if c else None for c in row] for row in view["market"]]
    state.commissions = [n["id"] for n in view["commissions"]]
    state.current = int(turn["seat"])
    state.phase = turn["phase"]
    state.round = int(turn["round"])
    state.final_round = bool(turn["final_round"])
    state.ended = state.phase == OVER

    entries = view["seats"]
    own = entries[seat]
    seen = {cid for row in state.market for cid in row if cid}
    for i, entry in enumerate(entries):
        s = state.seats[i]
        s.bonuses = [int(entry["bonuses"][c]) for c in COLORS]
        s.workshops = [c["id"] for c in entry["workshops"]]
        s.commissions = [n["id"] for n in entry["commissions"]]
        s.points = int(entry["points"])
        seen.update(s.workshops)
    state.seats[seat].pouch = _counts(own["pouch"])
    state.seats[seat].reserved = [c["id"] for c in own["reserved"]]
    seen.update(state.seats[seat].reserved)

    gems = TOKEN_COUNTS[players][0]
    held = [gems] * 5 + [STAR_SAND]
    tokens: list[int] = []
    for k in range(6):
        tokens += [k] * (held[k] - state.supply[k] - state.seats[seat].pouch[k])
    rng.shuffle(tokens)
    reserved_pool: list[str] = []
    for t in TIERS:
        unseen = [cid for cid in _TIER_IDS[t] if cid not in seen]
        rng.shuffle(unseen)
        extra = len(unseen) - int(view["decks"][t - 1])
        if extra < 0:
            raise ValueError(f"the view's tier {t} does not add up: {len(unseen)} unseen workshops "
                             f"for a deck of {view['decks'][t - 1]}")
        reserved_pool += unseen[:extra]
        state.decks[t - 1] = unseen[extra:]
    rng.shuffle(reserved_pool)
    for i, entry in enumerate(entries):
        if i == seat:
            continue
        s = state.seats[i]
        for _ in range(int(entry["pouch_total"])):
            s.pouch[tokens.pop()] += 1
        s.reserved = [reserved_pool.pop() for _ in range(int(entry["reserved_count"]))]
    if tokens or reserved_pool:
        raise ValueError("the view's pouches or reservations do not add up")
    return state
