"""Babel for the agents: its built-in players by name and :func:`play_babel`, one game between
agents (issue 19). :func:`tigeuph.play` and :func:`~tigeuph.agents.make_agent` reach them with
``game="babel"``.

The protocol is the same for both games: an agent answers ``act(view, rng)`` with one of
``view.legal``, seeing only its own view (here a :class:`~tigeuph.babel.BabelView`), and
drawing its randomness from *rng* alone. :class:`~tigeuph.agents.RandomAgent` plays either
game as it is; ``greedy`` and ``mcts`` name Babel's own players
(:class:`tigeuph.babel.greedy.GreedyAgent`, :class:`tigeuph.babel.search.SearchAgent`).

>>> from tigeuph.agents import make_agent
>>> game = play_babel([make_agent("greedy", game="babel"), make_agent("random")], seed=2)
>>> game.state.end is not None, game.tags["Player0"]
(True, 'babel.GreedyAgent()')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, get_args

from ..babel import BabelGame, BabelState, apply, view
from ..babel.actions import Action as BabelAction
from ..babel.greedy import GreedyAgent as BabelGreedyAgent
from ..babel.search import SearchAgent
from ..errors import ArgumentError, IllegalActionError
from .base import Agent, AgentError, agent_rng
from .randomised import RandomAgent

__all__ = ["BABEL_AGENTS", "GAMES", "play_babel"]

GAMES: Final = ("tigris", "babel")
"""The games the agents play: ``tigris`` (Tigris & Euphrates, the default) and ``babel``."""

BABEL_AGENTS: Final[dict[str, tuple[Callable[..., Any], Mapping[str, type]]]] = {
    "random": (RandomAgent, {}),
    "greedy": (BabelGreedyAgent, {}),
    "mcts": (SearchAgent, {"iterations": int, "depth": int, "exploration": float}),
}
"""Babel's built-in agents by name, with the keyword arguments each takes."""


def play_babel(
    agents: Sequence[Agent],
    *,
    seed: int | None = None,
    time_limit: float | None = None,
    tags: Mapping[str, str] | None = None,
) -> BabelGame:
    """Play one game of Babel between two *agents*, seat 0 first; the whole game.

    As :func:`tigeuph.play` does for the main game: each seat is asked with its own view and
    its own generator (:func:`~tigeuph.agents.agent_rng`), so that the same seed and agents
    replay the same game; the record's ``Player0`` and ``Player1`` tags name the agents; a
    misbehaving agent (an illegal action, an exception, over *time_limit* seconds) stops the
    game with :class:`~tigeuph.agents.AgentError`.

    Raises:
        AgentError: an agent played an illegal action, raised, or ran out of time.
        ArgumentError: not exactly two agents.
    """
    if len(agents) != 2:
        raise ArgumentError(f"play: Babel takes 2 agents, not {len(agents)}")
    names = {f"Player{seat}": repr(agent)[:200] for seat, agent in enumerate(agents)}
    game = BabelGame.new(seed, tags={**names, **(tags or {})})
    assert game.seed is not None
    rngs = [agent_rng(game.seed, seat) for seat in (0, 1)]
    while True:
        state = game.state
        seat = state.to_move
        if seat is None:
            return game
        seen = view(state, seat)
        start = time.perf_counter()
        try:
            action: Any = agents[seat].act(seen, rngs[seat])  # type: ignore[arg-type]
        except Exception as err:
            raise AgentError(
                game, seat, None, "exception", f"seat {seat} ({agents[seat]!r}) raised {err!r}"
            ) from err
        took = time.perf_counter() - start
        if time_limit is not None and took > time_limit:
            raise AgentError(
                game,
                seat,
                action,
                "time",
                f"seat {seat} ({agents[seat]!r}) took {took:.3f} s for {action}, over its "
                f"{time_limit:g} s",
            )
        if action not in seen.legal:
            raise AgentError(
                game,
                seat,
                None,
                "illegal",
                f"seat {seat} ({agents[seat]!r}) played {_illegal(state, action)}",
            )
        game.play(action)


def _illegal(state: BabelState, action: object) -> str:
    if not isinstance(action, get_args(BabelAction)):
        return f"{action!r}, which is not a Babel action"
    try:
        apply(state, action)
    except IllegalActionError as err:
        return f"{action}, which is illegal here: {err}"
    return f"{action}, which is not among its legal actions"  # pragma: no cover
