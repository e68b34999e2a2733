"""Migrate (spec B18): the last three cards of one column to another, once a turn."""

from __future__ import annotations

from attrs import evolve

from ...core.events import Event
from ..events import CardsMigrated
from ..model.actions import Migrate
from ..model.state import BabelState
from .base import Problem, set_column

__all__ = ["migrate", "migrate_problem"]


def migrate_problem(state: BabelState, action: Migrate) -> Problem:
    """B18: not yet this turn, to another location, from a column of three or more."""
    me = state.sides[state.active]
    origin, target = action.origin, action.target
    if state.migrated:
        return "B18", "one migration per turn"
    if origin is target:
        return "B18", "a migration goes to another location"
    if len(me.column(origin)) < 3:
        return "B18", f"the column at the {origin.name.title()} holds fewer than 3 cards"
    return None


def migrate(state: BabelState, action: Migrate, events: list[Event] | None) -> BabelState:
    """The three cards move, in order, to the target column's tail."""
    seat = state.active
    me = state.sides[seat]
    origin, target = action.origin, action.target
    moving = me.column(origin)[-3:]
    if events is not None:
        events.append(CardsMigrated(seat, origin, target, moving))
    state = set_column(state, seat, origin, me.column(origin)[:-3])
    state = set_column(state, seat, target, me.column(target) + moving)
    return evolve(state, migrated=True)
