"""Halving (spec B26, B27, B48): any run makes the opponent discard half his hand, which he
does before anything else happens."""

from __future__ import annotations

from attrs import evolve

from ...core.events import Event
from ..events import CardsDiscarded, HandHalved
from ..model.actions import Discard, Halve
from ..model.cards import NATIONS
from ..model.state import BabelState, Halving
from .abilities import pay, run_problem
from .base import Problem, discarded, opponent

__all__ = ["discard", "discard_problem", "halve", "halve_problem"]


def halve_problem(state: BabelState, action: Halve) -> Problem:
    """B19: a run of the nation here; B42: the opponent holds two cards or more."""
    found = run_problem(state.sides[state.active], action.run, action.nation)
    if found:
        return found
    if sum(opponent(state).hand) < 2:
        return "B42", "the opponent holds fewer than 2 cards"
    return None


def halve(state: BabelState, action: Halve, events: list[Event] | None) -> BabelState:
    """The card of the run pays; the opponent must now discard half his hand, rounded down."""
    other = 1 - state.active
    hand = sum(state.sides[other].hand)
    count = hand // 2
    if events is not None:
        where = state.sides[state.active].pawn
        assert where is not None
        events.append(HandHalved(state.active, other, action.nation, where, count, hand))
    return evolve(pay(state, action.run), pending=Halving(other, count))


def discard_problem(state: BabelState, action: Discard) -> Problem:
    """B27: exactly half his hand, of cards he holds."""
    assert state.pending is not None
    hand = state.sides[state.pending.player].hand
    if sum(action.counts) != state.pending.count:
        return "B27", f"discard exactly {state.pending.count} cards"
    if any(k > held for k, held in zip(action.counts, hand, strict=True)):
        return "B27", "these cards are not all in hand"
    return None


def discard(state: BabelState, action: Discard, events: list[Event] | None) -> BabelState:
    """The halved player's cards go onto the discard pile; the turn goes on."""
    assert state.pending is not None
    counts = action.counts
    who = state.pending.player
    side = state.sides[who]
    hand = tuple(h - k for h, k in zip(side.hand, counts, strict=True))
    state = state.replace_side(who, evolve(side, hand=(*hand,)))  # type: ignore[arg-type]
    cards = tuple(n for n in NATIONS for _ in range(counts[n.index]))
    if events is not None:
        events.append(CardsDiscarded(who, counts))
    return evolve(state, pending=None, discard=discarded(state, cards))
