"""JSON for states, actions and player views: exact round trips, strict reading.

Every document is a JSON object whose ``format`` says what it holds (``tigeuph-state``,
``tigeuph-action``, ``tigeuph-view``, ``tigeuph-record``) and whose ``version`` is
:data:`~tigeuph.core.serialise.documents.VERSION`, so that stored games stay readable when the
format grows: a reader refuses a version it does not know instead of guessing. The fields follow the
data types, named for people and for other languages: cells by name (``"E5"``), sets of cells as
lists of names in board order, colours by letter, per-colour counts as objects (``{"r": 2, "b": 0,
"g": 1, "k": 3}``), actions in action notation (``"rE5"``), monuments by code (``"rk"``), the
pending decision as an object with a ``kind`` (``revolt``, ``war``, ``war-choice``, ``monument``,
``treasure``, and with the variants ``building``, ``wonder``, ``wonder-point``), events (what an
action did, :mod:`tigeuph.tigris.events`) as objects with a ``kind`` (``tile-placed``...), their
words and their own fields, the colours only their player may see ``null`` in a view. The board is
named (``"standard"``, ``"advanced"``), or a custom board is an object in the shape of
``boards.json``, cells by name (``{"rows": 6, "cols": 8, "river": ["D3"], "temples": ["A1", "G4",
"B5"], "special_treasures": []}``, spec R2). The package ships a JSON Schema of every document
(:func:`json_schema`).

The variants (spec R28-R32) add fields that are always written: the switches in ``rules``
(``english_reinforcement``, ``buildings``, ``wonder``, ``open_scoring``), and in states and
views ``buildings`` (a cell or ``null`` per colour), ``wonder`` (``null`` or its centre and
colour) and ``declined_crosses`` (cells); sketches (spec D7) add ``treasures_set_aside`` (a
count). Each has a default, so a document written before them still reads: a missing switch is
off, a missing board field is empty.

Reading is strict: a wrong type, an unknown or missing field, a bad cell or action raises
:class:`~tigeuph.core.errors.JsonError` naming the field (``$.hands[0].r``), and the first few
problems with a count of the rest when there are many; a state that reads but cannot happen
raises :class:`~tigeuph.PositionError`, like :func:`tigeuph.from_text`. A key given twice in an
object, ``NaN`` and a lone surrogate are refused, and every reader takes ``limits=`` (a
:class:`~tigeuph.Limits`) and refuses a document over them (its size, nesting, a list's length)
before reading it, with :class:`~tigeuph.LimitError`.

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=5)
>>> text = tigeuph.state_to_json(state)
>>> text[:60]
'{"format":"tigeuph-state","version":1,"rules":{"players":2,"'
>>> tigeuph.state_from_json(text) == state
True
>>> tigeuph.state_from_json(text.replace('"active":0', '"active":"0"'))
Traceback (most recent call last):
tigeuph.core.errors.JsonError: $.active: expected an integer, not '0'
"""

from .formats import (
    action_from_json,
    action_to_json,
    json_schema,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)

__all__ = [
    "action_from_json",
    "action_to_json",
    "json_schema",
    "state_from_json",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]
