"""The game's invariants, as lists of problems: what every state reached by legal play obeys,
and what every step of :func:`~tigeuph.apply` obeys (issue 5).

:func:`state_problems` checks one state: :func:`~tigeuph.check_state`, then what a state
cannot say about itself but the engine promises: the kingdom analysis it inherited is the one
it would compute (R0), and a building decision offers exactly the runs the rules allow, stated
a second time by walking the board cell by cell (R30). :func:`step_problems` checks one step
``before -> action -> after``: what never decreases, turn flow, value semantics and round
trips. :func:`checked_apply` applies an action and checks both. Each problem names the spec
clause it breaks, so a report says which rule is at stake:

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=1)
>>> after, problems = checked_apply(state, tigeuph.legal_actions(state)[0])
>>> problems, after.to_move
([], 1)

The rules themselves are stated once in ``tigeuph.rules`` and a second time, independently,
by the reference engine of the tests (``tests/reference/``), which the tests compare with the
engine at every step of their games. The invariants do not state them a third time, but for the
building offers: the comparison plays too few games to reach a building whose own run was cut
(issue 10), and the soak does.

The tests (``tests/test_machine.py``, ``tests/test_games.py``, ``tests/test_fuzz.py``) and the
soak command (``python -m tigeuph.testing.soak``) share these functions. Every variant switch is
a boolean field of :class:`~tigeuph.Rules`: :func:`switches` finds them, so a new switch is
played and checked by :func:`every_rules` without touching this module.
"""

from __future__ import annotations

import itertools
from typing import Any, Final

import attrs

from ..actions import Action
from ..boards import ADVANCED, STANDARD
from ..cells import (
    COLS,
    ROWS,
    STRIDE,
    Bitboard,
    Cell,
    cell_col,
    cell_name,
    cell_row,
    from_cells,
)
from ..checks import check_state
from ..decisions import BuildingChoice
from ..engine import apply
from ..regions import Analysis
from ..ruleset import Rules
from ..state import GameState
from .steps import round_trip_problems, snapshot, step_problems

__all__ = [
    "BOARDS",
    "Snapshot",
    "checked_apply",
    "every_rules",
    "round_trip_problems",
    "snapshot",
    "state_problems",
    "step_problems",
    "switches",
]

Snapshot = tuple[object, ...]
"""The compared fields of a state, taken before :func:`~tigeuph.apply` (see :func:`snapshot`)."""

BOARDS: Final = (STANDARD, ADVANCED)
"""The boards every combination of switches is played on."""


def switches() -> tuple[str, ...]:
    """The names of the variant switches: every boolean field of :class:`~tigeuph.Rules`.

    >>> "open_scoring" in switches()
    True
    """
    return tuple(f.name for f in attrs.fields(Rules) if f.type in (bool, "bool"))


def every_rules(players: int) -> tuple[Rules, ...]:
    """Every combination of the switches on every board of :data:`BOARDS`, for *players*:
    ``2 ** len(switches()) * len(BOARDS)`` rules, all switches off first.

    >>> every_rules(3)[0] == Rules(players=3)
    True
    """
    names = switches()
    return tuple(
        attrs.evolve(Rules(players=players, board=board), **_flags(names, flags))
        for board in BOARDS
        for flags in itertools.product((False, True), repeat=len(names))
    )


def _flags(names: tuple[str, ...], values: tuple[bool, ...]) -> dict[str, Any]:
    return dict(zip(names, values, strict=True))


def checked_apply(
    state: GameState, action: Action, *, round_trip: bool = True
) -> tuple[GameState, list[str]]:
    """The state after *action* and every problem of the step and of the new state.

    Raises:
        IllegalActionError: the rules forbid *action* (as :func:`~tigeuph.apply`).
    """
    taken = snapshot(state)
    after = apply(state, action)
    problems = step_problems(state, action, after, before_snapshot=taken, round_trip=round_trip)
    return after, problems + state_problems(after)


def state_problems(state: GameState, *, with_check_state: bool = True) -> list[str]:
    """Every invariant *state* breaks, each problem citing its clause; empty when none.

    The problems of :func:`~tigeuph.check_state` come first (prefixed ``check_state:``); when
    there are any, the state is malformed and nothing more is checked. Then what the state
    cannot check of itself: the kingdom analysis it inherited is the one it would compute (R0),
    and a building decision offers exactly the runs the rules allow (R30).

    With *with_check_state* false only these last two run (the tests use it to show that each
    can fail); they assume a well-formed state.
    """
    if with_check_state:
        found = check_state(state)
        if found:
            return [f"check_state: {problem}" for problem in found]
    return _analysis(state) + _building_offer(state)


def _analysis(state: GameState) -> list[str]:
    """The kingdom analysis a state carries from its parent is the one it would compute (R0)."""
    # The leaders' cells from the field itself: leader_mask reads them off the analysis.
    leaders = from_cells(c for row in state.leaders for c in row if c is not None)
    fresh = Analysis(state.face_up | state.flipped | leaders, leaders)
    inherited = state.analysis()
    if sorted(inherited.kingdoms) != sorted(fresh.kingdoms) or inherited.counter != fresh.counter:
        return ["R0: the kingdom analysis carried from the parent state is stale"]
    return []


def _straight_runs(layer: Bitboard, c: Cell) -> list[list[Cell]]:
    """The row and the column of *layer* through *c*, unbroken, walked cell by cell."""
    out = []
    for d_row, d_col in ((0, 1), (1, 0)):
        line = [c]
        for sign in (1, -1):
            row, col = cell_row(c) + sign * d_row, cell_col(c) + sign * d_col
            while 0 <= row < ROWS and 0 <= col < COLS and layer >> (row * STRIDE + col) & 1:
                line.append(Cell(row * STRIDE + col))
                row, col = row + sign * d_row, col + sign * d_col
        out.append(line)
    return out


def _building_offer(state: GameState) -> list[str]:
    """A building decision offers exactly the tiles of the straight runs of three or more
    through the placed tile, and, for a building on the board, only runs strictly longer than
    the longest through its own tile: both conditions at once (spec R30)."""
    pending = state.pending
    if not isinstance(pending, BuildingChoice):
        return []
    layer = state.tiles[pending.colour]
    if not layer >> pending.placed & 1:
        return [f"R30: the building decision's tile {cell_name(pending.placed)} is not face up"]
    at = state.buildings[pending.colour]
    own = 0 if at is None else max(len(line) for line in _straight_runs(layer, at))
    expected = {
        c
        for line in _straight_runs(layer, pending.placed)
        if len(line) >= 3 and len(line) > own
        for c in line
    }
    offered = set(pending.cells)
    if offered != expected:
        return [
            f"R30: the {pending.colour.building} is offered {sorted(map(cell_name, offered))}, "
            f"the runs allow {sorted(map(cell_name, expected))}"
        ]
    return []
