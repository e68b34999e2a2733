"""The JSON Schemas of the HTTP API's bodies and answers: the components of its OpenAPI
description (:mod:`tigeuph.server.openapi`).

Each schema is as strict as the server: an object lists every key it has and allows no other,
so a body key the server refuses, the schema refuses too. The documents the library writes (a
view, an action) are its own JSON Schema (:func:`tigeuph.json_schema`), included whole, each
component named ``tigeuph.NAME``.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from .. import ACTION_COUNT, SWITCHES, id_to_action, json_schema
from ..boards import BUILT_IN
from ..stall import Stop
from ..state import End
from .bodies import MAX_QUERY, MAX_SEED
from .errors import ERRORS
from .moves import describe

__all__ = ["ref", "schemas"]

_LIBRARY: Final = "tigeuph."
"""The prefix of the library's schemas among the components."""


@cache
def _move_kinds() -> list[str]:
    """Every ``kind`` a described move may have (:func:`tigeuph.server.describe`)."""
    actions = (id_to_action(action_id) for action_id in range(ACTION_COUNT))
    return sorted({describe(action)["kind"] for action in actions})


def ref(name: str) -> dict[str, str]:
    """A reference to the component *name*."""
    return {"$ref": f"#/components/schemas/{name}"}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [schema, {"type": "null"}]}


def _object(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    """An object with exactly these properties (*optional* ones may be absent)."""
    return {
        "type": "object",
        "properties": {**required, **(optional or {})},
        "required": list(required),
        "additionalProperties": False,
    }


_INT: Final = {"type": "integer"}
_SEAT: Final = {"type": "integer", "minimum": 0, "maximum": 3}
_VERSION: Final = {"type": "integer", "minimum": 0, "maximum": MAX_QUERY}
_STOPPED: Final = {
    "oneOf": [{"enum": [stop.value for stop in Stop]}, {"type": "null"}],
    "description": "Why the server stopped the game before its end, or null.",
}


def schemas() -> dict[str, Any]:
    """Every schema the operations name: the API's own, and the library's documents."""
    switches = {name: {"type": "boolean"} for name in SWITCHES}
    board = {"enum": list(BUILT_IN)}
    kinds = sorted({refusal.kind for refusal in ERRORS.values()} | {"internal"})
    own = {
        "Error": {
            **_object(
                {
                    "error": {"enum": kinds},
                    "message": {"type": "string"},
                    "clause": _nullable({"type": "string"}),
                },
                {"version": _VERSION},
            ),
            "description": "Every refusal: its kind, the reason in English, and for an illegal "
            "action the rule's clause; a stale version also gives the game's version.",
        },
        "NewGame": {
            **_object(
                {"players": {"type": "integer", "minimum": 2, "maximum": 4}},
                {
                    "rules": {
                        **_object({}, {"board": board, **switches}),
                        "description": "Switches of tigeuph.SWITCHES, and the board.",
                    },
                    "seats": {
                        "type": "array",
                        "items": {"type": "string", "maxLength": 100},
                        "minItems": 2,
                        "maxItems": 4,
                        "description": 'One per player: "human" or a built-in agent '
                        '("random", "greedy", "mcts:iterations=400"). People only by default.',
                    },
                    "seed": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": MAX_SEED,
                        "description": "The deal's seed: only on a server started with "
                        "--client-seeds (else 403 seed-not-allowed).",
                    },
                },
            ),
            "examples": [{"players": 2, "seats": ["human", "greedy"]}],
        },
        "Created": _object(
            {
                "id": {"type": "string"},
                "tokens": {
                    "type": "object",
                    "propertyNames": {"pattern": "^[0-3]$"},
                    "additionalProperties": {"type": "string"},
                    "description": "Each person's seat and its secret token, given only here.",
                },
                "version": {"const": 0},
            }
        ),
        "Game": _object(
            {
                "id": {"type": "string"},
                "version": _VERSION,
                "players": {"type": "integer", "minimum": 2, "maximum": 4},
                "seats": {"type": "array", "items": {"type": "string"}},
                "to_move": _nullable(_SEAT),
                "over": {"type": "boolean"},
                "stopped": _STOPPED,
                "rules": _object({"board": {"type": "string"}, **switches}),
                "board": _object(
                    {
                        "rows": _INT,
                        "cols": _INT,
                        "columns": {"type": "string", "pattern": "^[A-Z]+$"},
                        "square": {"type": "number"},
                        "margin": {"type": "number"},
                    }
                ),
            },
            {
                "deal_commitment": {
                    "type": "string",
                    "pattern": "^[0-9a-f]{64}$",
                    "description": "SHA-256 (hex) of the UTF-8 text tigeuph-deal:SEED:SALT; the "
                    "record's Seed and DealSalt tags show it at the end.",
                }
            },
        ),
        "Move": _object(
            {
                "id": {"type": "integer", "minimum": 0, "maximum": ACTION_COUNT - 1},
                "action": {"type": "string"},
                "kind": {"enum": _move_kinds()},
                "cell": _nullable({"type": "string"}),
                "piece": _nullable({"type": "string"}),
                "label": {"type": "string"},
            }
        ),
        "SeatView": _object(
            {
                "version": _VERSION,
                "seat": _SEAT,
                "to_move": _nullable(_SEAT),
                "over": {"type": "boolean"},
                "stopped": _STOPPED,
                "view": ref(f"{_LIBRARY}view"),
                "moves": {"type": "array", "items": ref("Move")},
            }
        ),
        "NewAction": {
            **_object(
                {
                    "action": {
                        "oneOf": [
                            {"type": "string", "description": "Notation: rE5, pass..."},
                            {"type": "integer", "minimum": 0, "maximum": ACTION_COUNT - 1},
                            ref(f"{_LIBRARY}action_document"),
                        ]
                    },
                    "version": _VERSION,
                }
            ),
            "examples": [{"action": "pass", "version": 0}],
        },
        "History": _object(
            {
                "version": _VERSION,
                "since": _VERSION,
                "history": {
                    "type": "array",
                    "items": _object(
                        {
                            "player": _SEAT,
                            "action": _nullable({"type": "string"}),
                            "exchanged": {"type": "integer", "minimum": 0},
                            "scored": {
                                "type": "array",
                                "items": _object(
                                    {"player": _SEAT, "colour": {"type": "string"}, "points": _INT}
                                ),
                            },
                        }
                    ),
                },
            }
        ),
        "Outcome": _object(
            {
                "end": _nullable({"enum": [end.value for end in End]}),
                "stopped": _STOPPED,
                "winners": {"type": "array", "items": _SEAT},
                "results": {
                    "type": "array",
                    "items": _object({"player": _SEAT, "rank": _INT, "score": _INT}),
                },
                "points": {"type": "array", "items": {"type": "array", "items": _INT}},
            }
        ),
        "Record": _object({"version": _VERSION, "record": {"type": "string"}}),
        "Status": _object(
            {
                "version": _VERSION,
                "to_move": _nullable(_SEAT),
                "over": {"type": "boolean"},
                "stopped": _STOPPED,
            }
        ),
    }
    return {**own, **_library_schemas()}


def _library_schemas() -> dict[str, Any]:
    """The library's JSON Schema definitions, each a component named ``tigeuph.NAME``."""

    def moved(node: Any) -> Any:
        if isinstance(node, dict):
            return {
                key: (
                    f"#/components/schemas/{_LIBRARY}{value.removeprefix('#/$defs/')}"
                    if key == "$ref" and isinstance(value, str)
                    else moved(value)
                )
                for key, value in node.items()
            }
        if isinstance(node, list):
            return [moved(item) for item in node]
        return node

    definitions: dict[str, Any] = json_schema()["$defs"]
    return {f"{_LIBRARY}{name}": moved(schema) for name, schema in definitions.items()}
