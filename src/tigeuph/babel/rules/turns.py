"""The end of a turn (spec B8, B9, B31): the starting card must be built during one's first
turn, then one draws temple cards and the next player's turn begins."""

from __future__ import annotations

from attrs import evolve

from ...core.events import Event
from ..events import DeckReshuffled, PeopleDrawn, TurnBegan, TurnEnded
from ..model.actions import EndTurn
from ..model.cards import NATIONS
from ..model.state import DRAW, TEMPLE_DRAW, BabelState, End, drawn_people
from .base import Problem

__all__ = ["can_still_build_start", "end_turn", "end_turn_problem"]


def end_turn_problem(state: BabelState, action: EndTurn) -> Problem:
    """B8: the starting card is built."""
    if state.sides[state.active].starting:
        return "B8", "the starting card must be built during one's first turn"
    return None


def end_turn(state: BabelState, action: EndTurn, events: list[Event] | None) -> BabelState:
    """B9, B31: the active player draws temple cards onto his row, higher level first; the
    game ends if that was the last; else the next player's turn begins with his draw (B7)."""
    seat = state.active
    drawn = state.temple_deck[:TEMPLE_DRAW]
    me = state.sides[seat]
    placed = tuple(sorted(drawn, reverse=True))
    state = evolve(
        state.replace_side(seat, evolve(me, row=me.row + placed)),
        temple_deck=state.temple_deck[TEMPLE_DRAW:],
    )
    if events is not None:
        events.append(TurnEnded(seat, placed, len(state.temple_deck)))
    if not state.temple_deck:
        return evolve(state, end=End.DECK)
    state = evolve(state, active=1 - seat, turn=state.turn + 1, migrated=False)
    state, cards, reshuffles = drawn_people(state, 1 - seat, DRAW)
    if events is not None:
        count = sum(cards)
        events.append(TurnBegan(1 - seat, state.turn))
        events += [DeckReshuffled(size) for size in reshuffles]
        events.append(PeopleDrawn(1 - seat, count, count < DRAW, cards))
    return state


def can_still_build_start(state: BabelState) -> bool:
    """Whether the active player can still build his starting card this turn (spec B8).

    The starting card needs an empty site of his, his pawn there and a card in his column
    there. His pawn reaches a location only by Travel (a card of its nation), and a column
    gains a card by Colonise (a card from hand), Migrate (three cards from a column holding
    three, once a turn) or the Sumerians (which need three cards there already), so these
    resources are all there is to check.
    """
    me = state.sides[state.active]
    if not me.starting:
        return True
    can_migrate_from = {n for n in NATIONS if not state.migrated and len(me.column(n)) >= 3}
    for site in NATIONS:
        if me.temples[site.index]:
            continue
        hand = list(me.hand)
        if me.pawn is not site:
            if hand[site.index] == 0:
                continue
            hand[site.index] -= 1
        if me.column(site) or sum(hand) > 0 or can_migrate_from - {site}:
            return True
    return False
