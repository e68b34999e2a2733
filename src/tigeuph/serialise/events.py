"""The main game's events as JSON objects (:mod:`tigeuph.events`), for views, records and the
server's history.

An event is an object with its ``kind`` (``"tile-placed"``), its ``clause`` (``"R13"``), its
sentence (``text``, with seat numbers), the ``players`` and ``cells`` it concerns (for a client
that lights them without knowing the kind), and its own fields written as the rest of the
documents write them: cells by name, colours by letter, counts as objects. A hidden field (the
colours of tiles another player drew or exchanged) is ``null``.

>>> from tigeuph import events, transition, new_game, parse_action
>>> _, told = transition(new_game(2, seed=1), parse_action("pass"))
>>> event_to_json(told[0])
{'kind': 'turn-passed', 'clause': 'R5', 'text': 'Seat 0 passes, leaving 2 actions unused.', 'players': [0], 'cells': [], 'player': 0, 'unused': 2}
>>> event_from_json(event_to_json(told[0])) == told[0]
True
"""  # noqa: E501 (a doctest's output is one line)

from __future__ import annotations

from typing import Any, Final

from ..cells import cell_name
from ..events import EVENT_TYPES, Event
from ..pieces import Colour
from .converter import _Invalid, _show
from .hooks import CONVERTER, _optional

__all__ = ["GENERIC_KEYS", "event_from_json", "event_to_json"]

GENERIC_KEYS: Final = ("kind", "clause", "text", "players", "cells")
"""The keys every event object has besides its own fields; a reader takes them as written."""

_optional(Colour)


def event_to_json(event: Event) -> dict[str, Any]:
    """*event* as a JSON object."""
    body: dict[str, Any] = CONVERTER.unstructure(event, type(event))
    return {
        "kind": event.kind,
        "clause": event.clause,
        "text": event.text(),
        "players": list(event.players),
        "cells": [cell_name(c) for c in event.cells],
        **body,
    }


def event_from_json(value: Any) -> Event:
    """The event the object *value* writes (its generic keys are not read back).

    Raises:
        ValueError: *value* is not an event object (the readers turn it into a
            :class:`~tigeuph.JsonError` naming the field).
    """
    if type(value) is not dict:
        raise _Invalid(f"expected an event object, not {_show(value)}")
    kind = value.get("kind")
    cls = EVENT_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        raise _Invalid(f"kind must be an event kind, not {_show(kind)}")
    own = {key: item for key, item in value.items() if key not in GENERIC_KEYS}
    found: Event = CONVERTER.structure(own, cls)
    return found
