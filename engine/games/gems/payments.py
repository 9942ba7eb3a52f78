"""Paying for a card: what is still owed after bonuses, and every exact payment."""

from __future__ import annotations

from itertools import product
from operator import itemgetter

from .colors import GOLD, TOKEN_NAMES


def owed(cost: tuple[int, ...], bonuses: list[int]) -> list[int]:
    """The gems still to pay per colour after permanent bonuses."""
    return [c - b if c > b else 0 for c, b in zip(cost, bonuses, strict=True)]


def exact_payments(need: list[int], tokens: list[int]) -> list[list[int]]:
    """Every payment (six counts, gold last) covering ``need`` exactly with ``tokens``.

    Gold may replace any gem, even one the player holds. "Exact" means no superfluous
    token: each colour pays at most what it owes, and gold fills only the shortfall.
    The list is ordered from least gold to most gold (enumerated by `exact_payment_objects`).
    """
    gold = tokens[GOLD]
    shortfall = 0
    for i in range(5):
        if need[i] > tokens[i]:
            shortfall += need[i] - tokens[i]
    if shortfall > gold:
        return []
    if gold == 0 or sum(need) == 0:
        return [need[:] + [0]]
    return [[pay.get(name, 0) for name in TOKEN_NAMES] for pay in exact_payment_objects(need, tokens)]


def exact_payment_objects(need: list[int], tokens: list[int]) -> tuple[dict[str, int], ...]:
    """`exact_payments` of ``need`` with ``tokens`` (gold last), each as its JSON object (the
    non-zero counts by token name, in token order), built directly: for each owed colour, how
    many of it gold replaces — from what the gems cannot cover up to what the spare gold
    allows — every combination in the order of `itertools.product` (first owed colour
    outermost, fewest replaced first); then a stable sort puts the least gold first."""
    gold = tokens[GOLD]
    shortfall = 0
    owed: list[tuple[str, int]] = []
    least: list[int] = []
    for i in range(5):
        n = need[i]
        if n:
            short = n - tokens[i] if n > tokens[i] else 0
            shortfall += short
            owed.append((TOKEN_NAMES[i], n))
            least.append(short)
    if shortfall > gold:
        return ()
    spare = gold - shortfall
    ranges = [range(short, (n if n < short + spare else short + spare) + 1)
              for (_, n), short in zip(owed, least, strict=True)]
    found: list[tuple[int, dict[str, int]]] = []
    for replaced in product(*ranges):
        used = sum(replaced)
        if used > gold:
            continue
        pay: dict[str, int] = {}
        for (name, n), r in zip(owed, replaced, strict=True):
            if n > r:
                pay[name] = n - r
        if used:
            pay["gold"] = used
        found.append((used, pay))
    found.sort(key=itemgetter(0))
    return tuple(pay for _, pay in found)


def can_afford(need: list[int], tokens: list[int]) -> bool:
    """True when the tokens (gold included) cover ``need``."""
    shortfall = 0
    for i in range(5):
        if need[i] > tokens[i]:
            shortfall += need[i] - tokens[i]
    return shortfall <= tokens[GOLD]


def automatic_payment(need: list[int], tokens: list[int]) -> list[int] | None:
    """The payment with coloured gems first and the wild token for the shortfall (Guild).

    ``None`` when the tokens cannot cover ``need``.
    """
    pay = [0] * 6
    shortfall = 0
    for i in range(5):
        if need[i] > tokens[i]:
            pay[i] = tokens[i]
            shortfall += need[i] - tokens[i]
        else:
            pay[i] = need[i]
    if shortfall > tokens[GOLD]:
        return None
    pay[GOLD] = shortfall
    return pay


def exact_payments_gold_double(need: list[int], tokens: list[int]) -> list[list[int]]:
    """Exact payments when each gold counts as two gems of one colour (Trading Post 3).

    A colour owing ``n`` may be paid with ``p`` gems and ``ceil((n - p) / 2)`` gold. No token
    may be superfluous: so the gold is exactly that, and a gem is paid beside gold only when
    the gold left to cover is even (a gem that a gold already covers is not paid).
    Ordered from least gold to most.
    """
    gold = tokens[GOLD]
    options: list[list[tuple[int, int]]] = []  # per colour: (gems paid, gold used)
    for i in range(5):
        n = need[i]
        if n == 0:
            options.append([(0, 0)])
            continue
        choices = []
        for p in range(min(n, tokens[i]), -1, -1):
            rest = n - p
            if p > 0 and rest % 2:
                continue
            choices.append((p, (rest + 1) // 2))
        options.append(choices)
    results: list[list[int]] = []
    pay = [0] * 6

    def walk(i: int, used: int) -> None:
        if used > gold:
            return
        if i == 5:
            results.append(pay[:5] + [used])
            return
        for gems, golds in options[i]:
            pay[i] = gems
            walk(i + 1, used + golds)
        pay[i] = 0

    walk(0, 0)
    results.sort(key=lambda p: p[GOLD])
    return results
