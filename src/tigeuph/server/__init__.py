"""A game server and a browser board: ``tigeuph serve`` (the ``server`` extra).

It serves every game of :data:`tigeuph.GAMES` through the one game interface
(:class:`tigeuph.GameInterface`); what a client gets beyond it (the main game's action ids,
its board's grid to click) is ``tigeuph.server.extras``. Games live in a SQLite file, one row
per game (``tigeuph.server.store``, the table itself in ``tigeuph.server.rows``, the seats
and their tokens in ``tigeuph.server.seats``, the public history in
``tigeuph.server.history``, each game's record replayed and its stall watch in
``tigeuph.server.stops``); every action is a
compare-and-swap on the game's version, so of two simultaneous actions one wins and the other
gets ``409``. Each human seat has a secret token, returned once when the game is made; agents'
seats are thought out in worker processes (``tigeuph.server.agents``). Everything a stranger
could push against is bounded by :class:`ServerLimits` (``tigeuph.server.limits``), per
client first (an address or an IPv6 /64, ``clients``), so that no client nor a few can take
what all share: creation (``admission``), the live games kept (``store``), open streams
(``streams``), the agents' queue, served fairly between clients (``fairness``);
``tigeuph.server.service`` runs these parts. The HTTP API and the page are
:func:`create_app` (``tigeuph.server.app``, on Starlette, its handlers in ``game_routes``,
``advice_routes``, ``wait_routes`` and ``static_routes``, who sent a request read by
``callers``, its bodies read strictly by ``bodies``, requests that change state from other
sites' pages refused by ``origins``, every refusal from the one table in ``errors`` answered
by ``guards``, its description in ``openapi``, its headers from ``headers``); :func:`serve`
runs it under uvicorn, with tokens kept out of its log (``logs``). See ``docs/server.rst``.

The store needs only the standard library; the application needs the ``server`` extra
(``pip install 'tigeuph[server]'``), and raises a :class:`~tigeuph.TigeuphError` naming it
when it is missing.
"""

from __future__ import annotations

from typing import Any

from ..tigris.interface.client import describe, describe_all
from .errors import (
    ERRORS,
    BodyTooLarge,
    GameNotFound,
    GameStopped,
    Malformed,
    MethodNotAllowed,
    NoSuchPath,
    NotOver,
    NotYourSeat,
    OriginNotAllowed,
    RateLimited,
    Refusal,
    SeedNotAllowed,
    ServerBusy,
    ServerLimitError,
    StaleVersion,
    UnsupportedMediaType,
)
from .limits import ServerLimits
from .seats import HUMAN
from .store import Store

__all__ = [
    "ERRORS",
    "HUMAN",
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
    "ServerLimits",
    "StaleVersion",
    "Store",
    "UnsupportedMediaType",
    "create_app",
    "describe",
    "describe_all",
    "serve",
]


def create_app(db: str, *, limits: ServerLimits | None = None) -> Any:
    """The ASGI application (Starlette) serving the games in the SQLite file *db*.

    Raises:
        TigeuphError: the ``server`` extra is not installed.
    """
    from .app import create_app as make

    return make(db, limits=limits or ServerLimits())


def serve(
    db: str, *, host: str = "127.0.0.1", port: int = 8000, limits: ServerLimits | None = None
) -> None:
    """Serve the games in *db* on *host*:*port* until interrupted (loopback by default).

    Raises:
        TigeuphError: the ``server`` extra is not installed.
    """
    from ..core.errors import TigeuphError

    try:
        import uvicorn
    except ImportError:
        raise TigeuphError(
            "the server needs the server extra: pip install 'tigeuph[server]'"
        ) from None
    from .logs import log_config

    uvicorn.run(
        create_app(db, limits=limits),
        host=host,
        port=port,
        timeout_graceful_shutdown=2,
        log_config=log_config(),
        proxy_headers=False,  # the application trusts ServerLimits.trusted_proxies alone
    )
