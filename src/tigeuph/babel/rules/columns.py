"""The abilities against the opponent's column where the pawn is: the Medes expel a nation from
it (spec B23), the Sumerians take its tail's nation (spec B24)."""

from __future__ import annotations

from attrs import evolve

from ...core.events import Event
from ..events import CardsExpelled, CardsSwitched
from ..model.actions import Expel, Switch
from ..model.cards import Nation
from ..model.state import BabelState
from .abilities import pay, run_problem
from .base import Problem, discarded, opponent, set_column

__all__ = ["expel", "expel_problem", "switch", "switch_problem"]


def expel_problem(state: BabelState, action: Expel) -> Problem:
    """B19: a run of Medes here; B42: the opponent has a card of the named nation here."""
    me = state.sides[state.active]
    found = run_problem(me, action.run, Nation.MEDES)
    if found:
        return found
    assert me.pawn is not None
    named = action.named
    if named not in opponent(state).column(me.pawn):
        return "B42", f"the opponent has no {named.name.title()} card here"
    return None


def expel(state: BabelState, action: Expel, events: list[Event] | None) -> BabelState:
    """The Mede pays; the opponent's cards of the named nation here are discarded."""
    me = state.sides[state.active]
    other = 1 - state.active
    assert me.pawn is not None
    state = pay(state, action.run)
    column = state.sides[other].column(me.pawn)
    kept = tuple(card for card in column if card is not action.named)
    gone = tuple(card for card in column if card is action.named)
    if events is not None:
        events.append(CardsExpelled(state.active, other, me.pawn, action.named, len(gone)))
    state = set_column(state, other, me.pawn, kept)
    return evolve(state, discard=discarded(state, gone))


def switch_problem(state: BabelState, action: Switch) -> Problem:
    """B19: a run of Sumerians here; B42: the opponent's column here is not empty."""
    me = state.sides[state.active]
    found = run_problem(me, action.run, Nation.SUMERIANS)
    if found:
        return found
    assert me.pawn is not None
    if not opponent(state).column(me.pawn):
        return "B42", "the opponent's column here is empty"
    return None


def switch(state: BabelState, action: Switch, events: list[Event] | None) -> BabelState:
    """The Sumerian pays; the opponent's cards of his tail's nation here join one's column."""
    seat = state.active
    me = state.sides[seat]
    other = 1 - seat
    assert me.pawn is not None
    state = pay(state, action.run)
    column = state.sides[other].column(me.pawn)
    tail = column[-1]
    kept = tuple(card for card in column if card is not tail)
    moving = tuple(card for card in column if card is tail)
    if events is not None:
        events.append(CardsSwitched(seat, other, me.pawn, tail, len(moving)))
    state = set_column(state, other, me.pawn, kept)
    mine = state.sides[seat].column(me.pawn)
    return set_column(state, seat, me.pawn, mine + moving)
