"""Rules: which board and how many players (the variants issue adds its switches here)."""

from __future__ import annotations

from attrs import field, frozen
from attrs.validators import in_, instance_of

from .boards import STANDARD, Board

__all__ = ["Rules"]


@frozen
class Rules:
    """The rules a game is played under: a plain, hashable value stored in every state.

    >>> Rules().players, Rules().board.name
    (4, 'standard')
    """

    players: int = field(default=4, validator=in_((2, 3, 4)))
    board: Board = field(default=STANDARD, validator=instance_of(Board))
