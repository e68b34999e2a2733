"""Babel's state: two sides, the decks and the discard pile; :func:`new_game` (spec B1-B6).

The state is a frozen value; :func:`tigeuph.babel.apply` returns a new one. Its only hidden
parts are the hands and the order of the two decks (spec B28), and the seed, which fixes every
shuffle to come (spec B6).

>>> state = new_game(seed=1)
>>> state.active, sum(state.sides[0].hand), sum(state.sides[1].hand), len(state.people)
(0, 8, 5, 47)
"""

from __future__ import annotations

import random
import secrets
from enum import Enum
from typing import Final

from attrs import evolve, field, frozen

from .cards import NATIONS, PEOPLE_PER_NATION, TEMPLE_COUNTS, Counts, Nation

__all__ = [
    "DEAL",
    "DRAW",
    "BabelState",
    "End",
    "Halving",
    "Side",
    "new_game",
    "score",
]

DEAL: Final = 5
"""People cards dealt to each player at set-up (spec B4)."""
DRAW: Final = 3
"""People cards drawn at the start of each turn (spec B7)."""
TEMPLE_DRAW: Final = 2
"""Temple cards drawn at the end of each turn (spec B9)."""

EMPTY5: Final[tuple[tuple[Nation, ...], ...]] = ((),) * 5
NO_TEMPLES: Final[tuple[tuple[int, ...], ...]] = ((),) * 5


@frozen
class Side:
    """What one player has: his hand, pawn, starting card, temple row, columns and temples."""

    hand: Counts
    """People cards in hand per nation (spec B0)."""
    pawn: Nation | None = None
    """The location of his pawn; ``None`` while it stands on the quarry (spec B12, B13)."""
    starting: bool = True
    """Whether his starting card is still unbuilt (spec B4, B8)."""
    row: tuple[int, ...] = ()
    """His temple row, bottom first; only the last card may be taken (spec B9)."""
    columns: tuple[tuple[Nation, ...], ...] = EMPTY5
    """His column at each location (in the order of NATIONS), head (first placed) first."""
    temples: tuple[tuple[int, ...], ...] = NO_TEMPLES
    """His temple at each location, bottom first; levels strictly increase (spec B0)."""

    def height(self, location: Nation) -> int:
        """The level of his temple's top card at *location*, 0 if none (spec B0)."""
        temple = self.temples[location.index]
        return temple[-1] if temple else 0

    def column(self, location: Nation) -> tuple[Nation, ...]:
        """His column at *location*, head first."""
        return self.columns[location.index]

    @property
    def score(self) -> int:
        """The sum of his five temples' heights (spec B0)."""
        return sum(temple[-1] for temple in self.temples if temple)


@frozen
class Halving:
    """The pending decision of spec B27/B48: *player* must discard *count* cards."""

    player: int
    count: int


class End(Enum):
    """Why a game ended."""

    SCORE = "score"
    """A player reached 20, or 15 while the other had 9 or less (spec B30)."""
    DECK = "deck"
    """The last temple card was drawn (spec B31)."""


@frozen
class BabelState:
    """A position of Babel: both sides, the decks, the discard pile, whose turn it is."""

    sides: tuple[Side, Side]
    active: int = field(default=0)
    """The seat whose turn it is (spec B5)."""
    turn: int = 1
    """The turn number, from 1 (seat 0's first turn)."""
    migrated: bool = False
    """Whether the active player has migrated this turn (spec B7, B18)."""
    pending: Halving | None = None
    end: End | None = None
    people: tuple[Nation, ...] = ()
    """The people deck, top first (hidden, spec B28)."""
    temple_deck: tuple[int, ...] = ()
    """The temple deck, top first (hidden order, spec B28)."""
    discard: tuple[Nation, ...] = ()
    """The discard pile, bottom first (public, spec B11)."""
    seed: int = 0
    """The seed of every shuffle (hidden, spec B6)."""
    shuffles: int = 0
    """How many shuffles the seed has made, 2 after set-up and one more per reshuffle
    (spec B6)."""

    @property
    def to_move(self) -> int | None:
        """The seat that decides next (the halved player, else the active one), or None when
        the game is over."""
        if self.end is not None:
            return None
        return self.pending.player if self.pending is not None else self.active

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (spec B30, B31), as ``GameState.is_over`` says."""
        return self.end is not None

    @property
    def scores(self) -> tuple[int, int]:
        """Both players' scores (spec B0)."""
        return self.sides[0].score, self.sides[1].score

    def replace_side(self, seat: int, side: Side) -> BabelState:
        """This state with *side* as seat *seat*'s."""
        sides = (side, self.sides[1]) if seat == 0 else (self.sides[0], side)
        return evolve(self, sides=sides)


def score(state: BabelState, seat: int) -> int:
    """Seat *seat*'s score: the sum of his temples' heights (spec B0)."""
    return state.sides[seat].score


def shuffler(seed: int, index: int) -> random.Random:
    """The generator of shuffle number *index* of the game with *seed* (spec B6): 0 shuffles the
    people deck, 1 the temple deck, 2 and on the reshuffles in the order they happen."""
    return random.Random(f"tigeuph-babel:{seed}:{index}")


def add(counts: Counts, nation: Nation, n: int = 1) -> Counts:
    """*counts* with *n* more cards of *nation* (fewer when *n* < 0)."""
    found = list(counts)
    found[nation.index] += n
    return found[0], found[1], found[2], found[3], found[4]


def draw_people(state: BabelState, seat: int, n: int) -> BabelState:
    """*state* after seat *seat* draws *n* people cards, reshuffling the discard pile into a new
    deck whenever the deck runs out, mid-draw included; stopping short when both are empty
    (spec B10, B41)."""
    return drawn_people(state, seat, n)[0]


def drawn_people(
    state: BabelState, seat: int, n: int
) -> tuple[BabelState, Counts, tuple[int, ...]]:
    """:func:`draw_people`'s state, with the cards drawn and the size of each reshuffle on the
    way, for the events that tell it."""
    drawn = [0, 0, 0, 0, 0]
    reshuffles: list[int] = []
    deck, discard, shuffles = state.people, state.discard, state.shuffles
    for _ in range(n):
        if not deck:
            if not discard:
                break
            cards = list(discard)
            shuffler(state.seed, shuffles).shuffle(cards)
            deck, discard, shuffles = tuple(cards), (), shuffles + 1
            reshuffles.append(len(cards))
        drawn[deck[0].index] += 1
        deck = deck[1:]
    old = state.sides[seat].hand
    hand = (
        old[0] + drawn[0],
        old[1] + drawn[1],
        old[2] + drawn[2],
        old[3] + drawn[3],
        old[4] + drawn[4],
    )
    side = evolve(state.sides[seat], hand=hand)
    state = evolve(state.replace_side(seat, side), people=deck, discard=discard, shuffles=shuffles)
    return state, (drawn[0], drawn[1], drawn[2], drawn[3], drawn[4]), tuple(reshuffles)


def new_game(seed: int | None = None) -> BabelState:
    """A new game of Babel: decks shuffled, five cards dealt to each, seat 0's turn begun with
    his draw of three (spec B4-B7). *seed* fixes every shuffle; ``None`` takes a secure random
    one.

    >>> new_game(seed=3) == new_game(seed=3), new_game(seed=3) == new_game(seed=4)
    (True, False)
    """
    if seed is None:
        seed = secrets.randbits(63)
    people = [n for n in NATIONS for _ in range(PEOPLE_PER_NATION)]
    shuffler(seed, 0).shuffle(people)
    temples = [level for level, k in TEMPLE_COUNTS.items() for _ in range(k)][2:]  # B4
    shuffler(seed, 1).shuffle(temples)
    empty = (0, 0, 0, 0, 0)
    state = BabelState(
        sides=(Side(empty), Side(empty)),
        people=tuple(people),
        temple_deck=tuple(temples),
        seed=seed,
        shuffles=2,
    )
    state = draw_people(state, 0, DEAL)
    state = draw_people(state, 1, DEAL)
    return draw_people(state, 0, DRAW)
