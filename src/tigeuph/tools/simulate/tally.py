"""One simulated game: the agents play it (:func:`tigeuph.play`) and :class:`GameTally` keeps
what a designer measures of it."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Final

from attrs import field, frozen

from ...actions import (
    BuildMonument,
    BuildWonder,
    CommitSupport,
    PlaceBuilding,
    PlaceCatastrophe,
    ScoreWonder,
)
from ...agents.factory import make_agent
from ...agents.match import play
from ...decisions import Conflict, Revolt
from ...engine import outcome
from ...records import Game
from ...ruleset import Rules
from ...state import End

__all__ = ["DEFAULT_AGENTS", "GameTally", "play_game", "seat_agents", "tally"]

DEFAULT_AGENTS: Final = ("random",)
"""The agents of every seat unless told otherwise: uniform random players."""


@frozen
class GameTally:
    """What one simulated game did: its length, how it ended, the scores and its events."""

    seed: int
    agents: tuple[str, ...]
    """The agent specification of each seat."""
    actions: int
    """Actions applied, decisions included (support, war order, treasures...)."""
    turns: int
    """Turns begun, the last one included."""
    end: End
    scores: tuple[int, ...]
    """Each seat's final score, its points in its weakest colour with treasures (spec R27)."""
    winners: tuple[int, ...]
    """The seats ranked first (several on a full tie)."""
    revolts: int = 0
    wars: int = 0
    monuments: int = 0
    buildings: int = 0
    """Buildings put on the board or moved (variant, spec R30)."""
    wonders: int = 0
    wonder_points: int = 0
    """Points scored by a king in the wonder's kingdom (variant, spec R31)."""
    catastrophes: int = 0
    treasures: int = 0
    """Treasures taken by every player together."""
    seconds: float = field(default=0.0, eq=False)
    """Wall-clock time the game took, the agents' thinking included (not compared: two runs of
    the same game are equal)."""

    @property
    def margin(self) -> int:
        """The winner's score minus the best score of the others (0 on a tie for first)."""
        ordered = sorted(self.scores, reverse=True)
        return ordered[0] - ordered[1]


def seat_agents(agents: Sequence[str], players: int) -> tuple[str, ...]:
    """Each seat's agent specification: *agents* given for the first seats, repeated in turn.

    >>> seat_agents(["greedy", "random"], 3)
    ('greedy', 'random', 'greedy')
    """
    if not agents:
        raise ValueError("no agent given")
    return tuple(agents[seat % len(agents)] for seat in range(players))


def tally(game: Game, agents: Sequence[str] = DEFAULT_AGENTS, seconds: float = 0.0) -> GameTally:
    """The tally of a finished *game*, counted from its actions: a revolt or war when its
    attacker commits (each conflict asks him first, spec D1), a building when one is put or
    moved, a catastrophe when placed.

    Raises:
        ValueError: the game is not over.
    """
    result = outcome(game.state)
    if result is None:
        raise ValueError("the game is not over")
    counts = dict.fromkeys(
        ("revolts", "wars", "monuments", "buildings", "wonders", "wonder_points", "catastrophes"),
        0,
    )
    turns = 1
    states = game.states
    for before, action, after in zip(states, game.actions, states[1:], strict=False):
        match action:
            case CommitSupport():
                pending = before.pending
                if isinstance(pending, Conflict) and pending.attacker_support is None:
                    counts["revolts" if isinstance(pending, Revolt) else "wars"] += 1
            case BuildMonument():
                counts["monuments"] += 1
            case PlaceBuilding():
                counts["buildings"] += 1
            case BuildWonder():
                counts["wonders"] += 1
            case ScoreWonder():
                counts["wonder_points"] += 1
            case PlaceCatastrophe():
                counts["catastrophes"] += 1
        turns += after.active != before.active
    return GameTally(
        seed=game.seed if game.seed is not None else -1,
        agents=tuple(agents),
        actions=len(game.actions),
        turns=turns,
        end=result.end,
        scores=tuple(r.score for r in result.results),
        winners=result.winners,
        treasures=sum(game.state.treasures_taken),
        seconds=seconds,
        **counts,
    )


def play_game(rules: Rules, seed: int, agents: Sequence[str] = DEFAULT_AGENTS) -> GameTally:
    """Play one game under *rules* (its ``players`` is the player count) from *seed*, each seat
    played by its agent (:func:`~tigeuph.tools.simulate.seat_agents`), and tally it.

    The deal comes from the seed and each agent's choices from :func:`tigeuph.agents.agent_rng`
    of the seed and its seat, so the same seed replays the same game.

    >>> t = play_game(Rules(players=2), seed=1)
    >>> t.turns < t.actions, len(t.scores), t.buildings, t.agents
    (True, 2, 0, ('random', 'random'))

    Raises:
        AgentSpecError: a specification names no agent.
        AgentError: an agent misbehaved.
    """
    specs = seat_agents(agents, rules.players)
    start = time.perf_counter()
    game = play([make_agent(spec) for spec in specs], rules=rules, seed=seed)
    return tally(game, specs, time.perf_counter() - start)
