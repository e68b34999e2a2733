"""The greedy player: one ply deep over its own actions, with a documented evaluation."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..actions import Action
from ..evaluation.candidates import scores
from ..evaluation.settle import SETTLE_DEPTH, settle
from ..state import GameState
from ..views import PlayerView, sample_state

__all__ = ["SETTLE_DEPTH", "GreedyAgent", "best_actions", "settle"]


class GreedyAgent:
    """Plays the legal action whose position, once every decision it sets off is settled
    (:func:`~tigeuph.evaluation.settle.settle`), evaluates best for it
    (:mod:`tigeuph.evaluation.heuristic`): what wins, its weakest colour's points counting
    treasures first, then the next colours up to a few points above it, leaders on the board
    and their temples (threats), monuments, buildings and the wonder in its leaders' kingdoms,
    crosses and runs they nearly complete (:mod:`tigeuph.evaluation.plans`); a lead counts more
    as the end nears, so the leader ends the game rather than pass.

    The position is a full state drawn with :func:`~tigeuph.sample_state` from its view, so
    hidden tiles are guessed, never seen; ties are broken with *rng*. Every decision, support
    and war order included, is answered the same way: a support count is chosen knowing the
    board and its own hand, expecting the other side to commit all it may from the guessed
    hand. A single legal action is played without search.

    Strength: beats :class:`~tigeuph.agents.RandomAgent` in nearly all 2-player games. Speed:
    a few milliseconds of CPU a move: the actions the evaluation cannot tell apart are applied
    once per class (:func:`tigeuph.evaluation.candidates.scores`). See ``docs/agents.rst``.
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
    for action, score in zip(legal, scores(state, legal, seat), strict=True):
        if score > best + 1e-9:
            best, found = score, [action]
        elif score > best - 1e-9:
            found.append(action)
    return found
