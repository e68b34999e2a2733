"""perft counted by the reference engine alone: its own legal actions, its own apply.

The same definition as :func:`tigeuph.tools.perft.perft`, written again on
:func:`~reference.engine.ref_legal_actions` (every conceivable action filtered through the
rules) and :func:`~reference.engine.ref_apply`, so a count that agrees with the fast engine's
was reached twice independently. Slow: a few milliseconds a listing.
"""

from __future__ import annotations

from tigeuph.tigris.model.actions import Action
from tigeuph.tigris.model.state import GameState

from .engine import ref_apply, ref_legal_actions

__all__ = ["ref_divide", "ref_perft"]


def ref_perft(state: GameState, depth: int) -> int:
    """The number of sequences of *depth* legal actions from *state* (1 for depth 0)."""
    if depth == 0:
        return 1
    legal = ref_legal_actions(state)
    if depth == 1:
        return len(legal)
    return sum(ref_perft(ref_apply(state, action), depth - 1) for action in legal)


def ref_divide(state: GameState, depth: int) -> dict[Action, int]:
    """Each legal action of *state* with the number of sequences of *depth* actions (1 or more)
    that begin with it; a mapping, since the reference lists its actions in no order."""
    return {
        action: ref_perft(ref_apply(state, action), depth - 1)
        for action in ref_legal_actions(state)
    }
