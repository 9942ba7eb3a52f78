"""The seeded random generator that lives inside a game state.

A small 64-bit generator (SplitMix64) written in plain Python so that the same seed
gives the same numbers on every Python (CPython here, Pyodide in the browser). Its whole
state is one 64-bit integer.

In JSON the state (and a match's seed) is written as a string of decimal digits
(`to_json`, `word_to_json`): JavaScript reads a JSON number as a double, which holds only
integers up to 2^53, so a number would come back rounded from any page that parsed it.
"""

from __future__ import annotations

from typing import Any, TypeVar

_MASK = (1 << 64) - 1

WORD_LIMIT = 1 << 64
"""Seeds and generator states are integers in ``range(WORD_LIMIT)`` (64 bits)."""

T = TypeVar("T")

_LIMITS: tuple[int, ...] = (0, *(WORD_LIMIT - WORD_LIMIT % n for n in range(1, 257)))
"""``_LIMITS[n]``: the largest multiple of ``n`` up to 2^64, below which `Rng.below` takes a
draw (the rest would bias ``x % n``)."""
_LIMITS_LEN = len(_LIMITS)


def word_to_json(value: int) -> str:
    """A 64-bit unsigned integer as JSON-safe text: its decimal digits, e.g. ``"6110722306163509219"``."""
    return str(value)


def word_from_json(value: Any) -> int:
    """The integer `word_to_json` wrote; raises ``ValueError`` with a reason for anything else.

    Only canonical decimal text is taken (digits, no sign, no leading zero, below 2^64), so one
    integer has exactly one spelling and a snapshot's bytes say what its state is.
    """
    if type(value) is not str:
        raise ValueError(f"a 64-bit value must be a string of decimal digits, not {type(value).__name__}")
    if not (0 < len(value) <= 20 and value.isascii() and value.isdigit()) or (len(value) > 1 and value[0] == "0"):
        raise ValueError("a 64-bit value must be a string of decimal digits without leading zeros")
    number = int(value)
    if number >= WORD_LIMIT:
        raise ValueError("a 64-bit value must be below 2^64")
    return number


class Rng:
    """A deterministic generator whose state is a single 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def to_json(self) -> str:
        """The state as JSON-safe text (see `word_to_json`)."""
        return word_to_json(self.state)

    @classmethod
    def from_json(cls, value: Any) -> Rng:
        """The generator `to_json` wrote. An integer (the format before strings) is still taken."""
        if type(value) is int and 0 <= value < WORD_LIMIT:
            return cls(value)
        return cls(word_from_json(value))

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``range(n)`` (``n`` ≥ 1), without modulo bias: ``x % n`` of
        the first ``x = self.next64()`` below the largest multiple of ``n`` up to 2^64 (read from
        `_LIMITS`, as `shuffle` does: two operations on integers over 2^30 fewer a call)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _LIMITS[n] if n < _LIMITS_LEN else WORD_LIMIT - WORD_LIMIT % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates).

        The same numbers as ``j = self.below(i + 1)`` for each ``i`` from the top down, with
        `below` and `next64` written out in the loop (a new game shuffles ≈100 cards or tiles,
        and the calls were most of the cost) and the rejection limits read from `_LIMITS`.
        """
        state = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _LIMITS_LEN else WORD_LIMIT - WORD_LIMIT % n
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: list[T]) -> T:
        """Return one element of a non-empty list, uniformly."""
        return items[self.below(len(items))]
