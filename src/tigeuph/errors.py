"""The error family: every error tigeuph raises derives from :class:`TigeuphError`."""

from __future__ import annotations

__all__ = [
    "BoardError",
    "IllegalActionError",
    "JsonError",
    "NotationError",
    "PositionError",
    "RecordError",
    "TigeuphError",
]


class TigeuphError(Exception):
    """Base of every error tigeuph raises."""


class NotationError(TigeuphError, ValueError):
    """Text that is not valid action or position notation, or an action value that no
    notation writes (a bit index that is no cell, a negative support count)."""


class PositionError(NotationError):
    """Well-formed position text that describes an impossible position."""


class JsonError(NotationError):
    """JSON that is not a tigeuph document of the expected kind; ``path`` names the first bad
    field the way JSONPath does, so that a client can point at it.

    >>> str(JsonError("$.hands[0].r", "expected an integer, not '3'"))
    "$.hands[0].r: expected an integer, not '3'"
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class RecordError(NotationError):
    """A game record whose action cannot be read or played: ``move`` is the move number written
    in the record (one per turn) and ``ply`` the action's index from 1, so the spot is easy to find.
    """

    def __init__(self, move: int, ply: int, reason: str) -> None:
        super().__init__(f"move {move} (action {ply}): {reason}")
        self.move = move
        self.ply = ply
        self.reason = reason


class BoardError(TigeuphError, ValueError):
    """A board layout that cannot be played (a temple on a river, a cell off the board...)."""


class IllegalActionError(TigeuphError, ValueError):
    """A well-formed action the rules forbid in this state; ``clause`` names the rule.

    >>> err = IllegalActionError("R11", "rE1: a red tile never goes on a river")
    >>> str(err), err.clause
    ('rE1: a red tile never goes on a river [R11]', 'R11')
    """

    def __init__(self, clause: str, reason: str) -> None:
        super().__init__(f"{reason} [{clause}]")
        self.clause = clause
        self.reason = reason
