"""The words Babel's events share: nations as people, as cards and as places (spec B1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..model.cards import NATIONS, Counts, Nation

__all__ = ["a_card", "cards", "hand_text", "join", "levels_text", "place", "sequence_text"]

_ONE: Final = {
    Nation.HITTITES: "Hittite",
    Nation.ASSYRIANS: "Assyrian",
    Nation.PERSIANS: "Persian",
    Nation.MEDES: "Mede",
    Nation.SUMERIANS: "Sumerian",
}
"""One card of each nation, as a player says it."""


def join(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def place(location: Nation | None) -> str:
    """A location by its nation, ``the Hittites``; ``None`` is the quarry (spec B12)."""
    return "the quarry" if location is None else f"the {location.name.title()}"


def a_card(nation: Nation) -> str:
    """``a Hittite``, ``an Assyrian``."""
    name = _ONE[nation]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def cards(n: int, nation: Nation) -> str:
    """``a Hittite``, ``3 Hittites``."""
    return a_card(nation) if n == 1 else f"{n} {nation.name.title()}"


def hand_text(counts: Counts) -> str:
    """Cards counted by nation, ``2 Hittites and a Mede``; ``no card`` for none."""
    parts = [cards(k, n) for n, k in zip(NATIONS, counts, strict=True) if k]
    return join(parts) if parts else "no card"


def sequence_text(column: Sequence[Nation]) -> str:
    """Cards in their order, ``Sumerian, Sumerian and Hittite``."""
    return join([_ONE[n] for n in column])


def levels_text(levels: Sequence[int]) -> str:
    """``level 3``, ``levels 1, 2 and 3``."""
    shown = join([str(level) for level in levels])
    return f"level {shown}" if len(levels) == 1 else f"levels {shown}"
