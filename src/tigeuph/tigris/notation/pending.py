"""The ``pending:`` line: the decision play waits for, written and read back, its kind named
by :data:`tigeuph.tigris.model.kinds.DECISION_KINDS` as in JSON (spec R6).

The words after the kind are the decision's fields, in the order the class declares them,
as ``name=value`` (:func:`~tigeuph.tigris.model.decisions.decision_fields`): each value is
written and read by its type, and a field whose default is ``None`` is left out while it is
``None``. A new decision, or a new field of a type below, needs nothing here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, get_args

from ..model.cells import Cell, cell_name, parse_cell
from ..model.decisions import Decision, decision_fields
from ..model.kinds import DECISION_CLASSES, DECISION_KINDS, DECISION_TYPES, kinds_text
from ..model.pieces import Colour
from .fields import NONE, read_cell_list, read_colour, read_number, read_pairs

__all__ = ["pending_text", "read_pending"]

_Write = Callable[[Any], str]
_Read = Callable[[str, str], Any]
"""Reads a value's text; the second argument is its word, for the message."""

_VALUES: Final[dict[object, tuple[_Write, _Read]]] = {
    int: (str, read_number),
    Cell: (cell_name, lambda text, _: parse_cell(text)),
    Colour: (lambda colour: colour.letter, lambda text, _: read_colour(text)),
    tuple[Cell, ...]: (
        lambda cells: ",".join(cell_name(c) for c in cells),
        lambda text, _: read_cell_list(text),
    ),
    tuple[Colour, ...]: (
        lambda colours: ",".join(colour.letter for colour in colours),
        lambda text, _: tuple(read_colour(letter) for letter in text.split(",")),
    ),
}
"""How the notation writes and reads a value of each type a decision's field may have."""


class _Word:
    """One field of a decision on the ``pending:`` line: its name, its word, how its value is
    written and read, and whether it may be left out (a field whose default is ``None``)."""

    __slots__ = ("name", "optional", "read", "word", "write")

    def __init__(self, name: str, word: str, kind: object, optional: bool) -> None:
        if optional:  # ``X | None``: the value's own type is X
            (kind,) = [arg for arg in get_args(kind) if arg is not type(None)]
        self.name = name
        self.word = word
        self.optional = optional
        self.write, self.read = _VALUES[kind]  # a type with no entry fails at import


_WORDS: Final[dict[type[Any], tuple[_Word, ...]]] = {
    cls: tuple(
        _Word(f.name, f.metadata.get("word", f.name), f.type, f.default is None)
        for f in decision_fields(cls)
    )
    for cls in DECISION_TYPES
}
"""The words of each kind of decision, in the order of its fields."""


def pending_text(pending: Decision | None) -> str:
    """The value of the ``pending:`` line for *pending*: ``none``, or the decision's kind and
    its ``key=value`` words."""
    if pending is None:
        return NONE
    words = [DECISION_KINDS[type(pending)]]
    for w in _WORDS[type(pending)]:
        value = getattr(pending, w.name)
        if value is not None or not w.optional:
            words.append(f"{w.word}={w.write(value)}")
    return " ".join(words)


def read_pending(value: str) -> Decision | None:
    """The decision the value of a ``pending:`` line names: ``none`` or a kind of
    :data:`~tigeuph.tigris.model.kinds.DECISION_KINDS` followed by ``key=value`` words.

    Raises:
        ValueError: *value* names no decision.
    """
    if value == NONE:
        return None
    kind, *rest = value.split()
    cls = DECISION_CLASSES.get(kind)
    if cls is None:
        raise ValueError(f"pending must be {NONE}, {kinds_text(' or ')}, not {kind[:20]!r}")
    words = _WORDS[cls]
    given = read_pairs(
        " ".join(rest),
        required=tuple(w.word for w in words if not w.optional),
        optional=tuple(w.word for w in words if w.optional),
    )
    found: Decision = cls(
        **{w.name: w.read(given[w.word], w.word) for w in words if w.word in given}
    )
    return found
