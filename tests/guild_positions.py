"""Building Starlight Guild positions for the rules tests, and small assertions about them.

A position is a real `engine.Match` whose internal state (``match._state``, a
`GuildState`) has been edited to the situation a rule talks about. Every workshop keeps
exactly one place (deck, market, a seat's workshops or reservations, or out of the game
when a deck is cut short on purpose), and the gems a seat holds come out of the supply
unless the supply is given explicitly, so the tests see a game that could have happened.

    m = position(players=2, supply={"red": 3}, market={1: ["1-25", ...]},
                 seats={0: dict(pouch={"white": 3, "star_sand": 1}, workshops=["1-02"])})
"""

from __future__ import annotations

from typing import Any

from positions import assert_each_once, forget, lay_out_market, play_as, refused_for
from positions import counts as _counts
from positions import dump as dump  # the shared readers and editor, re-exported for the Guild tests
from positions import edit as edit
from positions import moves_of as moves_of
from positions import named as _named
from positions import view_bytes as view_bytes

import engine
from engine.games.gems.cards import CARDS, NOBLES, TOKEN_COUNTS, card_ids_of_tier
from engine.games.gems.colors import COLORS
from engine.games.guild.setup import STAR_SAND

SAND = "star_sand"
TOKENS: tuple[str, ...] = COLORS + (SAND,)


def counts(gems: dict[str, int] | None, names: tuple[str, ...] = TOKENS) -> list[int]:
    """``{"red": 2}`` → ``[0, 0, 0, 2, 0, 0]`` (unknown names are a test bug)."""
    return _counts(gems, names)


def named(values: list[int], names: tuple[str, ...] = TOKENS) -> dict[str, int]:
    """Every colour named, zeros included."""
    return _named(values, names)


def full(**gems: int) -> dict[str, int]:
    """A pouch or supply with every colour named: ``full(red=2)``."""
    return named(counts(gems))


def position(
    players: int = 2,
    seed: int = 1,
    *,
    supply: dict[str, int] | None = None,
    market: dict[int, list[str | None]] | None = None,
    decks: dict[int, list[str] | int] | None = None,
    commissions: list[str] | None = None,
    seats: dict[int, dict[str, Any]] | None = None,
    current: int = 0,
    round: int = 1,
    final_round: bool = False,
) -> engine.Match:
    """A Guild match of ``players`` seats in the described situation, ``current`` to act.

    - ``supply``: piles to set exactly, e.g. ``{"red": 3, "star_sand": 0}``; the others are
      the setup piles minus what the seats hold.
    - ``market``: tier → its four slots (workshop ids or None); unlisted tiers keep theirs
      (a workshop a seat now holds is replaced from the deck).
    - ``decks``: tier → an exact list of ids (top last) or a number to keep (the top ones).
    - ``commissions``: the commission ids on the table, in table order.
    - ``seats``: seat → ``pouch`` (colours and ``star_sand``), ``workshops`` (bonuses follow
      unless ``bonuses`` is given), ``bonuses``, ``reserved``, ``commissions``, ``points``
      (default: the points of its workshops and commissions).
    """
    match = engine.new_match("guild", players, seed=seed)
    state = match._state
    seats = seats or {}
    market = market or {}
    decks = decks or {}

    held: set[str] = set()
    for spec in seats.values():
        held.update(spec.get("workshops", []))
        held.update(spec.get("reserved", []))
    lay_out_market(state, market, decks, held)

    if commissions is not None:
        state.commissions = list(commissions)

    for i, spec in seats.items():
        seat = state.seats[i]
        unknown = set(spec) - {"pouch", "workshops", "bonuses", "reserved", "commissions", "points"}
        assert not unknown, f"unknown seat field(s) {unknown}"
        seat.pouch = counts(spec.get("pouch"))
        seat.workshops = list(spec.get("workshops", []))
        if "bonuses" in spec:
            seat.bonuses = counts(spec["bonuses"], COLORS)
        else:
            seat.bonuses = [0] * 5
            for cid in seat.workshops:
                seat.bonuses[CARDS[cid].color] += 1
        seat.reserved = list(spec.get("reserved", []))
        seat.commissions = list(spec.get("commissions", []))
        for nid in seat.commissions:
            if nid in state.commissions:
                state.commissions.remove(nid)
        seat.points = spec.get(
            "points",
            sum(CARDS[c].points for c in seat.workshops) + sum(NOBLES[n].points for n in seat.commissions),
        )

    gems = TOKEN_COUNTS[players][0]
    state.supply = [gems] * 5 + [STAR_SAND]
    for seat in state.seats:
        state.supply = [a - b for a, b in zip(state.supply, seat.pouch, strict=True)]
    for name, n in (supply or {}).items():
        state.supply[TOKENS.index(name)] = n
    assert min(state.supply) >= 0, f"the seats hold more than the supply had: {state.supply}"

    state.current = current
    state.round = round
    state.final_round = final_round
    _check_places(state)
    forget(match)
    return match


def _check_places(state) -> None:
    """No workshop in two places (a position-building bug otherwise)."""
    places: list[str] = []
    for t in range(3):
        places += state.decks[t] + [c for c in state.market[t] if c]
    for s in state.seats:
        places += s.workshops + s.reserved
    assert_each_once(places, "workshop")


def edit_seat(match: engine.Match, seat: int, **fields: Any) -> None:
    """Set fields of one seat (``pouch`` may be a dict of names) and forget the legal moves."""
    s = match._state.seats[seat]
    for name, value in fields.items():
        if name == "pouch" and isinstance(value, dict):
            value = counts(value)
        setattr(s, name, value)
    forget(match)


# --- reading a match -------------------------------------------------------------------

def pouch(match: engine.Match, seat: int) -> dict[str, int]:
    return named(match._state.seats[seat].pouch)


def supply(match: engine.Match) -> dict[str, int]:
    return named(match._state.supply)


def bonuses(match: engine.Match, seat: int) -> dict[str, int]:
    return named(match._state.seats[seat].bonuses, COLORS)


def market_ids(match: engine.Match, tier: int) -> list[str | None]:
    return list(match._state.market[tier - 1])


def phase(match: engine.Match) -> str:
    return match.view(None)["turn"]["phase"]


def collect_sets(match: engine.Match) -> set[tuple[tuple[str, int], ...]]:
    return {tuple(sorted(m["gems"].items())) for m in moves_of(match, "collect")}


def gem_total(match: engine.Match) -> list[int]:
    """Supply plus every pouch, per kind: constant through a game."""
    total = match._state.supply[:]
    for s in match._state.seats:
        total = [a + b for a, b in zip(total, s.pouch, strict=True)]
    return total


# --- acting ----------------------------------------------------------------------------

def play(match: engine.Match, move: dict, seat: int | None = None) -> list[dict]:
    """Play ``move`` for the seat to act (or ``seat``); a JSON round trip first, as a client would."""
    return play_as(match, match.to_act()[0] if seat is None else seat, move)


def collect(*colours: str, **pairs: int) -> dict:
    """``collect("red", "blue")`` or ``collect(red=2)``."""
    gems = {c: 1 for c in colours}
    gems.update(pairs)
    return {"type": "collect", "gems": gems}


def reserve(workshop: str) -> dict:
    return {"type": "reserve", "workshop": workshop}


def build(workshop: str) -> dict:
    return {"type": "build", "workshop": workshop}


def give_back(**gems: int) -> dict:
    return {"type": "return", "gems": gems}


PASS = {"type": "pass"}


def pass_round(match: engine.Match) -> None:
    """Every seat passes once, starting with the seat to act, until seat 0 is to act again."""
    while True:
        play(match, PASS)
        if match.is_over() or match.to_act() == [0]:
            return


def refused(match: engine.Match, move: Any, *rule_words: str, seat: int | None = None) -> str:
    """Assert ``move`` is refused with a reason containing each of ``rule_words``
    (a regex, case-insensitive) and that the match is byte-identical afterwards."""
    return refused_for(match, match._state.current if seat is None else seat, move, *rule_words)


def workshops_of_tier(tier: int) -> list[str]:
    return card_ids_of_tier(tier)


def swap_reservation(match: engine.Match, seat: int, old: str, new: str) -> None:
    """Seat ``seat`` reserved ``new`` instead of ``old``: ``new`` (of the same tier, hidden in
    its deck) and ``old`` trade places, so nothing public changes."""
    state = match._state
    s = state.seats[seat]
    assert old in s.reserved and CARDS[old].tier == CARDS[new].tier
    deck = state.decks[CARDS[new].tier - 1]
    assert new in deck, f"{new} is not hidden in its deck"
    deck[deck.index(new)] = old
    s.reserved[s.reserved.index(old)] = new
    forget(match)
