"""Babel's invariants, stated once (spec B59): checked by the Hypothesis state machine
(``tests/test_babel_machine.py``) and by the soak (:mod:`tigeuph.testing.babel_soak`).

* :func:`state_problems`: the state could happen (:func:`~tigeuph.babel.checks.check_state`:
  cards conserved per nation and per level, temples rising, turn and starting cards agreeing,
  the end reached exactly when it should) and play never reaches a dead end.
* :func:`step_problems`: one action did what the rules allow and nothing else: the state it was
  applied to is untouched; only the active player's score rises and only the opponent's falls
  (B50); temples change only by building, stealing and destroying at the pawn's location (B26);
  the turn passes only at EndTurn; a halved hand loses exactly its half (B27).
* :func:`round_trip_problems`: the position text, the JSON documents, the view and the action
  notation all read back what they wrote.
"""

from __future__ import annotations

import random

from ..babel.actions import Action, Build, Destroy, Discard, EndTurn, SkipBuild, Steal, parse_action
from ..babel.checks import check_state
from ..babel.engine import apply, legal_actions
from ..babel.position import from_text, to_text
from ..babel.serialise import (
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from ..babel.state import BabelState
from ..babel.views import sample_state, view

__all__ = ["checked_apply", "round_trip_problems", "state_problems", "step_problems"]


def state_problems(state: BabelState) -> list[str]:
    """Every invariant *state* breaks (see the module's documentation)."""
    problems = check_state(state)
    if state.end is None and not legal_actions(state):
        problems.append("the game is not over, yet no action is legal")
    if state.end is not None and legal_actions(state):
        problems.append("the game is over, yet actions are legal (B53)")
    return problems


def checked_apply(state: BabelState, action: Action) -> tuple[BabelState, list[str]]:
    """``apply(state, action)`` and the problems of that step, *state*'s untouchedness included."""
    before = to_text(state)
    after = apply(state, action)
    problems = step_problems(state, action, after)
    if to_text(state) != before:
        problems.append(f"{action} changed the state it was applied to")
    return after, problems


def step_problems(before: BabelState, action: Action, after: BabelState) -> list[str]:
    """Every rule the step ``before --action--> after`` breaks."""
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
    return problems + state_problems(after)


def round_trip_problems(state: BabelState) -> list[str]:
    """Every notation of *state* (and of its legal actions) that does not read back exactly."""
    problems = []
    if from_text(to_text(state)) != state:
        problems.append("from_text(to_text(s)) != s")
    if state_from_json(state_to_json(state)) != state:
        problems.append("state_from_json(state_to_json(s)) != s")
    for seat in (0, 1):
        seen = view(state, seat)
        if view_from_json(view_to_json(seen)) != seen:
            problems.append(f"seat {seat}'s view does not read back from JSON")
        if view(sample_state(seen, random.Random(seat)), seat) != seen:
            problems.append(f"a state sampled from seat {seat}'s view shows another view")
    for action in legal_actions(state):
        if (
            parse_action(str(action)) != action
            or action_from_json(action_to_json(action)) != action
        ):
            problems.append(f"{action!s} does not read back")
    return problems
