"""The rules every game of the soak and the tests may be played under: every combination of the
variant switches on every board (issue 5)."""

from __future__ import annotations

import itertools
from typing import Any, Final

import attrs

from ..boards import ADVANCED, STANDARD
from ..ruleset import Rules

__all__ = ["BOARDS", "every_rules", "switches"]

BOARDS: Final = (STANDARD, ADVANCED)
"""The boards every combination of switches is played on."""


def switches() -> tuple[str, ...]:
    """The names of the variant switches: every boolean field of :class:`~tigeuph.Rules`.

    >>> "open_scoring" in switches()
    True
    """
    return tuple(f.name for f in attrs.fields(Rules) if f.type in (bool, "bool"))


def every_rules(players: int) -> tuple[Rules, ...]:
    """Every combination of the switches on every board of :data:`BOARDS`, for *players*:
    ``2 ** len(switches()) * len(BOARDS)`` rules, all switches off first.

    >>> every_rules(3)[0] == Rules(players=3)
    True
    """
    names = switches()
    return tuple(
        attrs.evolve(Rules(players=players, board=board), **_flags(names, flags))
        for board in BOARDS
        for flags in itertools.product((False, True), repeat=len(names))
    )


def _flags(names: tuple[str, ...], values: tuple[bool, ...]) -> dict[str, Any]:
    return dict(zip(names, values, strict=True))
