"""One game between agents, in any game of :data:`tigeuph.GAMES`: :func:`play` (spec R4, B57:
each seat sees only its own view)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, overload

from ..core.errors import ArgumentError, ArgumentTypeError, expect
from ..core.stops import STALL_ROUNDS, Stop
from ..games import AnyGame, Record, game_named, player_counts
from .base import Agent, AgentError, agent_rng
from .external import BotError
from .notices import game_end

if TYPE_CHECKING:
    from ..tigris.records import Game

__all__ = ["agent_rng", "play"]


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
    rules: Any = ...,
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
    game: str,
    rules: Any = ...,
    seed: int | None = ...,
    time_limit: float | None = ...,
    tags: Mapping[str, str] | None = ...,
    max_actions: int | None = ...,
    stall_rounds: int | None = ...,
) -> Record: ...


def play(
    agents: Sequence[Agent],
    *,
    game: str = "tigris",
    rules: Any = None,
    seed: int | None = None,
    time_limit: float | None = None,
    tags: Mapping[str, str] | None = None,
    max_actions: int | None = None,
    stall_rounds: int | None = STALL_ROUNDS,
) -> Record:
    """Play one game of *game* (a name of :data:`tigeuph.GAMES`: ``tigris``, the default, or
    ``babel``) between *agents*, seat 0 first, and return its whole record: a
    :class:`~tigeuph.Game` for the main game, a :class:`~tigeuph.babel.BabelGame` for Babel.

    The record is the game's ``new_record(len(agents), seed=seed, rules=rules)``
    (:class:`~tigeuph.GameInterface`; a seed is drawn and kept when none is given; *rules*
    are the game's variants, a :class:`~tigeuph.Rules` for the main game, ``None`` for its
    standard rules and for Babel, which has none). Whenever a seat must decide, its agent is
    asked with that seat's view (in the main game with its public history, as
    :meth:`Game.view <tigeuph.Game.view>` gives it) and a generator of its own,
    :func:`~tigeuph.agents.agent_rng`: the same seed and agents replay the same game. The
    record's ``Player0``, ``Player1``... tags name the agents (their ``repr``) unless *tags*
    give them.

    A game that will not end is stopped, kept and returned, never an error: when it stalls
    (spec D8: for *stall_rounds* whole rounds nothing but points changed; ``None`` never
    looks; a game that always ends by itself, as Babel, is never watched) or reaches
    *max_actions* actions (by default the record's own bound, ``Limits.max_record_actions``),
    the record's ``stopped`` says which (:class:`~tigeuph.core.stops.Stop`) and its
    ``Termination`` tag says it too.

    A misbehaving agent stops the game with :class:`~tigeuph.AgentError`, naming the
    seat and the action: an action that is not legal now, an exception raised by ``act``
    (kept as the error's ``__cause__``), or, when *time_limit* is given, a decision that took
    more than *time_limit* seconds (wall clock; the late action is not played). The error's
    ``game`` holds every action played before the faulty decision. An
    :class:`~tigeuph.agents.ExternalAgent` whose bot answers late, breaks the protocol or
    exits raises it too (its ``reason`` says which, its ``stderr`` keeps the bot's last
    words). Every agent with an ``end_game`` method is told the game's end
    (:class:`~tigeuph.agents.GameEnd`), a forfeit's too.

    >>> from tigeuph.agents import RandomAgent
    >>> game = play([RandomAgent(), RandomAgent()], seed=3)
    >>> game.state.is_over, game.tags["Player1"]
    (True, 'RandomAgent(weighted=False)')
    >>> play([RandomAgent(), RandomAgent()], game="babel", seed=3).state.is_over
    True

    Raises:
        tigeuph.AgentError: an agent played an illegal action, raised, or ran out of time.
        ArgumentTypeError: *agents* is not a sequence of agents (objects with ``act``), or
            another argument is of the wrong type.
        ArgumentError: *game* is no game, the game takes no such number of agents (the main
            game 2 to 4, Babel 2), *rules* do not fit it (for another player count, or any
            rules for Babel), or *max_actions* or *stall_rounds* is below 1.
    """
    check_agents(agents, "play")
    chosen = game_named(game, "play: game")
    if time_limit is not None:
        expect(time_limit, (int, float), "a number of seconds or None", "play: time_limit")
    if tags is not None:
        expect(tags, Mapping, "a mapping of tag names to values, or None", "play: tags")
    for name, bound in (("max_actions", max_actions), ("stall_rounds", stall_rounds)):
        expect(bound, (int, type(None)), "an int or None", f"play: {name}")
        if bound is not None and bound < 1:
            raise ArgumentError(f"play: {name} must be 1 or more, not {bound}")
    players = len(agents)
    if players not in chosen.facts.players:
        raise ArgumentError(
            f"play: {chosen.facts.title} takes {player_counts(chosen)} agents, not {players}"
        )
    names = {f"Player{seat}": repr(agent)[:200] for seat, agent in enumerate(agents)}
    played: Record = chosen.records.new_record(
        players, seed=seed, rules=rules, tags={**names, **(tags or {})}
    )
    try:
        _play_out(chosen, played, agents, time_limit, max_actions, stall_rounds)
    except AgentError as err:
        _tell_end(agents, chosen, err.game, err)
        raise
    _tell_end(agents, chosen, played, None)
    return played


def _tell_end(agents: Sequence[Agent], game: AnyGame, played: Record, forfeit: Any) -> None:
    """Tell every agent that listens (``end_game``) how the game ended."""
    stopped = None if played.stopped is None else played.stopped.value
    end = game_end(game, played.state, stopped, forfeit)
    for agent in agents:
        listener = getattr(agent, "end_game", None)
        if callable(listener):
            listener(end)


def _play_out(
    chosen: AnyGame,
    played: Record,
    agents: Sequence[Agent],
    time_limit: float | None,
    max_actions: int | None,
    stall_rounds: int | None,
) -> None:
    """Play *played* on to its end, or until it is stopped."""
    players = len(agents)
    assert played.seed is not None
    rngs = [agent_rng(played.seed, seat) for seat in range(players)]
    views = chosen.seat_views(players)
    stalled = None if stall_rounds is None else chosen.records.stall_watch(stall_rounds)
    limit = played.limits.max_record_actions
    limit = limit if max_actions is None else min(limit, max_actions)
    while True:
        state = played.state
        seat = state.to_move
        if seat is None:
            return
        if stalled is not None and stalled(state):
            played.stop(Stop.STALLED)
            return
        if len(played.actions) >= limit:
            played.stop(Stop.ACTION_LIMIT)
            return
        view = views.view(state, seat)
        agent = agents[seat]
        start = time.perf_counter()
        try:
            action = agent.act(view, rngs[seat])
        except BotError as err:
            raise AgentError(
                played, seat, None, err.reason, f"seat {seat}: {err}", err.stderr
            ) from err
        except Exception as err:
            raise AgentError(
                played, seat, None, "exception", f"seat {seat} ({agent!r}) raised {err!r}"
            ) from err
        took = time.perf_counter() - start
        if time_limit is not None and took > time_limit:
            raise AgentError(
                played,
                seat,
                action,
                "time",
                f"seat {seat} ({agent!r}) took {took:.3f} s for {action}, over its "
                f"{time_limit:g} s",
            )
        if action not in view.legal:
            known = _is_action(chosen, action)
            raise AgentError(
                played,
                seat,
                action if known else None,
                "illegal",
                f"seat {seat} ({agent!r}) played {_illegal(chosen, state, action, known)}",
            )
        after = played.play(action)
        views.saw(state, action, after, played.events[-1])


def _is_action(game: AnyGame, thing: object) -> bool:
    """Whether *thing* is an action of *game*: its notation reads back as itself."""
    try:
        return bool(game.parse_action(str(thing)) == thing)
    except Exception:  # NotationError, or a str() or == of the agent's object that fails
        return False


def _illegal(game: AnyGame, state: object, action: object, known: bool) -> str:
    """Why *action* cannot be played now, in a few words."""
    if not known:
        return f"{action!r}, which is not an action of {game.facts.title}"
    refused = game.refusal(state, action)
    if refused is not None:
        return f"{action}, which is illegal here: {refused}"
    return f"{action}, which is not among its legal actions"  # pragma: no cover
