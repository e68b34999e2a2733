"""The clauses that make an action legal, per kind of action, and the first of its effects."""

from __future__ import annotations

from ..engine.plays import play_of
from ..model.actions import Action
from ..model.state import GameState

__all__ = ["action_clauses"]


def action_clauses(state: GameState, action: Action) -> list[str]:
    """The clauses that make the legal *action* legal, and the first of its effects (a list to
    extend), as its play in *state* says."""
    play = play_of(state, action)
    assert play is not None  # explain asks only about an action apply accepted
    return play.clauses(state, action, state.active if state.pending is None else state.pending)
