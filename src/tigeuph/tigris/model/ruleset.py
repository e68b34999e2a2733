"""Rules: which board, how many players and the variant switches."""

from __future__ import annotations

from typing import Final

from attrs import Attribute, field, frozen

from ...core.errors import ArgumentError, expect
from .boards import STANDARD, Board

__all__ = ["SWITCHES", "Rules", "parse_switches", "switch_word"]


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


def switch_word(name: str) -> str:
    """The word for the switch *name* in position notation and on the command line:
    ``english-reinforcement`` for ``english_reinforcement``."""
    return name.replace("_", "-")


def parse_switches(text: str) -> tuple[str, ...]:
    """The switch names *text* lists, in :data:`~tigeuph.SWITCHES` order: words separated by
    commas or spaces, each a switch's word (``open-scoring``) or name (``open_scoring``). The
    position notation's ``rules:`` line and every command line read switches with this one
    function.

    >>> parse_switches("wonder,english-reinforcement")
    ('english_reinforcement', 'wonder')

    Raises:
        ValueError: an unknown switch, or one given twice.
    """
    names: list[str] = []
    for word in text.replace(",", " ").split():
        name = word.replace("-", "_")
        if name not in SWITCHES:
            known = ", ".join(switch_word(s) for s in SWITCHES)
            raise ValueError(f"unknown switch {word[:30]!r} (the switches are {known})")
        if name in names:
            raise ValueError(f"{word!r} given twice")
        names.append(name)
    return tuple(s for s in SWITCHES if s in names)
