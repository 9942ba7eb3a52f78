"""`Match`: the game-agnostic face of one game being played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import plain_json
from .errors import IllegalMove
from .games.base import Event, Move, Rules, View
from .rng import Rng, word_to_json

SNAPSHOT_FORMAT = 1


def _same_types(given: Any, canonical: Any) -> bool:
    """True when ``given`` (already ``==`` to ``canonical``) has exactly its JSON types.

    Equality alone would accept ``True`` for ``1`` or ``1.0`` for ``1``; this rejects them.
    """
    if type(given) is not type(canonical):
        return False
    if type(canonical) is dict:
        for key, value in canonical.items():
            inner = given[key]
            if type(inner) is not type(value):
                return False
            if type(value) is dict:
                for key2, value2 in value.items():
                    if type(inner[key2]) is not type(value2):
                        return False
            elif type(value) is list and not _same_types(inner, value):
                return False
        return True
    if type(canonical) is list:
        return all(_same_types(g, c) for g, c in zip(given, canonical, strict=False))
    return True


MOVE_DEPTH = 4
"""A move's values nest at most this deep (the games' own moves nest three deep at most)."""

NOT_LISTED = "that is not one of the moves you can make now"
"""The reason given when a game cannot explain a refusal itself (its explanation failed)."""


def move_problem(move: Any) -> str | None:
    """What makes ``move`` unfit for any game's rules to look at, or ``None``.

    A move's values must be text, numbers JavaScript holds exactly, booleans, ``null``, or
    lists/objects of those nested at most `MOVE_DEPTH` deep. Anything else (a lone surrogate, a
    huge integer, deep nesting, a non-JSON type) is refused with this reason before the game is
    asked; a move of a plain but wrong shape gets the game's own explanation.
    """
    reason = plain_json.problem(move, max_depth=MOVE_DEPTH, int_limit=plain_json.SAFE_INTEGER)
    return f"that is not a move: {reason}" if reason else None


def _listed_index(move: Any, moves: list[Move]) -> int:
    """The index of ``move`` in ``moves`` when it is that very listed object, else -1.

    A caller that hands back a move it was given (a bot, a playout) needs no shape or type
    check: the listed object is canonical by construction. Only a plain dict is looked up
    here; comparing one with the listed dicts is safe whatever it holds (the listed values are
    text, numbers and shallow objects, so no comparison recurses past their depth).
    """
    if type(move) is not dict:
        return -1
    try:
        index = moves.index(move)
    except ValueError:
        return -1
    return index if moves[index] is move else -1


def _copy_move(move: Move) -> Move:
    """A copy of a move deep enough for the JSON shapes moves use (nested dicts/lists)."""
    out: Move = {}
    for key, value in move.items():
        if type(value) is dict:
            out[key] = dict(value)
        elif type(value) is list:
            out[key] = list(value)
        else:
            out[key] = value
    return out


class Match:
    """One game being played: its rules, state, seed and move log.

    Everything that crosses this boundary is plain JSON. ``play`` either applies a
    legal move or raises `IllegalMove` and changes nothing.
    """

    def __init__(
        self,
        rules: Rules,
        state: Any,
        players: int,
        options: dict[str, Any],
        seed: int,
        log: list[list[Any]] | None = None,
    ) -> None:
        self._rules = rules
        self._state = state
        self._players = players
        self._options = options
        self._seed = seed
        self._log: list[list[Any]] = log if log is not None else []
        self._legal: dict[int, list[Move]] = {}

    @property
    def game(self) -> str:
        """The game id, e.g. ``"splendor"``."""
        return self._rules.id

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def options(self) -> dict[str, Any]:
        """The options fixed for this match (a copy)."""
        return dict(self._options)

    @property
    def seed(self) -> int:
        """The seed the match was created with."""
        return self._seed

    @property
    def log(self) -> list[list[Any]]:
        """The accepted moves so far, as ``[seat, move]`` pairs (a copy)."""
        return [[seat, _copy_move(move)] for seat, move in self._log]

    @property
    def moves_made(self) -> int:
        """How many moves have been accepted (the length of `log`, without copying it)."""
        return len(self._log)

    def seats_since(self, moves: int) -> list[int]:
        """The seat of each move accepted after the first ``moves``, in order."""
        return [seat for seat, _ in self._log[moves:]]

    def to_act(self) -> list[int]:
        """The seats that may act now (empty once the game is over)."""
        return self._rules.to_act(self._state)

    def waiting_for(self) -> list[int]:
        """The seats the game must hear from before it goes on: a subset of `to_act`.

        Timers and computer seats follow these; a seat in `to_act` but not here may act
        (e.g. spend Stars' stardust out of turn) but nobody waits for it.
        """
        return self._rules.waiting_for(self._state)

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now (empty if it may not act). Treat as read-only."""
        if type(seat) is not int or not 0 <= seat < self._players:
            return []
        moves = self._legal.get(seat)
        if moves is None:
            moves = self._rules.legal_moves(self._state, seat)
            self._legal[seat] = moves
        return moves

    def play(self, seat: int, move: Move) -> list[Event]:
        """Apply ``move`` for ``seat`` and return the events; or raise `IllegalMove`."""
        listed = self._legal.get(seat) if type(seat) is int else None
        if listed is not None and type(move) is dict:
            # the very object `legal_moves` listed for this seat in this state needs no check —
            # the seat may act (a seat that may not has no moves) and the move is canonical;
            # looked for by identity (`is`): comparing it with each listed move before it, as
            # `list.index` does, costs more than a step's rules in some games. A plain loop:
            # `any(map(operator.is_, …))` costs twice as much in CPython and three times as
            # much in Pyodide (a builtin call an item; docs/performance.md)
            for listed_move in listed:
                if listed_move is move:
                    return self._accept(seat, move)
        if type(seat) is not int or not 0 <= seat < self._players:
            raise IllegalMove(f"there is no seat {seat!r} at this table of {self._players}")
        if self._rules.is_over(self._state):
            raise IllegalMove("the game is over: no more moves")
        if seat not in self._rules.to_act(self._state):
            raise IllegalMove(f"it is not seat {seat}'s turn")
        shape = move_problem(move)
        if shape:
            raise IllegalMove(shape)
        moves = self.legal_moves(seat)
        try:
            index = moves.index(move)
        except ValueError:
            index = -1
        if index < 0 or not _same_types(move, moves[index]):
            raise IllegalMove(self._explain(seat, move))
        return self._accept(seat, moves[index])

    def _accept(self, seat: int, move: Move) -> list[Event]:
        """Apply ``move``, an object `legal_moves` listed for ``seat`` now, and log it.

        The log keeps the listed object itself, not a copy: listed moves are read-only (many
        are shared by every listing that holds them), no game's ``apply`` changes the move it
        is given (tests/test_speed_match.py), and `log` hands out copies.
        """
        self._legal = {}
        events = self._rules.apply(self._state, seat, move)
        self._log.append([seat, move])
        return events

    def _explain(self, seat: int, move: Move) -> str:
        """The game's reason for refusing ``move``; a plain one if its explanation fails.

        Explanations only read the state, so one that raises (a value of a type the game never
        lists, say) changes nothing; the move is refused all the same.
        """
        try:
            reason = self._rules.explain(self._state, seat, move)
        except Exception:  # a hostile value the explanation did not expect
            return NOT_LISTED
        return reason if type(reason) is str and reason else NOT_LISTED

    def replayed(self, moves: int | None = None) -> Match:
        """A new match of the same game, options and seed with the first ``moves`` moves of the log
        played again (all of them when ``None``; ``-1``: all but the last, to undo it)."""
        state = self._rules.setup(self._players, dict(self._options), Rng(self._seed))
        match = Match(self._rules, state, self._players, dict(self._options), self._seed)
        for seat, move in self._log[:moves]:
            match.play(seat, move)
        return match

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see; ``None`` gives the public view (a shared screen)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self._players):
            raise ValueError(f"there is no seat {seat!r} at this table of {self._players}")
        return self._rules.view(self._state, seat)

    def views(self, seats: Sequence[int | None]) -> list[View]:
        """`view` of each of ``seats`` (``None``: the public view), built together: a part every one
        of them sees alike is one object in all their views (read-only: a table writes them out
        and changes none). A room sends these to its devices (engine/table/room.py)."""
        for seat in seats:
            if seat is not None and (type(seat) is not int or not 0 <= seat < self._players):
                raise ValueError(f"there is no seat {seat!r} at this table of {self._players}")
        return self._rules.views(self._state, seats)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._rules.is_over(self._state)

    def result(self) -> dict[str, Any] | None:
        """``{"scores", "winners", …tie-break values…}`` once over, else ``None``."""
        return self._rules.result(self._state)

    def snapshot(self) -> dict[str, Any]:
        """The whole match as plain JSON; `engine.restore` brings it back.

        The seed is written as decimal text, like the generator's state inside ``state``: a
        JavaScript number would round a 64-bit value.
        """
        return {
            "format": SNAPSHOT_FORMAT,
            "game": self._rules.id,
            "players": self._players,
            "options": dict(self._options),
            "seed": word_to_json(self._seed),
            "log": self.log,
            "state": self._rules.to_json(self._state),
        }
