"""How a game's table treats time and absent players: `TablePolicy`, read from each game's
facts (``"table"`` in `engine.games.GAME_INFO`), so this module names no game.

The defaults are the table nobody is rushed at: no turn timer, and the host may have a bot
play one step for an offline seat, so a table is never stuck (Guild's table, seed 000; the
seeds of Stars and Station say nothing of the table). Splendor's facts (seed 001) set a
75-second timer per action or required choice with two or more humans, after which a bot
makes that one decision, and no host step.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games import GAME_INFO
from ..games.base import TableFacts


@dataclass(frozen=True)
class TablePolicy:
    """How a game's table treats time and absent players."""

    turn_seconds: float | None = None  # per action or required choice; None: no timer
    timer_min_humans: int = 2  # the timer runs only with at least this many human seats
    host_may_step_offline: bool = True  # the host may have a bot play one step for an offline seat
    timeout_bot: str = "greedy"  # the bot that decides for a seat whose time ran out


DEFAULT = TablePolicy()

ROOM_IDLE_SECONDS = 24 * 3600  # a room closes after 24 hours without an action (seed 000)
TRANSFER_CODE_SECONDS = 10 * 60  # a device-transfer code is valid for 10 minutes (seed 000)


def _from_facts(facts: TableFacts) -> TablePolicy:
    """The policy a game's ``table`` facts describe (a missing key takes the default)."""
    return TablePolicy(
        turn_seconds=facts.get("turn_seconds", DEFAULT.turn_seconds),
        timer_min_humans=facts.get("timer_min_humans", DEFAULT.timer_min_humans),
        host_may_step_offline=facts.get("host_may_step_offline", DEFAULT.host_may_step_offline),
        timeout_bot=facts.get("timeout_bot", DEFAULT.timeout_bot),
    )


POLICIES: dict[str, TablePolicy] = {game: _from_facts(info["table"]) for game, info in GAME_INFO.items()}
"""Each game id's policy, read once from its facts (a test may replace one: e2e/net_support.py)."""


def policy_for(game: str) -> TablePolicy:
    """The table policy of a game id (the defaults for an id not in `GAME_INFO`)."""
    return POLICIES.get(game, DEFAULT)
