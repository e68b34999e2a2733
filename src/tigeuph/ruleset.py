"""Rules: which board, how many players and the variant switches."""

from __future__ import annotations

from attrs import field, frozen
from attrs.validators import in_, instance_of

from .boards import STANDARD, Board

__all__ = ["Rules"]


@frozen
class Rules:
    """The rules a game is played under: a plain, hashable value stored in every state.

    >>> Rules().players, Rules().board.name, Rules().open_scoring
    (4, 'standard', False)
    """

    players: int = field(default=4, validator=in_((2, 3, 4)))
    board: Board = field(default=STANDARD, validator=instance_of(Board))
    open_scoring: bool = field(default=False, validator=instance_of(bool), kw_only=True)
    """Every player's points are public (variant, spec R32); only what views show changes."""
