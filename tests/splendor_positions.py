"""Building Splendor positions for the rules tests, and small assertions about them.

A position is a real `engine.Match` whose internal state (``match._state``, a
`SplendorState`) has been edited to the situation a rule talks about. Every card keeps
exactly one place (deck, market, a seat's cards or reservations, or out of the game when a
deck is cut short on purpose), so the tests see a game that could have happened.

    m = position(players=2, bank={"red": 3}, market={1: ["1-25", ...]},
                 seats={0: dict(tokens={"white": 3}, cards=["1-02"])})
"""

from __future__ import annotations

from itertools import product
from typing import Any

from positions import assert_each_once, forget, lay_out_market, play_as, refused_for
from positions import counts as _counts
from positions import dump as dump  # the shared readers, re-exported for the Splendor tests
from positions import moves_of as moves_of
from positions import named as _named

import engine
from engine.games.gems.cards import CARDS, NOBLES, card_ids_of_tier
from engine.games.gems.colors import COLORS, TOKEN_NAMES

GOLD = "gold"


def counts(gems: dict[str, int] | None, names: tuple[str, ...] = TOKEN_NAMES) -> list[int]:
    """``{"red": 2}`` → ``[0, 0, 0, 2, 0, 0]`` (unknown names are a test bug)."""
    return _counts(gems, names)


def named(values: list[int], names: tuple[str, ...] = TOKEN_NAMES) -> dict[str, int]:
    """Every colour named, zeros included."""
    return _named(values, names)


def position(
    players: int = 2,
    seed: int = 1,
    *,
    bank: dict[str, int] | None = None,
    market: dict[int, list[str | None]] | None = None,
    decks: dict[int, list[str] | int] | None = None,
    nobles: list[str] | None = None,
    seats: dict[int, dict[str, Any]] | None = None,
    current: int = 0,
    round: int = 1,
    final_round: bool = False,
) -> engine.Match:
    """A match of ``players`` seats in the described situation, ``current`` to take an action.

    - ``bank``: colours to override in the setup bank, e.g. ``{"red": 3, "gold": 0}``.
    - ``market``: tier → its four slots (card ids or None); unlisted tiers keep their cards
      (a card a seat now holds is replaced from the deck).
    - ``decks``: tier → an exact list of ids (top last) or a number of cards to keep
      (the top ones; the others leave the game).
    - ``nobles``: the noble ids on the table.
    - ``seats``: seat → ``tokens``, ``cards`` (bonuses follow unless ``bonuses`` is given),
      ``bonuses``, ``reserved`` (ids, or ``(id, True)`` for one reserved hidden from a deck),
      ``nobles``, ``prestige`` (default: the points of its cards and nobles).
    """
    match = engine.new_match("splendor", players, seed=seed)
    state = match._state
    seats = seats or {}
    market = market or {}
    decks = decks or {}

    held: set[str] = set()
    for spec in seats.values():
        held.update(spec.get("cards", []))
        held.update(_reserved_id(r) for r in spec.get("reserved", []))
    lay_out_market(state, market, decks, held)

    if nobles is not None:
        state.nobles = list(nobles)
    if bank:
        for name, n in bank.items():
            state.bank[TOKEN_NAMES.index(name)] = n

    for i, spec in seats.items():
        seat = state.seats[i]
        unknown = set(spec) - {"tokens", "cards", "bonuses", "reserved", "nobles", "prestige"}
        assert not unknown, f"unknown seat field(s) {unknown}"
        seat.tokens = counts(spec.get("tokens"))
        seat.cards = list(spec.get("cards", []))
        if "bonuses" in spec:
            seat.bonuses = counts(spec["bonuses"], COLORS)
        else:
            seat.bonuses = [0] * 5
            for cid in seat.cards:
                seat.bonuses[CARDS[cid].color] += 1
        seat.reserved = [[_reserved_id(r), _reserved_hidden(r)] for r in spec.get("reserved", [])]
        seat.nobles = list(spec.get("nobles", []))
        for nid in seat.nobles:
            if nid in state.nobles:
                state.nobles.remove(nid)
        seat.prestige = spec.get(
            "prestige",
            sum(CARDS[c].points for c in seat.cards) + sum(NOBLES[n].points for n in seat.nobles),
        )

    state.current = current
    state.round = round
    state.final_round = final_round
    _check_conservation(state)
    forget(match)
    return match


def _reserved_id(entry: Any) -> str:
    return entry if isinstance(entry, str) else entry[0]


def _reserved_hidden(entry: Any) -> bool:
    return False if isinstance(entry, str) else bool(entry[1])


def _check_conservation(state) -> None:
    """No card in two places (a position-building bug otherwise)."""
    places: list[str] = []
    for t in range(3):
        places += state.decks[t] + [c for c in state.market[t] if c]
    for s in state.seats:
        places += s.cards + [r[0] for r in s.reserved]
    assert_each_once(places, "card")


# --- reading a match -------------------------------------------------------------------

def tokens(match: engine.Match, seat: int) -> dict[str, int]:
    return named(match._state.seats[seat].tokens)


def bank(match: engine.Match) -> dict[str, int]:
    return named(match._state.bank)


def bonuses(match: engine.Match, seat: int) -> dict[str, int]:
    return named(match._state.seats[seat].bonuses, COLORS)


def market_ids(match: engine.Match, tier: int) -> list[str | None]:
    return list(match._state.market[tier - 1])


def phase(match: engine.Match) -> str:
    return match.view(None)["turn"]["phase"]


def take_sets(match: engine.Match) -> set[tuple[tuple[str, int], ...]]:
    return {tuple(sorted(m["gems"].items())) for m in moves_of(match, "take")}


def buy_payments(match: engine.Match, card: str, seat: int | None = None) -> list[dict[str, int]]:
    return [m["pay"] for m in moves_of(match, "buy", seat) if m["card"] == card]


# --- acting ----------------------------------------------------------------------------

def play(match: engine.Match, move: dict, seat: int | None = None) -> list[dict]:
    """Play ``move`` for the seat to act (or ``seat``); a JSON round trip first, as a client would."""
    return play_as(match, match.to_act()[0] if seat is None else seat, move)


def take(*colours: str, **pairs: int) -> dict:
    """``take("red", "blue", "green")`` or ``take(red=2)``."""
    gems = {c: 1 for c in colours}
    gems.update(pairs)
    return {"type": "take", "gems": gems}


def buy(card: str, **pay: int) -> dict:
    return {"type": "buy", "card": card, "pay": pay}


def reserve(card: str) -> dict:
    return {"type": "reserve", "card": card}


def reserve_deck(tier: int) -> dict:
    return {"type": "reserve", "tier": tier}


def give_back(**gems: int) -> dict:
    return {"type": "return", "gems": gems}


def noble(nid: str) -> dict:
    return {"type": "noble", "noble": nid}


PASS = {"type": "pass"}


def refused(match: engine.Match, move: Any, *rule_words: str, seat: int | None = None) -> str:
    """Assert ``move`` is refused with a reason containing each of ``rule_words``
    (a regex, case-insensitive) and that the match is byte-identical afterwards."""
    return refused_for(match, match._state.current if seat is None else seat, move, *rule_words)


# --- independent oracles (the rules written out again, the slow obvious way) -----------

def rule_takes(bank_counts: list[int]) -> set[tuple[tuple[str, int], ...]]:
    """Every legal take for a bank, straight from seed 001 and the ruling."""
    out = set()
    left = [c for c in range(5) if bank_counts[c] > 0]
    for pick in product(range(3), repeat=5):
        if sum(pick) == 0 or any(pick[c] > bank_counts[c] for c in range(5)):
            continue
        colours = [c for c in range(5) if pick[c]]
        two_same = len(colours) == 1 and pick[colours[0]] == 2 and bank_counts[colours[0]] >= 4
        different = all(pick[c] == 1 for c in colours) and (
            len(colours) == 3 or (len(left) < 3 and len(colours) <= len(left))
        )
        if two_same or different:
            out.add(tuple(sorted((COLORS[c], pick[c]) for c in colours)))
    return out


def rule_payments(need: list[int], held: list[int]) -> list[list[int]]:
    """Every exact payment: covers ``need`` (gold wild) and holds no superfluous token."""

    def covers(pay: list[int]) -> bool:
        return sum(max(0, need[c] - pay[c]) for c in range(5)) <= pay[5]

    out = []
    for pay in product(*(range(n + 1) for n in held)):
        pay = list(pay)
        if not covers(pay):
            continue
        superfluous = False
        for k in range(6):
            if pay[k]:
                pay[k] -= 1
                superfluous = covers(pay)
                pay[k] += 1
                if superfluous:
                    break
        if not superfluous:
            out.append(pay)
    return out


def cards_of_tier(tier: int) -> list[str]:
    return card_ids_of_tier(tier)
