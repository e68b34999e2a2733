"""The agent protocol: a player is anything with ``act(view, rng) -> action``, in every game.

An agent sees only its own view (in the main game a :class:`~tigeuph.PlayerView`, the public
history included; in Babel a :class:`~tigeuph.babel.BabelView`), never a full state: the hidden
information stays hidden by construction. Agents that search draw full states with the game's
``sample_state`` (:class:`~tigeuph.GameInterface`). All of an agent's randomness comes from the
:class:`random.Random` it is handed, so a game replays from its seed.

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
from typing import Any, Protocol, runtime_checkable

from ..core.errors import TigeuphError
from ..games import Record

__all__ = [
    "Agent",
    "AgentError",
    "AgentSpecError",
    "FunctionAgent",
    "agent_from_function",
    "agent_rng",
]


@runtime_checkable
class Agent(Protocol):
    """A player: given what it may know and a random generator, the action it plays.

    ``act`` is called only when the view's player is to move, so ``view.legal`` is never
    empty. It must return one of ``view.legal`` and draw any randomness from *rng* only. The
    view is the game's (its interface's ``view_type``): a :class:`~tigeuph.PlayerView` in the
    main game, a :class:`~tigeuph.babel.BabelView` in Babel.

    An agent may also have an ``end_game(end)`` method: :func:`~tigeuph.play` then tells it
    how each game ended (a :class:`~tigeuph.agents.GameEnd`), forfeits included, as an
    :class:`~tigeuph.agents.ExternalAgent` tells its bot.
    """

    def act(self, view: Any, rng: random.Random) -> Any:
        """The action to play now."""
        ...


class FunctionAgent:
    """An :class:`~tigeuph.Agent` made from a plain function ``fn(view, rng) -> action``."""

    __slots__ = ("fn", "name")

    def __init__(self, fn: Callable[[Any, random.Random], Any], name: str = "") -> None:
        self.fn = fn
        self.name = name or getattr(fn, "__name__", "function")

    def act(self, view: Any, rng: random.Random) -> Any:
        """``fn(view, rng)``."""
        return self.fn(view, rng)

    def __repr__(self) -> str:
        return f"FunctionAgent({self.name})"


def agent_from_function(fn: Callable[[Any, random.Random], Any]) -> FunctionAgent:
    """The agent that plays ``fn(view, rng)``."""
    return FunctionAgent(fn)


class AgentSpecError(TigeuphError, ValueError):
    """An agent specification (``"mcts:iterations=400"``, ``"mypkg.bots:make"``) that names no
    agent, or gives it bad arguments."""


class AgentError(TigeuphError):
    """An agent misbehaved in :func:`~tigeuph.play`: it returned an illegal action, raised, or
    went over its time budget.

    ``seat`` is the agent's seat, ``action`` what it returned (``None`` when it raised, or
    returned no action of the game), ``reason`` one of ``"illegal"``, ``"exception"``,
    ``"time"`` (and for an :class:`~tigeuph.agents.ExternalAgent` also ``"protocol"``, a
    message that breaks the protocol or a failed handshake, and ``"crash"``, a bot that
    exited), and ``game`` the game's record (:class:`~tigeuph.games.Record`) up to the
    faulty decision (every action before it played, nothing of it), so that it can be
    saved, replayed or continued. An exception the agent raised is the ``__cause__``;
    ``stderr`` is the end of an external bot's standard error (else empty).
    """

    def __init__(
        self,
        game: Record,
        seat: int,
        action: Any,
        reason: str,
        message: str,
        stderr: str = "",
    ) -> None:
        super().__init__(message)
        self.game = game
        self.seat = seat
        self.action = action
        self.reason = reason
        self.stderr = stderr

    def __reduce__(self) -> tuple[type[AgentError], tuple[object, ...]]:
        # Pickled whole, so that it crosses from the arena's worker processes.
        return AgentError, (
            self.game,
            self.seat,
            self.action,
            self.reason,
            str(self),
            self.stderr,
        )


def agent_rng(seed: int, seat: int) -> random.Random:
    """The generator :func:`~tigeuph.play` hands the agent in *seat* of the game dealt from
    *seed*: one per seat, independent of the deal's and of the other seats'.

    >>> agent_rng(7, 0).random() == agent_rng(7, 0).random() != agent_rng(7, 1).random()
    True
    """
    return random.Random(f"tigeuph-agent:{seed}:{seat}")
