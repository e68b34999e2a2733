"""What every event of the main game is: an event (:class:`~tigeuph.Event`) whose fields may
also name cells and colours, and the words its kinds share for them.

A field of a cell or a colour carries that role in its metadata (:data:`CELL`, :data:`COLOUR`),
as a player's or a number's does, so that a client can light every cell of any event of the
main game without knowing its kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from attrs import frozen

from ...core.events import ROLE, Event
from ..model.cells import Cell, cell_name
from ..model.pieces import Colour

__all__ = ["CELL", "COLOUR", "TigrisEvent", "cells_text", "colour_name", "counts_text"]

CELL: Final = {ROLE: "cell"}
"""A field holding a cell (or ``None``, or a tuple of cells)."""
COLOUR: Final = {ROLE: "colour"}
"""A field holding a colour (or ``None``, or a tuple of colours)."""


@frozen
class TigrisEvent(Event):
    """Something one action of the main game did: an :class:`~tigeuph.Event` that also says
    which cells and colours it concerns."""

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells this event concerns, such as the tile placed or the tiles a war removed."""
        return self.values("cell")

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The colours this event concerns."""
        return self.values("colour")


def colour_name(colour: Colour) -> str:
    return colour.name.lower()


def cells_text(cells: Sequence[Cell]) -> str:
    """``H3``, ``H3 and H4``, ``F4, G4 and G5``."""
    named = [cell_name(c) for c in cells]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def counts_text(counts: Sequence[int]) -> str:
    """``2 red and 1 blue``."""
    parts = [f"{n} {colour_name(Colour(i))}" for i, n in enumerate(counts) if n]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
