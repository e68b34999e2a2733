"""Rules: which board, how many players and the variant switches."""

from __future__ import annotations

from typing import Final

from attrs import field, frozen
from attrs.validators import in_, instance_of

from .boards import STANDARD, Board

__all__ = ["SWITCHES", "Rules"]


@frozen
class Rules:
    """The rules a game is played under: a plain, hashable value stored in every state.

    Every variant is an independent switch, off by default; any combination may be played.

    >>> Rules().players, Rules().board.name, Rules().open_scoring
    (4, 'standard', False)
    >>> Rules(players=2, buildings=True, wonder=True).switches
    ('buildings', 'wonder')
    """

    players: int = field(default=4, validator=in_((2, 3, 4)))
    board: Board = field(default=STANDARD, validator=instance_of(Board))
    english_reinforcement: bool = field(default=False, validator=instance_of(bool), kw_only=True)
    """Support must exceed (attacker) or exactly tie (defender), or be nothing (spec R28)."""
    buildings: bool = field(default=False, validator=instance_of(bool), kw_only=True)
    """Civilisation buildings double a colour's points in their kingdom (spec R30)."""
    wonder: bool = field(default=False, validator=instance_of(bool), kw_only=True)
    """A cross of five tiles may hold the Wonder, worth a point a turn to a king (spec R31)."""
    open_scoring: bool = field(default=False, validator=instance_of(bool), kw_only=True)
    """Every player's points are public (variant, spec R32); only what views show changes."""

    @property
    def switches(self) -> tuple[str, ...]:
        """The names of the variant switches turned on, in field order."""
        return tuple(name for name in SWITCHES if getattr(self, name))


SWITCHES: Final = ("english_reinforcement", "buildings", "wonder", "open_scoring")
"""The names of the variant switches: the boolean fields of :class:`Rules`."""
