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
    """Every way (six counts) to give back exactly ``excess`` of the tokens held.

    Listed with the first kind's count highest first, then the next kind's, and so on (the
    order of a depth-first walk over the kinds, each from as many as possible down to none).
    Written as six nested loops, as this runs whenever a seat is over its token limit.
    """
    t0, t1, t2, t3, t4, t5 = tokens
    out: list[list[int]] = []
    for a in range(min(excess, t0), -1, -1):
        r1 = excess - a
        if not r1:
            out.append([a, 0, 0, 0, 0, 0])
            continue
        for b in range(min(r1, t1), -1, -1):
            r2 = r1 - b
            if not r2:
                out.append([a, b, 0, 0, 0, 0])
                continue
            for c in range(min(r2, t2), -1, -1):
                r3 = r2 - c
                if not r3:
                    out.append([a, b, c, 0, 0, 0])
                    continue
                for d in range(min(r3, t3), -1, -1):
                    r4 = r3 - d
                    if not r4:
                        out.append([a, b, c, d, 0, 0])
                        continue
                    for e in range(min(r4, t4), -1, -1):
                        r5 = r4 - e
                        if not r5:
                            out.append([a, b, c, d, e, 0])
                        elif r5 <= t5:
                            out.append([a, b, c, d, e, r5])
    return out
