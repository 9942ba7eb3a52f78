"""A complete `stars` state sampled from one seat's view (for the search bots, docs/bots.md).

`determinize(view, seat, rng)` rebuilds everything the view shows as it is, and samples from
``rng`` what the seat cannot see:

- every other seat's drawn tiles (``hand_count`` of them) and bag: its 38 tiles less those on
  its board and set aside, split at random — a hand is drawn uniformly from the bag, and
  nothing another seat does before placing reveals which tiles it holds;
- the order of the offering cards still to come (the cards themselves are known: all but the
  face-up one and the discarded ones);
- which connection-reward tokens were discarded from each pile and which were left in the box
  at setup (the view shows the piles' values only; tokens of equal pile and value are
  interchangeable): each pile was dealt ``players`` tokens, highest on top, so the
  ``players − left`` discarded ones are drawn from that pile's unseen tokens worth at least its
  current top;
- the generator, reseeded from ``rng``.

The wood-ash bag holds no secret (the tokens not in the sky and not kept), nor does any count.
It reads the view only, never a state: a search cannot peek.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from .components import ASH, COLOURS, KINDS, OFFER_CARDS, REWARDS, TILE_IDS
from .state import CATEGORIES, StarsState


def _reward_ids(view: dict[str, Any], players: int, rng: Rng) -> tuple[list[list[str]], list[str], list[str]]:
    """Pile token ids (top first) matching the shown values, and sampled discarded/unused ids."""
    piles: list[list[str]] = []
    discarded: list[str] = []
    unused: list[str] = []
    for p, pile in enumerate(view["rewards"]):
        free = sorted((t for t, (q, _v) in REWARDS.items() if q == p), key=lambda t: (-REWARDS[t][1], t))
        chosen: list[str] = []
        for value in pile["tokens"]:
            tid = next(t for t in free if REWARDS[t][1] == value)
            free.remove(tid)
            chosen.append(tid)
        piles.append(chosen)
        gone = players - len(chosen)
        top = pile["tokens"][0] if pile["tokens"] else 0
        could = [t for t in free if REWARDS[t][1] >= top]
        rng.shuffle(could)
        out = sorted(could[:gone], key=lambda t: (-REWARDS[t][1], t))
        discarded += out
        unused += sorted(t for t in free if t not in out)
    return piles, discarded, unused


def _seat(entry: dict[str, Any], own: bool, rng: Rng) -> dict[str, Any]:
    """One seat's state JSON; another seat's hand and bag sampled from its unplaced tiles."""
    set_aside = [t["id"] for t in entry["set_aside"]]
    if own:
        hand = [t["id"] for t in entry["hand"]]
        bag = list(entry["bag"])
    else:
        placed = {t["tile"] for t in entry["board"]["tiles"]} | set(set_aside)
        unseen = [t for t in TILE_IDS if t not in placed]
        rng.shuffle(unseen)
        count = entry["hand_count"]
        hand = unseen[:count]
        bag = sorted(unseen[count:])
    board = entry["board"]
    return {
        "score": entry["score"], "points": {c: entry["points"][c] for c in CATEGORIES},
        "light": [entry["light"][c] for c in COLOURS], "stardust": entry["stardust"],
        "tokens": [entry["tokens"][k] for k in KINDS], "villagers": list(entry["villagers"]),
        "ash": [t["id"] for t in entry["ash"]],
        "board": {"tiles": [dict(t) for t in board["tiles"]], "stardust": [dict(d) for d in board["stardust"]],
                  "bonus": [dict(b) for b in board["bonus"]], "taken": list(board["taken"])},
        "bag": bag, "hand": hand, "set_aside": set_aside,
        "pending": [{"value": c["value"], "options": list(c["options"])} for c in entry["bonus_choices"]],
        "extra_actions": entry["extra_actions"], "done": entry["done"],
    }


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> StarsState:
    """A complete state whose view for ``seat`` is ``view``, hidden parts sampled from ``rng``."""
    players = int(view["players"])
    seats = [_seat(entry, i == seat, rng) for i, entry in enumerate(view["seats"])]
    kept = {t["id"] for entry in view["seats"] for t in entry["ash"]}
    in_sky = {t["id"] for t in view["sky"]}
    ash_bag = sorted(t for t in ASH if t not in kept and t not in in_sky)
    offering = view["offering"]
    card = offering["card"]
    card_id = card["id"] if card else None
    deck = sorted(c for c in OFFER_CARDS if c != card_id and c not in offering["discarded"])
    rng.shuffle(deck)
    piles, discarded, unused = _reward_ids(view, players, rng)
    turn = view["turn"]
    scout = turn["scout"]
    data = {
        "players": players, "options": dict(view["options"]), "rng": rng.next64(),
        "round": view["round"], "phase": view["phase"],
        "girl": view["night_sky"]["girl"], "elders": list(view["night_sky"]["elders"]),
        "ash_bag": ash_bag, "sky": [[t["id"], t["region"]] for t in view["sky"]],
        "picks": list(turn["picks"]), "order": list(turn["order"]), "current": turn["seat"],
        "actions_left": turn["actions_left"],
        "scout": None if scout is None else {"seat": scout["seat"], "via": scout["via"], "path": list(scout["path"])},
        "piles": piles, "marked": [p["marked"] for p in view["rewards"]],
        "rewards_discarded": discarded, "rewards_unused": unused,
        "offer_deck": deck, "offer_card": card_id,
        "offer_filled": [sp["filled"] for sp in card["spaces"]] if card else [],
        "offer_discard": list(offering["discarded"]),
        "tokens_discarded": [view["supply"]["tokens_offered"][k] for k in KINDS],
        "forage": {f["id"]: f["tokens"] for f in view["main_board"]["foraging"]},
        "lit": {p: COLOURS.index(c) for p, c in view["main_board"]["lit"].items()},
        "supply_light": [view["supply"]["light"][c] for c in COLOURS],
        "supply_stardust": view["supply"]["stardust"],
        "seats": seats, "ended": view["result"] is not None,
    }
    return StarsState.from_json(data)
