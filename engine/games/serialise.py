"""Writing a game's state objects as JSON and reading them back: the one helper every state.py uses.

A state class lists its fields once, as its ``__slots__`` in the order they are written. Plain
fields (numbers, strings, booleans, ``None`` and lists/objects of them) are deep-copied both ways;
a field that holds an object of its own (the generator, the seats, a board) is named in a small
table of ``(write, read)`` functions. Nothing else is special-cased, so a new field is serialised
by adding it to ``__slots__``. (Station's seat also holds what its station's layout last was, which
is no part of the state: it lists its written fields as ``FIELDS``, and ``__slots__`` adds the memo.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ..rng import Rng

T = TypeVar("T")

Codec = tuple[Callable[[Any], Any], Callable[[Any], Any]]
"""How one field is written to JSON and read back: ``(write, read)``."""

_SCALARS = (str, int, float, bool, type(None))


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON (objects with string keys, lists, scalars); ``TypeError`` otherwise."""
    kind = type(value)
    if kind is dict:
        out = {}
        for key, inner in value.items():
            if type(key) is not str:
                raise TypeError(f"a JSON object key must be a string, not {type(key).__name__}")
            out[key] = copy_json(inner)
        return out
    if kind is list:
        return [copy_json(inner) for inner in value]
    if kind in _SCALARS:
        return value
    raise TypeError(f"{kind.__name__} is not plain JSON")


def fields_to_json(obj: object, fields: Sequence[str], codecs: Mapping[str, Codec] | None = None) -> dict[str, Any]:
    """Every field of ``obj`` in ``fields`` as JSON, in that order (``codecs`` for the non-plain ones)."""
    codecs = codecs or {}
    out: dict[str, Any] = {}
    for name in fields:
        value = getattr(obj, name)
        out[name] = codecs[name][0](value) if name in codecs else copy_json(value)
    return out


def fields_from_json(obj: T, data: Mapping[str, Any], fields: Sequence[str],
                     codecs: Mapping[str, Codec] | None = None) -> T:
    """Set every field of ``obj`` in ``fields`` from ``data`` (`fields_to_json`'s output); returns ``obj``.

    A missing field raises ``KeyError``; a value that is not plain JSON raises ``TypeError``.
    """
    codecs = codecs or {}
    for name in fields:
        value = data[name]
        setattr(obj, name, codecs[name][1](value) if name in codecs else copy_json(value))
    return obj


def list_of(write: Callable[[Any], Any], read: Callable[[Any], Any]) -> Codec:
    """The codec of a list whose items each have their own ``(write, read)``, e.g. a state's seats."""
    def write_all(items: Any) -> Any:
        return [write(item) for item in items]

    def read_all(data: Any) -> Any:
        if type(data) is not list:
            raise TypeError("expected a list")
        return [read(item) for item in data]

    return write_all, read_all


RNG: Codec = (Rng.to_json, Rng.from_json)
"""The generator's codec: its state as a decimal string (an integer from older snapshots is read too)."""
