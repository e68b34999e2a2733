"""What every game's pictures draw with: the box a symbol is drawn in, the ink, the four
colours of the pieces (which Babel's nations borrow), and :class:`Symbols`, the keeper of a
picture's ``<defs>``, with each dynasty's mark (:mod:`tigeuph.core.dynasties`).
"""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element

from ..dynasties import dynasty
from .emblems import emblem
from .markup import el

__all__ = ["BOX", "INK", "PALETTE", "Symbols"]

BOX: Final = 40
"""The side of a symbol's drawing box; a board cell is drawn at this size too."""

INK: Final = "#3b2f1e"
"""Text and outline colour."""

PALETTE: Final = {"red": "#c0392b", "blue": "#2f6db5", "green": "#2e8540", "black": "#2b2b2b"}
"""The four colours of the main game's pieces by name, dark enough that a white glyph reads;
Babel's nations wear three of them."""


class Symbols:
    """The ``<defs>`` of one picture: each symbol is defined the first time it is used. A
    game's pictures add their pieces' symbols in a subclass."""

    def __init__(self, defs: Element) -> None:
        self._defs = defs
        self._made: set[str] = set()

    def _new(self, name: str) -> Element | None:
        if name in self._made:
            return None
        self._made.add(name)
        return el(self._defs, "symbol", id=name, viewBox=f"0 0 {BOX} {BOX}", class_=name)

    def dynasty(self, seat: int) -> str:
        """A seat's mark in the players' panel: its dynasty's symbol on its seat colour."""
        name = f"dynasty-{seat}"
        if (sym := self._new(name)) is not None:
            colour = dynasty(seat).colour
            el(sym, "circle", cx="20", cy="20", r="18.5", fill=colour, stroke=INK, stroke_width="2")
            emblem(sym, seat, INK, colour, 0.68, 20, 20)
        return name
