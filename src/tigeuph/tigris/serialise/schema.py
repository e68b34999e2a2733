"""The JSON Schema of the events (:mod:`tigeuph.tigris.events`), built from their classes: one
definition per kind, so that the schema :func:`~tigeuph.json_schema` ships can never fall behind
the events the engine tells.

Each field is described by its type and its role (a seat, a count): a seat is 0 to 3, a count
is 0 or more, a cell and a colour are written as everywhere else (``"E5"``, ``"r"``).
"""

from __future__ import annotations

import re
import types
import typing
from typing import Any, Final

import attrs

from ...core.events import ROLE, Event
from ..events import EVENT_TYPES
from ..model.cells import Cell
from ..model.pieces import Colour, Monument
from ..model.state import Counts, End

__all__ = ["event_definitions"]

_SEAT: Final = {"type": "integer", "minimum": 0, "maximum": 3}
_NULL: Final = {"type": "null"}
_WORDS: Final[dict[str, Any]] = {
    "clause": {"type": "string"},
    "text": {"type": "string"},
    "players": {"type": "array", "items": _SEAT},
    "cells": {"type": "array", "items": {"$ref": "#/$defs/cell"}},
}
_LEAVES: Final[dict[Any, dict[str, Any]]] = {
    bool: {"type": "boolean"},
    Cell: {"$ref": "#/$defs/cell"},
    Colour: {"$ref": "#/$defs/colour"},
    Counts: {"$ref": "#/$defs/counts"},
    Monument: {"enum": [monument.code for monument in Monument]},
    End: {"enum": [end.value for end in End]},
}


def _field(kind: Any, role: str | None) -> dict[str, Any]:
    """The schema of a field of type *kind* holding a *role* (``player``, ``number``...)."""
    if kind is int:
        return _SEAT if role == "player" else {"$ref": "#/$defs/count"}
    if kind in _LEAVES:
        return _LEAVES[kind]
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        return {"enum": list(args)}
    if origin is tuple and len(args) == 2 and args[1] is ...:
        return {"type": "array", "items": _field(args[0], role)}
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = args[0] if args[1] is type(None) else args[1]
        return {"oneOf": [_field(inner, role), _NULL]}
    raise TypeError(f"no JSON Schema for an event field of type {kind!r}")  # pragma: no cover


def _description(cls: type[Event]) -> str:
    """The class's docstring as plain text."""
    text = " ".join((cls.__doc__ or cls.kind).split())
    text = re.sub(r":\w+:`~?([^`]+)`", r"\1", text).replace("``", "").replace("*", "")
    return text.replace("None", "null")


def _definition(cls: type[Event]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    own = {f.name: _field(hints[f.name], f.metadata.get(ROLE)) for f in attrs.fields(cls)}
    required = [f.name for f in attrs.fields(cls) if f.default is attrs.NOTHING]
    return {
        "type": "object",
        "properties": {"kind": {"const": cls.kind}, **_WORDS, **own},
        "required": ["kind", *required],
        "additionalProperties": False,
        "description": _description(cls),
    }


def event_definitions() -> dict[str, Any]:
    """The ``$defs`` of the events: ``event``, one of the kinds, and ``event_tile_placed``
    and so on, one per kind of :data:`~tigeuph.EVENT_TYPES`."""
    kinds = {
        "event_" + kind.replace("-", "_"): _definition(cls) for kind, cls in EVENT_TYPES.items()
    }
    event = {
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in kinds],
        "description": (
            "What an action did (tigeuph.tigris.events), told apart by its kind. A view's events "
            "have their words (clause, text, players, cells) and hide the colours of tiles "
            "another player drew or exchanged (tiles is null); a record's events leave the "
            "words out."
        ),
    }
    return {"event": event, **kinds}
