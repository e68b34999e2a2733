"""Events on the board: tiles, leaders, catastrophes and treasures (spec R5, R8-R16, R25)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import field, frozen

from ...core.events import NUMBER, PLAYER, does, own, plural, possessive, seat, sentence, verb
from ..model.cells import Cell, cell_name
from ..model.pieces import Colour
from .base import CELL, COLOUR, TigrisEvent, colour_name

__all__ = [
    "CatastropheFell",
    "KingdomsUnited",
    "LeaderMoved",
    "LeaderPlaced",
    "LeaderReturned",
    "LeaderWithdrawn",
    "TilePlaced",
    "TreasureTaken",
]


@frozen
class TilePlaced(TigrisEvent):
    """A tile went from *player*'s hand onto *cell*; *scorer* scored *points* of its colour
    (R13), two when the kingdom holds the colour's building (R30); nobody when it joined no
    kingdom, a kingdom with no leader to score it, or two kingdoms (R16)."""

    kind: ClassVar[str] = "tile-placed"
    player: int = field(metadata=PLAYER)
    colour: Colour = field(metadata=COLOUR)
    cell: Cell = field(metadata=CELL)
    scorer: int | None = field(default=None, metadata=PLAYER)
    points: int = field(default=0, metadata=NUMBER)

    @property
    def clause(self) -> str:
        return "R30" if self.points == 2 else "R13"

    def text(self, names: Sequence[str] | None = None) -> str:
        placed = (
            f"{does(names, self.player, 'places', 'place')} a "
            f"{colour_name(self.colour)} tile on {cell_name(self.cell)}"
        )
        if self.scorer is None:
            return sentence(placed + ", scoring for nobody")
        doubled = " (doubled by its building)" if self.points == 2 else ""
        gained = plural(self.points, f"{colour_name(self.colour)} point")
        scores = verb(names, self.scorer, "scores", "score")
        return sentence(f"{placed}: {seat(names, self.scorer)} {scores} {gained}{doubled}")


@frozen
class KingdomsUnited(TigrisEvent):
    """The tile on *cell* joined two kingdoms (R16); a war follows in each of *colours*, the
    colours with a leader on both sides (R17)."""

    kind: ClassVar[str] = "kingdoms-united"
    rule: ClassVar[str] = "R16"
    player: int = field(metadata=PLAYER)
    cell: Cell = field(metadata=CELL)
    wars: tuple[Colour, ...] = field(metadata=COLOUR)

    def text(self, names: Sequence[str] | None = None) -> str:
        united = f"the tile on {cell_name(self.cell)} unites two kingdoms"
        if not self.wars:
            return sentence(united + "; no leader's colour stands on both sides, so no war")
        colours = " and ".join(colour_name(c) for c in self.wars)
        return sentence(f"{united}: {'wars' if len(self.wars) > 1 else 'a war'} in {colours}")


@frozen
class LeaderPlaced(TigrisEvent):
    """*player*'s *colour* leader came from his supply onto *cell* (R8)."""

    kind: ClassVar[str] = "leader-placed"
    rule: ClassVar[str] = "R8"
    player: int = field(metadata=PLAYER)
    colour: Colour = field(metadata=COLOUR)
    cell: Cell = field(metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'places', 'place')} "
            f"{own(names, self.player)} {self.colour.leader} on {cell_name(self.cell)}"
        )


@frozen
class LeaderMoved(TigrisEvent):
    """*player*'s *colour* leader moved from *origin* to *cell* (R8)."""

    kind: ClassVar[str] = "leader-moved"
    rule: ClassVar[str] = "R8"
    player: int = field(metadata=PLAYER)
    colour: Colour = field(metadata=COLOUR)
    origin: Cell = field(metadata=CELL)
    cell: Cell = field(metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'moves', 'move')} "
            f"{own(names, self.player)} {self.colour.leader} from "
            f"{cell_name(self.origin)} to {cell_name(self.cell)}"
        )


@frozen
class LeaderWithdrawn(TigrisEvent):
    """*player* took his *colour* leader on *cell* back to his supply (R5)."""

    kind: ClassVar[str] = "leader-withdrawn"
    rule: ClassVar[str] = "R5"
    player: int = field(metadata=PLAYER)
    colour: Colour = field(metadata=COLOUR)
    cell: Cell = field(metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'withdraws', 'withdraw')} "
            f"{own(names, self.player)} {self.colour.leader} from {cell_name(self.cell)}"
        )


@frozen
class LeaderReturned(TigrisEvent):
    """*player*'s *colour* leader on *cell* had no face-up temple beside it any more and went
    back to his supply (R10)."""

    kind: ClassVar[str] = "leader-returned"
    rule: ClassVar[str] = "R10"
    player: int = field(metadata=PLAYER)
    colour: Colour = field(metadata=COLOUR)
    cell: Cell = field(metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{possessive(names, self.player)} {self.colour.leader} on {cell_name(self.cell)} "
            "has no temple beside it any more and goes back to supply"
        )


@frozen
class CatastropheFell(TigrisEvent):
    """*player* put a catastrophe on *cell*, destroying the tile of *destroyed* there, if any
    (R14); leaders it strands follow as :class:`LeaderReturned`."""

    kind: ClassVar[str] = "catastrophe"
    rule: ClassVar[str] = "R14"
    player: int = field(metadata=PLAYER)
    cell: Cell = field(metadata=CELL)
    destroyed: Colour | None = field(default=None, metadata=COLOUR)

    def text(self, names: Sequence[str] | None = None) -> str:
        where = cell_name(self.cell)
        fell = f"{does(names, self.player, 'drops', 'drop')} a catastrophe on {where}"
        if self.destroyed is None:
            return sentence(fell + ", an empty square")
        return sentence(f"{fell}, destroying the {colour_name(self.destroyed)} tile there")


@frozen
class TreasureTaken(TigrisEvent):
    """*player*'s trader on *trader* took the treasure on *cell* (R25)."""

    kind: ClassVar[str] = "treasure-taken"
    rule: ClassVar[str] = "R25"
    player: int = field(metadata=PLAYER)
    trader: Cell = field(metadata=CELL)
    cell: Cell = field(metadata=CELL)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{possessive(names, self.player)} trader on {cell_name(self.trader)} takes the "
            f"treasure on {cell_name(self.cell)}"
        )
