"""Short human-readable text for a move and a result, for `python -m engine replay` (any game).

The text is made from the move's own JSON (its type, then each field), so it is cheap and the
same for every game: ``{"type": "take", "gems": {"white": 1, "blue": 1}}`` reads
``take gems white 1, blue 1``. The site's log lines are the games' own (site/js/games/*).
"""

from __future__ import annotations

from typing import Any


def _value(value: Any) -> str:
    if type(value) is dict:
        return ", ".join(f"{key} {_value(inner)}" for key, inner in value.items())
    if type(value) is list:
        return "(" + ", ".join(_value(inner) for inner in value) + ")"
    if value is None:
        return "none"
    if type(value) is bool:
        return "yes" if value else "no"
    return str(value)


def describe_move(move: dict[str, Any]) -> str:
    """``type`` then ``field value`` for each other field: ``reserve card 3-08``."""
    parts = [str(move.get("type", "move"))]
    parts += [f"{key} {_value(value)}" for key, value in move.items() if key != "type"]
    return " ".join(parts)


def describe_result(result: dict[str, Any], names: list[str]) -> str:
    """``Ada 18, Bob 13; winner Ada (decided by prestige)`` from a game's result."""
    scores = result.get("scores")
    winners = result.get("winners")
    parts = []
    if type(scores) is list and len(scores) == len(names):
        parts.append(", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True)))
    if type(winners) is list:
        won = [names[seat] for seat in winners if type(seat) is int and 0 <= seat < len(names)]
        label = "winner" if len(won) == 1 else "winners"
        parts.append(f"{label} {' and '.join(won) or 'none'}")
    text = "; ".join(parts)
    decided = result.get("decided_by")
    return f"{text} (decided by {decided})" if type(decided) is str else text
