"""Points for a placed tile (spec R13, R30); the final score and ranking (spec R27) are in
``tigeuph.tigris.model.ranking``, below the state, and read here too."""

from __future__ import annotations

from collections.abc import Sequence

from ..model.cells import CELL_BITS, Cell
from ..model.pieces import BLACK, Colour
from ..model.ranking import PlayerResult, final_vector, rank
from ..model.work import Work
from .buildings import doubled

__all__ = ["PlayerResult", "final_vector", "rank", "score_tile", "scorer"]


def scorer(leaders: Sequence[Sequence[int | None]], colour: Colour, kingdom: int) -> int | None:
    """Who scores a *colour* tile joining *kingdom*: the *colour* leader's owner, else the
    king's owner, else nobody (spec R13)."""
    king = None
    for player, row in enumerate(leaders):
        c = row[colour]
        if c is not None and kingdom & CELL_BITS[c]:
            return player
        k = row[BLACK]
        if k is not None and kingdom & CELL_BITS[k]:
            king = player
    return king


def score_tile(w: Work, colour: Colour, c: Cell) -> tuple[int | None, int]:
    """The *colour* tile just placed on *c* joined one kingdom: :func:`scorer` scores a point
    of its colour (R13), two when that kingdom holds the colour's building (variant, R30).
    Who scored and how many points."""
    kingdom = (w._cache or w.analysis()).kingdom_at(c)
    who = scorer(w.leaders, colour, kingdom)
    if who is None:
        return None, 0
    n = 2 if w.rules.buildings and doubled(w, colour, kingdom) else 1
    w.score(who, colour, n)
    return who, n
