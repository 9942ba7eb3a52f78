"""Paying for a card: what is still owed after bonuses, and every exact payment."""

from __future__ import annotations

from itertools import product
from operator import itemgetter

from .colors import GOLD


def owed(cost: tuple[int, ...], bonuses: list[int]) -> list[int]:
    """The gems still to pay per colour after permanent bonuses."""
    return [c - b if c > b else 0 for c, b in zip(cost, bonuses, strict=True)]


def exact_payments(need: list[int], tokens: list[int]) -> list[list[int]]:
    """Every payment (six counts, gold last) covering ``need`` exactly with ``tokens``.

    Gold may replace any gem, even one the player holds. "Exact" means no superfluous
    token: each colour pays at most what it owes, and gold fills only the shortfall.
    The list is ordered from least gold to most gold.
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
    # How many gems of each owed colour gold replaces: from what the gems cannot cover up to
    # what the spare gold allows, every combination in order (first owed colour outermost,
    # fewest replaced first); then the stable sort puts least gold first.
    spare = gold - shortfall
    owed_colors = []
    ranges = []
    for i in range(5):
        n = need[i]
        if n:
            least = n - tokens[i] if n > tokens[i] else 0
            owed_colors.append(i)
            ranges.append(range(least, (n if n < least + spare else least + spare) + 1))
    results: list[list[int]] = []
    for replaced in product(*ranges):
        used = sum(replaced)
        if used > gold:
            continue
        pay = [need[0], need[1], need[2], need[3], need[4], used]
        for i, r in zip(owed_colors, replaced, strict=True):
            pay[i] -= r
        results.append(pay)
    results.sort(key=itemgetter(GOLD))
    return results


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
