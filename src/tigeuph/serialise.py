"""JSON for states, actions and player views: exact round trips, strict reading.

Every document is a JSON object whose ``format`` says what it holds (``tigeuph-state``,
``tigeuph-action``, ``tigeuph-view``, ``tigeuph-record``) and whose ``version`` is
:data:`VERSION`, so that stored games stay readable when the format grows: a reader refuses a
version it does not know instead of guessing. The fields follow the data types, named for
people and for other languages: cells by name (``"E5"``), sets of cells as lists of names in
board order, colours by letter, per-colour counts as objects (``{"r": 2, "b": 0, "g": 1,
"k": 3}``), actions in action notation (``"rE5"``), monuments by code (``"rk"``), the pending
decision as an object with a ``kind`` (``revolt``, ``war``, ``war-choice``, ``monument``,
``treasure``, and with the variants ``building``, ``wonder``, ``wonder-point``). The board is
named (``"standard"``, ``"advanced"``), or a custom board is an object in the shape of
``boards.json``, cells by name (``{"rows": 6, "cols": 8, "river": ["D3"], "temples": ["A1",
"G4", "B5"], "special_treasures": []}``, spec R2). The package ships a JSON Schema of every
document (:func:`json_schema`).

The variants (spec R28-R32) add fields that are always written: the switches in ``rules``
(``english_reinforcement``, ``buildings``, ``wonder``, ``open_scoring``), and in states and
views ``buildings`` (a cell or ``null`` per colour), ``wonder`` (``null`` or its centre and
colour) and ``declined_crosses`` (cells); sketches (spec D7) add ``treasures_set_aside`` (a
count). Each has a default, so a document written before them still reads: a missing switch is
off, a missing board field is empty.

Reading is strict: a wrong type, an unknown or missing field, a bad cell or action raises
:class:`~tigeuph.errors.JsonError` naming the field (``$.hands[0].r``), and the first few
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
tigeuph.errors.JsonError: $.active: expected an integer, not '0'
"""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from typing import Any, Final, TypeAlias, TypeVar, get_args, get_origin

import attrs
import cattrs
from attrs import field, frozen
from attrs.validators import ge
from cattrs.errors import ForbiddenExtraKeysError, IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from .actions import Action, ExchangeTiles, parse_action
from .boards import ADVANCED, STANDARD, Board
from .cells import Bitboard, Cell, cell_name, names, parse_cell
from .checks import check_state
from .decisions import (
    BuildingChoice,
    Decision,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from .errors import ArgumentError, BoardError, JsonError, PositionError, expect
from .limits import DEFAULT_LIMITS, MAX_SHOWN, Limits, check_limits, load_json, summarise
from .notation.position import CUSTOM
from .pieces import COLOURS, Colour, Monument
from .state import HAND_SIZE, Counts, GameState
from .views import PlayerView, PublicAction, sample_state, view

__all__ = [
    "VERSION",
    "action_from_json",
    "action_to_json",
    "dump_document",
    "json_schema",
    "load_document",
    "state_from_json",
    "state_to_json",
    "strict_converter",
    "view_from_json",
    "view_to_json",
]

T = TypeVar("T")

VERSION: Final = 1
"""The version of the JSON formats this tigeuph writes and reads."""

STATE: Final = "tigeuph-state"
ACTION: Final = "tigeuph-action"
VIEW: Final = "tigeuph-view"

_BOARDS: Final = {"standard": STANDARD, "advanced": ADVANCED}
_DECISIONS: Final[dict[str, type[Any]]] = {
    "revolt": Revolt,
    "war": War,
    "war-choice": WarChoice,
    "monument": MonumentChoice,
    "treasure": TreasureChoice,
    "building": BuildingChoice,
    "wonder": WonderChoice,
    "wonder-point": WonderPoint,
}
_KINDS: Final = {cls: kind for kind, cls in _DECISIONS.items()}


class _Invalid(ValueError):
    """A value of the wrong shape; its message is shown as it is, after the field's path."""


def _show(value: object) -> str:
    if isinstance(value, dict | list):
        return "an object" if isinstance(value, dict) else "a list"
    text = repr(value) if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 30 else text[:27] + "..."


# --- The converter: strict leaves, then the shapes built on them -------------------------------


def _is_list_of(kind: Any) -> bool:
    return get_origin(kind) is tuple and len(get_args(kind)) == 2 and get_args(kind)[1] is ...


def _list_of(kind: Any, conv: Any) -> Any:
    """``tuple[X, ...]`` from a JSON list only (cattrs would iterate a string or an object),
    describing the first few bad items and counting the rest, so that a long bad list costs
    little and says little."""
    item_kind = get_args(kind)[0]
    try:
        handler = conv.get_structure_hook(item_kind)
    except RecursionError:  # pragma: no cover - no recursive shape today
        handler = conv.structure

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not list:
            raise _Invalid(f"expected a list, not {_show(value)}")
        out = []
        errors: list[Exception] = []
        bad = 0
        for i, item in enumerate(value):
            try:
                out.append(handler(item, item_kind))
            except Exception as exc:
                bad += 1
                if len(errors) < MAX_SHOWN:
                    note = IterableValidationNote(f"Structuring item @ index {i}", i, item_kind)
                    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
                    errors.append(exc)
        if errors:
            if bad > len(errors):
                errors.append(_Invalid(f"{bad - len(errors):,} more bad items"))
            raise IterableValidationError(f"While structuring {kind!r}", errors, kind)
        return tuple(out)

    return structure


def _object_of(cls: type[Any], conv: Any, **overrides: Any) -> Any:
    """cattrs' hook for the attrs class *cls*, which first makes sure the value is an object."""
    base = make_dict_structure_fn(cls, conv, **overrides)

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise _Invalid(f"expected an object, not {_show(value)}")
        return base(value, cls)

    return structure


def _strict(conv: cattrs.Converter, kind: type[Any], what: str) -> None:
    def structure(value: Any, _: Any) -> Any:
        # JSON has no other way to say it, but True is not 1 and 2.0 is not 2 here.
        if type(value) is not kind:
            raise _Invalid(f"expected {what}, not {_show(value)}")
        return value

    conv.register_structure_hook(kind, structure)


def strict_converter() -> cattrs.Converter:
    """A cattrs converter that reads JSON strictly, as every tigeuph document is read: no
    unknown field, ``true`` is not ``1``, ``2.0`` is not ``2``, a list is a list and an object
    an object. The main game's documents and Babel's (issue 19) register their own hooks on one.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    _strict(conv, int, "an integer")
    _strict(conv, str, "a string")
    _strict(conv, bool, "true or false")
    conv.register_structure_hook_factory(_is_list_of, _list_of)
    conv.register_structure_hook_factory(attrs.has, _object_of)
    return conv


_conv: Final = strict_converter()


def _leaf(kind: Any, write: Any, read: Any, what: str) -> None:
    """Hooks for a value written as a string: *read* raises ValueError on a bad one."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not str:
            raise _Invalid(f"expected {what}, not {_show(value)}")
        try:
            return read(value)
        except (ValueError, KeyError):
            raise _Invalid(f"{_show(value)} is not {what}") from None

    _conv.register_structure_hook(kind, structure)
    _conv.register_unstructure_hook(kind, write)


def _read_cell(name: str) -> Cell:
    found = parse_cell(name)
    if cell_name(found) != name:  # one spelling per cell: "E5", not "e5" or " E5"
        raise ValueError(name)
    return found


_COLOURS: Final = {colour.letter: colour for colour in COLOURS}
_MONUMENTS: Final = {monument.code: monument for monument in Monument}

_leaf(Cell, cell_name, _read_cell, "a cell (A1 to P11)")
_leaf(Colour, lambda c: c.letter, _COLOURS.__getitem__, "a colour letter (r, b, g, k)")
_leaf(Monument, lambda m: m.code, _MONUMENTS.__getitem__, "a monument (rb, rg, rk, bg, bk, gk)")
_leaf(Action, str, parse_action, "an action in action notation")
for _cls in get_args(Action):
    _conv.register_unstructure_hook(_cls, str)


def _optional(kind: Any) -> None:
    """``kind | None``: cattrs unstructures a union by the value's class, which loses the hooks
    registered for *kind* (a cell is an ``int``, counts a ``tuple``)."""
    inner_write = _conv.get_unstructure_hook(kind)

    def structure(value: Any, _: Any) -> Any:
        return None if value is None else _conv.structure(value, kind)

    _conv.register_structure_hook(kind | None, structure)
    _conv.register_unstructure_hook(kind | None, lambda v: None if v is None else inner_write(v))


_optional(Cell)
_optional(Action)


@frozen
class _Counts:
    """The JSON shape of four per-colour counts."""

    r: int = field(validator=ge(0))
    b: int = field(validator=ge(0))
    g: int = field(validator=ge(0))
    k: int = field(validator=ge(0))


def _object(value: Any, what: str) -> None:
    if type(value) is not dict:
        raise _Invalid(f"expected {what}, not {_show(value)}")


def _read_counts(value: Any, _: Any) -> Counts:
    _object(value, 'an object of counts like {"r": 1, "b": 0, "g": 2, "k": 0}')
    c = _conv.structure(value, _Counts)
    return c.r, c.b, c.g, c.k


def _write_counts(counts: Counts) -> dict[str, int]:
    return {colour.letter: n for colour, n in zip(COLOURS, counts, strict=True)}


_conv.register_structure_hook_func(lambda t: t == Counts, _read_counts)
_conv.register_unstructure_hook_func(lambda t: t == Counts, _write_counts)
_optional(Counts)


def _read_decision(value: Any, _: Any) -> Decision | None:
    if value is None:
        return None
    _object(value, "null or an object with a kind")
    kind = value.get("kind")
    cls = _DECISIONS.get(kind) if type(kind) is str else None
    if cls is None:
        raise _Invalid(f"kind must be one of {', '.join(_DECISIONS)}, not {_show(kind)}")
    found: Decision = _conv.structure({k: v for k, v in value.items() if k != "kind"}, cls)
    return found


def _write_decision(decision: Decision | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    body: dict[str, Any] = _conv.unstructure(decision, type(decision))
    return {"kind": _KINDS[type(decision)], **body}


_conv.register_structure_hook(Decision | None, _read_decision)
_conv.register_unstructure_hook(Decision | None, _write_decision)


# --- Board fields, shared by states and views: masks as cell names -----------------------------


def _read_mask(value: Any, _: Any) -> Bitboard:
    out = 0
    for c in _conv.structure(value, tuple[Cell, ...]):
        if out >> c & 1:
            raise _Invalid(f"{cell_name(c)} is listed twice")
        out |= 1 << c
    return out


@frozen
class _Layers:
    """The JSON shape of the four face-up tile layers."""

    r: Bitboard
    b: Bitboard
    g: Bitboard
    k: Bitboard


@frozen
class _Places:
    """The JSON shape of a cell or ``null`` (in supply) per colour: one player's leaders, or
    the buildings."""

    r: Cell | None
    b: Cell | None
    g: Cell | None
    k: Cell | None


_MASK: Final = override(struct_hook=_read_mask, unstruct_hook=names)
_Buildings: TypeAlias = tuple[Cell | None, Cell | None, Cell | None, Cell | None]


@frozen
class _Layout:
    """The JSON shape of a custom board: the shape of ``boards.json``, cells by name."""

    rows: int
    cols: int
    river: Bitboard
    temples: Bitboard
    special_treasures: Bitboard


_LAYOUT_FIELDS: Final[dict[str, Any]] = {
    name: _MASK for name in ("river", "temples", "special_treasures")
}
_conv.register_structure_hook(_Layout, _object_of(_Layout, _conv, **_LAYOUT_FIELDS))
_BOARD_WHAT: Final = "a board (standard, advanced, or an object with its layout)"


def _read_board(value: Any, _: Any) -> Board:
    """A board by name, or a custom board's layout (read as the position notation does)."""
    if type(value) is str:
        if value not in _BOARDS:
            raise _Invalid(f"{_show(value)} is not {_BOARD_WHAT}")
        return _BOARDS[value]
    _object(value, _BOARD_WHAT)
    layout = _conv.structure(value, _Layout)
    try:
        return Board(
            CUSTOM,
            river=layout.river,
            temples=layout.temples,
            special=layout.special_treasures,
            rows=layout.rows,
            cols=layout.cols,
        )
    except BoardError as err:
        raise _Invalid(str(err)) from None


def _write_board(board: Board) -> str | dict[str, Any]:
    for name, known in _BOARDS.items():
        if board == known:
            return name
    return {
        "rows": board.rows,
        "cols": board.cols,
        "river": names(board.river),
        "temples": names(board.temples),
        "special_treasures": names(board.special),
    }


_conv.register_structure_hook(Board, _read_board)
_conv.register_unstructure_hook(Board, _write_board)


def _read_layers(value: Any, _: Any) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    _object(value, 'an object of cell lists like {"r": ["B2"], "b": [], "g": [], "k": []}')
    layers = _conv.structure(value, _Layers)
    both = 0
    for layer in (layers.r, layers.b, layers.g, layers.k):
        if both & layer:
            raise _Invalid(f"{names(both & layer)[0]} holds two tiles")
        both |= layer
    return layers.r, layers.b, layers.g, layers.k


def _write_layers(tiles: tuple[Bitboard, ...]) -> dict[str, list[str]]:
    return {colour.letter: names(layer) for colour, layer in zip(COLOURS, tiles, strict=True)}


def _read_leaders(value: Any, _: Any) -> tuple[tuple[Cell | None, ...], ...]:
    if type(value) is not list:
        raise _Invalid(f"expected a list with an object per player, not {_show(value)}")
    rows = _conv.structure(value, tuple[_Places, ...])
    return tuple((row.r, row.b, row.g, row.k) for row in rows)


def _write_leaders(leaders: tuple[tuple[Cell | None, ...], ...]) -> list[Any]:
    return [_conv.unstructure(_Places(*row), _Places) for row in leaders]


def _read_buildings(value: Any, _: Any) -> _Buildings:
    _object(value, 'an object of cells like {"r": "E5", "b": null, "g": null, "k": null}')
    found = _conv.structure(value, _Places)
    return found.r, found.b, found.g, found.k


def _write_buildings(buildings: _Buildings) -> dict[str, Any]:
    written: dict[str, Any] = _conv.unstructure(_Places(*buildings), _Places)
    return written


def _read_bag(value: Any, _: Any) -> str:
    text: str = _conv.structure(value, str)
    strays = sorted(set(text) - set("rbgk"))
    if strays:
        raise _Invalid(f"{strays[0]!r} is not a colour letter (r, b, g, k)")
    return text


_BOARD_FIELDS: Final[dict[str, Any]] = {
    "tiles": override(struct_hook=_read_layers, unstruct_hook=_write_layers),
    "flipped": _MASK,
    "catastrophes": _MASK,
    "treasures": _MASK,
    "declined": _MASK,
    "leaders": override(struct_hook=_read_leaders, unstruct_hook=_write_leaders),
    "buildings": override(struct_hook=_read_buildings, unstruct_hook=_write_buildings),
    "declined_crosses": _MASK,
}

_LAYER_FIELDS: Final[dict[str, Any]] = {name: _MASK for name in "rbgk"}
_conv.register_structure_hook(_Layers, _object_of(_Layers, _conv, **_LAYER_FIELDS))
_shapes: tuple[tuple[type[Any], dict[str, Any]], ...] = (
    (GameState, {"bag": override(struct_hook=_read_bag)}),
    (PlayerView, {}),
)
for _shape, _extra in _shapes:
    _fields = {**_BOARD_FIELDS, **_extra}
    _conv.register_structure_hook(_shape, _object_of(_shape, _conv, **_fields))
    _conv.register_unstructure_hook(_shape, make_dict_unstructure_fn(_shape, _conv, **_fields))


# --- Documents ---------------------------------------------------------------------------------


def _describe(exc: BaseException, _: object) -> str:
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown field {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, ValueError | TypeError | AttributeError):
        # attrs' validators raise ValueError(message, attribute, ...): show the message only.
        return str(exc.args[0]) if len(exc.args) > 1 else str(exc)
    return cattrs.v.format_exception(exc, None)


def _structure(
    value: Any, kind: type[T], path: str = "$", converter: cattrs.Converter | None = None
) -> T:
    """*value* (parsed JSON) read as a *kind*, or :class:`JsonError` naming the bad field."""
    try:
        return (converter or _conv).structure(value, kind)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        problems = cattrs.transform_error(exc, path=path, format_exception=_describe)
        reason, _, where = problems[0].rpartition(" @ ")
        rest: list[str] = []
        untold: list[str] = []  # the long lists' counts of bad items not described
        count = 0
        for why, _, at in (p.rpartition(" @ ") for p in problems[1:]):
            found = _UNTOLD.fullmatch(why)
            if found is None:
                rest.append(f"{at}: {why}")
                count += 1
            else:
                untold.append(f"{at}: {why}")
                count += int(found.group(1).replace(",", ""))
        shown = "; ".join(filter(None, [summarise(rest), *untold]))
        more = f" (and {count:,} more: {shown})" if count else ""
        raise JsonError(where, reason + more) from None


_UNTOLD: Final = re.compile(r"([0-9,]+) more bad items")


def dump_document(
    kind: str,
    value: object,
    cls: type[Any],
    indent: int | None = None,
    converter: cattrs.Converter | None = None,
) -> str:
    """*value*, a *cls*, as a JSON *kind* document (a ``format`` like ``tigeuph-state``), written
    by *converter* (the main game's by default)."""
    _indent(indent, f"writing a {kind} document")
    body: dict[str, Any] = (converter or _conv).unstructure(value, cls)
    document = {"format": kind, "version": VERSION, **body}
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False)


def load_document(
    kind: str,
    text: str | bytes,
    cls: type[T],
    limits: Limits = DEFAULT_LIMITS,
    converter: cattrs.Converter | None = None,
) -> T:
    """The *cls* value in *text*, a JSON *kind* document of this version, read by *converter*
    (the main game's by default).

    Raises:
        ArgumentTypeError: *text* is not ``str`` or ``bytes``.
        LimitError: *text* is over *limits*.
        JsonError: *text* is not JSON, not a *kind* document, or a field is wrong.
    """
    limits = check_limits(limits, f"reading a {kind} document")
    data = load_json(text, limits, f"a {kind} document")
    if type(data) is not dict:
        raise JsonError("$", f"expected a JSON object, not {_show(data)}")
    if data.get("format") != kind:
        found = _show(data["format"]) if "format" in data else "nothing"
        raise JsonError("$.format", f'expected "{kind}", not {found}')
    version = data.get("version")
    if version != VERSION or type(version) is not int:
        raise JsonError(
            "$.version", f"version {_show(version)} is not supported: this reads version {VERSION}"
        )
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    return _structure(body, cls, converter=converter)


def checked(state: GameState) -> GameState:
    """*state*, once :func:`~tigeuph.check_state` finds nothing wrong with it.

    Raises:
        PositionError: the state cannot happen; the message lists every problem.
    """
    problems = check_state(state)
    if problems:
        raise PositionError("impossible position: " + summarise(problems))
    return state


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """*state* as a ``tigeuph-state`` JSON document; compact unless *indent* is given.

    Raises:
        ArgumentTypeError: *state* is not a state, or *indent* not an int or ``None``.
        ArgumentError: *indent* is not 0 to 80.
    """
    expect(state, GameState, "a GameState", "state_to_json: state")
    _indent(indent, "state_to_json")
    return dump_document(STATE, state, GameState, indent)


def _indent(indent: object, where: str) -> None:
    expect(indent, (int, type(None)), "an int or None", f"{where}: indent")
    if indent is not None and not 0 <= indent <= 80:  # type: ignore[operator]
        raise ArgumentError(f"{where}: indent is 0 to 80 spaces, or None for compact JSON")


def state_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> GameState:
    """The state in a ``tigeuph-state`` JSON document: ``state_from_json(state_to_json(s)) == s``.

    Raises:
        ArgumentTypeError: *text* is not ``str`` or ``bytes``.
        LimitError: *text* is over *limits*.
        JsonError: *text* is not such a document; the message names the field.
        PositionError: the document reads, but the state cannot happen.
    """
    return checked(load_document(STATE, text, GameState, limits))


@frozen
class _ActionDocument:
    action: Action


def action_to_json(action: Action) -> str:
    """*action* as a ``tigeuph-action`` JSON document: its notation in the ``action`` field.

    >>> import tigeuph
    >>> tigeuph.action_to_json(tigeuph.parse_action("~rrg"))
    '{"format":"tigeuph-action","version":1,"action":"~rrg"}'

    Raises:
        ArgumentTypeError: *action* is not an action.
    """
    expect(action, get_args(Action), "an action", "action_to_json: action")
    return dump_document(ACTION, _ActionDocument(action), _ActionDocument)


def action_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> Action:
    """The action in a ``tigeuph-action`` JSON document.

    Raises:
        ArgumentTypeError: *text* is not ``str`` or ``bytes``.
        LimitError: *text* is over *limits*.
        JsonError: *text* is not such a document (or the notation is not an action's).
    """
    return load_document(ACTION, text, _ActionDocument, limits).action


def view_to_json(player_view: PlayerView, *, indent: int | None = None) -> str:
    """*player_view* as a ``tigeuph-view`` JSON document: what a server sends one player.

    Raises:
        ArgumentTypeError: *player_view* is not a view, or *indent* not an int or ``None``.
        ArgumentError: *indent* is not 0 to 80.
    """
    expect(player_view, PlayerView, "a PlayerView", "view_to_json: player_view")
    _indent(indent, "view_to_json")
    return dump_document(VIEW, player_view, PlayerView, indent)


def view_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> PlayerView:
    """The view in a ``tigeuph-view`` JSON document, for a client or a bot on the other side.

    The position is checked in full: a state drawn from it (:func:`~tigeuph.sample_state`)
    must pass :func:`~tigeuph.check_state` and show the same view, legal actions included. Each
    entry of the history is checked on its own: its seats are the game's, ``exchanged`` is the
    size of its exchange (0 for any other action), another player's exchange has a null
    ``action`` and the viewer's own shows its colours, and no event scores below zero. Whether
    the history leads to the position is not checked: only a replay from the first state could
    tell, and the view does not hold it.

    Raises:
        ArgumentTypeError: *text* is not ``str`` or ``bytes``.
        LimitError: *text* is over *limits*.
        JsonError: *text* is not such a document; the message names the field.
        PositionError: the document reads, but no position shows this view.
    """
    found = load_document(VIEW, text, PlayerView, limits)
    if not 0 <= found.player < len(found.hand_sizes):
        raise JsonError("$.player", f"{found.player} is not a seat (0 to {found.players - 1})")
    sizes = {
        "leaders": len(found.leaders),
        "catastrophe_tiles": len(found.catastrophe_tiles),
        "points": len(found.points),
        "treasures_taken": len(found.treasures_taken),
        "discard_sizes": len(found.discard_sizes),
    }
    for name, size in sizes.items():
        if size != found.players:
            raise JsonError(f"$.{name}", f"{size} entries for {found.players} players")
    for i, entry in enumerate(found.history):
        _check_entry(f"$.history[{i}]", entry, found)
    guess = checked(sample_state(found, random.Random(0)))
    shown = view(guess, found.player)
    for name in attrs.fields_dict(PlayerView):
        if name != "history" and getattr(shown, name) != getattr(found, name):
            raise PositionError(f"impossible view: no position shows this {name}")
    return found


def _check_entry(path: str, entry: PublicAction, seen: PlayerView) -> None:
    """Raise :class:`JsonError` at *path* if the history entry cannot be in *seen* (spec R4)."""
    seats = f"(0 to {seen.players - 1})"
    if not 0 <= entry.player < seen.players:
        raise JsonError(f"{path}.player", f"{entry.player} is not a seat {seats}")
    own = entry.player == seen.player
    if isinstance(entry.action, ExchangeTiles) and not own:
        raise JsonError(f"{path}.action", "another player's exchange shows its colours")
    if entry.action is None and own:
        raise JsonError(f"{path}.action", "the viewer's own exchange must show its colours")
    if entry.action is None:  # another player's exchange: its size only
        if not 1 <= entry.exchanged <= HAND_SIZE:
            raise JsonError(f"{path}.exchanged", f"an exchange is of 1 to {HAND_SIZE} tiles")
    else:
        size = sum(entry.action.counts) if isinstance(entry.action, ExchangeTiles) else 0
        if entry.exchanged != size:
            raise JsonError(f"{path}.exchanged", f"{entry.action} exchanges {size} tiles")
    for j, event in enumerate(entry.scored):
        if not 0 <= event.player < seen.players:
            raise JsonError(f"{path}.scored[{j}].player", f"{event.player} is not a seat {seats}")
        if event.points < 0:
            raise JsonError(f"{path}.scored[{j}].points", f"{event.points} is below zero")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every document, shipped as ``data/schema.json``."""
    text = resources.files(__package__).joinpath("data/schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
