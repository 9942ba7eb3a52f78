"""Gem colours and token counts as index-based lists, with JSON conversions.

Inside the engine a set of gems is a list of ints indexed by colour (fast); at the
boundary it is an object naming only the non-zero colours.
"""

from __future__ import annotations

COLORS: tuple[str, ...] = ("white", "blue", "green", "red", "black")
"""The five gem colours, in the order used everywhere."""

GOLD = 5
"""Index of the wild token (gold in Splendor, star sand in Guild) in a token list."""

TOKEN_NAMES: tuple[str, ...] = COLORS + ("gold",)
"""Names of the six token kinds; index 5 is the wild one."""

COLOR_INDEX: dict[str, int] = {name: i for i, name in enumerate(TOKEN_NAMES)}


def counts_to_json(counts: list[int] | tuple[int, ...], names: tuple[str, ...] = TOKEN_NAMES) -> dict[str, int]:
    """``[0, 2, 0, 0, 0, 1]`` → ``{"blue": 2, "gold": 1}`` (non-zero entries only)."""
    return {names[i]: n for i, n in enumerate(counts) if n}


def full_counts_json(counts: list[int] | tuple[int, ...], names: tuple[str, ...] = TOKEN_NAMES) -> dict[str, int]:
    """Every colour named, zeros included."""
    return {names[i]: n for i, n in enumerate(counts)}
