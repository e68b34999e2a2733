"""What every ability shares (spec B0, B19): the runs of a column, the run that must stand
where the pawn is, and the card of it that pays."""

from __future__ import annotations

from attrs import evolve, frozen

from ..model.cards import Nation
from ..model.state import BabelState, Side
from .base import Problem, discarded, set_column

__all__ = ["Run", "pay", "run_problem", "runs"]


@frozen
class Run:
    """A maximal block of at least three consecutive same-nation cards in a column (spec B0)."""

    start: int
    length: int
    nation: Nation


def runs(column: tuple[Nation, ...]) -> tuple[Run, ...]:
    """The runs of three or more in *column*, head first (spec B0, B19).

    >>> from tigeuph.babel.model.cards import parse_nations
    >>> [(run.start, run.length, run.nation.value) for run in runs(parse_nations("HAAAPPPPA"))]
    [(1, 3, 'A'), (4, 4, 'P')]
    """
    found = []
    i = 0
    while i < len(column):
        j = i
        while j < len(column) and column[j] is column[i]:
            j += 1
        if j - i >= 3:
            found.append(Run(i, j - i, column[i]))
        i = j
    return tuple(found)


def run_problem(side: Side, run: int, nation: Nation) -> Problem:
    """B19: the pawn stands at a location where one's column has a run of *nation* from *run*."""
    if side.pawn is None:
        return "B13", "the pawn is on the quarry: no ability can be used yet"
    column = side.column(side.pawn)
    for found in runs(column):
        if found.start == run:
            if found.nation is not nation:
                return "B19", f"the run at {run} is of {found.nation.name.title()}"
            return None
    return "B19", f"no run of three or more starts at card {run} of the column here"


def pay(state: BabelState, run: int) -> BabelState:
    """The active player pays an ability: the card at *run* leaves his column here (spec B19)."""
    me = state.sides[state.active]
    assert me.pawn is not None
    column = me.column(me.pawn)
    paid = column[run]
    state = set_column(state, state.active, me.pawn, column[:run] + column[run + 1 :])
    return evolve(state, discard=discarded(state, (paid,)))
