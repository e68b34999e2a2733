"""What a game promises of its positions and steps beyond the shapes every game keeps (issue
38): the ``invariants`` capability, which the soak and the invariant tests
(:mod:`tigeuph.testing.invariants`) ask at every step, and its default, a game with nothing
more to promise."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from .protocol import GameInterface

__all__ = ["Invariants"]

S = TypeVar("S")  # the game's state
A = TypeVar("A")  # an action


class Invariants(Generic[S, A]):
    """The ``invariants`` capability; this class is also its default, which finds nothing
    wrong: the checks every game gets anyway (legal play, the round trips of its notation and
    JSON, views that hide what they must) are the soak's own."""

    def __init__(self, game: GameInterface[S, Any, A, Any]) -> None:
        self.game = game
        """The game whose promises these are."""

    def check_state(self, state: S) -> list[str]:
        """Every problem of *state*, each saying what is wrong; empty when it holds together
        (by default: always)."""
        return []

    def state_problems(self, state: S) -> list[str]:
        """What a well-formed *state* reached by legal play breaks of the promises only this
        game's rules make and :meth:`check_state` cannot see (the main game's R0 and R30),
        each citing its clause; empty when none (by default: always)."""
        return []

    def step_problems(self, before: S, action: A, after: S) -> list[str]:
        """What the step ``after = apply(before, action)`` breaks of this game's own rules of
        a step (what only grows, whose turn it is), each citing its clause; empty when none
        (by default: always)."""
        return []
