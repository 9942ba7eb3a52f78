"""What the engine takes as JSON from outside: parsing with limits, and a check of plain values.

Text from a page, a phone or a file may be anything. `loads` parses it refusing what JSON
parsers disagree on or cannot carry back (NaN and Infinity, numbers too large for a double,
integers of more than 20 digits, nesting deeper than Python can recurse); `problem` says what is
wrong with a decoded value (too deep, a string with a lone surrogate that UTF-8 cannot encode, an
integer beyond a limit, a non-JSON type), or ``None``. Both work without recursion, so no input
can exhaust the stack.
"""

from __future__ import annotations

import json
import math
from json.encoder import encode_basestring_ascii
from typing import Any

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted (the engine's own JSON is under 12 deep)."""

SAFE_INTEGER = (1 << 53) - 1
"""The largest integer a JavaScript number holds exactly (``Number.MAX_SAFE_INTEGER``)."""

WORD = (1 << 64) - 1
"""The largest 64-bit unsigned integer (an old snapshot's generator state may be this large)."""

_MAX_DIGITS = 20


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:32]} is too large")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError(f"an integer of {len(text.lstrip('-'))} digits is too large")
    return int(text)


def loads(text: str) -> Any:
    """``json.loads`` that raises ``ValueError`` (with a reason) for anything the engine refuses to parse."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float, parse_int=_bounded_int)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def problem(value: Any, max_depth: int = MAX_DEPTH, int_limit: int = WORD) -> str | None:
    """What makes ``value`` unacceptable as plain JSON from outside, or ``None`` if nothing does.

    Accepted: objects with string keys, arrays, strings that UTF-8 can encode, booleans, ``null``,
    finite floats and integers with ``abs(n) <= int_limit``, nested at most ``max_depth`` deep.
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is dict or kind is list:
            if depth >= max_depth:
                return f"nested more than {max_depth} deep"
            if kind is dict:
                for key, inner in item.items():
                    if type(key) is not str:
                        return "an object key is not a string"
                    reason = _text_problem(key)
                    if reason:
                        return reason
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)
        elif kind is str:
            reason = _text_problem(item)
            if reason:
                return reason
        elif kind is int:
            if abs(item) > int_limit:
                return f"an integer is out of range (at most {int_limit} either way)"
        elif kind is float:
            if not math.isfinite(item):
                return "a number is not finite"
        elif kind is not bool and item is not None:
            return f"{kind.__name__} is not a JSON value"
    return None


def _text_problem(text: str) -> str | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "a string holds a lone surrogate (not valid Unicode text)"
    return None


_ENCODER = json.JSONEncoder(separators=(",", ":"), allow_nan=False)
"""`dumps`' encoder, made once (``json.dumps`` makes one a call when given its options)."""


def dumps(value: Any) -> str:
    """Compact JSON text; raises ``ValueError`` rather than writing NaN or Infinity."""
    return _ENCODER.encode(value)


_string_text = encode_basestring_ascii
"""A string's JSON text as `dumps` writes it (ASCII, escaped)."""
_CONSTANT_TEXT = {None: "null", True: "true", False: "false"}

Plan = dict[str, "Plan | None"]
"""Where `dumps_shared` writes a value part by part: per key of an object (``"*"``: every item of
an array), the plan of the value there; ``None``, or a key the plan leaves out: written whole."""


def dumps_shared(value: Any, plan: Plan, known: dict[int, str] | None = None) -> str:
    """The text `dumps` writes for ``value``, with every object or array that ``value`` holds more
    than once (the very same Python object) written once.

    The containers ``plan`` names are written from their items; any other object or array is
    written whole (`dumps`), and where the same object is met again its text is put in again.
    Objects are found again by identity while ``value`` holds them all, so no text is mistaken
    for another's. A room's updates to five devices carry views built together
    (`engine.match.Match.views`), which share what every seat sees alike: written this way, that
    part is written once, not five times (docs/performance.md).

    ``known``: texts already written, by the ``id`` of their object, which the caller keeps alive
    and unchanged while its text is here; those objects are not written again. It is filled in
    with the text of every object and array written now (the caller keeps what it wants).
    """
    return _text(value, plan, {} if known is None else known)


def _text(value: Any, plan: Plan | None, memo: dict[int, str]) -> str:
    kind = type(value)
    if kind is str:  # text, whole numbers and constants as `json` writes them, without its call
        return _string_text(value)
    if kind is int:
        return int.__repr__(value)
    if value is None or kind is bool:
        return _CONSTANT_TEXT[value]
    if kind is not dict and kind is not list:
        return _ENCODER.encode(value)
    found = memo.get(id(value))
    if found is not None:
        return found
    if plan is None:
        text = _ENCODER.encode(value)
    elif kind is dict:
        text = _object_text(value, plan, memo)
    else:
        inner = plan.get("*")
        text = "[" + ",".join([_text(item, inner, memo) for item in value]) + "]"
    memo[id(value)] = text
    return text


def _object_text(value: dict[Any, Any], plan: Plan, memo: dict[int, str]) -> str:
    parts = []
    for key, item in value.items():
        if type(key) is not str:  # `dumps` writes other keys as text: let it write this object
            return _ENCODER.encode(value)
        parts.append(_string_text(key) + ":" + _text(item, plan.get(key), memo))
    return "{" + ",".join(parts) + "}"


class Written:
    """A JSON value with the text `dumps` wrote for it.

    A room checks that a move's outbox can be written (writing it) before it keeps the move;
    the reply that carries the outbox then puts that text in as it is (`dumps_object`) rather
    than writing the same updates a second time.
    """

    __slots__ = ("text", "value")

    def __init__(self, value: Any, text: str) -> None:
        self.value = value
        self.text = text


def dumps_object(obj: dict[str, Any]) -> str:
    """`dumps` of an object whose values may be `Written` (their text goes in as it is): the
    same text `dumps` writes for the object with each `Written` replaced by its value."""
    if not any(type(value) is Written for value in obj.values()):
        return dumps(obj)
    parts = [dumps(key) + ":" + (value.text if type(value) is Written else dumps(value))
             for key, value in obj.items()]
    return "{" + ",".join(parts) + "}"


def canonical(value: Any) -> str:
    """JSON text that is the same for equal JSON values whatever their key order (keys sorted)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False, sort_keys=True)
