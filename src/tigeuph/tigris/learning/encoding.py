"""Action ids for learning: every possible action has a fixed integer in ``range(ACTION_COUNT)``.

Policy networks want a fixed output layer; these ids give one, stable across versions of the
format (a change would be a new major version): new actions only ever get ids after the last,
as the variants' actions did (ids 3042 on), so an id keeps its action. Cells are numbered
densely, ``i`` for ``tigeuph.CELLS[i]`` (row by row from A1: A1 is 0, P1 is 15, A2 is 16, P11
is 175), colours by :class:`~tigeuph.Colour` (r 0, b 1, g 2, k 3), monuments by
:class:`~tigeuph.Monument` (rb 0, rg 1, rk 2, bg 3, bk 4, gk 5).

===========================  ===========  =====  ==============================================
action                       first id     count  id
===========================  ===========  =====  ==============================================
:class:`PlaceTile`           0            704    ``colour * 176 + cell``
:class:`PlaceLeader`         704          704    ``704 + colour * 176 + cell``
:class:`WithdrawLeader`      1408         4      ``1408 + colour``
:class:`PlaceCatastrophe`    1412         176    ``1412 + cell``
:class:`ExchangeTiles`       1588         209    ``1588 + index`` of the counts (r, b, g, k)
                                                 among all 209 count vectors with 1 to 6
                                                 tiles, in increasing order: (0, 0, 0, 1) is 0,
                                                 (6, 0, 0, 0) is 208
:class:`EndTurn`             1797         1      ``1797``
:class:`CommitSupport`       1798         7      ``1798 + count`` (0 to 6: a hand holds 6)
:class:`ChooseWar`           1805         4      ``1805 + colour``
:class:`BuildMonument`       1809         1056   ``1809 + monument * 176 + corner``
:class:`DeclineMonument`     2865         1      ``2865``
:class:`TakeTreasure`        2866         176    ``2866 + cell``
:class:`PlaceBuilding`       3042         176    ``3042 + cell`` (variant: buildings, R30)
:class:`DeclineBuilding`     3218         1      ``3218``
:class:`BuildWonder`         3219         176    ``3219 + centre`` (variant: the wonder, R31)
:class:`DeclineWonder`       3395         1      ``3395``
:class:`ScoreWonder`         3396         4      ``3396 + colour``
===========================  ===========  =====  ==============================================

:data:`ACTION_COUNT` is 3400. Some ids never name a legal action (a leader on a river, a
monument whose square runs off the board, a variant's action under rules without it);
:func:`legal_mask` says which ones are legal now. The views themselves become arrays with
:func:`observation`, and results numbers with :func:`returns` (both from
:mod:`tigeuph.tigris.learning.tensors`).

>>> import tigeuph
>>> tigeuph.action_to_id(tigeuph.parse_action("kA2")), tigeuph.id_to_action(1797)
(544, parse_action('pass'))
>>> mask = tigeuph.legal_mask(tigeuph.new_game(2, seed=1))
>>> len(mask) == tigeuph.ACTION_COUNT, mask[1797], mask[2865]
(True, 1, 0)
>>> str(tigeuph.id_to_action(3042)), tigeuph.action_to_id(tigeuph.parse_action("*k"))
('@A1', 3399)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Final

from ...core.errors import ArgumentError, ArgumentTypeError, as_int, expect
from ..engine.apply import ACTION_TYPES
from ..engine.legal import LegalActions, legal_actions
from ..model.actions import (
    BUILD_MONUMENT,
    BUILD_WONDER,
    CHOOSE_WAR,
    COMMIT_SUPPORT,
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
    exchange,
)
from ..model.cells import CELLS, COLS, ROWS, STRIDE, Bitboard
from ..model.pieces import COLOURS, MONUMENTS
from ..model.state import GameState
from ..views import PlayerView
from .tensors import observation, returns

__all__ = ["ACTION_COUNT", "action_to_id", "id_to_action", "legal_mask", "observation", "returns"]

_EXCHANGE_COUNTS: Final = tuple(
    counts for counts in itertools.product(range(7), repeat=4) if 1 <= sum(counts) <= 6
)


def _all_actions() -> tuple[Action, ...]:
    """Every action in id order: the table above, built from the shared action values."""
    out: list[Action] = []
    for colour in COLOURS:
        out += [PLACE_TILE[colour][c] for c in CELLS]
    for colour in COLOURS:
        out += [PLACE_LEADER[colour][c] for c in CELLS]
    out += WITHDRAW_LEADER
    out += [PLACE_CATASTROPHE[c] for c in CELLS]
    out += [exchange((r, b, g, k)) for r, b, g, k in _EXCHANGE_COUNTS]
    out.append(END_TURN)
    out += COMMIT_SUPPORT
    out += CHOOSE_WAR
    for monument in MONUMENTS:
        out += [BUILD_MONUMENT[monument][c] for c in CELLS]
    out.append(DECLINE_MONUMENT)
    out += [TAKE_TREASURE[c] for c in CELLS]
    # The variants' actions (spec R30, R31), after the base game's so its ids stay as they were.
    out += [PLACE_BUILDING[c] for c in CELLS]
    out.append(DECLINE_BUILDING)
    out += [BUILD_WONDER[c] for c in CELLS]
    out.append(DECLINE_WONDER)
    out += SCORE_WONDER
    return tuple(out)


_ACTIONS: Final = _all_actions()
_IDS: Final = {action: i for i, action in enumerate(_ACTIONS)}

ACTION_COUNT: Final = len(_ACTIONS)
"""How many action ids there are: ids run from 0 to ``ACTION_COUNT - 1``."""


def action_to_id(action: Action) -> int:
    """The fixed id of *action* (see the table above).

    Raises:
        ArgumentTypeError: *action* is not an action.
        ArgumentError: *action* has no id: support of more than 6 tiles, which no hand holds.
    """
    try:
        found = _IDS.get(action)
    except TypeError:  # unhashable
        found = None
    if found is None:
        if type(action) not in ACTION_TYPES:
            raise ArgumentTypeError(
                f"action_to_id: action must be an action, not {type(action).__name__}"
            )
        raise ArgumentError(f"{action}: no action id (support is 0 to 6 tiles)")
    return found


def id_to_action(action_id: int) -> Action:
    """The action whose id is *action_id*.

    Raises:
        ArgumentTypeError: *action_id* is not an int (``True`` is not one here).
        ArgumentError: *action_id* is not in ``range(ACTION_COUNT)``.
    """
    if type(action_id) is not int:  # numpy's integers are welcome, True is not
        action_id = as_int(action_id, "an action id (an int)", "id_to_action: action_id")
    if not 0 <= action_id < ACTION_COUNT:
        shown = action_id if abs(action_id) < 10**12 else "a number that large"
        raise ArgumentError(f"{shown} is not an action id (0 to {ACTION_COUNT - 1})")
    return _ACTIONS[action_id]


def legal_mask(position: GameState | PlayerView) -> bytes:
    """One byte per action id, 1 where the action is legal for the player to move, else 0.

    A :class:`~tigeuph.PlayerView` gives its viewer's mask (all zero unless he is to move),
    so an agent playing under hidden information needs no full state. ``bytes`` so that
    ``numpy.frombuffer(mask, dtype=bool)`` can read it without a copy.

    Raises:
        ArgumentTypeError: *position* is neither a state nor a view.
    """
    expect(position, (GameState, PlayerView), "a GameState or a PlayerView", "legal_mask")
    legal = position.legal if isinstance(position, PlayerView) else legal_actions(position)
    out = bytearray(ACTION_COUNT)
    if not isinstance(legal, LegalActions):
        for i in _ids(legal):
            out[i] = 1
        return bytes(out)
    # Cell by cell, an action table's ids are its first cell's plus the dense cell index: one
    # slice per kind of action, straight from the mask of legal cells. The masks are turned
    # into bytes all at once, each in a slot of _SLOT bits of one int.
    parts = list(legal.cell_parts())
    if parts:
        cells = 0
        for slot, (_, mask) in enumerate(parts):
            cells |= mask << slot * _SLOT
        rows = _dense_bytes(cells, len(parts))
        for slot, (table, _) in enumerate(parts):
            row = rows[slot * _SLOT : slot * _SLOT + len(CELLS)]
            for first in _remembered_ids(table, table.values_at(CELLS[0])):
                out[first : first + len(CELLS)] = row
    for actions in legal.fixed_parts():
        for i in _remembered_ids(actions, actions):
            out[i] = 1
    return bytes(out)


_REMEMBERED: Final[dict[int, tuple[object, list[int]]]] = {}
_REMEMBER_AT_MOST: Final = 1024


def _remembered_ids(source: object, actions: Iterable[Action]) -> list[int]:
    """The ids of *actions*, taken from *source*: remembered by the identity of *source*, for
    the legal actions are made of a few shared action tables and tuples (the exchanges a hand
    allows, say) that come back state after state. An entry keeps its source alive, so no
    other object can take its identity while it is remembered; the memory is emptied when it
    fills."""
    found = _REMEMBERED.get(id(source))
    if found is not None:
        return found[1]
    ids = _ids(actions)
    if len(_REMEMBERED) >= _REMEMBER_AT_MOST:
        _REMEMBERED.clear()
    _REMEMBERED[id(source)] = (source, ids)
    return ids


_BY_OBJECT: Final = {id(action): i for i, action in enumerate(_ACTIONS)}
"""Ids by the identity of the shared action values (``_ACTIONS`` keeps them alive, so no other
object can take their identities): the legal actions are those values, and looking them up
by identity spares hashing each."""
_id_of_object: Final = _BY_OBJECT.__getitem__


def _ids(actions: Iterable[Action]) -> list[int]:
    """The ids of *actions*, in order."""
    try:
        return list(map(_id_of_object, map(id, actions)))
    except KeyError:  # an equal action that is not the shared value: look it up by value
        return [_IDS[action] for action in actions]


_ROW_MASK: Final = (1 << COLS) - 1
_SLOT: Final = (ROWS * STRIDE + 7) // 8 * 8
"""Bits a mask takes in an int of several masks: a whole number of bytes."""


@functools.cache
def _squeeze_steps(slots: int) -> tuple[tuple[Bitboard, Bitboard, int], ...]:
    """How to move every row of the bitboards in *slots* slots next to the row before it,
    dropping the guard bits: row ``r`` moves right by ``r`` bits, in steps of 1, 2, 4 and 8
    bits, each moving the rows whose ``r`` has that bit (``(keep, move, shift)``: ``cells &
    keep | (cells & move) >> shift``). Rows never overlap on the way, since each is at least
    ``COLS`` bits after the one before."""
    steps = []
    shift = 1
    while shift < ROWS:
        keep = move = 0
        for row in range(ROWS):
            bits = _ROW_MASK << row * STRIDE - row % shift  # where the row is before this step
            if row & shift:
                move |= bits
            else:
                keep |= bits
        steps.append((_in_slots(keep, slots), _in_slots(move, slots), shift))
        shift *= 2
    return tuple(steps)


def _in_slots(bits: Bitboard, slots: int) -> int:
    return sum(bits << slot * _SLOT for slot in range(slots))


def _dense_bytes(cells: int, slots: int) -> bytes:
    """For each of the *slots* bitboards in *cells*, one byte per cell in
    :data:`~tigeuph.CELLS` order, 1 where the bitboard holds it, from the start of its slot."""
    for keep, move, shift in _squeeze_steps(slots):
        cells = cells & keep | (cells & move) >> shift
    # The bits as text, lowest first, then each digit as the byte 0 or 1.
    return f"{cells:0{slots * _SLOT}b}"[::-1].encode().translate(_DIGIT_BYTES)


_DIGIT_BYTES: Final = bytes.maketrans(b"01", b"\x00\x01")
