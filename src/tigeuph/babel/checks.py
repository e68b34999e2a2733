"""What makes a Babel state impossible: :func:`check_state` lists every problem (spec B0-B8,
B30, B31).

The readers (position text, JSON) refuse a state with a problem, and the invariants check every
state a game reaches.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from .engine import winner_by_score
from .model.cards import LEVELS, NATIONS, PEOPLE_PER_NATION, TEMPLE_COUNTS
from .model.state import BabelState, End
from .rules import can_still_build_start

__all__ = ["check_state"]


def _conservation(state: BabelState) -> list[str]:
    """B1, B2: 12 people cards per nation and the temple cards per level, wherever they are."""
    problems = []
    people: Counter[object] = Counter(state.people + state.discard)
    levels: Counter[int] = Counter(state.temple_deck)
    for side in state.sides:
        for n in NATIONS:
            people[n] += side.hand[n.index]
        for column in side.columns:
            people.update(column)
        for temple in side.temples:
            levels.update(temple)
        levels.update(side.row)
        levels[1] += side.starting
    for n in NATIONS:
        if people[n] != PEOPLE_PER_NATION:
            problems.append(f"{people[n]} {n.name.title()} cards, not {PEOPLE_PER_NATION} (B1)")
    for level in LEVELS:
        if levels[level] != TEMPLE_COUNTS[level]:
            want = TEMPLE_COUNTS[level]
            problems.append(f"{levels[level]} temple cards of level {level}, not {want} (B2)")
    strays = sorted(set(levels) - set(LEVELS))
    if strays:
        problems.append(f"temple cards of no level: {strays} (B2)")
    return problems


def _sides(state: BabelState) -> list[str]:
    problems = []
    for seat, side in enumerate(state.sides):
        if any(k < 0 for k in side.hand):
            problems.append(f"seat {seat} holds fewer than no cards of a nation")
        for n in NATIONS:
            temple = side.temples[n.index]
            if any(a >= b for a, b in pairwise(temple)):
                problems.append(f"seat {seat}'s temple at {n.value} does not rise: {temple} (B0)")
        if side.pawn is None and (any(side.columns) or any(side.temples)):
            problems.append(f"seat {seat}'s pawn is on the quarry, yet he has played cards (B13)")
        if side.pawn is None and not side.starting:
            problems.append(f"seat {seat} built his starting card without travelling (B13)")
        first = seat + 1  # his first turn (B5)
        if side.starting and state.turn > first:
            problems.append(f"seat {seat}'s starting card is unbuilt after turn {first} (B8)")
        if not side.starting and state.turn < first:
            problems.append(f"seat {seat} built his starting card before his first turn (B8)")
    return problems


def check_state(state: BabelState) -> list[str]:
    """Every reason why no game of Babel could reach *state*; empty when it could."""
    problems = _conservation(state) + _sides(state)
    if state.active not in (0, 1):
        problems.append(f"seat {state.active} is no seat (0 or 1)")
        return problems
    if state.turn < 1 or state.active != (state.turn - 1) % 2:
        problems.append(f"turn {state.turn} is not seat {state.active}'s (B5)")
    if state.shuffles < 2:
        problems.append("set-up shuffles the two decks: shuffles is at least 2 (B6)")
    if state.pending is not None:
        pending = state.pending
        if pending.player != 1 - state.active:
            problems.append("only the active player's opponent is halved (B27)")
        elif not 1 <= pending.count <= sum(state.sides[pending.player].hand):
            problems.append(f"seat {pending.player} cannot discard {pending.count} cards (B27)")
        if state.end is not None:
            problems.append("a finished game has no pending decision")
    won = winner_by_score(state.scores, state.active)
    if state.end is None:
        if won is not None:
            problems.append(f"seat {won} has won by score, yet the game goes on (B30)")
        if not state.temple_deck:
            problems.append("the temple deck is empty, yet the game goes on (B31)")
        if not can_still_build_start(state):
            problems.append(f"seat {state.active} can no longer build his starting card (B8)")
    elif state.end is End.SCORE and won is None:
        problems.append("the game ended by score, but no one has won by score (B30)")
    elif state.end is End.DECK:
        if state.temple_deck:
            problems.append("the game ended at the last temple card, but cards are left (B31)")
        if won is not None:
            problems.append(f"seat {won} had won by score before the deck ran out (B30)")
    return problems
