"""Events of the works: monuments (spec R22-R24), buildings (variant, R30) and the wonder
(variant, R31)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import field, frozen

from ...core.events import PLAYER, does, sentence
from ..model.cells import Cell, cell_name
from ..model.pieces import Colour, Monument
from .base import CELL, COLOUR, TigrisEvent, cells_text, colour_name

__all__ = [
    "BuildingDeclined",
    "BuildingPlaced",
    "BuildingReturned",
    "MonumentBuilt",
    "MonumentDeclined",
    "MonumentScored",
    "WonderBuilt",
    "WonderDeclined",
    "WonderScored",
]


def _monument(monument: Monument) -> str:
    a, b = monument.colours
    return f"the {colour_name(a)}-{colour_name(b)} monument"


@frozen
class MonumentBuilt(TigrisEvent):
    """*player* built *monument* on the *colour* square whose top-left cell is *corner* (R22,
    R23)."""

    kind: ClassVar[str] = "monument-built"
    rule: ClassVar[str] = "R22"
    player: int = field(metadata=PLAYER)
    monument: Monument = field()
    corner: Cell = field(metadata=CELL)
    colour: Colour = field(metadata=COLOUR)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'builds', 'build')} "
            f"{_monument(self.monument)} on the {colour_name(self.colour)} square at "
            f"{cell_name(self.corner)}"
        )


@frozen
class MonumentDeclined(TigrisEvent):
    """*player* built no monument: the squares at *corners* never hold one (R22)."""

    kind: ClassVar[str] = "monument-declined"
    rule: ClassVar[str] = "R22"
    player: int = field(metadata=PLAYER)
    corners: tuple[Cell, ...] = field(metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        squares = "square" if len(self.corners) == 1 else "squares"
        return sentence(
            f"{does(names, self.player, 'builds', 'build')} no "
            f"monument; the {squares} at {cells_text(self.corners)} will never hold one"
        )


@frozen
class MonumentScored(TigrisEvent):
    """At the end of his turn *player* scored a point of *colour*: his leader of that colour
    shares a kingdom with *monument* on *corner* (R24)."""

    kind: ClassVar[str] = "monument-scored"
    rule: ClassVar[str] = "R24"
    player: int = field(metadata=PLAYER)
    monument: Monument = field()
    corner: Cell = field(metadata=CELL)
    colour: Colour = field(metadata=COLOUR)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'scores', 'score')} 1 "
            f"{colour_name(self.colour)} point from {_monument(self.monument)} on "
            f"{cell_name(self.corner)}"
        )


@frozen
class BuildingPlaced(TigrisEvent):
    """*player* put the building of *colour* on *cell*, from supply or from *origin* (R30)."""

    kind: ClassVar[str] = "building-placed"
    rule: ClassVar[str] = "R30"
    player: int = field(metadata=PLAYER)
    colour: Colour = field(metadata=COLOUR)
    cell: Cell = field(metadata=CELL)
    origin: Cell | None = field(default=None, metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        whence = "" if self.origin is None else f" from {cell_name(self.origin)}"
        return sentence(
            f"{does(names, self.player, 'puts', 'put')} the "
            f"{self.colour.building} on {cell_name(self.cell)}{whence}: its kingdom's "
            f"{colour_name(self.colour)} tiles score double"
        )


@frozen
class BuildingDeclined(TigrisEvent):
    """*player* left the building of *colour* where it was (R30)."""

    kind: ClassVar[str] = "building-declined"
    rule: ClassVar[str] = "R30"
    player: int = field(metadata=PLAYER)
    colour: Colour = field(metadata=COLOUR)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'leaves', 'leave')} the {self.colour.building} where it is"
        )


@frozen
class BuildingReturned(TigrisEvent):
    """The building of *colour* on *cell* went back to supply, covered by a monument or the
    wonder (R23, R30)."""

    kind: ClassVar[str] = "building-returned"
    rule: ClassVar[str] = "R30"
    colour: Colour = field(metadata=COLOUR)
    cell: Cell = field(metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"the {self.colour.building} on {cell_name(self.cell)} is covered and goes back "
            "to supply"
        )


@frozen
class WonderBuilt(TigrisEvent):
    """*player* built the wonder on the *colour* cross centred on *centre* (R31)."""

    kind: ClassVar[str] = "wonder-built"
    rule: ClassVar[str] = "R31"
    player: int = field(metadata=PLAYER)
    centre: Cell = field(metadata=CELL)
    colour: Colour = field(metadata=COLOUR)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'builds', 'build')} the "
            f"wonder on the {colour_name(self.colour)} cross centred on {cell_name(self.centre)}"
        )


@frozen
class WonderDeclined(TigrisEvent):
    """*player* built no wonder: the crosses centred on *centres* never hold it (R31)."""

    kind: ClassVar[str] = "wonder-declined"
    rule: ClassVar[str] = "R31"
    player: int = field(metadata=PLAYER)
    centres: tuple[Cell, ...] = field(metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        crosses = "cross" if len(self.centres) == 1 else "crosses"
        return sentence(
            f"{does(names, self.player, 'builds', 'build')} no wonder; the {crosses} centred on "
            f"{cells_text(self.centres)} will never hold it"
        )


@frozen
class WonderScored(TigrisEvent):
    """*player*'s king shares the wonder's kingdom at the end of his turn: he scored a point of
    the *colour* he chose (R31)."""

    kind: ClassVar[str] = "wonder-scored"
    rule: ClassVar[str] = "R31"
    player: int = field(metadata=PLAYER)
    colour: Colour = field(metadata=COLOUR)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'scores', 'score')} 1 "
            f"{colour_name(self.colour)} point from the wonder"
        )
