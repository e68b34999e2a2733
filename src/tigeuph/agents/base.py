"""The agent protocol: a player is anything with ``act(view, rng) -> action``.

An agent sees only its own :class:`~tigeuph.PlayerView` (the public history included), never a
:class:`~tigeuph.GameState`: the hidden information stays hidden by construction. Agents that
search build full states with :func:`~tigeuph.sample_state`. All of an agent's randomness comes
from the :class:`random.Random` it is handed, so a game replays from its seed.

>>> import random, tigeuph
>>> from tigeuph.agents import agent_from_function
>>> first = agent_from_function(lambda view, rng: view.legal[0])
>>> game = tigeuph.Game.new(2, seed=1)
>>> str(first.act(game.view(0), random.Random(0)))
'pass'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..actions import Action
from ..errors import TigeuphError
from ..views import PlayerView

if TYPE_CHECKING:
    from ..records import Game

__all__ = ["Agent", "AgentError", "AgentSpecError", "FunctionAgent", "agent_from_function"]


@runtime_checkable
class Agent(Protocol):
    """A player: given what it may know and a random generator, the action it plays.

    ``act`` is called only when the view's player is to move, so ``view.legal`` is never
    empty. It must return one of ``view.legal`` and draw any randomness from *rng* only.
    """

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The action to play now."""
        ...


class FunctionAgent:
    """An :class:`~tigeuph.Agent` made from a plain function ``fn(view, rng) -> action``."""

    __slots__ = ("fn", "name")

    def __init__(self, fn: Callable[[PlayerView, random.Random], Action], name: str = "") -> None:
        self.fn = fn
        self.name = name or getattr(fn, "__name__", "function")

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """``fn(view, rng)``."""
        return self.fn(view, rng)

    def __repr__(self) -> str:
        return f"FunctionAgent({self.name})"


def agent_from_function(fn: Callable[[PlayerView, random.Random], Action]) -> FunctionAgent:
    """The agent that plays ``fn(view, rng)``."""
    return FunctionAgent(fn)


class AgentSpecError(TigeuphError, ValueError):
    """An agent specification (``"mcts:iterations=400"``, ``"mypkg.bots:make"``) that names no
    agent, or gives it bad arguments."""


class AgentError(TigeuphError):
    """An agent misbehaved in :func:`~tigeuph.play`: it returned an illegal action, raised, or
    went over its time budget.

    ``seat`` is the agent's seat, ``action`` what it returned (``None`` when it raised),
    ``reason`` one of ``"illegal"``, ``"exception"``, ``"time"``, and ``game`` the game up to
    the faulty decision (every action before it played, nothing of it), so that it can be
    saved, replayed or continued. An exception the agent raised is the ``__cause__``.
    """

    def __init__(
        self, game: Game, seat: int, action: Action | None, reason: str, message: str
    ) -> None:
        super().__init__(message)
        self.game = game
        self.seat = seat
        self.action = action
        self.reason = reason

    def __reduce__(self) -> tuple[type[AgentError], tuple[object, ...]]:
        # Pickled whole, so that it crosses from the arena's worker processes.
        return AgentError, (self.game, self.seat, self.action, self.reason, str(self))
