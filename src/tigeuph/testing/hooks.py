"""What the testing tools need of a game beyond :class:`~tigeuph.GameInterface`: the
invariants only its rules state, its variants and how its games end (issue 25).

Each game of :data:`tigeuph.GAMES` has a module ``tigeuph.testing.<name>_checks`` with the
functions of :class:`GameChecks`; :func:`checks_of` finds it by the game's name, so that
nothing here lists the games. (These are candidates for the game interface itself: a game
would then answer them directly.)
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol, cast

from ..games import AnyGame

__all__ = ["GameChecks", "checks_of"]


class GameChecks(Protocol):
    """One game's own invariants and soak settings."""

    SOAK_WAYS: Sequence[tuple[str, ...]]
    """The ways of playing the soak takes turns among, each a player per seat, repeated in
    turn: ``uniform`` (every legal action alike), ``weighted`` (the game's
    :meth:`~tigeuph.GameInterface.weighted_action`) or an agent specification."""

    def state_problems(self, state: Any) -> list[str]:
        """What the game's ``check_state`` cannot see in *state*, each citing its clause."""
        ...

    def step_problems(self, before: Any, action: Any, after: Any) -> list[str]:
        """What the step ``before -> action -> after`` breaks of the game's own rules."""
        ...

    def variants(self, players: int) -> tuple[Any, ...]:
        """Every rule set the soak plays for *players*, the standard rules first."""
        ...

    def ending(self, state: Any) -> str:
        """How the finished game of *state* ended, in a word (``bag``, ``score``...)."""
        ...


def checks_of(game: AnyGame) -> GameChecks:
    """The checks module of *game* (``tigeuph.testing.<name>_checks``)."""
    return cast(GameChecks, importlib.import_module(f"{__package__}.{game.name}_checks"))
