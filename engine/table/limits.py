"""What one device may send a room: a size cap per message and a rate per device.

Each device has its own allowance (a token bucket), so a device that floods the table uses up
only its own: the others' messages are answered as before. A move the table accepts gives its
token back: accepted moves are bounded by the game itself (each must be that seat's turn), so a
fast game at a table whose clock stands still (tests) is never throttled. docs/table.md
("Limits") gives the figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_MESSAGE = 64 * 1024
"""The longest message a device may send, in characters of compact JSON."""

BURST = 20
"""Messages a device may send at once before it is throttled."""

PER_SECOND = 5.0
"""Messages per second a device's allowance refills by."""


@dataclass
class RateLimit:
    """A token bucket per device: `allow` spends one, `refund` gives one back."""

    burst: int = BURST
    per_second: float = PER_SECOND
    buckets: dict[str, list[float]] = field(default_factory=dict)  # device → [tokens, at time]

    def allow(self, device: str, now: float) -> bool:
        """Whether ``device`` may send one more message at ``now`` (spends it if so)."""
        tokens, then = self.buckets.get(device, [float(self.burst), now])
        tokens = min(float(self.burst), tokens + max(0.0, now - then) * self.per_second)
        if tokens < 1.0:
            self.buckets[device] = [tokens, now]
            return False
        self.buckets[device] = [tokens - 1.0, now]
        return True

    def refund(self, device: str) -> None:
        """Give back the token of a message that should not count (an accepted move)."""
        bucket = self.buckets.get(device)
        if bucket is not None:
            bucket[0] = min(float(self.burst), bucket[0] + 1.0)

    def forget(self, device: str) -> None:
        """Drop a device's allowance (it disconnected)."""
        self.buckets.pop(device, None)
