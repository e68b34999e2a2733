"""The HTTP API and the browser board, on Starlette: see ``docs/server.rst`` for the API.

Every handler does its SQLite and engine work in a worker thread (the engine is pure Python
and the database calls block), and answers JSON; an error is
``{"error": kind, "message": ..., "clause": ...}`` with the library's message and, for an
illegal action, the rule's clause. Agents' seats are played after the response is sent, so a
person sees his own action at once and the agents' replies arrive through ``/events``.

A game the store stopped (a stall, spec D8, or the action cap) answers ``"over": true`` with
``"stopped"`` saying why, wherever a game's status is given, so clients that wait for the end
stop waiting; an action on it answers ``409`` (``stopped``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any, Final

from .. import (
    SWITCHES,
    IllegalActionError,
    TigeuphError,
    outcome,
    parse_action,
    svg,
    view_to_json,
)
from ..cells import COLUMN_LETTERS
from .bodies import MAX_QUERY, MAX_WAIT, action_request, create_request, query_int, read_json
from .errors import (
    GameNotFound,
    GameStopped,
    MethodNotAllowed,
    NoSuchPath,
    NotOver,
    StaleVersion,
    answer,
)
from .moves import describe_all
from .openapi import openapi
from .store import GameRow, ServerLimits, Store

try:
    from starlette.applications import Starlette
    from starlette.background import BackgroundTask
    from starlette.concurrency import run_in_threadpool
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
    from starlette.routing import Route
except ImportError:  # pragma: no cover - depends on the installation
    raise TigeuphError("the server needs the server extra: pip install 'tigeuph[server]'") from None

__all__ = ["create_app"]

POLL: Final = 0.25
"""Seconds between two looks at a game's version while streaming or long polling."""
_STREAM_SECONDS: Final = 300.0


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return request.query_params.get("token")


class _Server:
    def __init__(self, store: Store) -> None:
        self.store = store

    def _view_body(self, row: GameRow, seat: int) -> dict[str, Any]:
        seen = self.store.view(row, seat)
        return {
            "version": row.version,
            "seat": seat,
            "to_move": row.to_move,
            "over": row.done,
            "stopped": _stop_name(row),
            "view": json.loads(view_to_json(seen)),
            "moves": [] if row.stopped else describe_all(seen.legal),
        }

    def _summary(self, row: GameRow) -> dict[str, Any]:
        state = self.store.state(row)
        return {
            "id": row.id,
            "version": row.version,
            "players": len(row.seats),
            "seats": list(row.seats),
            "to_move": row.to_move,
            "over": row.done,
            "stopped": _stop_name(row),
            "rules": {
                "board": state.rules.board.name,
                **{s: getattr(state.rules, s) for s in SWITCHES},
            },
            "board": {
                "rows": state.rules.board.rows,
                "cols": state.rules.board.cols,
                "columns": COLUMN_LETTERS[: state.rules.board.cols],
                "square": svg.SQUARE,
                "margin": svg.MARGIN,
            },
        }

    def _advance_later(self, row: GameRow) -> BackgroundTask | None:
        if self.store.agent_to_move(row):
            return BackgroundTask(run_in_threadpool, self.store.advance, row.id)
        return None

    # --- handlers ----------------------------------------------------------------------------

    async def create(self, request: Request) -> Response:
        wanted = create_request(await read_json(request, self.store.limits))
        rules, seats, seed = wanted.rules, wanted.seats, wanted.seed
        game_id, tokens = await run_in_threadpool(self.store.create, rules, seats, seed)
        row = await run_in_threadpool(self.store.row, game_id)
        answer = {"id": game_id, "tokens": {str(s): t for s, t in tokens.items()}, "version": 0}
        return JSONResponse(answer, status_code=201, background=self._advance_later(row))

    async def summary(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        return JSONResponse(
            await run_in_threadpool(self._summary, row), background=self._advance_later(row)
        )

    async def view(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, _token(request))
        body = await run_in_threadpool(self._view_body, row, seat)
        return JSONResponse(body, background=self._advance_later(row))

    async def board(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, _token(request))

        def draw() -> str:
            entries = self.store.history(row, seat, max(0, row.version - 1))
            last = entries[-1]["action"] if entries else None
            seen = self.store.view(row, seat)
            lastmove = parse_action(last) if last else None
            return svg.board(seen, size=None, panel=False, lastmove=lastmove)

        picture = await run_in_threadpool(draw)
        return Response(picture, media_type="image/svg+xml")

    async def act(self, request: Request) -> Response:
        body = await read_json(request, self.store.limits)
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, _token(request))
        wanted = action_request(body)
        action, version = wanted.action, wanted.version
        if row.stopped is not None:
            raise GameStopped(f"the game was stopped ({row.stopped.value}): no action is taken")
        if version != row.version:
            raise StaleVersion(
                f"version {version} is stale: the game is at {row.version}", row.version
            )
        if row.to_move != seat:
            raise IllegalActionError("R5", f"{action}: it is not seat {seat}'s turn")
        row = await run_in_threadpool(self.store.play, row, action)
        answer = await run_in_threadpool(self._view_body, row, seat)
        return JSONResponse(answer, background=self._advance_later(row))

    async def history(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        token = _token(request)
        seat = self.store.seat_of(row, token) if token else None
        since = query_int(request, "since", 0, 0, MAX_QUERY)
        entries = await run_in_threadpool(self.store.history, row, seat, since)
        return JSONResponse({"version": row.version, "since": since, "history": entries})

    async def outcome(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        state = self.store.state(row)
        if row.stopped is not None:  # it never ended: nobody won, the points are as they stood
            return JSONResponse(
                {
                    "end": None,
                    "stopped": row.stopped.value,
                    "winners": [],
                    "results": [],
                    "points": [list(p) for p in state.points],
                }
            )
        result = outcome(state) if row.over else None
        if result is None:
            raise NotOver("the outcome is known once the game is over or stopped")
        return JSONResponse(
            {
                "end": result.end.value,
                "stopped": None,
                "winners": list(result.winners),
                "results": [
                    {"player": r.player, "rank": r.rank, "score": r.score} for r in result.results
                ],
                "points": [list(p) for p in state.points],
            }
        )

    async def record(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        if not row.done:
            raise NotOver("the record is public once the game is over or stopped")
        return JSONResponse({"version": row.version, "record": row.record})

    async def _status(self, game_id: str) -> dict[str, Any]:
        """The game's status: version, to_move, over (or stopped) and stopped."""
        version, to_move, over, stopped = await run_in_threadpool(self.store.status, game_id)
        return {
            "version": version,
            "to_move": to_move,
            "over": over or stopped is not None,
            "stopped": None if stopped is None else stopped.value,
        }

    async def _changes(self, game_id: str, after: int) -> AsyncGenerator[dict[str, Any], None]:
        """Each new status, from the first past *after*, until the game is over or stopped."""
        last = after
        loop = asyncio.get_running_loop()
        deadline = loop.time() + _STREAM_SECONDS
        while loop.time() < deadline:
            status = await self._status(game_id)
            if status["version"] > last:
                last = status["version"]
                yield status
                if status["over"]:
                    return
            await asyncio.sleep(POLL)

    async def events(self, request: Request) -> Response:
        game_id = request.path_params["id"]
        await run_in_threadpool(self.store.status, game_id)  # 404 before the stream starts
        start = query_int(request, "after", -1, -1, MAX_QUERY)

        async def stream() -> AsyncIterator[str]:
            yield "retry: 1000\n\n"
            async for change in self._changes(game_id, start):
                if await request.is_disconnected():
                    return
                yield f"event: version\ndata: {json.dumps(change)}\n\n"

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def wait(self, request: Request) -> Response:
        """Long polling: the game's status once its version passes ``after`` (or at the
        timeout, at most 30 seconds)."""
        game_id = request.path_params["id"]
        status = await self._status(game_id)
        after = query_int(request, "after", -1, -1, MAX_QUERY)
        timeout = query_int(request, "timeout", 25, 0, MAX_WAIT)
        if status["version"] <= after and not status["over"]:
            changes = self._changes(game_id, after)
            try:
                status = await asyncio.wait_for(anext(changes), timeout)
            except (TimeoutError, StopAsyncIteration):
                # Nothing moved: should an agent be to move, its advance failed (it logged
                # why), so this one asks again.
                row = await run_in_threadpool(self.store.row, game_id)
                return JSONResponse(status, background=self._advance_later(row))
            finally:
                await changes.aclose()
        return JSONResponse(status)

    async def page(self, request: Request) -> Response:
        text = resources.files(__package__).joinpath("static/index.html").read_text("utf-8")
        return HTMLResponse(text)

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        kinds = {"board.js": "text/javascript", "board.css": "text/css"}
        if name not in kinds:
            raise GameNotFound(f"no file {name[:40]!r}")
        text = resources.files(__package__).joinpath(f"static/{name}").read_text("utf-8")
        return Response(text, media_type=kinds[name])


async def _openapi(request: Request) -> Response:
    return JSONResponse(openapi())


def _stop_name(row: GameRow) -> str | None:
    """Why the game was stopped, as the API says it, or ``None``."""
    return None if row.stopped is None else row.stopped.value


def _guard(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except Exception as err:  # every error is answered as JSON: see errors.ERRORS
            return _refusal(err)

    return guarded


def _refusal(err: Exception) -> Response:
    status, body, headers = answer(err)
    return JSONResponse(body, status_code=status, headers=headers)


async def _no_route(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such path, another method) in the API's error shape."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return _refusal(NoSuchPath(f"no path {request.url.path[:60]!r}"))
    if exc.status_code == 405:
        response = _refusal(MethodNotAllowed(f"{request.method} is not allowed here"))
        response.headers.update(exc.headers or {})
        return response
    return _refusal(exc)  # none other is expected: a bug, logged


def create_app(db: str, *, limits: ServerLimits = ServerLimits()) -> Starlette:  # noqa: B008 - frozen
    """The ASGI application serving the games in the SQLite file *db* and the browser board."""
    server = _Server(Store(db, limits))
    g = "/api/games/{id}"
    routes = [
        Route("/", _guard(server.page)),
        Route("/static/{name}", _guard(server.static)),
        Route("/api/games", _guard(server.create), methods=["POST"]),
        Route(g, _guard(server.summary)),
        Route(f"{g}/view", _guard(server.view)),
        Route(f"{g}/board.svg", _guard(server.board)),
        Route(f"{g}/actions", _guard(server.act), methods=["POST"]),
        Route(f"{g}/history", _guard(server.history)),
        Route(f"{g}/outcome", _guard(server.outcome)),
        Route(f"{g}/record", _guard(server.record)),
        Route(f"{g}/events", _guard(server.events)),
        Route(f"{g}/wait", _guard(server.wait)),
        Route("/api/openapi.json", _guard(_openapi)),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _no_route})
    app.state.store = server.store
    return app
