"""Each game's table rules (seeds 000 and 001): timers, offline seats.

- ``splendor`` (seed 001): the host takes the first turn; solo (one human) waits for you;
  with two or more humans each action or required choice has 75 seconds, after which a
  bot makes that one decision for the seat.
- ``guild`` (seed 000): no turn timer; an offline seat's turn waits for it; the host may
  have a bot play one step for an offline seat.
- Games whose seeds say nothing (``station``, ``stars``): like Guild — no timer, the host may
  play one step for an offline seat — so a table is never stuck and nobody is rushed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TablePolicy:
    """How a game's table treats time and absent players."""

    turn_seconds: float | None = None  # per action or required choice; None: no timer
    timer_min_humans: int = 2  # the timer runs only with at least this many human seats
    host_may_step_offline: bool = True  # the host may have a bot play one step for an offline seat
    timeout_bot: str = "greedy"  # the bot that decides for a seat whose time ran out


POLICIES: dict[str, TablePolicy] = {
    "splendor": TablePolicy(turn_seconds=75.0, timer_min_humans=2, host_may_step_offline=False),
    "guild": TablePolicy(turn_seconds=None, host_may_step_offline=True),
}

DEFAULT = TablePolicy()

ROOM_IDLE_SECONDS = 24 * 3600  # a room closes after 24 hours without an action (seed 000)
TRANSFER_CODE_SECONDS = 10 * 60  # a device-transfer code is valid for 10 minutes (seed 000)


def policy_for(game: str) -> TablePolicy:
    """The table policy of a game id."""
    return POLICIES.get(game, DEFAULT)
