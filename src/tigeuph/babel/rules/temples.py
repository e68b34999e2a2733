"""The abilities against the opponent's temple where the pawn is: the Assyrians destroy it
(spec B20, B21), the Hittites steal its top card (spec B22, B44)."""

from __future__ import annotations

from attrs import evolve

from ...core.events import Event
from ..events import LevelStolen, TempleDestroyed
from ..model.actions import Destroy, Steal
from ..model.cards import Nation
from ..model.state import BabelState
from .abilities import pay, run_problem
from .base import Problem, opponent, set_temple

__all__ = ["destroy", "destroy_problem", "steal", "steal_problem"]


def destroy_problem(state: BabelState, action: Destroy) -> Problem:
    """B19: a run of Assyrians here; B42: the opponent has a temple here."""
    me = state.sides[state.active]
    found = run_problem(me, action.run, Nation.ASSYRIANS)
    if found:
        return found
    assert me.pawn is not None
    if not opponent(state).temples[me.pawn.index]:
        return "B42", "the opponent has no temple here"
    return None


def destroy(state: BabelState, action: Destroy, events: list[Event] | None) -> BabelState:
    """The Assyrian pays; the opponent's temple here goes under the temple deck."""
    me = state.sides[state.active]
    other = 1 - state.active
    assert me.pawn is not None
    temple = state.sides[other].temples[me.pawn.index]
    state = set_temple(pay(state, action.run), other, me.pawn, ())
    if events is not None:
        score = state.sides[other].score
        events.append(TempleDestroyed(state.active, other, me.pawn, temple, temple[-1], score))
    # B21: highest level first onto the deck, so the lowest ends on top.
    return evolve(state, temple_deck=temple + state.temple_deck)


def steal_problem(state: BabelState, action: Steal) -> Problem:
    """B19: a run of Hittites here; B42: the opponent has a temple here; B22: higher than one's
    own, and one's column holds as many people cards (B44: before the cost is paid)."""
    me = state.sides[state.active]
    found = run_problem(me, action.run, Nation.HITTITES)
    if found:
        return found
    assert me.pawn is not None
    theirs = opponent(state).height(me.pawn)
    if theirs == 0:
        return "B42", "the opponent has no temple here"
    if theirs <= me.height(me.pawn):
        return "B22", f"his level {theirs} is not above one's own {me.height(me.pawn)}"
    if len(me.column(me.pawn)) < theirs:  # B44: counted before the cost is paid
        return "B22", f"stealing level {theirs} needs {theirs} people cards in the column here"
    return None


def steal(state: BabelState, action: Steal, events: list[Event] | None) -> BabelState:
    """The Hittite pays; the opponent's top temple card here goes on top of one's own."""
    seat = state.active
    me = state.sides[seat]
    other = 1 - seat
    assert me.pawn is not None
    theirs = state.sides[other].temples[me.pawn.index]
    state = set_temple(pay(state, action.run), other, me.pawn, theirs[:-1])
    state = set_temple(state, seat, me.pawn, (*me.temples[me.pawn.index], theirs[-1]))
    if events is not None:
        level = theirs[-1]
        points = level - me.height(me.pawn)
        lost = level - (theirs[-2] if len(theirs) > 1 else 0)
        scores = state.scores
        events.append(
            LevelStolen(seat, other, me.pawn, level, points, scores[seat], lost, scores[other])
        )
    return state
