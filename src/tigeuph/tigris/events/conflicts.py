"""Events of revolts and wars: begun, supported, resolved (spec R15-R21)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from attrs import field, frozen

from ...core.events import NUMBER, PLAYER, does, plural, possessive, seat, sentence, verb
from ..model.cells import Cell, cell_name
from ..model.pieces import Colour
from .base import CELL, COLOUR, TigrisEvent, cells_text, colour_name

__all__ = [
    "ConflictBegun",
    "ConflictResolved",
    "SupportCommitted",
    "WarCancelled",
    "strength_words",
]

ConflictKind = Literal["revolt", "war"]


def strength_words(conflict: ConflictKind, colour: Colour, n: int) -> str:
    """A side's board strength *n* in words: ``2 temples`` in a revolt, ``1 green tile`` in a
    war (R15, R19)."""
    return plural(n, "temple") if conflict == "revolt" else plural(n, f"{colour_name(colour)} tile")


@frozen
class ConflictBegun(TigrisEvent):
    """A revolt (R15) or a war (R18) in *colour* began: *attacker*'s leader on
    *attacker_cell* against *defender*'s on *defender_cell*, their board strengths (temples
    beside each leader in a revolt, tiles of the colour on each side in a war) before
    support."""

    kind: ClassVar[str] = "conflict-begun"
    conflict: ConflictKind
    colour: Colour = field(metadata=COLOUR)
    attacker: int = field(metadata=PLAYER)
    defender: int = field(metadata=PLAYER)
    attacker_cell: Cell = field(metadata=CELL)
    defender_cell: Cell = field(metadata=CELL)
    attacker_strength: int = field(metadata=NUMBER)
    defender_strength: int = field(metadata=NUMBER)

    @property
    def clause(self) -> str:
        return "R15" if self.conflict == "revolt" else "R18"

    def text(self, names: Sequence[str] | None = None) -> str:
        leader = self.colour.leader
        attacker = f"{possessive(names, self.attacker)} {leader} on {cell_name(self.attacker_cell)}"
        defender = f"{possessive(names, self.defender)} {leader} on {cell_name(self.defender_cell)}"
        a = strength_words(self.conflict, self.colour, self.attacker_strength)
        d = strength_words(self.conflict, self.colour, self.defender_strength)
        name = f"{colour_name(self.colour)} {self.conflict}"
        return sentence(f"{attacker} starts a {name} against {defender}: {a} against {d}")


@frozen
class SupportCommitted(TigrisEvent):
    """*player*, the attacker or the defender of the *conflict* in *colour*, committed *count*
    tiles from his hand (red in a revolt, R15; the war's colour in a war, R19)."""

    kind: ClassVar[str] = "support-committed"
    conflict: ConflictKind
    colour: Colour = field(metadata=COLOUR)
    player: int = field(metadata=PLAYER)
    side: Literal["attacker", "defender"] = field()
    count: int = field(metadata=NUMBER)

    @property
    def clause(self) -> str:
        return "R15" if self.conflict == "revolt" else "R19"

    @property
    def tiles(self) -> Colour:
        """The colour of the tiles committed."""
        return Colour.RED if self.conflict == "revolt" else self.colour

    def text(self, names: Sequence[str] | None = None) -> str:
        tiles = (
            "no tiles" if not self.count else plural(self.count, f"{colour_name(self.tiles)} tile")
        )
        role = "attack" if self.side == "attacker" else "defend"
        return sentence(
            f"{does(names, self.player, 'commits', 'commit')} "
            f"{tiles} to {role} in the {colour_name(self.colour)} {self.conflict}"
        )


@frozen
class ConflictResolved(TigrisEvent):
    """The *conflict* in *colour* is settled: *winner* beat *loser*, *winner_strength* to
    *loser_strength* with support (the defender wins ties); the loser's leader on *cell* went
    back to supply, the tiles on *removed* left the board (a war's losing side, R20), and the
    winner scored *points* (red in a revolt, R15; the war's colour, R20)."""

    kind: ClassVar[str] = "conflict-resolved"
    conflict: ConflictKind
    colour: Colour = field(metadata=COLOUR)
    winner: int = field(metadata=PLAYER)
    loser: int = field(metadata=PLAYER)
    winner_strength: int = field(metadata=NUMBER)
    loser_strength: int = field(metadata=NUMBER)
    cell: Cell = field(metadata=CELL)
    removed: tuple[Cell, ...] = field(default=(), metadata=CELL)
    points: int = field(default=1, metadata=NUMBER)

    @property
    def clause(self) -> str:
        return "R15" if self.conflict == "revolt" else "R20"

    @property
    def point_colour(self) -> Colour:
        """The colour of the winner's points."""
        return Colour.RED if self.conflict == "revolt" else self.colour

    def text(self, names: Sequence[str] | None = None) -> str:
        tie = " (the defender wins ties)" if self.winner_strength == self.loser_strength else ""
        won = (
            f"{does(names, self.winner, 'wins', 'win')} the "
            f"{colour_name(self.colour)} {self.conflict}, {self.winner_strength} to "
            f"{self.loser_strength}{tie}"
        )
        lost = f"{possessive(names, self.loser)} {self.colour.leader} leaves {cell_name(self.cell)}"
        if self.removed:
            tiles = plural(len(self.removed), f"{colour_name(self.colour)} tile")
            go = "goes" if len(self.removed) == 1 else "go"
            lost += f" and {tiles} {go} ({cells_text(self.removed)})"
        gained = plural(self.points, f"{colour_name(self.point_colour)} point")
        scores = verb(names, self.winner, "scores", "score")
        return sentence(f"{won}: {lost}; {seat(names, self.winner)} {scores} {gained}")


@frozen
class WarCancelled(TigrisEvent):
    """The war in *colour* that the unification promised will not be fought: the war before it
    left no leader of that colour on both sides (R21)."""

    kind: ClassVar[str] = "war-cancelled"
    rule: ClassVar[str] = "R21"
    colour: Colour = field(metadata=COLOUR)

    def text(self, names: Sequence[str] | None = None) -> str:
        name = colour_name(self.colour)
        return sentence(f"the {name} war is off: no {name} leader stands on both sides any more")
