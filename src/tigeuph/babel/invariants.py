"""Babel's own invariants (spec B59), beside what every game keeps
(:mod:`tigeuph.testing.invariants`): only the active player's score rises and only the
opponent's falls (B50); temples change only by building, stealing and destroying at the pawn's
location (B26); the turn passes only at EndTurn (B7); a halved hand loses exactly its half
(B27); a migration is not forgotten within its turn (B18). :data:`tigeuph.GAMES`
``["babel"]`` answers its ``state_problems`` and ``step_problems`` with these functions.
"""

from __future__ import annotations

from .model.actions import Action, Build, Destroy, Discard, EndTurn, SkipBuild, Steal
from .model.state import BabelState

__all__ = ["state_problems", "step_problems"]


def state_problems(state: BabelState) -> list[str]:
    """Nothing beyond Babel's ``check_state``."""
    return []


def step_problems(before: BabelState, action: Action, after: BabelState) -> list[str]:
    """Every rule of Babel's own the step ``before --action--> after`` breaks."""
    problems: list[str] = []
    me, them = before.active, 1 - before.active
    a0, a1 = before.scores, after.scores
    if a1[me] < a0[me]:
        problems.append(f"{action}: the active player's score fell (B50)")
    if a1[them] > a0[them]:
        problems.append(f"{action}: the opponent's score rose during the turn (B50)")
    pawn = before.sides[me].pawn
    for seat in (0, 1):
        for n, (old, new) in enumerate(
            zip(before.sides[seat].temples, after.sides[seat].temples, strict=True)
        ):
            if old == new:
                continue
            here = pawn is not None and pawn.index == n
            grows = seat == me and isinstance(action, Build | SkipBuild | Steal)
            shrinks = seat == them and isinstance(action, Destroy | Steal)
            if not here or not (grows or shrinks):
                problems.append(f"{action}: seat {seat}'s temple {n} changed (B26)")
    if isinstance(action, EndTurn):
        if after.end is None and (after.active != them or after.turn != before.turn + 1):
            problems.append(f"{action}: the turn did not pass to seat {them}")
    elif after.active != before.active or after.turn != before.turn:
        problems.append(f"{action}: the turn passed without EndTurn (B7)")
    if isinstance(action, Discard) and before.pending is not None:
        who = before.pending.player
        lost = sum(before.sides[who].hand) - sum(after.sides[who].hand)
        if lost != before.pending.count:
            problems.append(f"{action}: seat {who} lost {lost} cards, not {before.pending.count}")
    if before.migrated and not after.migrated and not isinstance(action, EndTurn):
        problems.append(f"{action}: the migration of this turn was forgotten (B18)")
    return problems
