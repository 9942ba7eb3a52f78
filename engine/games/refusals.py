"""The refusal reasons every game gives before its own rules are consulted."""

from __future__ import annotations

from typing import Any


def envelope_reason(ended: bool, may_act: bool, seat: int, move: Any,
                    fields: dict[str, set[str]], optional: frozenset[str] = frozenset()) -> str | None:
    """Why ``move`` is refused for its form alone, or None when the form is right.

    Checks, in order: the game is over; it is not this seat's turn; the move is not a JSON
    object; its ``type`` is unknown; it has fields that type does not take, or lacks some
    (``optional`` names fields a type may leave out).
    """
    if ended:
        return "the game is over: no more moves"
    if not may_act:
        return f"it is not seat {seat}'s turn"
    if type(move) is not dict:
        return "a move must be a JSON object such as {\"type\": \"pass\"}"
    kind = move.get("type")
    if kind not in fields:
        return f"unknown move type {kind!r}: expected one of " + ", ".join(fields)
    extra = set(move) - fields[kind]
    if extra:
        return f"unexpected field(s) {', '.join(sorted(map(str, extra)))} in a {kind} move"
    missing = fields[kind] - set(move) - optional
    if missing:
        return f"a {kind} move needs {', '.join(sorted(missing))}"
    return None
