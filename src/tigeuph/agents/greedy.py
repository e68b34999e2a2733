"""The greedy player: one ply deep over its own actions, scored by the game's evaluation."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..games import AnyGame, game_of

__all__ = ["GreedyAgent", "best_actions", "repeating"]


class GreedyAgent:
    """Plays the legal action the game's ``action_values`` (:class:`~tigeuph.GameInterface`)
    rate best for it, in every game; ties are broken with *rng*.

    The position is a full state drawn with the game's ``sample_state`` from its view, so
    hidden tiles and cards are guessed, never seen. A single legal action is played without
    search. It never takes its seat back to a position, but for points, in which one of its
    turns began, while another action is legal (``repeating`` in this module): it plays the
    best of the others instead. In the main game the values are the settled evaluation
    (:mod:`tigeuph.tigris.analysis.heuristic`, :func:`tigeuph.tigris.analysis.settle.settle`) of
    each action, computed once per class of actions the evaluation cannot tell apart
    (:func:`tigeuph.tigris.analysis.candidates.scores`); in Babel, the evaluation of
    ``tigeuph.babel.analysis.evaluation`` after each action.

    Strength: beats :class:`~tigeuph.agents.RandomAgent` in nearly all 2-player games of
    either game. Speed: a few milliseconds of CPU a move. See ``docs/agents.rst``.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return "GreedyAgent()"

    def act(self, view: Any, rng: random.Random) -> Any:
        """The action that evaluates best for *view*'s player."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        game = game_of(view)
        state = game.sample_state(view, rng)
        choice = rng.choice(best_actions(game, state, legal, view.player))
        avoid = repeating(game, view)
        if choice in avoid:  # chosen after the same draws as before, so other games replay
            others = [action for action in legal if action not in avoid]
            choice = rng.choice(best_actions(game, state, others, view.player))
        return choice


def repeating(game: AnyGame, view: Any) -> list[Any]:
    """The actions of *view*'s legal ones that would take its player back to a position, but
    for points, in which one of his turns began (the game's ``evaluation.repeats``, read from
    the view's public history): the plain way of repeating a position until the game stalls
    (spec D8). None when every legal action would."""
    legal: Sequence[Any] = view.legal
    back = game.evaluation.repeats(view, legal)
    if all(back):
        return []
    return [action for action, repeated in zip(legal, back, strict=True) if repeated]


def best_actions(game: AnyGame, state: Any, legal: Sequence[Any], seat: int) -> list[Any]:
    """The actions among *legal* that *game*'s ``action_values`` rate best for *seat* in
    *state* (equal within 1e-9)."""
    best = -math.inf
    found: list[Any] = []
    for action, score in zip(legal, game.evaluation.action_values(state, legal, seat), strict=True):
        if score > best + 1e-9:
            best, found = score, [action]
        elif score > best - 1e-9:
            found.append(action)
    return found
