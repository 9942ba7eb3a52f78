"""Which gems may be taken, and which may be given back over the limit, as colour indexes."""

from __future__ import annotations

from itertools import combinations

TWO_SAME_MIN = 4
"""Two of one colour only if the stack holds at least this many before taking."""


def different_colour_choices(bank: list[int], three_compulsory: bool) -> list[tuple[int, ...]]:
    """Sets of 1–3 different available colours one may take one each of.

    ``three_compulsory`` (Splendor): three different colours while at least three remain,
    fewer only when fewer remain. Otherwise (Guild): any one, two or three colours.
    """
    available = [i for i in range(5) if bank[i] > 0]
    if three_compulsory and len(available) >= 3:
        return list(combinations(available, 3))
    choices: list[tuple[int, ...]] = []
    for n in range(min(3, len(available)), 0, -1):
        choices.extend(combinations(available, n))
    return choices


def two_same_choices(bank: list[int]) -> list[int]:
    """Colours of which two may be taken: the stack holds at least four."""
    return [i for i in range(5) if bank[i] >= TWO_SAME_MIN]


def return_choices(tokens: list[int], excess: int) -> list[list[int]]:
    """Every way (six counts) to give back exactly ``excess`` of the tokens held."""
    out: list[list[int]] = []
    chosen = [0] * len(tokens)

    def walk(i: int, left: int) -> None:
        if left == 0:
            out.append(chosen[:])
            return
        if i == len(tokens):
            return
        for n in range(min(left, tokens[i]), -1, -1):
            chosen[i] = n
            walk(i + 1, left - n)
        chosen[i] = 0

    walk(0, excess)
    return out
