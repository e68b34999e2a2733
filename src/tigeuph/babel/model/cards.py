"""Babel's cards: the five nations (each also names its location) and the temple levels.

>>> [n.value for n in NATIONS], TEMPLE_COUNTS[1], sum(TEMPLE_COUNTS.values())
(['H', 'A', 'P', 'M', 'S'], 10, 45)
"""

from __future__ import annotations

from enum import Enum
from typing import Final, TypeAlias

__all__ = [
    "LEVELS",
    "NATIONS",
    "PEOPLE_PER_NATION",
    "PEOPLE_TOTAL",
    "TEMPLE_COUNTS",
    "TEMPLE_TOTAL",
    "Counts",
    "Nation",
    "counts_text",
    "parse_counts",
]


class Nation(Enum):
    """A nation of people cards, and the location of its colour (spec B1)."""

    HITTITES = "H"
    """Yellow; their ability steals a level (spec B22)."""
    ASSYRIANS = "A"
    """Blue; their ability destroys a temple (spec B21)."""
    PERSIANS = "P"
    """Grey; their ability skips a level (spec B25)."""
    MEDES = "M"
    """Green; their ability expels a named nation (spec B23)."""
    SUMERIANS = "S"
    """Red; their ability switches sides (spec B24)."""

    @property
    def index(self) -> int:
        """The nation's place in ``NATIONS`` (and in ``Counts``)."""
        return _INDEX[self]


NATIONS: Final = tuple(Nation)
"""The nations in the order of the spec (B1): Hittites, Assyrians, Persians, Medes, Sumerians."""
_INDEX: Final = {nation: i for i, nation in enumerate(NATIONS)}
_BY_LETTER: Final = {nation.value: nation for nation in NATIONS}

Counts: TypeAlias = tuple[int, int, int, int, int]
"""How many cards of each nation, in the order of :data:`NATIONS` (a hand, spec B0)."""

PEOPLE_PER_NATION: Final = 12
PEOPLE_TOTAL: Final = PEOPLE_PER_NATION * len(NATIONS)
LEVELS: Final = (1, 2, 3, 4, 5, 6)
TEMPLE_COUNTS: Final = {level: 11 - level for level in LEVELS}
"""Temple cards per level: 10 of level 1 down to 5 of level 6 (spec B2)."""
TEMPLE_TOTAL: Final = sum(TEMPLE_COUNTS.values())


def nation(letter: str) -> Nation:
    """The nation of *letter* (``H`` ``A`` ``P`` ``M`` ``S``); KeyError if none."""
    return _BY_LETTER[letter]


def counts_text(counts: Counts) -> str:
    """*counts* as letters in nation order: ``(2, 1, 0, 0, 0)`` is ``HHA``."""
    return "".join(n.value * k for n, k in zip(NATIONS, counts, strict=True))


def parse_counts(text: str) -> Counts:
    """The counts of the letters in *text*, in any order; KeyError on a letter that is no nation."""
    found = [0] * len(NATIONS)
    for letter in text:
        found[_BY_LETTER[letter].index] += 1
    return found[0], found[1], found[2], found[3], found[4]


def nations_text(cards: tuple[Nation, ...]) -> str:
    """A sequence of cards as its letters, in its order."""
    return "".join(card.value for card in cards)


def parse_nations(text: str) -> tuple[Nation, ...]:
    """The cards of *text*, one letter each, in order; KeyError on a letter that is no nation."""
    return tuple(_BY_LETTER[letter] for letter in text)
