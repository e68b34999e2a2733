"""The error family: every error tigeuph raises derives from :class:`TigeuphError`."""

from __future__ import annotations

__all__ = ["BoardError", "IllegalActionError", "NotationError", "PositionError", "TigeuphError"]


class TigeuphError(Exception):
    """Base of every error tigeuph raises."""


class NotationError(TigeuphError, ValueError):
    """Text that is not valid action or position notation."""


class PositionError(NotationError):
    """Well-formed position text that describes an impossible position."""


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
