"""The main game's events as JSON objects (:mod:`tigeuph.tigris.events`), for views, records and the
server's history.

An event is an object with its ``kind`` (``"tile-placed"``), its ``clause`` (``"R13"``), its
sentence (``text``, with seat numbers), the ``players`` and ``cells`` it concerns (for a client
that lights them without knowing the kind), and its own fields written as the rest of the
documents write them: cells by name, colours by letter, counts as objects. A hidden field (the
colours of tiles another player drew or exchanged) is ``null``.

>>> from tigeuph.tigris import events
>>> from tigeuph import transition, new_game, parse_action
>>> _, told = transition(new_game(2, seed=1), parse_action("pass"))
>>> event_to_json(told[0])
{'kind': 'turn-passed', 'clause': 'R5', 'text': 'Seat 0 passes, leaving 2 actions unused.', 'players': [0], 'cells': [], 'player': 0, 'unused': 2}
>>> event_from_json(event_to_json(told[0])) == told[0]
True
"""  # noqa: E501 (a doctest's output is one line)

from __future__ import annotations

from typing import Any

from ...core.errors import expect
from ...core.events import Event
from .hooks import EVENT_WORDS, read_event, write_event

__all__ = ["EVENT_WORDS", "event_from_json", "event_to_json"]


def event_to_json(event: Event, *, words: bool = True) -> dict[str, Any]:
    """*event* as a JSON object; ``words=False`` leaves out all but the ``kind`` of
    ``EVENT_WORDS``, which a reader derives from the fields (the game record does).

    Raises:
        ArgumentTypeError: *event* is not an event, or *words* not a bool.
    """
    expect(event, Event, "an event (tigeuph.Event)", "event_to_json: event")
    expect(words, bool, "True or False", "event_to_json: words")
    return write_event(event, words)


def event_from_json(value: Any) -> Event:
    """The event the object *value* writes (its words are not read back).

    Raises:
        ValueError: *value* is not an event object (the readers turn it into a
            :class:`~tigeuph.JsonError` naming the field).
    """
    return read_event(value)
