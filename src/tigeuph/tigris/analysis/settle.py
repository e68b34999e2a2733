"""Settling the decisions an action sets off, by a fixed quick rule, before evaluating."""

from __future__ import annotations

from typing import Final

from ..engine.apply import apply
from ..engine.legal import legal_actions
from ..model.actions import Action, CommitSupport
from ..model.decisions import Conflict
from ..model.state import GameState
from .heuristic import evaluate

__all__ = ["SETTLE_DEPTH", "settle"]

SETTLE_DEPTH: Final = 8
"""At most this many decisions are settled after an action before the position is evaluated."""


def settle(state: GameState, depth: int = SETTLE_DEPTH) -> list[float]:
    """Each seat's evaluation (:func:`~tigeuph.tigris.analysis.heuristic.evaluate`) once the
    decisions *state* waits for are taken, down to *depth* of them, by a fixed quick rule: in a
    conflict each side commits all the support it may (spec R15, R18), and every other decision (war
    order, monument, treasure, building, wonder, the wonder's colour) takes the answer whose
    position evaluates best for whoever decides. Linear in the decisions: no tree."""
    while state.pending is not None and state.ended is None and depth > 0:
        depth -= 1
        options = legal_actions(state)
        if isinstance(state.pending, Conflict):
            state = apply(state, max(options, key=_support))
            continue
        seat = state.to_move
        assert seat is not None
        after = [apply(state, action) for action in options]
        state = max(after, key=lambda s: evaluate(s)[seat])
    return evaluate(state)


def _support(action: Action) -> int:
    return action.count if isinstance(action, CommitSupport) else -1
