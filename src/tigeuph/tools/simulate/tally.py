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
    PlaceTile,
    ScoreWonder,
)
from ...agents.factory import make_agent
from ...agents.match import play
from ...cells import Cell
from ...decisions import Conflict, Revolt
from ...engine import outcome
from ...pieces import Colour
from ...records import Game
from ...rules.buildings import doubled
from ...rules.conflicts import support_counts
from ...rules.scoring import scorer
from ...ruleset import Rules
from ...stall import standing
from ...state import End, GameState

__all__ = ["DEFAULT_AGENTS", "GameTally", "play_game", "rotated", "seat_agents", "tally"]

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
    end: End | None
    """Why the game ended; ``None`` when it was stopped before its end (see ``stalled``)."""
    scores: tuple[int, ...]
    """Each seat's final score, its points in its weakest colour with treasures (spec R27);
    a stopped game's as it stood."""
    winners: tuple[int, ...]
    """The seats ranked first (several on a full tie)."""
    rotation: int = 0
    """Which seating of the deal this is: with mixed agents every deal is played once per
    rotation of the seats (:func:`rotated`)."""
    stalled: bool = False
    """The game did not end: it stalled (spec D8) or reached the action bound, and was scored
    as it stood."""
    revolts: int = 0
    wars: int = 0
    monuments: int = 0
    buildings: int = 0
    """Buildings put on the board or moved (variant, spec R30)."""
    doubled_points: int = 0
    """Tiles that scored double in a kingdom holding their colour's building (variant, R30)."""
    english_limits: int = 0
    """Support decisions whose choices English reinforcement cut (variant, spec R28)."""
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


def rotated(agents: Sequence[str], players: int, rotation: int) -> tuple[str, ...]:
    """Each seat's agent in the *rotation*-th seating of a deal: :func:`seat_agents` turned
    by *rotation* seats, so that over ``players`` rotations every agent sits in every seat.

    >>> [rotated(["greedy", "random"], 2, r) for r in (0, 1)]
    [('greedy', 'random'), ('random', 'greedy')]
    """
    seats = seat_agents(agents, players)
    return tuple(seats[(seat + rotation) % players] for seat in range(players))


def tally(
    game: Game, agents: Sequence[str] = DEFAULT_AGENTS, seconds: float = 0.0, rotation: int = 0
) -> GameTally:
    """The tally of a *game* that ended or was stopped (``game.stopped``: a stall or the
    action bound, spec D8), counted from its actions: a revolt or war when its attacker
    commits (each conflict asks him first, spec D1), a building when one is put or moved, a
    catastrophe when placed. A stopped game is scored as it stood.

    Raises:
        ValueError: the game goes on and was not stopped.
    """
    result = outcome(game.state)
    if result is None and game.stopped is None:
        raise ValueError("the game is not over")
    ranked = standing(game.state)
    counts = dict.fromkeys(
        (
            "revolts",
            "wars",
            "monuments",
            "buildings",
            "doubled_points",
            "english_limits",
            "wonders",
            "wonder_points",
            "catastrophes",
        ),
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
                if before.rules.english_reinforcement and _limited(before):
                    counts["english_limits"] += 1
            case PlaceTile(colour=colour, cell=cell) if before.rules.buildings:
                counts["doubled_points"] += _doubled(before, after, colour, cell)
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
        end=None if result is None else result.end,
        scores=tuple(r.score for r in ranked),
        winners=tuple(r.player for r in ranked if r.rank == 1),
        rotation=rotation,
        stalled=result is None,
        treasures=sum(game.state.treasures_taken),
        seconds=seconds,
        **counts,
    )


def _limited(state: GameState) -> bool:
    """Whether English reinforcement cuts the support counts of the decision pending in
    *state* below what its player holds (spec R28): the variant came into play."""
    conflict = state.pending
    assert isinstance(conflict, Conflict)
    held = state.hands[conflict.player][conflict.colour]
    return len(support_counts(state, conflict, held)) < held + 1


def _doubled(before: GameState, after: GameState, colour: Colour, cell: Cell) -> bool:
    """Whether the tile of *colour* just placed on *cell* scored double: it joined one kingdom
    (spec R13), which holds its colour's building, and somebody scores it (R30). A tile that
    starts wars scores only after them, if it still can: it is not counted."""
    if after.buildings[colour] is None or len(before.analysis().touching(cell)) != 1:
        return False
    kingdom = after.analysis().kingdom_at(cell)
    return doubled(after, colour, kingdom) and scorer(after.leaders, colour, kingdom) is not None


def play_game(
    rules: Rules, seed: int, agents: Sequence[str] = DEFAULT_AGENTS, rotation: int = 0
) -> GameTally:
    """Play one game under *rules* (its ``players`` is the player count) from *seed*, each seat
    played by its agent in the *rotation*-th seating (:func:`rotated`), and tally it.

    The deal comes from the seed and each agent's choices from :func:`tigeuph.agents.agent_rng`
    of the seed and its seat, so the same seed replays the same game.

    >>> t = play_game(Rules(players=2), seed=1)
    >>> t.turns < t.actions, len(t.scores), t.buildings, t.agents
    (True, 2, 0, ('random', 'random'))

    Raises:
        AgentSpecError: a specification names no agent.
        AgentError: an agent misbehaved.
    """
    specs = rotated(agents, rules.players, rotation)
    start = time.perf_counter()
    game = play([make_agent(spec) for spec in specs], rules=rules, seed=seed)
    return tally(game, specs, time.perf_counter() - start, rotation)
