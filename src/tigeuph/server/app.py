"""The HTTP API and the browser board, on Starlette: see ``docs/server.rst`` for the API.

This module assembles the application: its routes, each to its handler, its middleware and its
lifespan. The handlers are grouped by what they serve: a game's own routes
(:mod:`tigeuph.server.game_routes`), its advice (:mod:`tigeuph.server.advice_routes`), the
waits for its next status (:mod:`tigeuph.server.wait_routes`), and what is the same for every
game (:mod:`tigeuph.server.static_routes`); who sent a request is read by
:mod:`tigeuph.server.callers`.

Every handler does its SQLite and engine work in a worker thread (the engine is pure Python
and the database calls block), and answers JSON; an error is
``{"error": kind, "message": ..., "clause": ...}`` from the one table of
:mod:`tigeuph.server.errors` (:mod:`tigeuph.server.guards` answers it), with the library's
message and, for an illegal action, the rule's clause. Agents' moves are queued for the agents'
pool once the response is sent (:mod:`tigeuph.server.agents`), so a person sees his own action
at once and the agents' replies arrive through ``/events``, which wait on the store's notices
(:mod:`tigeuph.server.streams`), never on a search.

A game the store stopped (a stall, spec D8, the action cap or the record's bound) answers
``"over": true`` with ``"stopped"`` saying why, wherever a game's status is given, so clients
that wait for the end stop waiting; an action on it answers ``409`` (``stopped``).

Each request is counted to its client (:mod:`tigeuph.server.clients`): the games it may
create and keep live, the streams it may hold and the agent moves it may queue are its share,
so that no client, nor a few, can take what everyone shares. A request that changes state
comes from no page of another site (:mod:`tigeuph.server.origins`), with a JSON body
(:mod:`tigeuph.server.bodies`).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from ..core.errors import TigeuphError
from .headers import SecurityHeaders
from .limits import ServerLimits
from .service import Service

try:
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware
    from starlette.routing import Route
except ImportError:  # pragma: no cover - depends on the installation
    raise TigeuphError("the server needs the server extra: pip install 'tigeuph[server]'") from None

# The handlers' modules import Starlette as well: after the lines above, which name the extra.
from .advice_routes import AdviceRoutes
from .game_routes import GameRoutes
from .guards import guard, no_route
from .static_routes import StaticRoutes
from .wait_routes import WaitRoutes

__all__ = ["create_app"]


def create_app(db: str, *, limits: ServerLimits | None = None) -> Starlette:
    """The ASGI application serving the games in the SQLite file *db* and the browser board.

    Its agents' pool and upkeep start with the first request that needs them, and stop when
    the application shuts down (its lifespan)."""
    service = Service(db, limits or ServerLimits())
    fixed, games = StaticRoutes(service.limits), GameRoutes(service)
    advice, waits = AdviceRoutes(service), WaitRoutes(service)
    g = "/api/games/{id}"
    routes = [
        Route("/", guard(fixed.page)),
        Route("/static/{name}", guard(fixed.static)),
        Route("/favicon.ico", guard(fixed.favicon)),
        Route("/api/games", guard(games.create), methods=["POST"]),
        Route(g, guard(games.summary)),
        Route(f"{g}/view", guard(games.view)),
        Route(f"{g}/board.svg", guard(games.board)),
        Route(f"{g}/actions", guard(games.act), methods=["POST"]),
        Route(f"{g}/history", guard(games.history)),
        Route(f"{g}/explain", guard(advice.explain)),
        Route(f"{g}/hint", guard(advice.hint)),
        Route(f"{g}/outcome", guard(games.outcome)),
        Route(f"{g}/record", guard(games.record)),
        Route(f"{g}/events", guard(waits.events)),
        Route(f"{g}/wait", guard(waits.wait)),
        Route("/api/openapi.json", guard(fixed.api_description)),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        service.start()
        yield
        await run_in_threadpool(service.close)

    middleware = [Middleware(SecurityHeaders)]
    origins = service.limits.allow_origins
    if origins:  # their pages may call the API from their visitors' browsers
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(origins),
                allow_methods=["GET", "POST"],
                allow_headers=["Authorization", "Content-Type"],
                expose_headers=["Retry-After"],
                max_age=600,
            )
        )
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=middleware,
        exception_handlers={HTTPException: no_route},
    )
    app.state.store = service.store
    app.state.service = service
    return app
