"""What the rule modules share: :data:`Problem`, the opponent and the small changes they make
to a side (a column, a temple) or to the discard pile."""

from __future__ import annotations

from typing import TypeAlias

from attrs import evolve

from ..model.cards import Nation
from ..model.state import BabelState, Side

__all__ = ["Problem", "discarded", "opponent", "set_column", "set_temple"]

Problem: TypeAlias = tuple[str, str] | None
"""``None``, or the clause an action breaks and why."""


def opponent(state: BabelState) -> Side:
    """The side of the player whose turn it is not."""
    return state.sides[1 - state.active]


def discarded(state: BabelState, cards: tuple[Nation, ...]) -> tuple[Nation, ...]:
    """The discard pile once *cards* go onto it."""
    return state.discard + cards


def set_column(
    state: BabelState, seat: int, location: Nation, column: tuple[Nation, ...]
) -> BabelState:
    """*state* with *seat*'s column at *location* replaced by *column*."""
    side = state.sides[seat]
    columns = list(side.columns)
    columns[location.index] = column
    return state.replace_side(seat, evolve(side, columns=tuple(columns)))


def set_temple(
    state: BabelState, seat: int, location: Nation, temple: tuple[int, ...]
) -> BabelState:
    """*state* with *seat*'s temple at *location* replaced by *temple*."""
    side = state.sides[seat]
    temples = list(side.temples)
    temples[location.index] = temple
    return state.replace_side(seat, evolve(side, temples=tuple(temples)))
