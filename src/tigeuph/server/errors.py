"""The server's errors, one per refusal, and :data:`ERRORS`: the one table that gives each
error the server may meet its HTTP status and its ``error`` kind.

An error is found in the table by its type, the most derived class first (its MRO), so a
subclass answers as its base unless it has a line of its own; nothing depends on a message's
words. An exception that is in no line is a bug: :func:`answer` logs it with its traceback and
answers ``500`` ``internal``.

Every class here is a :class:`~tigeuph.TigeuphError`. This module imports no HTTP library: the
store raises these errors, :mod:`tigeuph.server.guards` turns them into answers.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from attrs import frozen

from ..agents.base import AgentSpecError
from ..core.errors import (
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    NotationError,
    TigeuphError,
)

__all__ = [
    "ERRORS",
    "BodyTooLarge",
    "GameNotFound",
    "GameStopped",
    "Malformed",
    "MethodNotAllowed",
    "NoSuchPath",
    "NotOver",
    "NotYourSeat",
    "OriginNotAllowed",
    "RateLimited",
    "Refusal",
    "SeedNotAllowed",
    "ServerBusy",
    "ServerLimitError",
    "StaleVersion",
    "UnsupportedMediaType",
    "answer",
    "refusal_of",
]

_LOG: Final = logging.getLogger("tigeuph.server")


class GameNotFound(TigeuphError, LookupError):
    """No game has this id (HTTP 404)."""


class NoSuchPath(TigeuphError, LookupError):
    """No route has this path (HTTP 404)."""


class MethodNotAllowed(TigeuphError):
    """The path takes other methods (HTTP 405, with ``Allow``)."""


class NotYourSeat(TigeuphError, PermissionError):
    """The token is no seat's token in this game (HTTP 403)."""


class SeedNotAllowed(TigeuphError, PermissionError):
    """A client chose a game's seed, and so its deal, on a server that does not let clients
    do that (HTTP 403)."""


class OriginNotAllowed(TigeuphError, PermissionError):
    """A browser's request that changes state, sent from a page of another origin than the
    server's own and those its operator allows (HTTP 403): a stranger's page making its
    visitors' browsers create games."""


class UnsupportedMediaType(TigeuphError, ValueError):
    """A request body not sent as ``Content-Type: application/json`` (HTTP 415): another
    type is one a page of any site may send without asking the server first (CORS)."""


class StaleVersion(TigeuphError):
    """The action was based on a version that is no longer the game's (HTTP 409); ``version``
    is the game's."""

    def __init__(self, reason: str, version: int) -> None:
        super().__init__(reason)
        self.version = version


class GameStopped(TigeuphError):
    """The game was stopped before its end, stalled (spec D8) or at the action cap: it takes
    no more actions (HTTP 409)."""


class NotOver(TigeuphError):
    """The outcome or the record was asked for before the game is over or stopped (HTTP 409):
    a record shows the bag and every hand."""


class Malformed(TigeuphError, ValueError):
    """A request body or parameter that is not what the API takes (HTTP 422)."""


class ServerLimitError(TigeuphError, ValueError):
    """A request beyond one of the server's limits: the action cap, the record's length, a
    seat's budget (HTTP 422)."""


class BodyTooLarge(ServerLimitError):
    """A request body over ``ServerLimits.body`` bytes (HTTP 413)."""


class RateLimited(TigeuphError):
    """This client asked for too much too fast, or holds its share of something the clients
    share (HTTP 429); ``retry_after`` is in seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ServerBusy(TigeuphError):
    """The server is full, for everyone: too many live games, agent moves waiting or open
    streams of all clients (HTTP 503); ``retry_after`` is in seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@frozen
class Refusal:
    """How the API answers one kind of error: its HTTP status and its ``error`` kind."""

    status: int
    kind: str


ERRORS: Final[Mapping[type[Exception], Refusal]] = MappingProxyType(
    {
        GameNotFound: Refusal(404, "not-found"),
        NoSuchPath: Refusal(404, "not-found"),
        MethodNotAllowed: Refusal(405, "method-not-allowed"),
        NotYourSeat: Refusal(403, "forbidden"),
        SeedNotAllowed: Refusal(403, "seed-not-allowed"),
        OriginNotAllowed: Refusal(403, "origin-not-allowed"),
        StaleVersion: Refusal(409, "stale-version"),
        GameStopped: Refusal(409, "stopped"),
        NotOver: Refusal(409, "not-over"),
        BodyTooLarge: Refusal(413, "too-large"),
        UnsupportedMediaType: Refusal(415, "unsupported-media-type"),
        Malformed: Refusal(422, "malformed"),
        NotationError: Refusal(422, "malformed"),  # JsonError, LimitError, RecordError...
        ArgumentError: Refusal(422, "malformed"),
        ArgumentTypeError: Refusal(422, "malformed"),
        IllegalActionError: Refusal(422, "illegal-action"),
        ServerLimitError: Refusal(422, "limit"),
        AgentSpecError: Refusal(422, "bad-seat"),
        RateLimited: Refusal(429, "rate-limited"),
        ServerBusy: Refusal(503, "busy"),
    }
)
"""Each error the server may meet, the server's own and the library's, and its answer."""

INTERNAL: Final = Refusal(500, "internal")
"""The answer to an error in no line of :data:`ERRORS`: a bug."""


def refusal_of(err: BaseException) -> Refusal | None:
    """The line of :data:`ERRORS` that answers *err*: its class's, or its nearest base's."""
    for kind in type(err).__mro__:
        found = ERRORS.get(kind)
        if found is not None:
            return found
    return None


def answer(err: Exception) -> tuple[int, dict[str, Any], dict[str, str]]:
    """The HTTP status, the JSON body and the headers that answer *err*.

    The body is ``{"error": kind, "message": ..., "clause": ...}`` (``clause`` names the rule
    an illegal action breaks, else ``null``), with ``version`` for a stale version; a refusal
    that passes with time says when to ask again in ``Retry-After`` (whole seconds). An error
    in no line of the table is logged with its traceback and answered ``500`` with no detail.
    """
    refusal = refusal_of(err)
    if refusal is None:
        _LOG.error("the server failed on a request", exc_info=err)
        failed = {"error": INTERNAL.kind, "message": "the server failed (logged)", "clause": None}
        return INTERNAL.status, failed, {}
    clause = getattr(err, "clause", None)
    body: dict[str, Any] = {"error": refusal.kind, "message": str(err), "clause": clause}
    headers: dict[str, str] = {}
    if isinstance(err, StaleVersion):
        body["version"] = err.version
    if isinstance(err, RateLimited | ServerBusy):
        headers["Retry-After"] = str(max(0, math.ceil(err.retry_after)))
    return refusal.status, body, headers
