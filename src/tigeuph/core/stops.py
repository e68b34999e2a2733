"""Why a runner stops a game before its end, in any game: :class:`Stop`, written as a record's
``Termination`` tag.

Whoever runs games between agents (:func:`tigeuph.play`, the simulator, the arena, the soak,
the server) may stop one that has stalled (the main game's :mod:`tigeuph.tigris.stall`, spec D8) or
that reached the number of actions it allowed; the record keeps the game and why it stopped.
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["STALL_REPEATS", "STALL_ROUNDS", "Stop"]

STALL_ROUNDS: Final = 3
"""Whole rounds in which nothing but points changed that make a game stalled (spec D8)."""
STALL_REPEATS: Final = STALL_ROUNDS + 1
"""A player's turn beginning for this many times in the same position but for the points
stalls the game (spec D8: pieces moved to and fro): three repetitions, so that players who all
pass are stalled by both counts at once."""


class Stop(enum.Enum):
    """Why a game was stopped before its end, written as a record's ``Termination`` tag."""

    STALLED = "stalled"
    """For :data:`STALL_ROUNDS` whole rounds nothing but points changed, or a turn began for
    the ``STALL_REPEATS``-th time in the same position but for points (spec D8)."""
    ACTION_LIMIT = "action-limit"
    """The game reached the number of actions its runner allowed (``max_actions``)."""
    RECORD_LIMIT = "record-limit"
    """The game's record reached the length its runner allowed (a server's
    ``ServerLimits.record``)."""
