"""What Babel's players weigh (issue 19): :func:`evaluate`, one seat's view of a position.

The evaluation, from one seat's side, is the difference between his and his opponent's
*worth*: 10 points per level of score; for each temple not yet complete, up to 3 points for the
people cards already standing towards its next level; 2 points for standing at a location
whose next level he could build now; 1 point per card in hand; 1.5 points per run of three
under his pawn (an ability ready); the opponent's worth counts the same. A won game is worth
1000, a lost one -1000.

The players written once for both games (:mod:`tigeuph.agents`) reach it through Babel's
interface (:data:`tigeuph.GAMES`).

>>> from tigeuph import babel
>>> evaluate(babel.new_game(seed=0), 0)
3.0
"""

from __future__ import annotations

from typing import Final

from ..engine import outcome
from ..model.state import BabelState, Side
from ..rules import runs

__all__ = ["evaluate"]

LEVEL: Final = 10.0
PROGRESS: Final = 3.0
READY: Final = 2.0
CARD: Final = 1.0
RUN: Final = 1.5
WIN: Final = 1000.0


def _worth(state: BabelState, seat: int) -> float:
    side: Side = state.sides[seat]
    tops = {row[-1] for row in (state.sides[0].row, state.sides[1].row) if row}
    worth = LEVEL * side.score + CARD * sum(side.hand)
    for i, temple in enumerate(side.temples):
        h = temple[-1] if temple else 0
        column = side.columns[i]
        if h < 6:
            worth += PROGRESS * min(len(column), h + 1) / (h + 1)
            buildable = h + 1 in tops or (h == 0 and side.starting)
            if side.pawn is not None and side.pawn.index == i and buildable:
                worth += READY
    if side.pawn is not None:
        worth += RUN * len(runs(side.column(side.pawn)))
    return worth


def evaluate(state: BabelState, seat: int) -> float:
    """How good *state* looks for *seat*: see the module's documentation."""
    result = outcome(state)
    if result is not None and result.winner is not None:
        return WIN if result.winner == seat else -WIN
    return _worth(state, seat) - _worth(state, 1 - seat)
