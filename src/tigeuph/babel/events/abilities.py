"""Events of the nations' abilities against the opponent, and of the halving they may set off
(spec B19-B27). Each names the card that paid (B19) and the opponent it struck (*victim*)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import field, frozen

from ...core.events import NUMBER, PLAYER, Event, does, own, plural, possessive, seat, sentence
from ..model.cards import Counts, Nation
from .words import a_card, cards, hand_text, levels_text, place

__all__ = [
    "CardsDiscarded",
    "CardsExpelled",
    "CardsSwitched",
    "HandHalved",
    "LevelStolen",
    "TempleDestroyed",
]


def _pays(names: Sequence[str] | None, player: int, nation: Nation) -> str:
    return f"{does(names, player, 'pays', 'pay')} {a_card(nation)}"


def _loses(names: Sequence[str] | None, player: int, points: int, score: int) -> str:
    """``seat 1 loses 3 points (score 5)``."""
    return f"{does(names, player, 'loses', 'lose')} {plural(points, 'point')} (score {score})"


@frozen
class TempleDestroyed(Event):
    """*player*'s Assyrians destroyed *victim*'s temple at *location*, *levels* bottom first,
    which went back onto the temple deck (B21): *victim* lost *points*, for a score of
    *score*."""

    kind: ClassVar[str] = "temple-destroyed"
    rule: ClassVar[str] = "B21"
    player: int = field(metadata=PLAYER)
    victim: int = field(metadata=PLAYER)
    location: Nation
    levels: tuple[int, ...]
    points: int = field(metadata=NUMBER)
    score: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{_pays(names, self.player, Nation.ASSYRIANS)} to destroy "
            f"{possessive(names, self.victim)} temple at {place(self.location)} "
            f"({levels_text(self.levels)}, back onto the temple deck): "
            f"{_loses(names, self.victim, self.points, self.score)}"
        )


@frozen
class LevelStolen(Event):
    """*player*'s Hittites took the top card, *level*, of *victim*'s temple at *location*
    onto his own (B22): he scored *points*, for a score of *score*; *victim* lost *lost*, for
    a score of *victim_score*."""

    kind: ClassVar[str] = "level-stolen"
    rule: ClassVar[str] = "B22"
    player: int = field(metadata=PLAYER)
    victim: int = field(metadata=PLAYER)
    location: Nation
    level: int = field(metadata=NUMBER)
    points: int = field(metadata=NUMBER)
    score: int = field(metadata=NUMBER)
    lost: int = field(metadata=NUMBER)
    victim_score: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        scores = does(names, self.player, "scores", "score")
        return sentence(
            f"{_pays(names, self.player, Nation.HITTITES)} to take level {self.level} from "
            f"{possessive(names, self.victim)} temple at {place(self.location)}: "
            f"{scores} {plural(self.points, 'point')} (score {self.score}) and "
            f"{_loses(names, self.victim, self.lost, self.victim_score)}"
        )


@frozen
class CardsExpelled(Event):
    """*player*'s Medes made *victim* discard his *count* cards of *nation* from his column
    at *location* (B23)."""

    kind: ClassVar[str] = "cards-expelled"
    rule: ClassVar[str] = "B23"
    player: int = field(metadata=PLAYER)
    victim: int = field(metadata=PLAYER)
    location: Nation
    nation: Nation
    count: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{_pays(names, self.player, Nation.MEDES)} to expel "
            f"{cards(self.count, self.nation)} from {possessive(names, self.victim)} column at "
            f"{place(self.location)} to the discard pile"
        )


@frozen
class CardsSwitched(Event):
    """*player*'s Sumerians brought *victim*'s *count* cards of *nation* (the nation of his
    tail card) from his column at *location* to the tail of *player*'s own there (B24)."""

    kind: ClassVar[str] = "cards-switched"
    rule: ClassVar[str] = "B24"
    player: int = field(metadata=PLAYER)
    victim: int = field(metadata=PLAYER)
    location: Nation
    nation: Nation
    count: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{_pays(names, self.player, Nation.SUMERIANS)} to bring "
            f"{cards(self.count, self.nation)} over from {possessive(names, self.victim)} "
            f"column at {place(self.location)} to the tail of {own(names, self.player)} own"
        )


@frozen
class HandHalved(Event):
    """*player* paid a card of a run of *nation* at *location* to make *victim*, who holds
    *hand* cards, discard *count* of them, half rounded down, as his own choice (B27, B48)."""

    kind: ClassVar[str] = "hand-halved"
    rule: ClassVar[str] = "B27"
    player: int = field(metadata=PLAYER)
    victim: int = field(metadata=PLAYER)
    nation: Nation
    location: Nation
    count: int = field(metadata=NUMBER)
    hand: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{_pays(names, self.player, self.nation)} at {place(self.location)} to halve "
            f"{possessive(names, self.victim)} hand: {seat(names, self.victim)} must discard "
            f"{self.count} of {own(names, self.victim)} {plural(self.hand, 'card')}"
        )


@frozen
class CardsDiscarded(Event):
    """The halved *player* discarded *cards*, face up onto the discard pile (B27, B48)."""

    kind: ClassVar[str] = "cards-discarded"
    rule: ClassVar[str] = "B48"
    player: int = field(metadata=PLAYER)
    cards: Counts

    def text(self, names: Sequence[str] | None = None) -> str:
        return sentence(
            f"{does(names, self.player, 'discards', 'discard')} {hand_text(self.cards)}, "
            f"half of {own(names, self.player)} hand"
        )
