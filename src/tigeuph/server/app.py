"""The HTTP API and the browser board, on Starlette: see ``docs/server.rst`` for the API.

Every handler does its SQLite and engine work in a worker thread (the engine is pure Python
and the database calls block), and answers JSON; an error is
``{"error": kind, "message": ..., "clause": ...}`` from the one table of
:mod:`tigeuph.server.errors`, with the library's message and, for an illegal action, the rule's
clause. Agents' moves are queued for the agents' pool once the response is sent
(:mod:`tigeuph.server.agents`), so a person sees his own action at once and the agents'
replies arrive through ``/events``, which wait on the store's notices
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

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any, Final

from ..core.dynasties import dynasty
from ..core.errors import TigeuphError
from ..games import AnyGame
from .advice import action_text, explanation, hint, not_to_move
from .bodies import (
    MAX_QUERY,
    MAX_WAIT,
    action_request,
    create_request,
    query_int,
    query_names,
    read_json,
)
from .errors import (
    GameNotFound,
    GameStopped,
    MethodNotAllowed,
    NoSuchPath,
    NotOver,
    SeedNotAllowed,
    ServerBusy,
    StaleVersion,
    answer,
)
from .extras import moves_of
from .headers import SecurityHeaders
from .limits import ServerLimits
from .openapi import openapi
from .origins import check_origin
from .page import start_page
from .rows import GameRow
from .seats import HUMAN, public_seat
from .service import Service

try:
    from starlette.applications import Starlette
    from starlette.background import BackgroundTask
    from starlette.concurrency import run_in_threadpool
    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
    from starlette.routing import Route
except ImportError:  # pragma: no cover - depends on the installation
    raise TigeuphError("the server needs the server extra: pip install 'tigeuph[server]'") from None

__all__ = ["create_app"]

STREAM_SECONDS: Final = 300.0
"""Seconds an event stream stays open; a client reconnects (``retry``) to go on."""
KEEP_ALIVE: Final = 15.0
"""Seconds between two comments on a quiet event stream, so that a dead client is found."""


def _token(request: Request) -> str | None:
    """The seat's token, from ``Authorization: Bearer`` only: a token in a URL would be
    written in access logs, browser histories and ``Referer`` headers."""
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    return None


class _Server:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.store = service.store
        self.limits = service.limits

    def _client(self, request: Request) -> str:
        """The request's client, as its shares are counted (``tigeuph.server.clients``)."""
        peer = request.client.host if request.client is not None else None
        return self.service.clients.of(peer, request.headers.getlist("x-forwarded-for"))

    def _check_origin(self, request: Request) -> None:
        """Refuse a request that changes state from another site's page (403)."""
        headers = request.headers
        check_origin(headers.get("origin"), headers.get("host"), self.limits.allow_origins)

    def _view_body(self, row: GameRow, seat: int) -> dict[str, Any]:
        seen = self.store.view(row, seat)
        game = self.store.game(row)
        return {
            "version": row.version,
            "seat": seat,
            "to_move": row.to_move,
            "over": row.done,
            "stopped": _stop_name(row),
            "view": json.loads(game.view_to_json(seen)),
            "moves": [] if row.stopped else moves_of(game, seen.legal),
        }

    def _summary(self, row: GameRow) -> dict[str, Any]:
        state = self.store.state(row)
        game = self.store.game(row)
        summary = {
            "id": row.id,
            "game": game.facts.name,
            "title": game.facts.title,
            "version": row.version,
            "players": len(row.seats),
            "seats": [public_seat(seat, self.limits.external_agents) for seat in row.seats],
            "dynasties": [
                {"name": crest.name, "colour": crest.colour}
                for crest in map(dynasty, range(len(row.seats)))
            ],
            "to_move": row.to_move,
            "over": row.done,
            "stopped": _stop_name(row),
            "deal_commitment": row.commitment,
            "rules": game.variants.rules_to_json(game.variants.rules_of(state)),
            "words": _words(game),
        }
        grid = game.client.grid(state)
        if grid is not None:
            summary["board"] = grid
        return summary

    def _ask_agents_later(self, row: GameRow) -> BackgroundTask | None:
        """Queue the game's agent moves once the answer is sent, if an agent is to move."""
        if self.store.agent_to_move(row):
            assert row.to_move is not None
            seat = row.seats[row.to_move]
            return BackgroundTask(self.service.ask_agents, row.id, row.client, seat)
        return None

    # --- handlers ----------------------------------------------------------------------------

    async def create(self, request: Request) -> Response:
        self._check_origin(request)
        wanted = create_request(await read_json(request, self.store.limits))
        game, rules, seats, seed = wanted.game.facts.name, wanted.rules, wanted.seats, wanted.seed
        if seed is not None and not self.limits.client_seeds:
            raise SeedNotAllowed(
                "this server deals every game itself: a client may not choose the seed"
            )
        client = self._client(request)
        if any(seat != HUMAN for seat in seats):
            self.service.pool.check_room(client)
        self.service.creations.take(client)
        self.service.start()
        game_id, tokens = await run_in_threadpool(
            lambda: self.store.create(rules, seats, seed, game=game, client=client)
        )
        row = await run_in_threadpool(self.store.row, game_id)
        answer = {
            "id": game_id,
            "tokens": {str(s): t for s, t in tokens.items()},
            "version": 0,
            "deal_commitment": row.commitment,
        }
        return JSONResponse(answer, status_code=201, background=self._ask_agents_later(row))

    async def summary(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        return JSONResponse(
            await run_in_threadpool(self._summary, row), background=self._ask_agents_later(row)
        )

    async def view(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, _token(request))
        body = await run_in_threadpool(self._view_body, row, seat)
        return JSONResponse(body, background=self._ask_agents_later(row))

    async def board(self, request: Request) -> Response:
        """The seat's view drawn, with the aids ``aids`` names (``kingdoms,strengths``)."""
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, _token(request))
        aids = query_names(request, "aids")

        def draw() -> str:
            game = self.store.game(row)
            game.presentation.asked_aids(aids)  # refused before any work
            entries = self.store.history(row, seat, max(0, row.version - 1))
            last = entries[-1]["action"] if entries else None
            seen = self.store.view(row, seat)  # the aids too are drawn from the view
            return game.presentation.picture(
                seen, last=game.parse_action(last) if last else None, panel=False, aids=aids
            )

        picture = await run_in_threadpool(draw)
        return Response(picture, media_type="image/svg+xml")

    async def act(self, request: Request) -> Response:
        self._check_origin(request)
        body = await read_json(request, self.store.limits)
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, _token(request))
        wanted = action_request(body, self.store.game(row))
        action, version = wanted.action, wanted.version
        if row.stopped is not None:
            raise GameStopped(f"the game was stopped ({row.stopped.value}): no action is taken")
        if version != row.version:
            raise StaleVersion(
                f"version {version} is stale: the game is at {row.version}", row.version
            )
        if row.to_move != seat:
            raise not_to_move(self.store.game(row), seat, str(action))
        row = await run_in_threadpool(self.store.play, row, action)
        answer = await run_in_threadpool(self._view_body, row, seat)
        return JSONResponse(answer, background=self._ask_agents_later(row))

    async def explain(self, request: Request) -> Response:
        """Why an action of the seat to move is legal or refused, and what it would do."""
        self.service.advice.take(self._client(request))
        text = action_text(request.query_params.getlist("action"))
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, _token(request))
        game = self.store.game(row)
        action = game.parse_action(text)
        if row.to_move != seat:
            raise not_to_move(game, seat, f"explain {action}")
        state = await run_in_threadpool(self.store.state, row)
        body = await run_in_threadpool(explanation, game, state, action)
        return JSONResponse({"version": row.version, **body})

    async def hint(self, request: Request) -> Response:
        """What a greedy player would play for the seat to move, and why."""
        self.service.advice.take(self._client(request))
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, _token(request))
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

    async def history(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        token = _token(request)
        seat = self.store.seat_of(row, token) if token else None
        since = query_int(request, "since", 0, 0, MAX_QUERY)
        entries = await run_in_threadpool(self.store.history, row, seat, since)
        return JSONResponse({"version": row.version, "since": since, "history": entries})

    async def outcome(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        if not row.done:
            raise NotOver("the outcome is known once the game is over or stopped")
        game = self.store.game(row)
        state = self.store.state(row)
        stopped = row.stopped is not None  # then nobody won: the scores are as they stood
        seats = range(len(game.scores(state)))
        return JSONResponse(
            {
                "stopped": _stop_name(row),
                "winners": [] if stopped else list(game.winners(state)),
                "scores": list(game.scores(state)),
                "score_text": [game.presentation.score_text(state, seat) for seat in seats],
                "result": f"stopped ({_stop_name(row)})"
                if stopped
                else game.presentation.result_text(state),
                **game.client.outcome(state),
            }
        )

    async def record(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        if not row.done:
            raise NotOver("the record is public once the game is over or stopped")
        return JSONResponse({"version": row.version, "record": row.record})

    async def events(self, request: Request) -> Response:
        """Server-sent events: one ``version`` event for each new status of the game, until it
        is over or stopped (or :data:`STREAM_SECONDS` pass: the client reconnects)."""
        game_id = request.path_params["id"]
        last = query_int(request, "after", -1, -1, MAX_QUERY)
        changes = self.service.changes
        watching = changes.watching(game_id, self._client(request))
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
            async with self.service.changes.watching(game_id, self._client(request)):
                found = await self.service.changes.after(game_id, after, timeout)
            if found is None:
                # Nothing moved: should an agent be to move, its request may have been dropped
                # by a full queue, so this one asks again.
                row = await run_in_threadpool(self.store.row, game_id)
                return JSONResponse(status.to_json(), background=self._ask_agents_later(row))
            status = found
        return JSONResponse(status.to_json())

    async def page(self, request: Request) -> Response:
        return HTMLResponse(start_page(self.limits.external_agents))

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        kinds = {
            "board.js": "text/javascript",
            "board.css": "text/css",
            "rules.html": "text/html",
            "favicon.svg": "image/svg+xml",
        }
        if name not in kinds:
            raise GameNotFound(f"no file {name[:40]!r}")
        text = resources.files(__package__).joinpath(f"static/{name}").read_text("utf-8")
        return Response(text, media_type=kinds[name])

    async def favicon(self, request: Request) -> Response:
        """The icon a browser asks for at ``/favicon.ico`` when a page names none (the rules
        page, the API's): the board's SVG icon, so that no page load logs a 404."""
        text = resources.files(__package__).joinpath("static/favicon.svg").read_text("utf-8")
        return Response(text, media_type="image/svg+xml")


async def _openapi(request: Request) -> Response:
    return JSONResponse(openapi())


def _words(game: AnyGame) -> dict[str, Any]:
    """What the page calls the game's things: its client words, and the aids its pictures
    draw (``aids``: each name and what it shows) when it has any."""
    aids = game.presentation.aids
    return {**game.client.words, "aids": dict(aids)} if aids else game.client.words


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


def create_app(db: str, *, limits: ServerLimits | None = None) -> Starlette:
    """The ASGI application serving the games in the SQLite file *db* and the browser board.

    Its agents' pool and upkeep start with the first request that needs them, and stop when
    the application shuts down (its lifespan)."""
    service = Service(db, limits or ServerLimits())
    server = _Server(service)
    g = "/api/games/{id}"
    routes = [
        Route("/", _guard(server.page)),
        Route("/static/{name}", _guard(server.static)),
        Route("/favicon.ico", _guard(server.favicon)),
        Route("/api/games", _guard(server.create), methods=["POST"]),
        Route(g, _guard(server.summary)),
        Route(f"{g}/view", _guard(server.view)),
        Route(f"{g}/board.svg", _guard(server.board)),
        Route(f"{g}/actions", _guard(server.act), methods=["POST"]),
        Route(f"{g}/history", _guard(server.history)),
        Route(f"{g}/explain", _guard(server.explain)),
        Route(f"{g}/hint", _guard(server.hint)),
        Route(f"{g}/outcome", _guard(server.outcome)),
        Route(f"{g}/record", _guard(server.record)),
        Route(f"{g}/events", _guard(server.events)),
        Route(f"{g}/wait", _guard(server.wait)),
        Route("/api/openapi.json", _guard(_openapi)),
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
        exception_handlers={HTTPException: _no_route},
    )
    app.state.store = service.store
    app.state.service = service
    return app
