"""One game between agents: :func:`play` (spec R4: each seat sees only its own view)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Final, Literal, overload

from attrs import evolve

from ..actions import Action
from ..babel import BabelGame
from ..engine import apply
from ..errors import ArgumentError, ArgumentTypeError, IllegalActionError, expect
from ..records import Game
from ..ruleset import Rules
from ..stall import STALL_ROUNDS, StallWatch, Stop
from ..views import PublicAction, history
from ..views import view as view_of
from .babel_play import GAMES, play_babel
from .base import Agent, AgentError, agent_rng

__all__ = ["agent_rng", "play"]

_DEFAULT_RULES: Final = Rules()


def check_agents(agents: object, where: str) -> None:
    """Raise :class:`~tigeuph.ArgumentTypeError` unless *agents* is a list or tuple of objects
    with a callable ``act``: a wrong argument is a type error, not a misbehaving agent."""
    expect(agents, (list, tuple), "a list or tuple of agents", f"{where}: agents")
    assert isinstance(agents, list | tuple)
    for seat, agent in enumerate(agents):
        if not callable(getattr(agent, "act", None)):
            raise ArgumentTypeError(
                f"{where}: agents[{seat}] must be an agent (an object with act(view, rng)), "
                f"not {type(agent).__name__}"
            )


@overload
def play(
    agents: Sequence[Agent],
    *,
    game: Literal["tigris"] = ...,
    rules: Rules = ...,
    seed: int | None = ...,
    time_limit: float | None = ...,
    tags: Mapping[str, str] | None = ...,
    max_actions: int | None = ...,
    stall_rounds: int | None = ...,
) -> Game: ...


@overload
def play(
    agents: Sequence[Agent],
    *,
    game: Literal["babel"],
    rules: Rules = ...,
    seed: int | None = ...,
    time_limit: float | None = ...,
    tags: Mapping[str, str] | None = ...,
    max_actions: int | None = ...,
    stall_rounds: int | None = ...,
) -> BabelGame: ...


@overload
def play(
    agents: Sequence[Agent],
    *,
    game: str,
    rules: Rules = ...,
    seed: int | None = ...,
    time_limit: float | None = ...,
    tags: Mapping[str, str] | None = ...,
    max_actions: int | None = ...,
    stall_rounds: int | None = ...,
) -> Game | BabelGame: ...


def play(
    agents: Sequence[Agent],
    *,
    game: str = "tigris",
    rules: Rules = _DEFAULT_RULES,
    seed: int | None = None,
    time_limit: float | None = None,
    tags: Mapping[str, str] | None = None,
    max_actions: int | None = None,
    stall_rounds: int | None = STALL_ROUNDS,
) -> Game | BabelGame:
    """Play one game between *agents*, seat 0 first, and return the whole :class:`~tigeuph.Game`.

    *game* is ``tigris`` (Tigris & Euphrates, the default) or ``babel``: a game of Babel
    between two agents, as ``tigeuph.agents.babel_play.play_babel`` plays it (*rules* do
    not apply to it), returned as a :class:`~tigeuph.babel.BabelGame`.

    The game is ``Game.new(len(agents), seed=seed, rules=rules)`` (a seed is drawn and kept when
    none is given). Whenever a seat must decide, its agent is asked with that seat's view and
    public history, :meth:`Game.view <tigeuph.Game.view>`, and a generator of its own,
    :func:`~tigeuph.agents.agent_rng`: the same seed and agents replay the same game. The
    record's ``Player0`` to ``Player3`` tags name the agents (their ``repr``) unless *tags*
    give them.

    A game that will not end is stopped, kept and returned, never an error: when it stalls
    (spec D8: for *stall_rounds* whole rounds nothing but points changed; ``None`` never
    looks) or reaches *max_actions* actions (by default the game's own bound,
    ``Limits.max_record_actions``), ``game.stopped`` says which
    (:class:`~tigeuph.stall.Stop`) and the record's ``Termination`` tag says it too.

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
        ArgumentTypeError: *agents* is not a sequence of agents (objects with ``act``), or
            another argument is of the wrong type.
        ArgumentError: fewer than 2 or more than 4 agents, *rules* for another player count,
            *game* is no game, or *max_actions* or *stall_rounds* is below 1.
    """
    check_agents(agents, "play")
    expect(game, str, "a game's name", "play: game")
    if time_limit is not None:
        expect(time_limit, (int, float), "a number of seconds or None", "play: time_limit")
    if tags is not None:
        expect(tags, Mapping, "a mapping of tag names to values, or None", "play: tags")
    for name, bound in (("max_actions", max_actions), ("stall_rounds", stall_rounds)):
        expect(bound, (int, type(None)), "an int or None", f"play: {name}")
        if bound is not None and bound < 1:
            raise ArgumentError(f"play: {name} must be 1 or more, not {bound}")
    if game == "babel":
        return play_babel(agents, seed=seed, time_limit=time_limit, tags=tags)
    if game not in GAMES:
        raise ArgumentError(f"play: unknown game {game!r}: choose from {', '.join(GAMES)}")
    players = len(agents)
    if not 2 <= players <= 4:
        raise ArgumentError(f"play: a game takes 2 to 4 agents, not {players}")
    names = {f"Player{seat}": repr(agent)[:200] for seat, agent in enumerate(agents)}
    played = Game.new(players, seed=seed, rules=rules, tags={**names, **(tags or {})})
    assert played.seed is not None
    rngs = [agent_rng(played.seed, seat) for seat in range(players)]
    # Each seat's public history grows by one entry an action: Game.view would rebuild it.
    public: list[list[PublicAction]] = [[] for _ in range(players)]
    watch = None if stall_rounds is None else StallWatch(stall_rounds)
    limit = played.limits.max_record_actions
    limit = limit if max_actions is None else min(limit, max_actions)
    while True:
        state = played.state
        seat = state.to_move
        if seat is None:
            return played
        if watch is not None and watch.see(state):
            played.stop(Stop.STALLED)
            return played
        if len(played.actions) >= limit:
            played.stop(Stop.ACTION_LIMIT)
            return played
        view = evolve(view_of(state, seat), history=tuple(public[seat]))
        start = time.perf_counter()
        try:
            action = agents[seat].act(view, rngs[seat])
        except Exception as err:
            raise AgentError(
                played, seat, None, "exception", f"seat {seat} ({agents[seat]!r}) raised {err!r}"
            ) from err
        took = time.perf_counter() - start
        if time_limit is not None and took > time_limit:
            raise AgentError(
                played,
                seat,
                action,
                "time",
                f"seat {seat} ({agents[seat]!r}) took {took:.3f} s for {action}, over its "
                f"{time_limit:g} s",
            )
        if action not in view.legal:
            raise AgentError(
                played,
                seat,
                action if isinstance(action, Action) else None,
                "illegal",
                f"seat {seat} ({agents[seat]!r}) played {_illegal(played, action)}",
            )
        after = played.play(action)
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
