"""One game between agents: :func:`play` (spec R4: each seat sees only its own view)."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Final

from attrs import evolve

from ..actions import Action
from ..engine import apply
from ..errors import IllegalActionError
from ..records import Game
from ..ruleset import Rules
from ..views import PublicAction, history
from ..views import view as view_of
from .base import Agent, AgentError

__all__ = ["agent_rng", "play"]

_DEFAULT_RULES: Final = Rules()


def agent_rng(seed: int, seat: int) -> random.Random:
    """The generator :func:`~tigeuph.play` hands the agent in *seat* of the game dealt from
    *seed*: one per seat, independent of the deal's and of the other seats'.

    >>> agent_rng(7, 0).random() == agent_rng(7, 0).random() != agent_rng(7, 1).random()
    True
    """
    return random.Random(f"tigeuph-agent:{seed}:{seat}")


def play(
    agents: Sequence[Agent],
    *,
    rules: Rules = _DEFAULT_RULES,
    seed: int | None = None,
    time_limit: float | None = None,
    tags: Mapping[str, str] | None = None,
) -> Game:
    """Play one game between *agents*, seat 0 first, and return the whole :class:`~tigeuph.Game`.

    The game is ``Game.new(len(agents), seed=seed, rules=rules)`` (a seed is drawn and kept when
    none is given). Whenever a seat must decide, its agent is asked with that seat's view and
    public history, :meth:`Game.view <tigeuph.Game.view>`, and a generator of its own,
    :func:`~tigeuph.agents.agent_rng`: the same seed and agents replay the same game. The
    record's ``Player0`` to ``Player3`` tags name the agents (their ``repr``) unless *tags*
    give them.

    A misbehaving agent stops the game with :class:`~tigeuph.AgentError`, naming the
    seat and the action: an action that is not legal now, an exception raised by ``act``
    (kept as the error's ``__cause__``), or, when *time_limit* is given, a decision that took
    more than *time_limit* seconds (wall clock; the late action is not played). The error's
    ``game`` holds every action played before the faulty decision.

    >>> from tigeuph.agents import RandomAgent
    >>> game = play([RandomAgent(), RandomAgent()], seed=3)
    >>> game.state.is_over, game.tags["Player1"]
    (True, 'RandomAgent(weighted=False)')

    Raises:
        tigeuph.AgentError: an agent played an illegal action, raised, or ran out of time.
        ValueError: fewer than 2 or more than 4 agents, or *rules* for another player count.
    """
    players = len(agents)
    if not 2 <= players <= 4:
        raise ValueError(f"a game takes 2 to 4 agents, not {players}")
    names = {f"Player{seat}": repr(agent)[:200] for seat, agent in enumerate(agents)}
    game = Game.new(players, seed=seed, rules=rules, tags={**names, **(tags or {})})
    assert game.seed is not None
    rngs = [agent_rng(game.seed, seat) for seat in range(players)]
    # Each seat's public history grows by one entry an action: Game.view would rebuild it.
    public: list[list[PublicAction]] = [[] for _ in range(players)]
    while True:
        state = game.state
        seat = state.to_move
        if seat is None:
            return game
        view = evolve(view_of(state, seat), history=tuple(public[seat]))
        start = time.perf_counter()
        try:
            action = agents[seat].act(view, rngs[seat])
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
        if action not in view.legal:
            raise AgentError(
                game,
                seat,
                action if isinstance(action, Action) else None,
                "illegal",
                f"seat {seat} ({agents[seat]!r}) played {_illegal(game, action)}",
            )
        after = game.play(action)
        for other in range(players):
            public[other] += history((state, after), (action,), other)


def _illegal(game: Game, action: object) -> str:
    """Why *action* cannot be played now, in a few words."""
    if not isinstance(action, Action):
        return f"{action!r}, which is not an action"
    try:
        apply(game.state, action)
    except IllegalActionError as err:
        return f"{action}, which is illegal here: {err}"
    return f"{action}, which is not among its legal actions"  # pragma: no cover
