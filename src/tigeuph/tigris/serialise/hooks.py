"""The main game's converter: the hooks that write cells, colours, counts, decisions, events,
boards and the board layers as JSON fields, and read them back strictly."""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from attrs import field, frozen
from attrs.validators import ge
from cattrs.gen import make_dict_unstructure_fn, override

from ...core.errors import BoardError
from ...core.events import Event
from ...core.serialise.converter import Invalid, object_of, show, strict_converter
from ..events import EVENT_TYPES
from ..model.action_text import parse_action
from ..model.actions import Action
from ..model.boards import BUILT_IN, CUSTOM, Board, board_name
from ..model.cells import Bitboard, Cell, cell_name, names, parse_cell
from ..model.decisions import Decision
from ..model.kinds import ACTION_KINDS, DECISION_CLASSES, DECISION_KINDS
from ..model.pieces import COLOURS, Colour, Monument
from ..model.state import Counts, GameState
from ..views import PlayerView

__all__ = ["CONVERTER", "EVENT_WORDS", "read_event", "write_event"]

CONVERTER: Final = strict_converter()
"""The converter of the main game's documents."""


def _leaf(kind: Any, write: Any, read: Any, what: str) -> None:
    """Hooks for a value written as a string: *read* raises ValueError on a bad one."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not str:
            raise Invalid(f"expected {what}, not {show(value)}")
        try:
            return read(value)
        except (ValueError, KeyError):
            raise Invalid(f"{show(value)} is not {what}") from None

    CONVERTER.register_structure_hook(kind, structure)
    CONVERTER.register_unstructure_hook(kind, write)


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
for _kind in ACTION_KINDS:
    CONVERTER.register_unstructure_hook(_kind.action, str)


def _optional(kind: Any) -> None:
    """``kind | None``: cattrs unstructures a union by the value's class, which loses the hooks
    registered for *kind* (a cell is an ``int``, counts a ``tuple``)."""
    inner_write = CONVERTER.get_unstructure_hook(kind)

    def structure(value: Any, _: Any) -> Any:
        return None if value is None else CONVERTER.structure(value, kind)

    CONVERTER.register_structure_hook(kind | None, structure)
    CONVERTER.register_unstructure_hook(
        kind | None, lambda v: None if v is None else inner_write(v)
    )


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
        raise Invalid(f"expected {what}, not {show(value)}")


def _read_counts(value: Any, _: Any) -> Counts:
    _object(value, 'an object of counts like {"r": 1, "b": 0, "g": 2, "k": 0}')
    c = CONVERTER.structure(value, _Counts)
    return c.r, c.b, c.g, c.k


def _write_counts(counts: Counts) -> dict[str, int]:
    return {colour.letter: n for colour, n in zip(COLOURS, counts, strict=True)}


CONVERTER.register_structure_hook_func(lambda t: t == Counts, _read_counts)
CONVERTER.register_unstructure_hook_func(lambda t: t == Counts, _write_counts)
_optional(Counts)


def _read_decision(value: Any, _: Any) -> Decision | None:
    if value is None:
        return None
    _object(value, "null or an object with a kind")
    kind = value.get("kind")
    cls = DECISION_CLASSES.get(kind) if type(kind) is str else None
    if cls is None:
        raise Invalid(f"kind must be one of {', '.join(DECISION_CLASSES)}, not {show(kind)}")
    found: Decision = CONVERTER.structure({k: v for k, v in value.items() if k != "kind"}, cls)
    return found


def _write_decision(decision: Decision | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    body: dict[str, Any] = CONVERTER.unstructure(decision, type(decision))
    return {"kind": DECISION_KINDS[type(decision)], **body}


CONVERTER.register_structure_hook(Decision | None, _read_decision)
CONVERTER.register_unstructure_hook(Decision | None, _write_decision)


# --- Events (tigeuph.tigris.events): their kind and words, then their own fields ------------------

_optional(Colour)

EVENT_WORDS: Final = ("kind", "clause", "text", "players", "cells")
"""The keys every event object may have besides its own fields: what it is, and its words for a
client that shows or lights it without knowing the kind. A reader does not read them back."""


def write_event(event: Event, words: bool = True) -> dict[str, Any]:
    """*event* as a JSON object: its kind, its words unless told not to, its own fields."""
    body: dict[str, Any] = CONVERTER.unstructure(event, type(event))
    if not words:
        return {"kind": event.kind, **body}
    return {
        "kind": event.kind,
        "clause": event.clause,
        "text": event.text(),
        "players": list(event.players),
        "cells": [cell_name(c) for c in event.values("cell")],
        **body,
    }


def read_event(value: Any, _: Any = Event) -> Event:
    """The event the object *value* writes; its words are not read back."""
    _object(value, "an event object with a kind")
    kind = value.get("kind")
    cls = EVENT_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        raise Invalid(f"kind must be an event kind, not {show(kind)}")
    own = {key: item for key, item in value.items() if key not in EVENT_WORDS}
    found: Event = CONVERTER.structure(own, cls)
    return found


# The hooks match Event itself only: each kind's own fields go through cattrs' hooks for it.
CONVERTER.register_structure_hook_func(lambda kind: kind is Event, read_event)
CONVERTER.register_unstructure_hook_func(lambda kind: kind is Event, write_event)


# --- Board fields, shared by states and views: masks as cell names -----------------------------


def _read_mask(value: Any, _: Any) -> Bitboard:
    out = 0
    for c in CONVERTER.structure(value, tuple[Cell, ...]):
        if out >> c & 1:
            raise Invalid(f"{cell_name(c)} is listed twice")
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
CONVERTER.register_structure_hook(_Layout, object_of(_Layout, CONVERTER, **_LAYOUT_FIELDS))
_BOARD_WHAT: Final = f"a board ({', '.join(BUILT_IN)}, or an object with its layout)"


def _read_board(value: Any, _: Any) -> Board:
    """A board by name, or a custom board's layout (read as the position notation does)."""
    if type(value) is str:
        if value not in BUILT_IN:
            raise Invalid(f"{show(value)} is not {_BOARD_WHAT}")
        return BUILT_IN[value]
    _object(value, _BOARD_WHAT)
    layout = CONVERTER.structure(value, _Layout)
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
        raise Invalid(str(err)) from None


def _write_board(board: Board) -> str | dict[str, Any]:
    name = board_name(board)
    if name is not None:
        return name
    return {
        "rows": board.rows,
        "cols": board.cols,
        "river": names(board.river),
        "temples": names(board.temples),
        "special_treasures": names(board.special),
    }


CONVERTER.register_structure_hook(Board, _read_board)
CONVERTER.register_unstructure_hook(Board, _write_board)


def _read_layers(value: Any, _: Any) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    _object(value, 'an object of cell lists like {"r": ["B2"], "b": [], "g": [], "k": []}')
    layers = CONVERTER.structure(value, _Layers)
    both = 0
    for layer in (layers.r, layers.b, layers.g, layers.k):
        if both & layer:
            raise Invalid(f"{names(both & layer)[0]} holds two tiles")
        both |= layer
    return layers.r, layers.b, layers.g, layers.k


def _write_layers(tiles: tuple[Bitboard, ...]) -> dict[str, list[str]]:
    return {colour.letter: names(layer) for colour, layer in zip(COLOURS, tiles, strict=True)}


def _read_leaders(value: Any, _: Any) -> tuple[tuple[Cell | None, ...], ...]:
    if type(value) is not list:
        raise Invalid(f"expected a list with an object per player, not {show(value)}")
    rows = CONVERTER.structure(value, tuple[_Places, ...])
    return tuple((row.r, row.b, row.g, row.k) for row in rows)


def _write_leaders(leaders: tuple[tuple[Cell | None, ...], ...]) -> list[Any]:
    return [CONVERTER.unstructure(_Places(*row), _Places) for row in leaders]


def _read_buildings(value: Any, _: Any) -> _Buildings:
    _object(value, 'an object of cells like {"r": "E5", "b": null, "g": null, "k": null}')
    found = CONVERTER.structure(value, _Places)
    return found.r, found.b, found.g, found.k


def _write_buildings(buildings: _Buildings) -> dict[str, Any]:
    written: dict[str, Any] = CONVERTER.unstructure(_Places(*buildings), _Places)
    return written


def _read_bag(value: Any, _: Any) -> str:
    text: str = CONVERTER.structure(value, str)
    strays = sorted(set(text) - set("rbgk"))
    if strays:
        raise Invalid(f"{strays[0]!r} is not a colour letter (r, b, g, k)")
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
CONVERTER.register_structure_hook(_Layers, object_of(_Layers, CONVERTER, **_LAYER_FIELDS))
_shapes: tuple[tuple[type[Any], dict[str, Any]], ...] = (
    (GameState, {"bag": override(struct_hook=_read_bag)}),
    (PlayerView, {}),
)
for _shape, _extra in _shapes:
    _fields = {**_BOARD_FIELDS, **_extra}
    CONVERTER.register_structure_hook(_shape, object_of(_shape, CONVERTER, **_fields))
    CONVERTER.register_unstructure_hook(
        _shape, make_dict_unstructure_fn(_shape, CONVERTER, **_fields)
    )
