"""The handlers of a game's own routes: make a game, read its summary, a seat's view, its board
drawn and its public history, play an action, and once it is over read its outcome and record.

Each does its SQLite and engine work in a worker thread (the engine is pure Python and the
database calls block). An answer that leaves an agent to move queues its moves once it is sent
(:func:`ask_agents_later`), so a person sees his own action at once.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..core.dynasties import dynasty
from ..games import AnyGame
from .advice import not_to_move
from .bodies import MAX_QUERY, action_request, create_request, query_int, query_names, read_json
from .callers import check_request_origin, client_of, seat_token
from .errors import GameStopped, NotOver, SeedNotAllowed, StaleVersion
from .extras import moves_of
from .rows import GameRow
from .seats import HUMAN, public_seat
from .service import Service

__all__ = ["GameRoutes", "ask_agents_later", "stop_name"]


def ask_agents_later(service: Service, row: GameRow) -> BackgroundTask | None:
    """Queue the game's agent moves once the answer is sent, if an agent is to move."""
    if service.store.agent_to_move(row):
        assert row.to_move is not None
        seat = row.seats[row.to_move]
        return BackgroundTask(service.ask_agents, row.id, row.client, seat)
    return None


def stop_name(row: GameRow) -> str | None:
    """Why the game was stopped, as the API says it, or ``None``."""
    return None if row.stopped is None else row.stopped.value


def _words(game: AnyGame) -> dict[str, Any]:
    """What the page calls the game's things: its client words, and the aids its pictures
    draw (``aids``: each name and what it shows) when it has any."""
    aids = game.presentation.aids
    return {**game.client.words, "aids": dict(aids)} if aids else game.client.words


class GameRoutes:
    """The handlers of ``/api/games`` and ``/api/games/{id}`` (with ``view``, ``board.svg``,
    ``actions``, ``history``, ``outcome`` and ``record``), serving *service*'s games."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.store = service.store
        self.limits = service.limits

    def _view_body(self, row: GameRow, seat: int) -> dict[str, Any]:
        seen = self.store.view(row, seat)
        game = self.store.game(row)
        return {
            "version": row.version,
            "seat": seat,
            "to_move": row.to_move,
            "over": row.done,
            "stopped": stop_name(row),
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
            "stopped": stop_name(row),
            "deal_commitment": row.commitment,
            "rules": game.variants.rules_to_json(game.variants.rules_of(state)),
            "words": _words(game),
        }
        grid = game.client.grid(state)
        if grid is not None:
            summary["board"] = grid
        return summary

    async def create(self, request: Request) -> Response:
        check_request_origin(request, self.limits)
        wanted = create_request(await read_json(request, self.store.limits))
        game, rules, seats, seed = wanted.game.facts.name, wanted.rules, wanted.seats, wanted.seed
        if seed is not None and not self.limits.client_seeds:
            raise SeedNotAllowed(
                "this server deals every game itself: a client may not choose the seed"
            )
        client = client_of(self.service, request)
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
        return JSONResponse(answer, status_code=201, background=ask_agents_later(self.service, row))

    async def summary(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        return JSONResponse(
            await run_in_threadpool(self._summary, row),
            background=ask_agents_later(self.service, row),
        )

    async def view(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, seat_token(request))
        body = await run_in_threadpool(self._view_body, row, seat)
        return JSONResponse(body, background=ask_agents_later(self.service, row))

    async def board(self, request: Request) -> Response:
        """The seat's view drawn, with the aids ``aids`` names (``kingdoms,strengths``)."""
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, seat_token(request))
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
        check_request_origin(request, self.limits)
        body = await read_json(request, self.store.limits)
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        seat = self.store.seat_of(row, seat_token(request))
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
        return JSONResponse(answer, background=ask_agents_later(self.service, row))

    async def history(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.row, request.path_params["id"])
        token = seat_token(request)
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
        scores = list(game.scores(state))
        return JSONResponse(
            {
                "stopped": stop_name(row),
                "winners": [] if stopped else list(game.winners(state)),
                "scores": scores,
                "score_text": [game.presentation.score_text(state, n) for n in range(len(scores))],
                "result": f"stopped ({stop_name(row)})"
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
