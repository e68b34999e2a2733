"""Events of the turn: its end and the temple cards drawn, the next turn, the people cards
drawn and the deck reshuffled, and the game's end (spec B7, B9, B10, B30, B31)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import field, frozen

from ...core.events import (
    NUMBER,
    PLAYER,
    PRIVATE,
    Event,
    does,
    own,
    plural,
    possessive,
    seat,
    sentence,
    verb,
)
from ..model.cards import Counts
from ..model.state import End
from .words import hand_text, join

__all__ = ["DeckReshuffled", "GameEnded", "PeopleDrawn", "TurnBegan", "TurnEnded"]


@frozen
class TurnEnded(Event):
    """*player* ended his turn and drew *levels* from the temple deck onto his row, higher
    first; *left* temple cards remain (B9; none: the game ends, B31)."""

    kind: ClassVar[str] = "turn-ended"
    rule: ClassVar[str] = "B9"
    player: int = field(metadata=PLAYER)
    levels: tuple[int, ...]
    left: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        drawn = join([str(level) for level in self.levels])
        cards = "temple card" if len(self.levels) == 1 else "temple cards"
        left = "none is left" if not self.left else f"{self.left} left in the deck"
        return sentence(
            f"{does(names, self.player, 'ends', 'end')} {own(names, self.player)} turn and "
            f"{verb(names, self.player, 'draws', 'draw')} {cards} {drawn} onto "
            f"{own(names, self.player)} row ({left})"
        )


@frozen
class TurnBegan(Event):
    """Turn *turn* began: *player*'s (B7)."""

    kind: ClassVar[str] = "turn-began"
    rule: ClassVar[str] = "B7"
    player: int = field(metadata=PLAYER)
    turn: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(f"turn {self.turn}: {possessive(names, self.player)} turn")


@frozen
class DeckReshuffled(Event):
    """The people deck ran out as a card was to be drawn: the discard pile's *count* cards
    were shuffled into a new deck (B10, B41)."""

    kind: ClassVar[str] = "deck-reshuffled"
    rule: ClassVar[str] = "B10"
    count: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"the people deck is empty: the discard pile's {plural(self.count, 'card')} "
            "are shuffled into a new deck"
        )


@frozen
class PeopleDrawn(Event):
    """*player* drew *count* people cards as his turn began (B7); *short* when deck and
    discard pile both ran out first (B10). The cards, *cards*, are his secret (``None`` in
    the event as the other knows it)."""

    kind: ClassVar[str] = "people-drawn"
    player: int = field(metadata=PLAYER)
    count: int = field(metadata=NUMBER)
    short: bool = False
    cards: Counts | None = field(default=None, metadata=PRIVATE)

    @property
    def clause(self) -> str:
        return "B10" if self.short else "B7"

    def text(self, names: Sequence[str] | None = None) -> str:
        shown = "" if self.cards is None or not self.count else f" ({hand_text(self.cards)})"
        short = ": the deck and the discard pile are empty" if self.short else ""
        return sentence(
            f"{does(names, self.player, 'draws', 'draw')} "
            f"{plural(self.count, 'people card')}{shown}{short}"
        )


@frozen
class GameEnded(Event):
    """The game ended: by score after any action (B30), or when the last temple card was
    drawn (B31), where the higher score wins, then the larger hand, else it is a draw (B51).
    *winner* is ``None`` for a draw; *scores* and *hands* (people cards in hand) are in seat
    order."""

    kind: ClassVar[str] = "game-ended"
    reason: End
    winner: int | None = field(metadata=PLAYER)
    scores: tuple[int, int]
    hands: tuple[int, int]

    @property
    def clause(self) -> str:
        if self.reason is End.SCORE:
            return "B30"
        return "B51" if self.winner is None else "B31"

    def text(self, names: Sequence[str] | None = None) -> str:
        if self.winner is None:
            return sentence(
                f"the game ends with the last temple card: a draw, {self.scores[0]} to "
                f"{self.scores[1]} with {plural(self.hands[0], 'card')} in hand each"
            )
        won, lost = self.winner, 1 - self.winner
        wins = f"{seat(names, won)} {verb(names, won, 'wins', 'win')}"
        mine, theirs = self.scores[won], self.scores[lost]
        if self.reason is End.SCORE:
            why = (
                f"{does(names, won, 'reaches', 'reach')} {mine} points"
                if mine >= 20
                else f"{does(names, won, 'has', 'have')} {mine} points against {theirs}"
            )
            return sentence(f"the game ends: {why} and {verb(names, won, 'wins', 'win')}")
        score = f"{mine} to {theirs}"
        if mine == theirs:
            score += f", on more cards in hand ({self.hands[won]} to {self.hands[lost]})"
        return sentence(f"the game ends with the last temple card: {wins}, {score}")
