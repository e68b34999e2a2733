"""Events of a player's own side: travel, colonise, migrate, build (spec B8, B12-B18, B25)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import field, frozen

from ...core.events import NUMBER, PLAYER, Event, does, own, plural, possessive, sentence, verb
from ..model.cards import Nation
from .words import a_card, place, sequence_text

__all__ = ["CardColonised", "CardsMigrated", "PawnTravelled", "TempleBuilt"]


@frozen
class PawnTravelled(Event):
    """*player* discarded a card of *nation* and his pawn went from *origin* (``None``: the
    quarry) to that nation's location (B12)."""

    kind: ClassVar[str] = "pawn-travelled"
    rule: ClassVar[str] = "B12"
    player: int = field(metadata=PLAYER)
    nation: Nation
    origin: Nation | None = None

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'discards', 'discard')} {a_card(self.nation)} and "
            f"{verb(names, self.player, 'travels', 'travel')} from {place(self.origin)} to "
            f"{place(self.nation)}"
        )


@frozen
class CardColonised(Event):
    """*player* put a card of *nation* from his hand at the tail of his column at
    *location*, which now holds *length* cards (B14)."""

    kind: ClassVar[str] = "card-colonised"
    rule: ClassVar[str] = "B14"
    player: int = field(metadata=PLAYER)
    nation: Nation
    location: Nation
    length: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'colonises', 'colonise')} {a_card(self.nation)} at "
            f"{place(self.location)}, where {own(names, self.player)} column holds "
            f"{plural(self.length, 'card')}"
        )


@frozen
class CardsMigrated(Event):
    """*player* moved the last three cards of his column at *origin*, *cards* head first,
    to the tail of his column at *target* (B18)."""

    kind: ClassVar[str] = "cards-migrated"
    rule: ClassVar[str] = "B18"
    player: int = field(metadata=PLAYER)
    origin: Nation
    target: Nation
    cards: tuple[Nation, ...]

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'migrates', 'migrate')} {own(names, self.player)} "
            f"last three cards at {place(self.origin)} ({sequence_text(self.cards)}) to "
            f"{place(self.target)}"
        )


@frozen
class TempleBuilt(Event):
    """*player* put a temple card of *level* on his temple at *location*: the top card of
    seat *row*'s row (B16), or his starting card when *row* is ``None`` (B8); with *skipped*,
    a Persian paid to skip a level (B25). He scored *points* (one level, two when one is
    skipped), for a score of *score*."""

    kind: ClassVar[str] = "temple-built"
    player: int = field(metadata=PLAYER)
    location: Nation
    level: int = field(metadata=NUMBER)
    row: int | None = field(metadata=PLAYER)
    skipped: bool
    points: int = field(metadata=NUMBER)
    score: int = field(metadata=NUMBER)

    @property
    def clause(self) -> str:
        if self.skipped:
            return "B25"
        return "B8" if self.row is None else "B16"

    def text(self, names: Sequence[str] | None = None) -> str:
        who = self.player
        if self.row is None:
            card = f"{own(names, who)} starting card, level {self.level},"
        else:
            mine = self.row == who
            rows = f"{own(names, who)} own" if mine else possessive(names, self.row)
            card = f"level {self.level} from {rows} row"
        skip = (
            f"{does(names, who, 'pays', 'pay')} a Persian to skip a level and "
            f"{verb(names, who, 'builds', 'build')}"
            if self.skipped
            else does(names, who, "builds", "build")
        )
        return sentence(
            f"{skip} {card} at {place(self.location)}, scoring "
            f"{plural(self.points, 'point')} (score {self.score})"
        )
