"""Reading action notation (the table in :mod:`tigeuph.tigris.model.actions`):
:func:`parse_action`."""

from __future__ import annotations

import re
from typing import Final

from ...core.errors import NotationError, expect
from .actions import (
    BUILD_MONUMENT,
    BUILD_WONDER,
    CHOOSE_WAR,
    DECLINE_BUILDING,
    DECLINE_MONUMENT,
    DECLINE_WONDER,
    END_TURN,
    PLACE_BUILDING,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    SCORE_WONDER,
    TAKE_TREASURE,
    WITHDRAW_LEADER,
    Action,
    commit,
    exchange,
)
from .cells import COLS, COLUMN_LETTERS, ROWS, exact_cell
from .pieces import Colour, Monument

__all__ = ["parse_action"]


def parse_action(text: str) -> Action:
    """The action written as *text* in action notation; ``parse_action(str(a)) == a``.

    >>> parse_action("KE5"), parse_action("mkrE5")
    (parse_action('KE5'), parse_action('mrkE5'))

    Exactly the spelling of the table above is read: ASCII letters and digits, cells in
    upper case (``E5``), support as one or two digits without a leading zero (``+0`` to
    ``+99``), nothing around the action. A lookalike (a dotless i, U+0131, a full-width digit, a
    space) is refused, so an action is read in time bounded by the notation's few characters.

    Raises:
        ArgumentTypeError: *text* is not a string.
        NotationError: *text* is not an action; the message says what is wrong in a
            player's words: a square off the board, or what actions look like.

    >>> parse_action("rZ9")
    Traceback (most recent call last):
    ...
    tigeuph.core.errors.NotationError: Z9 is not a square: columns A-P, rows 1-11
    """
    expect(text, str, "action notation (a str)", "parse_action: text")
    if _SHAPE.fullmatch(text) is not None:
        try:
            return _parse(text)
        except (ValueError, IndexError, KeyError):
            pass
    raise NotationError(_why_not(text))


_SQUARES: Final = f"columns {COLUMN_LETTERS[0]}-{COLUMN_LETTERS[COLS - 1]}, rows 1-{ROWS}"
_EXAMPLES: Final = "actions look like rE5 (red tile on E5), KE5 (king to E5), +2 or pass"
_SQUARE: Final = re.compile(r"[A-Za-z][0-9]{1,3}")
_ON_A_SQUARE: Final = re.compile(r"(?:[rbgkRBGKx$@w]|m[a-z]{2})([A-Za-z][0-9]{1,3})")


def _why_not(text: str) -> str:
    """Why *text* is no action, in a player's words: a square off the board (``rZ9``), a
    square alone (``E5``), or what actions look like."""
    shown = repr(text) if len(text) <= 20 else repr(text[:20]) + "..."
    on = _ON_A_SQUARE.fullmatch(text)
    square = on.group(1) if on is not None else text if _SQUARE.fullmatch(text) else None
    if square is not None and square.upper() not in _CELL_NAMES:
        return f"{square} is not a square: {_SQUARES}"
    if square is not None and on is None:
        named = square.upper()
        return (
            f"{shown} is a square, not an action: name a piece too, as in r{named} (a red "
            f"tile) or K{named} (your king)"
        )
    if square is not None and square != square.upper():
        fixed = text[: len(text) - len(square)] + square.upper()
        return f"{shown} is not an action: write the square in capitals, {fixed}"
    return f"{shown} is not an action: {_EXAMPLES}"


_CELL_NAMES: Final = frozenset(
    f"{COLUMN_LETTERS[col]}{row + 1}" for col in range(COLS) for row in range(ROWS)
)


_SHAPE: Final = re.compile(r"pass|[-~+!*$@wxmrbgkRBGK][-~0-9a-zA-Z]{1,6}")
"""The characters and length of any action notation, checked before it is read."""
_SUPPORT: Final = re.compile(r"0|[1-9][0-9]?")


def _parse(t: str) -> Action:
    if t == "pass":
        return END_TURN
    if t == "m-":
        return DECLINE_MONUMENT
    if t == "@-":
        return DECLINE_BUILDING
    if t == "w-":
        return DECLINE_WONDER
    head, rest = t[0], t[1:]
    if head == "-" and len(rest) == 1 and rest.isupper():
        return WITHDRAW_LEADER[Colour.from_letter(rest)]
    if head == "x":
        return PLACE_CATASTROPHE[exact_cell(rest)]
    if head == "$":
        return TAKE_TREASURE[exact_cell(rest)]
    if head == "@":
        return PLACE_BUILDING[exact_cell(rest)]
    if head == "w" and rest[:1].isupper():
        return BUILD_WONDER[exact_cell(rest)]
    if head == "*" and len(rest) == 1 and rest.islower():
        return SCORE_WONDER[Colour.from_letter(rest)]
    if head == "+" and _SUPPORT.fullmatch(rest):
        return commit(int(rest))
    if head == "!" and len(rest) == 1 and rest.islower():
        return CHOOSE_WAR[Colour.from_letter(rest)]
    if head == "~" and rest and rest.islower():
        counts = [0, 0, 0, 0]
        for ch in rest:
            counts[Colour.from_letter(ch)] += 1
        return exchange((counts[0], counts[1], counts[2], counts[3]))
    if head == "m" and len(rest) >= 4 and rest[:2].islower():
        return BUILD_MONUMENT[Monument.from_code(rest[:2])][exact_cell(rest[2:])]
    if head in "rbgk" and rest[:1].isupper():
        return PLACE_TILE[Colour.from_letter(head)][exact_cell(rest)]
    if head in "RBGK" and rest[:1].isupper():
        return PLACE_LEADER[Colour.from_letter(head)][exact_cell(rest)]
    raise ValueError(t)
