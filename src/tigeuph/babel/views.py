"""What one player may know of a Babel position: :func:`view`, and :func:`sample_state` to
guess the rest (spec B28, B29, B49, B57).

================================  =========================================================
a player sees                     never
================================  =========================================================
his own hand                      the cards in his opponent's hand (only how many)
every column, temple and row      the order, or the contents, of the people deck
both pawns, both starting cards   the order of the temple deck (its contents follow from
the discard pile, in order        what is on the table)
the size of both decks            the seed
whose turn, the pending halving
his legal actions when to move
================================  =========================================================

>>> from tigeuph import babel
>>> state = babel.new_game(seed=3)
>>> seen = view(state, 1)
>>> seen.hand_sizes, seen.people_size, len(seen.legal)
((8, 5), 47, 0)
>>> import random
>>> view(sample_state(seen, random.Random(0)), 1) == seen
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from attrs import frozen

from ..core.errors import JsonError, PositionError
from .checks import check_state
from .engine import legal_actions
from .model.actions import Action
from .model.cards import LEVELS, NATIONS, PEOPLE_PER_NATION, TEMPLE_COUNTS, Counts, Nation
from .model.state import BabelState, End, Halving, Side
from .rules import can_still_build_start

__all__ = ["BabelView", "PublicSide", "check_view", "sample_state", "view"]


@frozen
class PublicSide:
    """What everyone sees of one player's side (spec B28): all of :class:`Side` but the hand."""

    pawn: Nation | None
    starting: bool
    row: tuple[int, ...]
    columns: tuple[tuple[Nation, ...], ...]
    temples: tuple[tuple[int, ...], ...]


@frozen
class BabelView:
    """What *player* may know of a position: see the module's table. Two states that differ
    only in what he may not see give equal views; ``legal`` lists his legal actions when he is
    to move (they depend only on what he sees), else nothing."""

    player: int
    hand: Counts
    """The viewer's own hand."""
    hand_sizes: tuple[int, int]
    """Both players' hand sizes, always public (spec B49)."""
    sides: tuple[PublicSide, PublicSide]
    people_size: int
    temple_size: int
    discard: tuple[Nation, ...]
    shuffles: int
    """How many shuffles have been made; a reshuffle happens in the open (spec B10)."""
    active: int
    turn: int
    migrated: bool
    pending: Halving | None
    end: End | None
    legal: tuple[Action, ...]

    @property
    def to_move(self) -> int | None:
        """Who decides next, as :attr:`BabelState.to_move` says."""
        if self.end is not None:
            return None
        return self.pending.player if self.pending is not None else self.active

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.end is not None

    @property
    def scores(self) -> tuple[int, int]:
        """Both players' scores, the sums of their temples' heights (spec B0)."""
        return (
            sum(t[-1] for t in self.sides[0].temples if t),
            sum(t[-1] for t in self.sides[1].temples if t),
        )


def _public(side: Side) -> PublicSide:
    return PublicSide(side.pawn, side.starting, side.row, side.columns, side.temples)


def view(state: BabelState, player: int) -> BabelView:
    """What *player* (0 or 1) may know of *state* (spec B28)."""
    return BabelView(
        player=player,
        hand=state.sides[player].hand,
        hand_sizes=(sum(state.sides[0].hand), sum(state.sides[1].hand)),
        sides=(_public(state.sides[0]), _public(state.sides[1])),
        people_size=len(state.people),
        temple_size=len(state.temple_deck),
        discard=state.discard,
        shuffles=state.shuffles,
        active=state.active,
        turn=state.turn,
        migrated=state.migrated,
        pending=state.pending,
        end=state.end,
        legal=legal_actions(state) if state.to_move == player else (),
    )


def sample_state(seen: BabelView, rng: random.Random) -> BabelState:
    """A state *seen* may be a view of, the hidden parts drawn from *rng* (spec B57): the
    cards no one sees are dealt at random to the opponent's hand and the people deck, the
    temple deck is shuffled, and the seed is new. ``view(sample_state(v, rng), v.player) == v``
    whenever *v* is a view of a real position.

    During the opponent's first turn, the hand dealt to him must still let him build his
    starting card (spec B8): a deal that would not is drawn again, so that every state drawn
    is possible, drawn uniformly among the deals that fit the view (what his choices may hint
    at his hand is not weighed).

    Raises:
        PositionError: no deal of the unseen cards fits *seen* (it is no view of a real
            position).
    """
    for _ in range(_DEALS):
        state = _deal(seen, rng)
        me = state.sides[state.active]
        if state.end is not None or not me.starting or can_still_build_start(state):
            return state
    raise PositionError("impossible view: no deal of the unseen cards fits it (B8)")


_DEALS: Final = 1000
"""How many deals :func:`sample_state` tries before it calls a view impossible."""


def _deal(seen: BabelView, rng: random.Random) -> BabelState:
    """One random deal of what *seen* does not show."""
    people: Counter[Nation] = Counter(seen.discard)
    levels: Counter[int] = Counter()
    for n in NATIONS:
        people[n] += seen.hand[n.index]
    for side in seen.sides:
        for column in side.columns:
            people.update(column)
        for temple in side.temples:
            levels.update(temple)
        levels.update(side.row)
        levels[1] += side.starting
    unseen = [n for n in NATIONS for _ in range(max(0, PEOPLE_PER_NATION - people[n]))]
    rng.shuffle(unseen)
    deck = [lv for lv in LEVELS for _ in range(max(0, TEMPLE_COUNTS[lv] - levels[lv]))]
    rng.shuffle(deck)
    other = 1 - seen.player
    k = seen.hand_sizes[other]
    theirs = Counter(unseen[:k])
    hands = [seen.hand, seen.hand]
    hands[other] = (
        theirs[NATIONS[0]],
        theirs[NATIONS[1]],
        theirs[NATIONS[2]],
        theirs[NATIONS[3]],
        theirs[NATIONS[4]],
    )
    sides = tuple(
        Side(hands[seat], s.pawn, s.starting, s.row, s.columns, s.temples)
        for seat, s in enumerate(seen.sides)
    )
    return BabelState(
        sides=(sides[0], sides[1]),
        active=seen.active,
        turn=seen.turn,
        migrated=seen.migrated,
        pending=seen.pending,
        end=seen.end,
        people=tuple(unseen[k:]),
        temple_deck=tuple(deck),
        discard=seen.discard,
        seed=rng.getrandbits(63),
        shuffles=seen.shuffles,
    )


def check_view(seen: BabelView) -> None:
    """Raise unless some position shows exactly *seen*.

    Raises:
        JsonError: the viewer is no seat.
        PositionError: no position shows this view; the message says what is wrong.
    """
    if seen.player not in (0, 1):
        raise JsonError("$.player", f"{seen.player} is not a seat (0 or 1)")
    guess = sample_state(seen, random.Random(0))
    problems = check_state(guess)
    if problems:
        raise PositionError("impossible view: " + "; ".join(problems))
    shown = view(guess, seen.player)
    for name in ("hand_sizes", "people_size", "temple_size", "legal"):
        if getattr(shown, name) != getattr(seen, name):
            raise PositionError(f"impossible view: no position shows this {name}")
    if shown != seen:
        raise PositionError("impossible view: no position shows it")
