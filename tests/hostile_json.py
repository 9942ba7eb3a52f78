"""Hypothesis strategies for hostile JSON, and a strict reader of the engine's replies (shared by the
tests/test_hostile_*.py files)."""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import strategies as st

SAFE = (1 << 53) - 1

lone_surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
hostile_text = st.one_of(
    st.text(max_size=12),
    st.text(alphabet=st.one_of(st.characters(), lone_surrogates), max_size=8),
    st.sampled_from(["", "take", "pass", "move", "join", "\udfff", "\ud800x", "m1", "0", "-1", "1e400",
                     "splendor", "guild", "stars", "station", "NaN", "x" * 70_000]),
)
hostile_numbers = st.one_of(
    st.integers(-3, 9),
    st.integers(),
    st.sampled_from([SAFE, SAFE + 1, -SAFE - 1, 1 << 63, 1 << 64, 10**20, 10**30, -(10**25)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.5, 1.0, -0.0, 1e308, 1e-308]),
)
scalars = st.one_of(st.none(), st.booleans(), hostile_numbers, hostile_text)
hostile_json = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(hostile_text, inner, max_size=4)),
    max_leaves=12,
)


def nested(depth: int, leaf: Any = 0) -> Any:
    """``[[[...leaf...]]]`` nested ``depth`` deep (built without recursion)."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


deep_json = st.integers(30, 400).map(nested)
"""Nested arrays deeper than the engine takes, but shallow enough for ``json.dumps`` to write."""

deep_text = st.integers(30, 100_000).map(lambda n: "[" * n + "0" + "]" * n)
"""JSON text nested up to 100,000 deep (deeper than Python's parser can recurse)."""


def _no_constant(name: str) -> Any:
    raise AssertionError(f"the reply holds {name}, which is not JSON")


def strict_reply(text: str) -> Any:
    """The reply parsed as a browser would take it; fails on NaN/Infinity or an integer JS would round."""
    assert type(text) is str
    value = json.loads(text, parse_constant=_no_constant)
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            stack.extend(item.values())
            stack.extend(item.keys())
        elif type(item) is list:
            stack.extend(item)
        elif type(item) is int:
            assert abs(item) <= SAFE, f"integer {item} beyond 2^53 in a reply"
        elif type(item) is float:
            assert math.isfinite(item)
        elif type(item) is str:
            item.encode("utf-8")  # no lone surrogate
    return value


def to_text(value: Any) -> str:
    """JSON text of a hostile value as a page could send it (NaN and Infinity written out, surrogates escaped)."""
    return json.dumps(value)
