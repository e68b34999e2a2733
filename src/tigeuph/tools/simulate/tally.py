"""One simulated game of either game: the agents play it (:func:`tigeuph.play`) and
:class:`GameTally` keeps what a designer measures of it."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Final

from attrs import field, frozen

from ...agents import play
from ...agents.factory import agents_for_seats
from ...games import DEFAULT_GAME, game_named, game_of

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
    end: str | None
    """Why the game ended, in its game's word (:meth:`~tigeuph.games.Measures.ending`:
    ``bag``, ``score``...); ``None`` when it was stopped before its end (see ``stalled``)."""
    scores: tuple[int, ...]
    """Each seat's final score (the main game's: its points in its weakest colour with
    treasures, spec R27); a stopped game's as it stood."""
    winners: tuple[int, ...]
    """The seats ranked first (several on a full tie)."""
    rotation: int = 0
    """Which seating of the deal this is: with mixed agents every deal is played once per
    rotation of the seats (:func:`rotated`)."""
    stalled: bool = False
    """The game did not end: it stalled (spec D8) or reached the action bound, and was scored
    as it stood."""
    counts: tuple[tuple[str, int], ...] = ()
    """Each event of the game (:attr:`~tigeuph.games.Measures.event_headings`) and how often it
    happened, in report order: for the
    main game revolts, wars, monuments, buildings placed or moved, points doubled by buildings
    (R30), supports cut by English reinforcement (R28), wonders, wonder points (R31),
    catastrophes and treasures taken; for Babel the actions of each kind."""
    game: str = DEFAULT_GAME
    """The game's name in :data:`tigeuph.GAMES`."""
    seconds: float = field(default=0.0, eq=False)
    """Wall-clock time the game took, the agents' thinking included (not compared: two runs of
    the same game are equal)."""

    def count(self, event: str) -> int:
        """How often *event* happened (0 for an event the game does not count)."""
        return dict(self.counts).get(event, 0)

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
    game: Any, agents: Sequence[str] = DEFAULT_AGENTS, seconds: float = 0.0, rotation: int = 0
) -> GameTally:
    """The tally of a *game* (a record of either game) that ended or was stopped
    (``game.stopped``: a stall or the action bound, spec D8), its events counted from its
    actions by the game's :meth:`~tigeuph.games.Measures.events`. A stopped game is scored as
    it stood, its leaders ranked first (:meth:`~tigeuph.games.Measures.leaders`).

    Raises:
        ValueError: the game goes on and was not stopped.
    """
    played = game_of(game)
    end = played.measures.ending(game.state)
    if end is None and game.stopped is None:
        raise ValueError("the game is not over")
    scores, winners = played.scores(game.state), played.measures.leaders(game.state)
    turns, counts = played.measures.events(game)
    return GameTally(
        seed=game.seed if game.seed is not None else -1,
        agents=tuple(agents),
        actions=len(game.actions),
        turns=turns,
        end=end,
        scores=scores,
        winners=winners,
        rotation=rotation,
        stalled=end is None,
        counts=tuple(counts.items()),
        game=played.facts.name,
        seconds=seconds,
    )


def play_game(
    rules: Any,
    seed: int,
    agents: Sequence[str] = DEFAULT_AGENTS,
    rotation: int = 0,
    *,
    game: str = DEFAULT_GAME,
    players: int | None = None,
) -> GameTally:
    """Play one game of *game* under *rules* from *seed* for *players* (by default the rules'
    own count, else the game's), each seat played by its agent in the *rotation*-th seating
    (:func:`rotated`), and tally it.

    The deal comes from the seed and each agent's choices from :func:`tigeuph.agents.agent_rng`
    of the seed and its seat, so the same seed replays the same game.

    >>> from tigeuph import Rules
    >>> t = play_game(Rules(players=2), seed=1)
    >>> t.turns < t.actions, len(t.scores), t.count("buildings"), t.agents
    (True, 2, 0, ('random', 'random'))

    Raises:
        AgentSpecError: a specification names no agent.
        AgentError: an agent misbehaved.
    """
    named = game_named(game, "play_game: game")
    count = players or getattr(rules, "players", None) or named.facts.default_players
    specs = rotated(agents, count, rotation)
    start = time.perf_counter()
    record = play(agents_for_seats(specs, game=game), game=game, seed=seed, rules=rules)
    return tally(record, specs, time.perf_counter() - start, rotation)
