"""Time for the table layer, injected so timers and expiry are testable."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the time in seconds."""

    def now(self) -> float:
        """Seconds since some fixed point."""


class SystemClock:
    """The real clock."""

    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock that moves only when told to (tests)."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.time = start

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds
