"""The greedy player: one ply deep over its own actions, with a documented evaluation."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from ..actions import Action, CommitSupport
from ..decisions import Conflict
from ..engine import apply
from ..legal import legal_actions
from ..state import GameState
from ..views import PlayerView, sample_state
from .heuristic import evaluate

__all__ = ["GreedyAgent", "settle"]

SETTLE_DEPTH: Final = 8
"""At most this many decisions are settled after an action before the position is evaluated."""


def settle(state: GameState, depth: int = SETTLE_DEPTH) -> list[float]:
    """Each seat's evaluation (:func:`~tigeuph.agents.heuristic.evaluate`) once the decisions
    *state* waits for are taken, down to *depth* of them, by a fixed quick rule: in a conflict
    each side commits all the support it may (spec R15, R18), and every other decision (war
    order, monument, treasure, building, wonder, the wonder's colour) takes the answer whose
    position evaluates best for whoever decides. Linear in the decisions: no tree."""
    while state.pending is not None and state.ended is None and depth > 0:
        depth -= 1
        options = legal_actions(state)
        if isinstance(state.pending, Conflict):
            state = apply(state, max(options, key=_support))
            continue
        seat = state.to_move
        assert seat is not None
        after = [apply(state, action) for action in options]
        state = max(after, key=lambda s: evaluate(s)[seat])
    return evaluate(state)


def _support(action: Action) -> int:
    return action.count if isinstance(action, CommitSupport) else -1


class GreedyAgent:
    """Plays the legal action whose position, once every decision it sets off is settled
    (:func:`~tigeuph.agents.greedy.settle`), evaluates best for it
    (:mod:`tigeuph.agents.heuristic`): its weakest colour's points counting treasures first,
    then the next colours, leaders on the board and their temples (threats), monuments,
    buildings and the wonder in its leaders' kingdoms.

    The position is a full state drawn with :func:`~tigeuph.sample_state` from its view, so
    hidden tiles are guessed, never seen; ties are broken with *rng*. Every decision, support
    and war order included, is answered the same way: a support count is chosen knowing the
    board and its own hand, expecting the other side to commit all it may from the guessed
    hand. A single legal action is played without search.

    Strength: beats :class:`~tigeuph.agents.RandomAgent` in nearly all 2-player games. Speed:
    tens of milliseconds a move (one ``apply`` per legal action). See ``docs/agents.rst``.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return "GreedyAgent()"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The action that settles best for *view*'s player."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        state = sample_state(view, rng)
        return rng.choice(best_actions(state, legal, view.player))


def best_actions(state: GameState, legal: Sequence[Action], seat: int) -> list[Action]:
    """The actions among *legal* that settle best for *seat* in *state*."""
    best = -math.inf
    found: list[Action] = []
    for action in legal:
        score = settle(apply(state, action))[seat]
        if score > best + 1e-9:
            best, found = score, [action]
        elif score > best - 1e-9:
            found.append(action)
    return found
