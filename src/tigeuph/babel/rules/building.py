"""Building (spec B16, B17): a temple card on one's temple where the pawn is, and the Persians'
ability to build one level higher (spec B25, B47)."""

from __future__ import annotations

from attrs import evolve

from ...core.events import Event
from ..events import TempleBuilt
from ..model.actions import Build, SkipBuild
from ..model.cards import Nation
from ..model.state import BabelState
from .abilities import pay, run_problem
from .base import Problem, set_temple

__all__ = ["build", "build_problem", "skip_build", "skip_build_problem"]


def _level_problem(state: BabelState, row: int, level: int) -> Problem:
    """B9, B16: row *row* has a card on top, of *level*."""
    cards = state.sides[row].row
    if not cards:
        return "B9", f"row {row} is empty"
    if cards[-1] != level:
        return "B16", f"the top of row {row} is level {cards[-1]}, not {level}"
    return None


def _start_problem(state: BabelState, height: int) -> Problem:
    """B16: the starting card, not yet built, goes on an empty site."""
    if not state.sides[state.active].starting:
        return "B16", "the starting card is already built"
    if height != 0:
        return "B16", "the starting card (level 1) goes on an empty site only"
    return None


def build_problem(state: BabelState, action: Build) -> Problem:
    """B13: the pawn has left the quarry; B16: the next level, with as many people cards."""
    me = state.sides[state.active]
    if me.pawn is None:
        return "B13", "the pawn is on the quarry: travel first"
    h = me.height(me.pawn)
    if h == 6:
        return "B16", "this temple is complete (level 6)"
    if action.row is None:
        found = _start_problem(state, h)
    else:
        found = _level_problem(state, action.row, h + 1)
    if found:
        return found
    if len(me.column(me.pawn)) < h + 1:
        return "B16", f"level {h + 1} needs {h + 1} people cards in the column here"
    return None


def _build(
    state: BabelState, row: int | None, skipped: bool, events: list[Event] | None
) -> BabelState:
    """The starting card (*row* ``None``) or the top card of *row* onto one's temple here;
    *skipped* when a Persian paid for it (spec B25)."""
    me = state.sides[state.active]
    assert me.pawn is not None
    if row is None:
        state = state.replace_side(state.active, evolve(me, starting=False))
        level = 1
    else:
        owner = state.sides[row]
        level = owner.row[-1]
        state = state.replace_side(row, evolve(owner, row=owner.row[:-1]))
    temple = state.sides[state.active].temples[me.pawn.index]
    state = set_temple(state, state.active, me.pawn, (*temple, level))
    if events is not None:
        points = level - (temple[-1] if temple else 0)
        score = state.sides[state.active].score
        events.append(TempleBuilt(state.active, me.pawn, level, row, skipped, points, score))
    return state


def build(state: BabelState, action: Build, events: list[Event] | None) -> BabelState:
    """The card goes on top of one's temple here."""
    return _build(state, action.row, False, events)


def skip_build_problem(state: BabelState, action: SkipBuild) -> Problem:
    """B19: a run of Persians here; B47: a level two higher exists; B25: it is on top of the
    row, and the column holds as many people cards, the Persian that pays included."""
    me = state.sides[state.active]
    found = run_problem(me, action.run, Nation.PERSIANS)
    if found:
        return found
    assert me.pawn is not None
    h = me.height(me.pawn)
    if h > 4:
        return "B47", f"no level {h + 2} exists"
    found = _level_problem(state, action.row, h + 2)
    if found:
        return "B25", found[1]
    if len(me.column(me.pawn)) < h + 2:  # the Persian paid counts (spec B25)
        return "B25", f"level {h + 2} needs {h + 2} people cards in the column here"
    return None


def skip_build(state: BabelState, action: SkipBuild, events: list[Event] | None) -> BabelState:
    """The Persian pays, then the card goes on top of one's temple here."""
    return _build(pay(state, action.run), action.row, True, events)
