"""The OpenAPI 3.1 description of the HTTP API, served at ``/api/openapi.json``.

It says what ``docs/server.rst`` says, in a form tools read: each route with its parameters,
its request body (as strict as the server: a key the server refuses, the schema refuses), each
answer's schema, and the error shape with every status an operation may answer
(:data:`tigeuph.server.errors.ERRORS`). The documents the library writes (a view, an action)
are its own JSON Schema (:func:`tigeuph.json_schema`), included whole
(:mod:`tigeuph.server.api_schemas` holds the components).
"""

from __future__ import annotations

import copy
from typing import Any, Final

from .. import __version__
from .advice import MAX_ACTION_TEXT
from .api_schemas import ref, schemas
from .bodies import MAX_DIGITS, MAX_QUERY, MAX_WAIT

__all__ = ["openapi"]


def _error(description: str, *kinds: str) -> dict[str, Any]:
    schema = {"allOf": [ref("Error"), {"properties": {"error": {"enum": list(kinds)}}}]}
    answer: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": schema}},
    }
    if {"rate-limited", "busy"} & set(kinds):
        answer["headers"] = {
            "Retry-After": {
                "description": "Whole seconds to wait before asking again.",
                "required": True,
                "schema": {"type": "integer", "minimum": 0},
            }
        }
    return answer


_ERRORS: Final = {
    "403": _error("No seat has this token.", "forbidden"),
    "404": _error("No game has this id.", "not-found"),
    "413": _error("The body is over the server's limit.", "too-large"),
    "415": _error(
        "The body is not sent as Content-Type: application/json.", "unsupported-media-type"
    ),
    "422": _error(
        "The body or a parameter is not what the API takes, or the action is illegal.",
        "malformed",
        "illegal-action",
        "limit",
        "bad-seat",
    ),
    "429": _error(
        "This client created too many games, asked for too much advice, or holds its share "
        "(of live games, streams, games waiting for the agents): wait Retry-After.",
        "rate-limited",
    ),
    "503": _error("The server is full, for every client: wait Retry-After.", "busy"),
}


def _json(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _text(description: str, media: str) -> dict[str, Any]:
    return {"description": description, "content": {media: {"schema": {"type": "string"}}}}


def _query(name: str, low: int, high: int, default: int, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description,
        "schema": {"type": "integer", "minimum": low, "maximum": high, "default": default},
    }


def _operation(
    summary: str,
    answers: dict[str, Any],
    *errors: str,
    seat: bool | None = False,
    parameters: tuple[dict[str, Any], ...] = (),
    body: str | None = None,
) -> dict[str, Any]:
    """One operation; *seat* says whether it needs a seat's token (``None``: it may take one)."""
    operation: dict[str, Any] = {
        "summary": summary,
        "responses": {**answers, **{status: _ERRORS[status] for status in errors}},
    }
    if parameters:
        operation["parameters"] = list(parameters)
    if body is not None:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": ref(body)}},
        }
    if seat:
        operation["security"] = [{"seat": []}]
    elif seat is None:
        operation["security"] = [{}, {"seat": []}]
    return operation


def _paths() -> dict[str, Any]:
    after = _query("after", -1, MAX_QUERY, -1, "The last version the client has seen.")
    game_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    game = {
        "": {
            "get": _operation(
                "A game's public facts.", {"200": _json("The game.", ref("Game"))}, "404"
            )
        },
        "/view": {
            "get": _operation(
                "What the seat may know, and its legal moves described.",
                {"200": _json("The seat's view.", ref("SeatView"))},
                "403",
                "404",
                seat=True,
            )
        },
        "/board.svg": {
            "get": _operation(
                "The picture of the seat's view, the last action marked, with the aids asked.",
                {"200": _text("The board.", "image/svg+xml")},
                "403",
                "404",
                "422",
                seat=True,
                parameters=(
                    {
                        "name": "aids",
                        "in": "query",
                        "required": False,
                        "description": "The aids to draw, named with commas between them "
                        "(kingdoms,strengths): those the game's words list under aids. An aid "
                        "the game does not draw is malformed.",
                        "style": "form",
                        "explode": False,
                        "schema": {"type": "array", "items": {"type": "string"}},
                    },
                ),
            )
        },
        "/actions": {
            "post": _operation(
                "Play an action for the seat, based on a version.",
                {
                    "200": _json("The new version and the seat's view.", ref("SeatView")),
                    "409": _error(
                        "The version is stale (the answer gives the game's), or the game was "
                        "stopped.",
                        "stale-version",
                        "stopped",
                    ),
                },
                "403",
                "404",
                "413",
                "415",
                "422",
                "503",
                seat=True,
                body="NewAction",
            )
        },
        "/history": {
            "get": _operation(
                "The public history; with a token, the seat's own exchanges show their colours.",
                {"200": _json("The history from entry since.", ref("History"))},
                "403",
                "404",
                "422",
                seat=None,
                parameters=(_query("since", 0, MAX_QUERY, 0, "The first entry to give."),),
            )
        },
        "/explain": {
            "get": _operation(
                "Why an action of the seat to move is legal or refused, and what it would do.",
                {"200": _json("The action explained.", ref("Explanation"))},
                "403",
                "404",
                "422",
                "429",
                seat=True,
                parameters=(
                    {
                        "name": "action",
                        "in": "query",
                        "required": True,
                        "description": "The action in notation (rE5, pass).",
                        "schema": {"type": "string", "minLength": 1, "maxLength": MAX_ACTION_TEXT},
                    },
                ),
            )
        },
        "/hint": {
            "get": _operation(
                "What a greedy player would play for the seat to move, and why.",
                {"200": _json("The hint, explained.", ref("Hint"))},
                "403",
                "404",
                "422",
                "429",
                "503",
                seat=True,
            )
        },
        "/outcome": {
            "get": _operation(
                "How the game ended (or why it was stopped).",
                {
                    "200": _json("The outcome.", ref("Outcome")),
                    "409": _error("The game is not over.", "not-over"),
                },
                "404",
            )
        },
        "/record": {
            "get": _operation(
                "The game record, public once the game is over or stopped.",
                {
                    "200": _json("The record.", ref("Record")),
                    "409": _error("The game is not over.", "not-over"),
                },
                "404",
            )
        },
        "/events": {
            "get": _operation(
                "Server-sent events: an event version with the status for each new version.",
                {"200": _text("The event stream, until the game is over.", "text/event-stream")},
                "404",
                "422",
                "429",
                "503",
                parameters=(after,),
            )
        },
        "/wait": {
            "get": _operation(
                "Long polling: the status once the version passes after, or at the timeout.",
                {"200": _json("The game's status.", ref("Status"))},
                "404",
                "422",
                "429",
                "503",
                parameters=(
                    after,
                    _query("timeout", 0, MAX_WAIT, 25, "Seconds to wait at most."),
                ),
            )
        },
    }
    paths: dict[str, Any] = {
        "/": {"get": _operation("The browser board.", {"200": _text("The page.", "text/html")})},
        "/favicon.ico": {
            "get": _operation(
                "The board's icon (SVG), for pages that name none.",
                {"200": _text("The icon.", "image/svg+xml")},
            )
        },
        "/static/{name}": {
            "parameters": [
                {
                    "name": "name",
                    "in": "path",
                    "required": True,
                    "schema": {"enum": ["board.js", "board.css", "rules.html", "favicon.svg"]},
                }
            ],
            "get": _operation(
                "The page's script, stylesheet and icon, and the rules in short.",
                {
                    "200": {
                        "description": "The file.",
                        "content": {
                            "text/javascript": {"schema": {"type": "string"}},
                            "text/css": {"schema": {"type": "string"}},
                            "text/html": {"schema": {"type": "string"}},
                            "image/svg+xml": {"schema": {"type": "string"}},
                        },
                    }
                },
                "404",
            ),
        },
        "/api/openapi.json": {
            "get": _operation(
                "This description.", {"200": _json("OpenAPI 3.1.", {"type": "object"})}
            )
        },
        "/api/games": {
            "post": _operation(
                "Create a game; the answer gives each person's seat its token, once.",
                {"201": _json("The new game.", ref("Created"))},
                "403",
                "413",
                "415",
                "422",
                "429",
                "503",
                body="NewGame",
            )
        },
    }
    paths["/api/games"]["post"]["responses"]["403"] = _error(
        "The body chose a seed, which this server does not allow, or the request came from a "
        "page of another site.",
        "seed-not-allowed",
        "origin-not-allowed",
    )
    game["/actions"]["post"]["responses"]["403"] = _error(
        "No seat has this token, or the request came from a page of another site.",
        "forbidden",
        "origin-not-allowed",
    )
    for suffix, item in game.items():
        paths[f"/api/games/{{id}}{suffix}"] = {"parameters": [game_id], **item}
    return paths


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 description of the whole HTTP API (``GET /api/openapi.json``)."""
    description = {
        "openapi": "3.1.0",
        "info": {
            "title": "tigeuph game server",
            "version": __version__,
            "description": "The games of tigeuph.GAMES (Tigris & Euphrates, Babel) over HTTP "
            "(docs/server.rst); POST /api/games names the game. A seat's "
            "requests carry its token as Authorization: Bearer TOKEN. Bodies are JSON, sent as "
            "Content-Type: application/json, of at "
            f"most ServerLimits.body bytes, numbers of at most {MAX_DIGITS} digits, no "
            "repeated key; every refusal is an Error. Each answer's schema is this "
            "version's, exactly: later versions may add fields, which clients should ignore.",
        },
        "paths": _paths(),
        "components": {
            "schemas": schemas(),
            "securitySchemes": {
                "seat": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's secret token, given once when the game is made.",
                }
            },
        },
    }
    return copy.deepcopy(description)  # its parts are shared: a caller may change his copy
