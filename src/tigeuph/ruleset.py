"""Rules: which board, how many players and the variant switches."""

from __future__ import annotations

from typing import Final

from attrs import Attribute, field, frozen

from .boards import STANDARD, Board
from .errors import ArgumentError, expect

__all__ = ["SWITCHES", "Rules"]


def _players(_: object, attribute: Attribute[int], value: object) -> None:
    expect(value, int, "a player count (an int)", "Rules.players")
    if value not in (2, 3, 4):
        raise ArgumentError(f"Rules.players must be 2, 3 or 4, not {value}")


def _board(_: object, attribute: Attribute[Board], value: object) -> None:
    expect(
        value, Board, "a Board (tigeuph.STANDARD, tigeuph.ADVANCED or load_board's)", "Rules.board"
    )


def _switch(_: object, attribute: Attribute[bool], value: object) -> None:
    expect(value, bool, "True or False", f"Rules.{attribute.name}")


@frozen
class Rules:
    """The rules a game is played under: a plain, hashable value stored in every state.

    Every variant is an independent switch, off by default; any combination may be played.

    >>> Rules().players, Rules().board.name, Rules().open_scoring
    (4, 'standard', False)
    >>> Rules(players=2, buildings=True, wonder=True).switches
    ('buildings', 'wonder')
    """

    players: int = field(default=4, validator=_players)
    board: Board = field(default=STANDARD, validator=_board)
    english_reinforcement: bool = field(default=False, validator=_switch, kw_only=True)
    """Support must exceed (attacker) or exactly tie (defender), or be nothing (spec R28)."""
    buildings: bool = field(default=False, validator=_switch, kw_only=True)
    """Civilisation buildings double a colour's points in their kingdom (spec R30)."""
    wonder: bool = field(default=False, validator=_switch, kw_only=True)
    """A cross of five tiles may hold the Wonder, worth a point a turn to a king (spec R31)."""
    open_scoring: bool = field(default=False, validator=_switch, kw_only=True)
    """Every player's points are public (variant, spec R32); only what views show changes."""

    @property
    def switches(self) -> tuple[str, ...]:
        """The names of the variant switches turned on, in field order."""
        return tuple(name for name in SWITCHES if getattr(self, name))


SWITCHES: Final = ("english_reinforcement", "buildings", "wonder", "open_scoring")
"""The names of the variant switches: the boolean fields of :class:`Rules`."""
