"""Colonise (spec B13, B14): a card from hand to the tail of one's column where the pawn is."""

from __future__ import annotations

from attrs import evolve

from ...core.events import Event
from ..events import CardColonised
from ..model.actions import Colonise
from ..model.state import BabelState, add
from .base import Problem, set_column

__all__ = ["colonise", "colonise_problem"]


def colonise_problem(state: BabelState, action: Colonise) -> Problem:
    """B13: the pawn has left the quarry; B14: a card of the nation in hand."""
    me = state.sides[state.active]
    n = action.nation
    if me.pawn is None:
        return "B13", "the pawn is on the quarry: travel first"
    if me.hand[n.index] == 0:
        return "B14", f"no {n.name.title()} card in hand"
    return None


def colonise(state: BabelState, action: Colonise, events: list[Event] | None) -> BabelState:
    """The card leaves the hand for the column's tail."""
    seat = state.active
    me = state.sides[seat]
    n = action.nation
    assert me.pawn is not None
    state = state.replace_side(seat, evolve(me, hand=add(me.hand, n, -1)))
    column = (*me.column(me.pawn), n)
    if events is not None:
        events.append(CardColonised(seat, n, me.pawn, len(column)))
    return set_column(state, seat, me.pawn, column)
