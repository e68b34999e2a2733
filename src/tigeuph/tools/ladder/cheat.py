"""The cheating search, the ladder's upper bound: the search player at a fixed budget that
searches the true state (every hand and the bag's order) where the honest search samples the
hidden information. Its gap to the honest search of the same budget measures what hidden
information costs the search, as the "cheating" players of card-game research do.

It cannot be made from a specification (:func:`~tigeuph.agents.make_agent` knows no such
agent) and an agent only ever sees its own view, so no server, arena or simulator can seat it:
only :func:`watched_agents`, the ladder's own seating, gives it the truth. It does so without a
game loop of its own: every seat of the game is watched, each action is replayed on a shadow
record of the same deal (once it was accepted: at the next decision), and the cheat searches
the shadow's state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...agents.base import Agent
from ...agents.mcts import MCTSAgent
from ...core.errors import TigeuphError
from ...games import AnyGame, game_named

__all__ = ["CheatingSearch", "watched_agents"]


class CheatingSearch(MCTSAgent):
    """:class:`~tigeuph.agents.MCTSAgent` at *iterations* iterations, searching the true
    state ``truth()`` instead of states sampled from its view."""

    __slots__ = ("truth",)

    def __init__(self, iterations: int) -> None:
        super().__init__(iterations=iterations)
        self.truth: Callable[[], Any] | None = None

    def __repr__(self) -> str:
        return f"CheatingSearch(iterations={self.iterations})"

    def _sample(self, game: AnyGame, view: Any, rng: random.Random) -> Any:
        if self.truth is None:
            raise TigeuphError("the cheating search plays only in the ladder's own games")
        state = self.truth()
        if state.to_move != view.player:  # the shadow and the game must never part
            raise TigeuphError("the cheating search's shadow record lost the game")
        return state


class _Shadow:
    """A record of the same deal, one action behind the game until the next decision."""

    def __init__(self, game: AnyGame, players: int, seed: int, rules: Any) -> None:
        self.record: Any = game.records.new_record(players, seed=seed, rules=rules)
        self.pending: Any = None

    def catch_up(self) -> None:
        if self.pending is not None:
            self.record.play(self.pending)
            self.pending = None

    def state(self) -> Any:
        self.catch_up()
        return self.record.state


class _Watched:
    """A seat's agent whose every action goes to the shadow record."""

    def __init__(self, agent: Agent, shadow: _Shadow) -> None:
        self.agent, self.shadow = agent, shadow

    def __repr__(self) -> str:
        return repr(self.agent)

    def act(self, view: Any, rng: random.Random) -> Any:
        self.shadow.catch_up()  # the last action was accepted, since a seat is asked again
        action = self.agent.act(view, rng)
        self.shadow.pending = action
        return action

    def end_game(self, end: Any) -> None:
        listener = getattr(self.agent, "end_game", None)
        if callable(listener):
            listener(end)


def watched_agents(
    agents: Sequence[Agent | int], game: str, seed: int, rules: Any = None
) -> list[Agent]:
    """The seats' agents for :func:`~tigeuph.play` of *game* from *seed*: *agents* as given,
    each whole number ``n`` a :class:`CheatingSearch` of ``n`` iterations that sees the game's
    true state (all watched, when there is a cheat)."""
    if not any(isinstance(a, int) for a in agents):
        return [a for a in agents if not isinstance(a, int)]
    shadow = _Shadow(game_named(game, "watched_agents: game"), len(agents), seed, rules)
    seated: list[Agent] = []
    for agent in agents:
        if isinstance(agent, int):
            cheat = CheatingSearch(agent)
            cheat.truth = shadow.state
            seated.append(_Watched(cheat, shadow))
        else:
            seated.append(_Watched(agent, shadow))
    return seated
