"""What a game's players weigh (issue 38): the ``evaluation`` capability, which the greedy,
random and search players (:mod:`tigeuph.agents`) and the soak ask, and its default, which
knows only who won.

The default is a correct player's evaluation for any game, if not a strong one: a finished
game is worth its share of the win to each seat, an unfinished one the same to every seat; the
greedy player takes an action that wins at once, and the search player's rollouts and
playouts, drawn uniformly, find the rest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from .protocol import GameInterface

__all__ = ["Evaluation"]

S = TypeVar("S")  # the game's state
V = TypeVar("V")  # one player's view
A = TypeVar("A")  # an action


class Evaluation(Generic[S, V, A]):
    """The ``evaluation`` capability; this class is also its default: see the module."""

    search_scale: float = 1.0
    """Evaluation points that turn a search's reward of 1/2 into about 3/4 (the logistic's
    scale): :meth:`evaluate` differences of about this size matter to the game. By default 1,
    a whole win."""

    def __init__(self, game: GameInterface[S, V, A, Any]) -> None:
        self.game = game
        """The game whose evaluation this is."""

    def evaluate(self, state: S) -> Sequence[float]:
        """Each seat's evaluation of *state* (higher is better; a win is worth most). By
        default a finished game's winners share 1 (1 each for a sole winner, 1/k each of k)
        and the other seats have 0; a game that goes on is worth 1/players to every seat."""
        game = self.game
        players = game.player_count(state)
        winners = game.winners(state)
        if not winners:
            return [1 / players] * players
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]

    def action_values(self, state: S, legal: Sequence[A], seat: int) -> list[float]:
        """*seat*'s evaluation after each of *legal* in *state*, in order: the greedy player's
        scores, and the search player's prior. By default :meth:`evaluate` of the state each
        action leads to."""
        game = self.game
        return [self.evaluate(game.apply(state, action))[seat] for action in legal]

    def rollout_action(self, state: S, legal: Sequence[A], rng: random.Random) -> A:
        """The search player's cheap policy: an action of *legal* drawn from *rng* (by default
        uniformly)."""
        return rng.choice(legal)

    def weighted_action(self, view: V, rng: random.Random) -> A:
        """Random play that still builds (``random:weighted=true``): a legal action of *view*
        drawn from *rng* (by default uniformly, as ``random`` plays)."""
        legal: Sequence[A] = view.legal  # type: ignore[attr-defined]
        return rng.choice(legal)

    def centred_search(self, state: S) -> bool:
        """Whether the search player centres its rewards on the evaluation at its root, and
        lets the greedy best overrule small differences (the main game's variants); by
        default ``False``."""
        return False

    def repeats(self, view: V, legal: Sequence[A]) -> list[bool]:
        """Whether each action of *legal* would take *view*'s player back to a position, but
        for points, in which one of his turns began (spec D8), as far as his view tells: the
        greedy and search players play another action when one does not. By default none
        does (a game that ends by itself)."""
        return [False] * len(legal)
