"""The registry of games: id → rules object."""

from __future__ import annotations

from .base import Rules
from .guild.rules import RULES as GUILD
from .splendor.rules import RULES as SPLENDOR
from .stars.rules import RULES as STARS
from .station.rules import RULES as STATION

REGISTRY: dict[str, Rules] = {SPLENDOR.id: SPLENDOR, GUILD.id: GUILD, STARS.id: STARS, STATION.id: STATION}
