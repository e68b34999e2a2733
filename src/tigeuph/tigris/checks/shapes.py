"""The shape of a state: every field of the type it is declared with, no number too large.

``GameState`` has no validators (it is rebuilt on every action), so a state built by hand may
hold anything. :func:`tigeuph.check_state` looks at the shape first, with this module, and goes
on to the rules' checks only for a state of the right shape, which they can read safely.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, get_args

import attrs

from ..model.cells import Cell
from ..model.decisions import decision_fields
from ..model.kinds import DECISION_TYPES
from ..model.pieces import Colour, Monument
from ..model.ruleset import Rules
from ..model.state import End, GameState, MonumentSite, WonderSite

__all__ = ["MAX_COUNT", "shape_problems"]

MAX_COUNT: Final = 999_999_999
"""The largest count a state may hold (points, treasures, support...). No rule caps points
(passing is always legal and monuments score every turn), but no action scores more than a few
hundred, so a game would need millions of actions to pass this: the bound keeps numbers short
enough to print and store everywhere."""

_Check = Callable[[object], bool]


def _count(value: object) -> bool:
    # Below zero is the rules' checks' business (they say which count and seat); here only the
    # type and the size.
    return type(value) is int and -MAX_COUNT <= value <= MAX_COUNT


def _mask(value: object) -> bool:
    return type(value) is int and value >= 0


def _cell(value: object) -> bool:
    return type(value) is int and 0 <= value < 1 << 200


def _optional(check: _Check) -> _Check:
    return lambda value: value is None or check(value)


def _tuple_of(check: _Check, size: int | None = None) -> _Check:
    def test(value: object) -> bool:
        return (
            type(value) is tuple
            and (size is None or len(value) == size)
            and all(check(item) for item in value)
        )

    return test


def _is(kind: type) -> _Check:
    return lambda value: type(value) is kind


_FOUR: Final = _tuple_of(_count, 4)
_FIELDS: Final[dict[str, tuple[_Check, str]]] = {
    "rules": (_is(Rules), "a Rules"),
    "tiles": (_tuple_of(_mask, 4), "four masks (non-negative ints)"),
    "flipped": (_mask, "a mask (a non-negative int)"),
    "catastrophes": (_mask, "a mask"),
    "treasures": (_mask, "a mask"),
    "leaders": (_tuple_of(_tuple_of(_optional(_cell), 4)), "a tuple per seat of 4 cells or None"),
    "monuments": (_tuple_of(_is(MonumentSite)), "a tuple of MonumentSite"),
    "declined": (_mask, "a mask"),
    "unification": (_optional(_cell), "a cell or None"),
    "hands": (_tuple_of(_FOUR), "a tuple per seat of four counts"),
    "catastrophe_tiles": (_tuple_of(_count), "a count per seat"),
    "points": (_tuple_of(_FOUR), f"a tuple per seat of four counts (at most {MAX_COUNT:,})"),
    "treasures_taken": (_tuple_of(_count), "a count per seat"),
    "bag": (_is(str), "a str of colour letters"),
    "removed": (_FOUR, "four counts"),
    "discarded": (_tuple_of(_FOUR), "a tuple per seat of four counts"),
    "active": (_count, "a seat (an int)"),
    "actions_left": (_count, "a count"),
    "ended": (_optional(_is(End)), "an End or None"),
    "buildings": (_tuple_of(_optional(_cell), 4), "four cells or None"),
    "wonder": (_optional(_is(WonderSite)), "a WonderSite or None"),
    "declined_crosses": (_mask, "a mask"),
}
_PARTS: Final[dict[type, dict[str, _Check]]] = {
    MonumentSite: {"monument": _is(Monument), "corner": _cell, "colour": _is(Colour)},
    WonderSite: {"centre": _cell, "colour": _is(Colour)},
}
_VALUES: Final[dict[object, _Check]] = {
    int: _count,
    Cell: _cell,
    Colour: _is(Colour),
    tuple[Cell, ...]: _tuple_of(_cell),
    tuple[Colour, ...]: _tuple_of(_is(Colour)),
}
"""The check of a decision's field by its declared type (``X | None``: X's, or ``None``)."""


def _decision_checks(cls: type) -> dict[str, _Check]:
    checks = {}
    for f in decision_fields(cls):
        kinds = [arg for arg in get_args(f.type) if arg is not type(None)]
        if kinds and f.default is None:  # X | None
            checks[f.name] = _optional(_VALUES[kinds[0]])
        else:
            checks[f.name] = _VALUES[f.type]  # a type with no check fails at import
    return checks


_DECISIONS: Final = {cls: _decision_checks(cls) for cls in DECISION_TYPES}
"""The checks of each kind of decision's fields, derived from the fields."""


def shape_problems(state: GameState) -> list[str]:
    """The fields of *state* that are not of their declared type, or hold a number beyond
    :data:`MAX_COUNT` either way, in words.

    >>> import attrs, tigeuph
    >>> shape_problems(attrs.evolve(tigeuph.new_game(2, seed=1), active="0", bag=None))
    ['bag is not a str of colour letters: NoneType', 'active is not a seat (an int): str']
    """
    out: list[str] = []
    for name, (check, what) in _FIELDS.items():
        value = getattr(state, name)
        if not check(value):
            out.append(f"{name} is not {what}: {_kind(value)}")
    for site in (*_items(state.monuments), state.wonder):
        parts = _PARTS.get(type(site), {})
        out += _parts(type(site).__name__, site, parts)
    pending = state.pending
    if pending is not None:
        found = [p for cls, p in _DECISIONS.items() if isinstance(pending, cls)]
        if not found or not attrs.has(type(pending)):
            out.append(f"pending is not a decision: {_kind(pending)}")
        else:
            out += _parts(f"pending {type(pending).__name__}", pending, found[0])
    return out


def _items(value: object) -> tuple[object, ...]:
    return value if type(value) is tuple else ()


def _parts(label: str, value: object, parts: dict[str, _Check]) -> list[str]:
    return [
        f"{label}.{name} is out of range or of the wrong type: {_kind(getattr(value, name))}"
        for name, check in parts.items()
        if not check(getattr(value, name))
    ]


def _kind(value: object) -> str:
    if type(value) is int:
        return "a number that large" if abs(value) > MAX_COUNT else f"int {value}"
    return type(value).__name__
