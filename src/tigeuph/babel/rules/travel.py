"""Travel (spec B12): a card of a nation discarded, the pawn goes to that nation."""

from __future__ import annotations

from attrs import evolve

from ...core.events import Event
from ..events import PawnTravelled
from ..model.actions import Travel
from ..model.state import BabelState, add
from .base import Problem, discarded

__all__ = ["travel", "travel_problem"]


def travel_problem(state: BabelState, action: Travel) -> Problem:
    """B12: a card of the nation in hand, and the pawn elsewhere."""
    me = state.sides[state.active]
    n = action.nation
    if me.hand[n.index] == 0:
        return "B12", f"no {n.name.title()} card in hand"
    if me.pawn is n:
        return "B12", f"the pawn already stands at the {n.name.title()}"
    return None


def travel(state: BabelState, action: Travel, events: list[Event] | None) -> BabelState:
    """The card goes onto the discard pile and the pawn to its nation."""
    seat = state.active
    me = state.sides[seat]
    n = action.nation
    if events is not None:
        events.append(PawnTravelled(seat, n, me.pawn))
    moved = evolve(me, hand=add(me.hand, n, -1), pawn=n)
    return evolve(state.replace_side(seat, moved), discard=discarded(state, (n,)))
