""""What can I do now?": the current choice of a seat, in words, from the engine's listing.

The page never works out what a player may do: it asks the engine (the protocol's ``help`` op,
`HELP_OPS`), which groups the seat's `legal_moves` by kind and describes each group in one line
("Take 3 gems of different colours (white, blue, green)…"). Why a tapped option is refused is the
game's own `explain`, which `Match.play` already puts in its `IllegalMove`; `why_not` returns it
without playing. Nothing here decides legality: every line is a summary of listed moves.

`describe(game, moves)`, the words themselves, is a pure function of the listing
(engine/games/help_words.py, where the Room also finds it for phones).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from .games.help_words import GEM_ORDER, describe
from .match import Match

__all__ = ["GEM_ORDER", "HELP_OPS", "describe", "help_for", "why_not"]

if TYPE_CHECKING:
    from .protocol import Session

Reply = dict[str, Any]


def help_for(match: Match, seat: int) -> dict[str, Any]:
    """`describe` of ``seat``'s listing in ``match``."""
    return describe(match.game, match.legal_moves(seat))


def why_not(match: Match, seat: int, move: Any) -> str | None:
    """The engine's reason for refusing ``move`` (``None`` if it is listed); nothing is played."""
    if move in match.legal_moves(seat):
        return None
    return match._explain(seat, move)


# ----- the protocol op (engine/protocol.py adds HELP_OPS to its table) ------------------------------

def _fail(code: str, message: str) -> NoReturn:
    from .protocol import ProtocolError  # engine.protocol imports this module

    raise ProtocolError(code, message)


def _op_help(session: Session, request: dict[str, Any]) -> Reply:
    """``{"op": "help", "match", "seat", "move"?}`` → ``{"title", "lines", "count", "why_not"?}``."""
    handle = request.get("match")
    if type(handle) is not str or handle not in session.matches:
        _fail("unknown_match", f"no match {handle!r} (it may have been dropped)")
    match = session.matches[handle]
    seat = request.get("seat")
    if type(seat) is not int or not 0 <= seat < match.players:
        _fail("bad_message", "field 'seat' must be a seat of this match")
    reply = help_for(match, seat)
    if "move" in request:
        reply["why_not"] = why_not(match, seat, request["move"])
    return reply


HELP_OPS: dict[str, Callable[[Session, dict[str, Any]], Reply]] = {"help": _op_help}
