"""The server's errors, one per refusal, each answered with its own HTTP status.

Every one is a :class:`~tigeuph.TigeuphError`; :mod:`tigeuph.server.app` maps each to its
status and its ``error`` kind.
"""

from __future__ import annotations

from ..errors import TigeuphError

__all__ = [
    "GameNotFound",
    "GameStopped",
    "NotYourSeat",
    "RateLimited",
    "SeedNotAllowed",
    "ServerBusy",
    "ServerLimitError",
    "StaleVersion",
]


class GameNotFound(TigeuphError, LookupError):
    """No game has this id (HTTP 404)."""


class NotYourSeat(TigeuphError, PermissionError):
    """The token is no seat's token in this game (HTTP 403)."""


class StaleVersion(TigeuphError):
    """The action was based on a version that is no longer the game's (HTTP 409)."""

    def __init__(self, reason: str, version: int) -> None:
        super().__init__(reason)
        self.version = version


class ServerLimitError(TigeuphError, ValueError):
    """A request beyond the server's limits: body size, action cap, record length (HTTP 413
    for a body, 422 otherwise)."""


class GameStopped(TigeuphError):
    """The game was stopped before its end, stalled (spec D8) or at the action cap: it takes
    no more actions (HTTP 409)."""


class RateLimited(TigeuphError):
    """Too many requests of one kind from one client (HTTP 429, with ``Retry-After``)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ServerBusy(TigeuphError):
    """The server is at one of its limits (HTTP 503, with ``Retry-After``)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class SeedNotAllowed(TigeuphError, PermissionError):
    """A client chose a seed, which this server does not allow (HTTP 403)."""
