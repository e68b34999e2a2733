"""Why a Babel action is legal or refused, and what it does (``explain``, issue 25)."""

from __future__ import annotations

from ..errors import IllegalActionError
from .actions import Action
from .engine import apply
from .state import BabelState

__all__ = ["explain"]


def explain(state: BabelState, action: Action) -> str:
    """*action* in *state*: refused, with the clause the engine cites, or legal, with the
    scores and hands it leaves."""
    try:
        after = apply(state, action)
    except IllegalActionError as err:
        return f"Illegal: {err}"
    changes = []
    for seat in (0, 1):
        gained = after.scores[seat] - state.scores[seat]
        if gained:
            changes.append(f"seat {seat} scores {gained:+d}")
    hands = tuple(sum(after.sides[seat].hand) for seat in (0, 1))
    told = "; ".join(changes) or "nobody scores"
    return f"Legal: {told}; hands {hands[0]} and {hands[1]} cards after it."
