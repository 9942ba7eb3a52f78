"""Players' names at a table: what a person typed, made safe to keep and to show.

A name comes from a phone's bytes (or the host's form), so nothing about it is trusted:
it may be no text at all, very long, or full of control and formatting characters (line
breaks, bidirectional overrides, zero-width joiners) meant to break or spoof what other
devices show. `clean_name` keeps printable text only, folds every run of white space to
one space, trims it and cuts it to `NAME_LENGTH` characters; an empty result takes the
seat's default. Names are always *shown as text* by the pages (never parsed as markup), so
``<b>`` stays the four characters it is.

Computer seats are named by their level ("Computer (hard)"); two computers of one level are
told apart by a number ("Computer (hard) 2").
"""

from __future__ import annotations

import unicodedata
from typing import Any

NAME_LENGTH = 24
"""A seat's name is at most this many characters (Unicode code points)."""

_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories never kept in a name: controls, formatting (bidi overrides, zero-width
characters), surrogates, private use and unassigned code points."""


def clean_name(raw: Any, default: str) -> str:
    """``raw`` as a name fit to keep and show, or ``default`` when nothing printable is left
    (or ``raw`` is not text)."""
    if type(raw) is not str:
        return default
    text = unicodedata.normalize("NFC", raw)
    kept: list[str] = []
    for ch in text:
        if ch.isspace() or unicodedata.category(ch) in ("Zl", "Zp", "Zs"):
            kept.append(" ")
        elif unicodedata.category(ch) not in _DROPPED:
            kept.append(ch)
    name = " ".join("".join(kept).split())[:NAME_LENGTH].strip()
    return name or default


def human_default(seat: int) -> str:
    """The name of a human seat nobody named: "Seat 1", "Seat 2", …"""
    return f"Seat {seat + 1}"


def computer_name(level: str) -> str:
    """A computer seat's name: its level ("Computer (hard)")."""
    return f"Computer ({level})"


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """The names of a table's seats from their specs (``{"kind", "bot", "name"}``): humans' names
    cleaned (a default where empty), computers named by level and numbered when one level repeats."""
    names: list[str] = []
    for i, spec in enumerate(seats):
        if spec.get("kind") == "bot":
            base = computer_name(str(spec.get("bot") or "greedy"))
            same = sum(1 for other in seats[:i] if other.get("kind") == "bot"
                       and computer_name(str(other.get("bot") or "greedy")) == base)
            names.append(base if not same else f"{base} {same + 1}")
        else:
            names.append(clean_name(spec.get("name"), human_default(i)))
    return names
