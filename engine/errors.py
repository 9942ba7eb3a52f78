"""Errors the engine raises at its boundary."""


class IllegalMove(Exception):
    """A move was refused. ``reason`` is a sentence a player can read.

    After this is raised the match is exactly as it was before the attempt.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(ValueError):
    """The game id is not one of ``engine.GAMES``."""


class BadOptions(ValueError):
    """The number of players or an option is not allowed for this game."""
