"""The handlers of a game's advice: ``explain`` (why an action of the seat to move is legal or
refused, and what it would do) and ``hint`` (what a greedy player would play). What they answer
is worked out in :mod:`tigeuph.server.advice`; here each request is counted to its client's
share of advice first, and one hint is worked out at a time.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .advice import action_text, explanation, hint, not_to_move
from .callers import client_of, seat_token
from .errors import ServerBusy
from .service import Service

__all__ = ["AdviceRoutes"]


class AdviceRoutes:
    """The handlers of ``/api/games/{id}/explain`` and ``/api/games/{id}/hint``."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.store = service.store

    async def explain(self, request: Request) -> Response:
        """Why an action of the seat to move is legal or refused, and what it would do."""
        self.service.advice.take(client_of(self.service, request))
        text = action_text(request.query_params.getlist("action"))
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, seat_token(request))
        game = self.store.game(row)
        action = game.parse_action(text)
        if row.to_move != seat:
            raise not_to_move(game, seat, f"explain {action}")
        state = await run_in_threadpool(self.store.state, row)
        body = await run_in_threadpool(explanation, game, state, action)
        return JSONResponse({"version": row.version, **body})

    async def hint(self, request: Request) -> Response:
        """What a greedy player would play for the seat to move, and why."""
        self.service.advice.take(client_of(self.service, request))
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, seat_token(request))
        game = self.store.game(row)
        if row.to_move != seat:
            raise not_to_move(game, seat, "hint")
        if not self.service.hinting.acquire(blocking=False):
            raise ServerBusy("another hint is being worked out: ask again in a moment", 1)
        try:
            state = await run_in_threadpool(self.store.state, row)
            seen = await run_in_threadpool(self.store.view, row, seat)
            seed = f"{row.seed}/{row.version}/hint"
            body = await run_in_threadpool(hint, game, state, seen, seed)
        finally:
            self.service.hinting.release()
        return JSONResponse({"version": row.version, **body})
