"""The JSON Schemas of the HTTP API's bodies and answers: the components of its OpenAPI
description (:mod:`tigeuph.server.openapi`).

Each schema is as strict as the server: an object lists every key it has and allows no other,
so a body key the server refuses, the schema refuses too. Where the games' documents differ the
schema is one of each game's: the documents a game writes (a view, an action) are its own JSON
Schema (:meth:`tigeuph.GameInterface.json_schema`), included whole, each component named
``GAME.NAME`` (``tigris.view``, ``babel.view``); a new game's body, its rules and its seats
are one of each game's too.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from ..core.stops import Stop
from ..games import DEFAULT_GAME, GAMES, AnyGame
from .bodies import MAX_QUERY, MAX_SEED
from .errors import ERRORS
from .seats import MAX_SEAT

__all__ = ["ref", "schemas", "standard_rules"]


@cache
def _move_kinds(name: str) -> list[str]:
    """Every ``kind`` a described move of the game *name* may have."""
    extras = GAMES[name].client
    actions = (extras.action_of_id(number) for number in range(extras.action_count))
    return sorted({extras.move(action)["kind"] for action in actions})


def standard_rules(game: AnyGame) -> dict[str, Any]:
    """*game*'s standard rules as JSON: the keys its rules have, with their types."""
    return game.variants.rules_to_json(
        game.variants.rules_of(game.new_game(game.facts.default_players, seed=0))
    )


def _rules(game: AnyGame, *, every: bool) -> dict[str, Any]:
    """The schema of *game*'s rules as JSON (*every* key required, or any of them)."""
    types = {bool: "boolean", str: "string", int: "integer"}
    keys = {key: {"type": types[type(value)]} for key, value in standard_rules(game).items()}
    return _object(keys) if every else _object({}, keys)


def _one_of(schemas: list[dict[str, Any]]) -> dict[str, Any]:
    return schemas[0] if len(schemas) == 1 else {"oneOf": schemas}


def _new_game(game: AnyGame) -> dict[str, Any]:
    """A ``POST /api/games`` body asking for *game* (whose name may be left out for the
    default game)."""
    named = {"game": {"const": game.facts.name}}
    fields = {
        "rules": {**_rules(game, every=False), "description": f"{game.facts.title}'s variants."},
        "seats": {
            "type": "array",
            "items": {
                "anyOf": [
                    {"type": "string", "maxLength": MAX_SEAT},
                    {"type": "string", "pattern": "^external:"},
                ]
            },
            "minItems": game.facts.players.start,
            "maxItems": game.facts.players.stop - 1,
            "description": 'One per player: "human", a built-in agent '
            '("random", "greedy", "mcts:iterations=400"), or a bot its operator allows '
            '("external:1", or its command line). People only by default.',
        },
        "seed": {
            "oneOf": [
                {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
                {"type": "null"},
            ],
            "description": "The deal's seed: only on a server started with "
            "--client-seeds (else 403 seed-not-allowed); absent or null, the server draws it.",
        },
    }
    players = {"players": {"enum": list(game.facts.players)}}
    if game.facts.name == DEFAULT_GAME:  # the one game a body may leave unnamed
        return _object(players, {**named, **fields})
    return _object({**named, **players}, fields)


def _move(game: AnyGame) -> dict[str, Any]:
    """A legal move described for *game*'s client."""
    plain = {"action": {"type": "string"}, "label": {"type": "string"}}
    extras = game.client
    if not extras.action_count:
        target = {
            "type": "string",
            "description": "A CSS selector of the element of the game's picture that plays "
            "this move when clicked; absent when the move is a button only.",
        }
        return _object(plain, {"target": target})
    return _object(
        {
            **plain,
            "id": {"type": "integer", "minimum": 0, "maximum": extras.action_count - 1},
            "kind": {"enum": _move_kinds(game.facts.name)},
            "cell": _nullable({"type": "string"}),
            "piece": _nullable({"type": "string"}),
        }
    )


_TOLD: Final = {
    "label": {
        "oneOf": [{"type": "string"}, {"type": "null"}],
        "description": "The action in words, for people (null when the action is hidden from "
        "the asking seat); absent from an entry stored before labels were kept.",
    },
    "events": {
        "type": "array",
        "items": {"$ref": "#/components/schemas/Event"},
        "description": "What the action did, each event as every player may know it; absent "
        "from an entry stored before events were kept.",
    },
    "told": {
        "type": "array",
        "items": {"type": "string"},
        "description": "Each event's sentence as the asking seat is told it (you, your own "
        "hidden colours); the events' text for anyone else. Present with events.",
    },
}
"""The keys every history entry may add to what the game's views say of an action."""

_WORDS: Final = {
    "type": "object",
    "description": "What the page calls the game's things (the game's client words): "
    "colours (a tile letter: its colour), leaders (a leader letter: its name), decisions (a "
    "pending kind: its dialog's title and text), switches (the variants a start form offers: "
    "rule, value, label), symbols (an SVG of <defs> alone: the pieces' symbols as its "
    "pictures draw them), pieces (a move's piece: the id of its symbol there, {seat} "
    "standing for its owner's seat) and aids (each aid its pictures draw when board.svg "
    "asks for it: what it shows; none when it has none). Empty for a game played by its "
    "moves' notation alone.",
    "properties": {
        "aids": {"type": "object", "additionalProperties": {"type": "string"}},
        "symbols": {"type": "string"},
        "pieces": {"type": "object", "additionalProperties": {"type": "string"}},
        "colours": {"type": "object", "additionalProperties": {"type": "string"}},
        "leaders": {"type": "object", "additionalProperties": {"type": "string"}},
        "decisions": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "properties": {"title": {"type": "string"}, "text": {"type": "string"}},
                "required": ["title", "text"],
            },
        },
        "switches": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "rule": {"type": "string"},
                    "value": {"description": "The value the switch sets its rule to."},
                    "label": {"type": "string"},
                },
                "required": ["rule", "value", "label"],
            },
        },
    },
}


def _history_entry(game: AnyGame) -> dict[str, Any]:
    """A public history entry of *game*: its views' own keys, or the player and his action,
    and the action's events."""
    definitions = game.json_schema()["$defs"]
    view = definitions["view"]["properties"]
    if "history" not in view:
        return _object({"player": _SEAT, "action": {"type": "string"}}, _TOLD)
    entry = definitions[view["history"]["items"]["$ref"].removeprefix("#/$defs/")]
    properties = _moved(entry["properties"], f"{game.facts.name}.")
    return {
        **_object({}, {**_TOLD, **properties}),
        "required": entry["required"],
        "description": entry.get("description", ""),
    }


def _action(game: AnyGame) -> list[dict[str, Any]]:
    """The forms of an action of *game* a request may send."""
    forms: list[dict[str, Any]] = [{"type": "string", "description": "Notation: rE5, pass..."}]
    count = game.client.action_count
    if count:
        forms.append({"type": "integer", "minimum": 0, "maximum": count - 1})
    forms.append(ref(f"{game.facts.name}.action_document"))
    return forms


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
_COMMITMENT: Final = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_SEAT: Final = {"type": "integer", "minimum": 0, "maximum": 3}
_VERSION: Final = {"type": "integer", "minimum": 0, "maximum": MAX_QUERY}
_STOPPED: Final = {
    "oneOf": [{"enum": [stop.value for stop in Stop]}, {"type": "null"}],
    "description": "Why the server stopped the game before its end, or null.",
}


def schemas() -> dict[str, Any]:
    """Every schema the operations name: the API's own, and the library's documents."""
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
            **_one_of([_new_game(game) for game in GAMES.values()]),
            "examples": [
                {
                    "game": game.facts.name,
                    "players": game.facts.default_players,
                    "seats": ["human", "greedy"],
                }
                for game in GAMES.values()
            ],
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
                "deal_commitment": {
                    **_COMMITMENT,
                    "description": "The commitment to the game's deal (see Game): note it "
                    "before the first move, to check the record at the end.",
                },
            }
        ),
        "Game": _object(
            {
                "id": {"type": "string"},
                "game": {"enum": list(GAMES)},
                "title": {"type": "string"},
                "version": _VERSION,
                "players": {"type": "integer", "minimum": 2, "maximum": 4},
                "seats": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": 'Each seat: "human", an agent, or "external:N" for the '
                    "N-th bot its operator allows (never its command line).",
                },
                "dynasties": {
                    "type": "array",
                    "items": _object(
                        {
                            "name": {"type": "string"},
                            "colour": {"type": "string", "pattern": "^#[0-9a-f]{6}$"},
                        }
                    ),
                    "description": "Each seat's dynasty, whose symbol and seat colour its "
                    "leaders and score row wear (tigeuph.core.dynasties).",
                },
                "to_move": _nullable(_SEAT),
                "over": {"type": "boolean"},
                "stopped": _STOPPED,
                "rules": _one_of([_rules(game, every=True) for game in GAMES.values()]),
                "words": _WORDS,
            },
            {
                "board": _object(
                    {
                        "rows": _INT,
                        "cols": _INT,
                        "columns": {"type": "string", "pattern": "^[A-Z]+$"},
                        "square": {"type": "number"},
                        "margin": {"type": "number"},
                    }
                ),
                "deal_commitment": {
                    **_nullable(_COMMITMENT),
                    "description": "SHA-256 (hex) of the UTF-8 text tigeuph-deal:SEED:SALT; the "
                    "record's Seed and DealSalt tags show it at the end (null for a game made "
                    "before commitments).",
                },
            },
        ),
        "Move": _one_of([_move(game) for game in GAMES.values()]),
        "SeatView": _object(
            {
                "version": _VERSION,
                "seat": _SEAT,
                "to_move": _nullable(_SEAT),
                "over": {"type": "boolean"},
                "stopped": _STOPPED,
                "view": _one_of([ref(f"{game.facts.name}.view") for game in GAMES.values()]),
                "moves": {"type": "array", "items": ref("Move")},
            }
        ),
        "NewAction": {
            **_object(
                {
                    "action": {
                        "anyOf": [form for game in GAMES.values() for form in _action(game)]
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
                    "items": _one_of([_history_entry(game) for game in GAMES.values()]),
                },
            }
        ),
        "Event": {
            "type": "object",
            "properties": {
                "kind": {"type": "string"},
                "clause": {"type": "string"},
                "text": {"type": "string"},
                "players": {"type": "array", "items": _SEAT},
                "cells": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["kind", "clause", "text", "players", "cells"],
            "description": "Something an action did (tigeuph.tigris.events), as the game's "
            "event_to_json writes it: its kind, the clause that decided it, its sentence with "
            "seat numbers, the players and cells it concerns, then the kind's own fields "
            "(cells by name, colours by letter, hidden ones null).",
        },
        "Explanation": _object(
            {
                "version": _VERSION,
                "action": {"type": "string"},
                "legal": {"type": "boolean"},
                "text": {"type": "string"},
            }
        ),
        "Hint": _object(
            {
                "version": _VERSION,
                "agent": {"const": "greedy"},
                "action": {"type": "string"},
                "label": {"type": "string"},
                "legal": {"const": True},
                "text": {"type": "string"},
            }
        ),
        "Outcome": _one_of([_outcome(game) for game in GAMES.values()]),
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


def _outcome(game: AnyGame) -> dict[str, Any]:
    """How a game of *game* ended, or why it was stopped."""
    return _object(
        {
            "stopped": _STOPPED,
            "winners": {"type": "array", "items": _SEAT},
            "scores": {"type": "array", "items": _INT},
            "score_text": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Each seat's score as the game tells it, naming the tie-break "
                "where another seat shares the score.",
            },
            "result": {"type": "string"},
            **game.client.outcome_schema,
        }
    )


def _moved(node: Any, prefix: str) -> Any:
    """A part of a game's JSON Schema with its references to its definitions made references
    to the components named *prefix* and the definition's name."""
    if isinstance(node, dict):
        return {
            key: (
                f"#/components/schemas/{prefix}{value.removeprefix('#/$defs/')}"
                if key == "$ref" and isinstance(value, str)
                else _moved(value, prefix)
            )
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_moved(item, prefix) for item in node]
    return node


def _library_schemas() -> dict[str, Any]:
    """Each game's JSON Schema definitions, each a component named ``GAME.NAME``."""
    out: dict[str, Any] = {}
    for game in GAMES.values():
        definitions: dict[str, Any] = game.json_schema()["$defs"]
        prefix = f"{game.facts.name}."
        out.update(
            {f"{prefix}{name}": _moved(schema, prefix) for name, schema in definitions.items()}
        )
    return out
