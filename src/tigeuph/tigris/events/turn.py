"""Events of the turn: exchanges, draws, passing, whose turn, and the game's end (spec R4, R5,
R7, R26)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import field, frozen

from ...core.events import NUMBER, PLAYER, PRIVATE, does, plural, possessive, seat, sentence, verb
from ..model.state import Counts, End
from .base import TigrisEvent, counts_text

__all__ = ["GameEnded", "TilesDrawn", "TilesExchanged", "TurnBegan", "TurnPassed"]


@frozen
class TilesExchanged(TigrisEvent):
    """*player* discarded *count* tiles face down, out of the game (R4); their colours,
    *tiles*, are his secret (``None`` in the event as the others know it)."""

    kind: ClassVar[str] = "tiles-exchanged"
    rule: ClassVar[str] = "R4"
    player: int = field(metadata=PLAYER)
    count: int = field(metadata=NUMBER)
    tiles: Counts | None = field(default=None, metadata=PRIVATE)

    def text(self, names: Sequence[str] | None = None) -> str:
        shown = "" if self.tiles is None else f" ({counts_text(self.tiles)})"
        return sentence(
            f"{does(names, self.player, 'exchanges', 'exchange')} "
            f"{plural(self.count, 'tile')}{shown}"
        )


@frozen
class TilesDrawn(TigrisEvent):
    """*player* drew *count* tiles from the bag, after an exchange (R4) or at the end of a
    turn (R7); *short* when the bag could not meet the draw. The colours, *tiles*, are his
    secret (``None`` in the event as the others know it)."""

    kind: ClassVar[str] = "tiles-drawn"
    rule: ClassVar[str] = "R7"
    player: int = field(metadata=PLAYER)
    count: int = field(metadata=NUMBER)
    short: bool = False
    tiles: Counts | None = field(default=None, metadata=PRIVATE)

    def text(self, names: Sequence[str] | None = None) -> str:
        if not self.count:
            return sentence(f"{does(names, self.player, 'finds', 'find')} the bag empty")
        shown = "" if self.tiles is None else f" ({counts_text(self.tiles)})"
        short = ", emptying the bag" if self.short else ""
        return sentence(
            f"{does(names, self.player, 'draws', 'draw')} "
            f"{plural(self.count, 'tile')}{shown}{short}"
        )


@frozen
class TurnPassed(TigrisEvent):
    """*player* ended his turn with *unused* actions left (R5)."""

    kind: ClassVar[str] = "turn-passed"
    rule: ClassVar[str] = "R5"
    player: int = field(metadata=PLAYER)
    unused: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'passes', 'pass')}, "
            f"leaving {plural(self.unused, 'action')} unused"
        )


@frozen
class TurnBegan(TigrisEvent):
    """*player*'s turn began (R7)."""

    kind: ClassVar[str] = "turn-began"
    rule: ClassVar[str] = "R7"
    player: int = field(metadata=PLAYER)

    def text(self, names: Sequence[str] | None = None) -> str:
        name = possessive(names, self.player)
        return sentence(f"{name} turn")


@frozen
class GameEnded(TigrisEvent):
    """The game ended (R26): the bag could not meet a draw, or no more than two treasures are
    left at the end of a turn. *winners* rank first on the final score (R27)."""

    kind: ClassVar[str] = "game-ended"
    rule: ClassVar[str] = "R26"
    reason: End
    winners: tuple[int, ...] = field(metadata=PLAYER)

    def text(self, names: Sequence[str] | None = None) -> str:
        why = (
            "the bag cannot meet a draw"
            if self.reason is End.BAG
            else "no more than two treasures are left"
        )
        who = " and ".join(seat(names, p) for p in self.winners)
        wins = (
            "share the win"
            if len(self.winners) > 1
            else verb(names, self.winners[0], "wins", "win")
        )
        return sentence(f"the game ends, since {why}: {who} {wins}")
