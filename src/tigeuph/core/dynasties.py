"""The dynasties: the symbol and the colour each seat plays under, in every picture and text.

The game's leaders carry no player colour: each player's four leaders bear his dynasty's
symbol (the rulebook's lion, bull, archer and urn), and play uses all four tile colours. So that
a seat reads the same everywhere (the board pictures, the terminal's legend, the browser board,
the casebook's words), its symbol's name, a letter for plain text and a seat colour are named
here once, in seat order. The seat colours stay clear of the tile colours (red, blue, green,
black) and of each other in grey, and a picture never tells a seat by its colour alone: the
symbol is drawn too.

>>> from tigeuph.core.dynasties import dynasty
>>> dynasty(0).name, dynasty(0).letter, dynasty(0).colour
('lion', 'L', '#e69f00')
>>> dynasty(1).title(1)
'the bull (seat 1)'
"""

from __future__ import annotations

from typing import Final

from attrs import frozen

from .errors import ArgumentError, as_int

__all__ = ["DYNASTIES", "Dynasty", "dynasty"]


@frozen
class Dynasty:
    """One seat's dynasty: its symbol's *name* (``lion``), a *letter* for plain text, its seat
    *colour* (``#rrggbb``, for pictures and browsers) and that colour's *colour_name* in words."""

    name: str
    letter: str
    colour: str
    colour_name: str

    def title(self, seat: int) -> str:
        """How a sentence names *seat* playing this dynasty: ``the lion (seat 0)``."""
        return f"the {self.name} (seat {seat})"


DYNASTIES: Final = (
    Dynasty("lion", "L", "#e69f00", "orange"),
    Dynasty("bull", "B", "#9b6fd0", "violet"),
    Dynasty("archer", "A", "#56b4e9", "sky blue"),
    Dynasty("urn", "U", "#e07bb5", "pink"),
)
"""The dynasties in seat order: seat 0 plays the lion, seat 1 the bull, seat 2 the archer,
seat 3 the urn."""


def dynasty(seat: int) -> Dynasty:
    """The dynasty *seat* plays (a game of more seats than dynasties begins again at the lion).

    Raises:
        ArgumentTypeError: *seat* is not an int.
        ArgumentError: *seat* is negative.
    """
    number = as_int(seat, "a seat (an int)", "dynasty: seat")
    if number < 0:
        raise ArgumentError(f"dynasty: seat {number} is no seat (seats count from 0)")
    return DYNASTIES[number % len(DYNASTIES)]
