"""The handlers a client waits on for a game's next status: ``events`` (server-sent events) and
``wait`` (long polling). Both wait on the store's notices (:mod:`tigeuph.server.streams`), never
on a search, and count each open wait to its client's share of streams; the agents' replies
reach a person's page this way.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from .bodies import MAX_QUERY, MAX_WAIT, query_int
from .callers import client_of
from .game_routes import ask_agents_later
from .service import Service

__all__ = ["KEEP_ALIVE", "STREAM_SECONDS", "WaitRoutes"]

STREAM_SECONDS: Final = 300.0
"""Seconds an event stream stays open; a client reconnects (``retry``) to go on."""
KEEP_ALIVE: Final = 15.0
"""Seconds between two comments on a quiet event stream, so that a dead client is found."""


class WaitRoutes:
    """The handlers of ``/api/games/{id}/events`` and ``/api/games/{id}/wait``."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.store = service.store

    async def events(self, request: Request) -> Response:
        """Server-sent events: one ``version`` event for each new status of the game, until it
        is over or stopped (or :data:`STREAM_SECONDS` pass: the client reconnects)."""
        game_id = request.path_params["id"]
        last = query_int(request, "after", -1, -1, MAX_QUERY)
        changes = self.service.changes
        watching = changes.watching(game_id, client_of(self.service, request))
        status = await watching.__aenter__()  # 404, 429 or 503 here, before the stream starts

        async def stream() -> AsyncIterator[str]:
            nonlocal last
            try:
                yield "retry: 1000\n\n"
                if status.to_json()["over"] and last >= status.version:
                    return  # nothing will come: the game had ended before the stream began
                loop = asyncio.get_running_loop()
                deadline = loop.time() + STREAM_SECONDS
                while loop.time() < deadline:
                    found = await changes.after(game_id, last, KEEP_ALIVE)
                    if found is None:
                        yield ": still here\n\n"
                        continue
                    last, told = found.version, found.to_json()
                    yield f"event: version\ndata: {json.dumps(told)}\n\n"
                    if told["over"]:
                        return
            finally:
                await watching.__aexit__(None, None, None)

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def wait(self, request: Request) -> Response:
        """Long polling: the game's status once its version passes ``after`` (or at the
        timeout, at most 30 seconds)."""
        game_id = request.path_params["id"]
        after = query_int(request, "after", -1, -1, MAX_QUERY)
        timeout = query_int(request, "timeout", 25, 0, MAX_WAIT)
        status = await run_in_threadpool(self.store.status, game_id)
        if status.version <= after and not status.to_json()["over"]:
            async with self.service.changes.watching(game_id, client_of(self.service, request)):
                found = await self.service.changes.after(game_id, after, timeout)
            if found is None:
                # Nothing moved: should an agent be to move, its request may have been dropped
                # by a full queue, so this one asks again.
                row = await run_in_threadpool(self.store.row, game_id)
                return JSONResponse(
                    status.to_json(), background=ask_agents_later(self.service, row)
                )
            status = found
        return JSONResponse(status.to_json())
