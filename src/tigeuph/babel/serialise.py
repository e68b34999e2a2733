"""Babel's JSON documents: states, actions and views, read strictly (spec B56).

The conventions are the main game's (:mod:`tigeuph.tigris.serialise`, whose strict converter and
document functions these share): an object whose ``format`` says what it holds
(``tigeuph-babel-state``, ``tigeuph-babel-action``, ``tigeuph-babel-view``) and whose ``version`` is
:data:`tigeuph.core.serialise.documents.VERSION`. Cards are written as in position notation: a
sequence of people cards is a string of nation letters (``"HAP"``, decks top first, columns head
first), a hand an object of counts (``{"H": 2, "A": 0, "P": 1, "M": 0, "S": 0}``), temple cards
lists of levels (rows and temples bottom first), columns and temples objects keyed by location, a
pawn a letter or ``null`` (the quarry), the pending decision ``null`` or ``{"kind": "halve",
"player": 1, "count": 2}``, the end ``null``, ``"score"`` or ``"deck"``, actions in action notation.
The package ships a JSON Schema of every document (:func:`json_schema`). Reading raises
:class:`~tigeuph.core.errors.JsonError` naming the bad field, and
:class:`~tigeuph.core.errors.PositionError` for a state that reads but cannot happen.

>>> from tigeuph import babel
>>> state = babel.new_game(seed=5)
>>> text = state_to_json(state)
>>> text[:46]
'{"format":"tigeuph-babel-state","version":1,"s'
>>> state_from_json(text) == state
True
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from attrs import frozen
from cattrs.errors import IterableValidationError, IterableValidationNote

from ..core.errors import ArgumentTypeError, JsonError, PositionError, expect
from ..core.events import Event
from ..core.limits import DEFAULT_LIMITS, Limits
from ..core.serialise.converter import strict_converter
from ..core.serialise.documents import dump_document, load_document, structure
from .checks import check_state
from .events import BABEL_EVENT_TYPES
from .model.actions import Action, parse_action
from .model.cards import LEVELS, NATIONS, Counts, Nation, nation, nations_text, parse_nations
from .model.state import BabelState, End, Halving, Side
from .views import BabelView, PublicSide, check_view

__all__ = [
    "action_from_json",
    "action_to_json",
    "event_from_json",
    "event_to_json",
    "json_schema",
    "state_from_json",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]

STATE: Final = "tigeuph-babel-state"
ACTION: Final = "tigeuph-babel-action"
VIEW: Final = "tigeuph-babel-view"

_conv: Final = strict_converter()

_WORDS: Final = ("kind", "clause", "text", "players", "cells")
"""The keys every event object carries besides its own fields; a reader derives them."""


def _text(value: Any, what: str) -> str:
    if type(value) is not str:
        raise ValueError(f"expected {what}, not {value!r}")
    return value


def _read_cards(value: Any, _: Any) -> tuple[Nation, ...]:
    text = _text(value, "a string of nation letters (H A P M S)")
    try:
        return parse_nations(text)
    except KeyError:
        raise ValueError(f"{text!r} is not a string of nation letters (H A P M S)") from None


def _read_levels(value: Any, _: Any) -> tuple[int, ...]:
    if type(value) is not list:
        raise ValueError(f"expected a list of temple levels, not {value!r}")
    for item in value:
        if type(item) is not int or item not in LEVELS:
            raise ValueError(f"{item!r} is not a temple level (1 to 6)")
    return tuple(value)


def _read_nation(value: Any, _: Any) -> Nation:
    text = _text(value, "a nation letter (H A P M S)")
    try:
        return nation(text)
    except KeyError:
        raise ValueError(f"{text!r} is not a nation letter (H A P M S)") from None


def _keyed(value: Any, what: str) -> list[Any]:
    """The values of an object keyed by the five nation letters, in nation order."""
    if type(value) is not dict:
        raise ValueError(f"expected an object keyed by H A P M S ({what}), not {value!r}")
    keys = [n.value for n in NATIONS]
    if sorted(value) != sorted(keys):
        raise ValueError(f"the keys must be H, A, P, M and S, not {', '.join(value)}")
    return [value[k] for k in keys]


def _read_counts(value: Any, _: Any) -> Counts:
    found = _keyed(value, "counts")
    for k in found:
        if type(k) is not int or k < 0:
            raise ValueError(f"{k!r} is not a count")
    return found[0], found[1], found[2], found[3], found[4]


def _write_keyed(values: tuple[Any, ...], write: Any) -> dict[str, Any]:
    return {n.value: write(v) for n, v in zip(NATIONS, values, strict=True)}


def _read_pending(value: Any, _: Any) -> Halving | None:
    if value is None:
        return None
    if type(value) is not dict or value.get("kind") != "halve":
        raise ValueError(f'expected null or an object of kind "halve", not {value!r}')
    found: Halving = _conv.structure({k: v for k, v in value.items() if k != "kind"}, Halving)
    return found


def _read_end(value: Any, _: Any) -> End | None:
    if value is None:
        return None
    try:
        return End(_text(value, 'null, "score" or "deck"'))
    except ValueError:
        raise ValueError(f'expected null, "score" or "deck", not {value!r}') from None


def _read_action(value: Any, _: Any) -> Action:
    return parse_action(_text(value, "an action in Babel's action notation"))


Cards = tuple[Nation, ...]
Levels = tuple[int, ...]
_HOOKS: Final[tuple[tuple[Any, Any, Any], ...]] = (
    (Cards, _read_cards, nations_text),
    (Levels, _read_levels, list),
    (Nation, _read_nation, lambda n: n.value),
    (
        Nation | None,
        lambda v, t: None if v is None else _read_nation(v, t),
        lambda n: n and n.value,
    ),
    (Counts, _read_counts, lambda c: _write_keyed(c, int)),
    (
        tuple[Cards, ...],
        lambda v, _: tuple(_read_cards(c, None) for c in _keyed(v, "columns")),
        lambda cs: _write_keyed(cs, nations_text),
    ),
    (
        tuple[Levels, ...],
        lambda v, _: tuple(_read_levels(c, None) for c in _keyed(v, "temples")),
        lambda ts: _write_keyed(ts, list),
    ),
    (
        Halving | None,
        _read_pending,
        lambda h: None if h is None else {"kind": "halve", "player": h.player, "count": h.count},
    ),
    (End | None, _read_end, lambda e: None if e is None else e.value),
    (End, lambda v, t: _read_end(v, t) or _read_end("", t), lambda e: e.value),
    (
        Counts | None,
        lambda v, t: None if v is None else _read_counts(v, t),
        lambda c: None if c is None else _write_keyed(c, int),
    ),
    (Action, _read_action, str),
)


def _is(kind: Any) -> Any:
    return lambda t: t == kind


for _kind, _read, _write in _HOOKS:
    _conv.register_structure_hook_func(_is(_kind), _read)
    _conv.register_unstructure_hook_func(_is(_kind), _write)


def _pair(value: Any, kind: Any) -> Any:
    """One value per seat: a list of two, each read with its index in the error's path."""
    if type(value) is not list or len(value) != 2:
        raise ValueError(f"expected a list of two, one per seat, not {value!r}")
    inner = kind.__args__[0]
    found, errors = [], []
    for i, item in enumerate(value):
        try:
            found.append(_conv.structure(item, inner))
        except Exception as err:
            note = IterableValidationNote(f"Structuring {kind} @ index {i}", i, inner)
            err.__notes__ = [*getattr(err, "__notes__", []), note]
            errors.append(err)
    if errors:
        raise IterableValidationError(f"While structuring {kind}", errors, kind)
    return tuple(found)


for _seat_pair in (tuple[Side, Side], tuple[PublicSide, PublicSide], tuple[int, int]):
    _conv.register_structure_hook_func(_is(_seat_pair), _pair)
_conv.register_unstructure_hook_func(_is(tuple[int, int]), list)  # scores, hands


def event_to_json(event: Event, *, words: bool = True) -> dict[str, Any]:
    """One of Babel's events (:mod:`tigeuph.babel.events`) as a JSON object, as the main game
    writes its own: ``kind``, ``clause``, ``text`` (with seat numbers), the ``players`` it
    concerns, no ``cells`` (Babel has none), then its own fields as Babel's documents write
    them: a nation or location by its letter, a sequence of cards as a string of letters,
    counts as an object keyed by nation, temple levels as a list, a hidden field ``null``.
    ``words=False`` leaves out all the keys but ``kind`` that a reader derives from the fields
    (for a record, which keeps the events without their words).

    >>> from tigeuph import babel
    >>> _, told = babel.transition(babel.new_game(seed=2), babel.parse_action(">H"))
    >>> event_to_json(told[0])["text"], event_to_json(told[0])["nation"]
    ('Seat 0 discards a Hittite and travels from the quarry to the Hittites.', 'H')
    >>> event_from_json(event_to_json(told[0])) == told[0]
    True

    Raises:
        ArgumentTypeError: *event* is not one of Babel's events, or *words* not a bool.
    """
    if BABEL_EVENT_TYPES.get(str(getattr(event, "kind", ""))) is not type(event):
        raise ArgumentTypeError(f"event_to_json: {event!r:.60} is not one of Babel's events")
    expect(words, bool, "True or False", "event_to_json: words")
    body: dict[str, Any] = _conv.unstructure(event, type(event))
    if not words:
        return {"kind": event.kind, **body}
    common = {"kind": event.kind, "clause": event.clause, "text": event.text()}
    return {**common, "players": list(event.players), "cells": [], **body}


def event_from_json(value: Any) -> Event:
    """The Babel event the JSON object *value* writes, read strictly: its ``kind`` names one
    of :data:`~tigeuph.babel.events.BABEL_EVENT_TYPES`, every field of that kind is there and
    no other; the keys every event carries (``kind``, ``clause``, ``text``, ``players``,
    ``cells``) are not read back.

    Raises:
        JsonError: *value* is not such an object; the message names the field.
    """
    if type(value) is not dict:
        raise JsonError("$", "expected an event object")
    kind = value.get("kind")
    cls = BABEL_EVENT_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        raise JsonError("$.kind", f"{kind!r:.40} is not a kind of Babel's events")
    own = {key: item for key, item in value.items() if key not in _WORDS}
    # The documents' own reader, so that a bad field reads as in every other document.
    found: Event = structure(own, cls, converter=_conv)
    return found


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every Babel document, shipped as
    ``data/babel-schema.json``."""
    text = resources.files("tigeuph.babel").joinpath("data/schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def state_to_json(state: BabelState, *, indent: int | None = None) -> str:
    """*state* as a ``tigeuph-babel-state`` JSON document; compact unless *indent* is given."""
    return dump_document(STATE, state, BabelState, indent, converter=_conv)


def state_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> BabelState:
    """The state in a ``tigeuph-babel-state`` document: ``state_from_json(state_to_json(s)) == s``.

    Raises:
        LimitError: *text* is over *limits* (its size, depth or items).
        JsonError: *text* is not such a document, or a seat in it is not 0 or 1; the message
            names the field.
        PositionError: the document reads, but no game reaches the state.
    """
    state = load_document(STATE, text, BabelState, limits, converter=_conv)
    _check_seats(state)
    problems = check_state(state)
    if problems:
        raise PositionError("impossible position: " + "; ".join(problems))
    return state


def _check_seats(found: BabelState | BabelView) -> None:
    """Refuse a document whose active player or halved player is no seat, before anything
    looks a seat up."""
    if found.active not in (0, 1):
        raise JsonError("$.active", f"{found.active} is not a seat (0 or 1)")
    if found.pending is not None and found.pending.player not in (0, 1):
        raise JsonError("$.pending.player", f"{found.pending.player} is not a seat (0 or 1)")


@frozen
class _ActionDocument:
    action: Action


def action_to_json(action: Action) -> str:
    """*action* as a ``tigeuph-babel-action`` document: its notation in the ``action`` field.

    >>> action_to_json(parse_action("M@0:S"))
    '{"format":"tigeuph-babel-action","version":1,"action":"M@0:S"}'
    """
    return dump_document(ACTION, _ActionDocument(action), _ActionDocument, converter=_conv)


def action_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> Action:
    """The action in a ``tigeuph-babel-action`` document.

    Raises:
        LimitError: *text* is over *limits*.
        JsonError: *text* is not such a document, or the notation is no action.
    """
    return load_document(ACTION, text, _ActionDocument, limits, converter=_conv).action


def view_to_json(player_view: BabelView, *, indent: int | None = None) -> str:
    """*player_view* as a ``tigeuph-babel-view`` document: what a server sends one player."""
    return dump_document(VIEW, player_view, BabelView, indent, converter=_conv)


def view_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> BabelView:
    """The view in a ``tigeuph-babel-view`` document.

    Raises:
        LimitError: *text* is over *limits*.
        JsonError: *text* is not such a document, or a seat in it is not 0 or 1; the message
            names the field.
        PositionError: the document reads, but no position shows this view.
    """
    found = load_document(VIEW, text, BabelView, limits, converter=_conv)
    _check_seats(found)
    check_view(found)
    return found
