"""The pieces: four colours, the leaders and buildings that wear them, and the six monuments."""

from __future__ import annotations

import enum
from typing import Final

from ...core.errors import ArgumentError, NotationError, expect

__all__ = ["COLOURS", "LEADER_LETTERS", "MONUMENTS", "TILE_COUNTS", "Colour", "Monument"]


class Colour(enum.IntEnum):
    """A civilisation colour; the value indexes per-colour tuples in a state.

    The letter (``colour.letter``) is the action notation's name for a tile of that colour; the
    upper-case letter names the leader: ``K`` the king, ``R`` the priest, ``B`` the farmer and
    ``G`` the trader.
    """

    RED = 0  # temples; the priest
    BLUE = 1  # farms; the farmer
    GREEN = 2  # markets; the trader
    BLACK = 3  # settlements; the king

    @classmethod
    def _missing_(cls, value: object) -> Colour:
        raise ArgumentError(f"{str(value)[:20]!r} is not a Colour (0 to 3)")

    @property
    def letter(self) -> str:
        """``r``, ``b``, ``g`` or ``k``."""
        return _LETTERS[self]

    @property
    def leader(self) -> str:
        """The leader of this colour: ``"priest"``, ``"farmer"``, ``"trader"`` or ``"king"``."""
        return _LEADERS[self]

    @property
    def building(self) -> str:
        """This colour's civilisation building (variant, spec R30): ``"library"``,
        ``"granary"``, ``"market hall"`` or ``"palace"``."""
        return _BUILDINGS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        """The colour whose letter is *letter* (either case).

        >>> Colour.from_letter("K")
        <Colour.BLACK: 3>

        Raises:
            ArgumentTypeError: *letter* is not a string.
            NotationError: *letter* is not a colour letter (a ``ValueError`` too).
        """
        found = _BY_LETTER.get(letter) if type(letter) is str else None
        if found is None:
            expect(letter, str, "a colour letter (a str)", "Colour.from_letter: letter")
            found = _BY_LETTER.get(letter.lower()) if letter.isascii() else None
            if found is None:
                raise NotationError(f"{letter[:10]!r} is not a colour letter (r, b, g, k)")
        return found


_LETTERS: Final = ("r", "b", "g", "k")
_LEADERS: Final = ("priest", "farmer", "trader", "king")
_BUILDINGS: Final = ("library", "granary", "market hall", "palace")
_BY_LETTER: Final = {letter: Colour(i) for i, letter in enumerate(_LETTERS)}

COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
# The colours as plain names: the engine's hot paths read these, since ``Colour.RED`` looks
# the member up through the enum's metaclass each time (ten times a global's cost).
RED: Final = Colour.RED
BLUE: Final = Colour.BLUE
GREEN: Final = Colour.GREEN
BLACK: Final = Colour.BLACK
LEADER_LETTERS: Final = "RBGK"


class Monument(enum.IntEnum):
    """One of the six two-colour monuments (spec R22), named by its colours' letters."""

    RB = 0
    RG = 1
    RK = 2
    BG = 3
    BK = 4
    GK = 5

    @classmethod
    def _missing_(cls, value: object) -> Monument:
        raise ArgumentError(f"{str(value)[:20]!r} is not a Monument (0 to 5)")

    @property
    def colours(self) -> tuple[Colour, Colour]:
        """The monument's two colours."""
        return _MONUMENT_COLOURS[self]

    @property
    def code(self) -> str:
        """Notation name: the two colour letters, e.g. ``"rk"``."""
        return self.name.lower()

    @classmethod
    def from_code(cls, code: str) -> Monument:
        """The monument with these two colour letters, in either order.

        >>> Monument.from_code("kr")
        <Monument.RK: 2>

        Raises:
            ArgumentTypeError: *code* is not a string.
            NotationError: *code* is not a monument (a ``ValueError`` too).
        """
        expect(code, str, "a monument code (a str)", "Monument.from_code: code")
        pair = {Colour.from_letter(ch) for ch in code} if len(code) == 2 else set()
        for monument in cls:
            if set(monument.colours) == pair and len(pair) == 2:
                return monument
        raise NotationError(f"{code[:10]!r} is not a monument (two different colour letters)")


_MONUMENT_COLOURS: Final = (
    (Colour.RED, Colour.BLUE),
    (Colour.RED, Colour.GREEN),
    (Colour.RED, Colour.BLACK),
    (Colour.BLUE, Colour.GREEN),
    (Colour.BLUE, Colour.BLACK),
    (Colour.GREEN, Colour.BLACK),
)

MONUMENTS: Final[tuple[Monument, ...]] = tuple(Monument)

TILE_COUNTS: Final = (57, 36, 30, 30)
"""Civilisation tiles of each colour in the box, indexed by :class:`Colour` (spec R1): the one
place the box's counts are written."""
