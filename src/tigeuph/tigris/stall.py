"""Stalled play (spec D8): a game in which, round after round, nothing but points changes, or
whose players move pieces to and fro so that the same turn begins in the same position again.

The printed rules let a player end his turn without an action (spec R5), so players who all
prefer to wait can play forever while monuments pay out. That is a property of the players,
not of the rules: the engine goes on as the rules say, and whoever runs games between agents
(:func:`tigeuph.play`, the simulator, the arena, the soak, the server) watches for it with a
:class:`StallWatch` and stops the game (:class:`~tigeuph.core.stops.Stop`), which is then kept
and reported as stalled.

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=1)
>>> watch = StallWatch()
>>> for _ in range(2 * STALL_ROUNDS):  # each player passes his turn, three rounds
...     stalled = watch.see(state)
...     state = tigeuph.apply(state, tigeuph.parse_action("pass"))
>>> stalled, watch.see(state)
(False, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..core.errors import ArgumentError, expect
from ..core.stops import STALL_REPEATS, STALL_ROUNDS
from .model.state import GameState
from .rules.scoring import PlayerResult, rank

__all__ = ["StallWatch", "is_stalled", "standing", "still_part"]


def still_part(state: GameState) -> tuple[object, ...]:
    """What of *state* a turn may leave unchanged while points still move: everything but the
    points, the treasures taken and whose turn it is. Two turns that begin with equal parts
    had nothing happen between them but scoring (monuments, the wonder)."""
    return (
        state.tiles,
        state.flipped,
        state.catastrophes,
        state.treasures,
        state.leaders,
        state.monuments,
        state.declined,
        state.hands,
        state.catastrophe_tiles,
        state.bag,
        state.removed,
        state.discarded,
        state.buildings,
        state.wonder,
        state.declined_crosses,
    )


class StallWatch:
    """Watches a game's states, one after each action, for a stall (spec D8): *rounds* whole
    rounds, every player's turn in a row, each beginning where the one before began but for
    points; or a turn beginning for the *repeats*-th time in the same position but for
    points (a leader moved to and fro). It keeps each turn's beginning once (the state's own
    parts, shared, not copied), and compares when a turn begins."""

    __slots__ = ("_active", "_idle", "_seen", "_still", "repeated", "repeats", "rounds")

    def __init__(self, rounds: int = STALL_ROUNDS, repeats: int = STALL_REPEATS) -> None:
        expect(rounds, int, "an int", "StallWatch: rounds")
        expect(repeats, int, "an int", "StallWatch: repeats")
        if rounds < 1:
            raise ArgumentError(f"StallWatch: rounds must be 1 or more, not {rounds}")
        if repeats < 2:
            raise ArgumentError(f"StallWatch: repeats must be 2 or more, not {repeats}")
        self.rounds = rounds
        self.repeats = repeats
        self.repeated = False
        """Whether the stall seen was a repetition (else whole rounds of nothing)."""
        self._active: int | None = None
        self._still: tuple[object, ...] | None = None
        self._idle = 0
        self._seen: Counter[tuple[object, ...]] = Counter()

    def see(self, state: GameState) -> bool:
        """Note *state* (the first one, then each one after an action); whether play has
        stalled: the last ``rounds * players`` turns each ended as it began, but for points,
        or this turn begins as ``repeats - 1`` turns of the same player began before."""
        if state.ended is not None:
            return False
        if state.active != self._active and state.pending is None:
            still = still_part(state)
            self._idle = self._idle + 1 if still == self._still else 0
            self._active, self._still = state.active, still
            key = (state.active, still)
            self._seen[key] += 1
            self.repeated = self.repeated or self._seen[key] >= self.repeats
        return self.repeated or self._idle >= self.rounds * state.players


def is_stalled(states: Iterable[GameState], rounds: int = STALL_ROUNDS) -> bool:
    """Whether a game whose states are *states*, the first to the last, has stalled by its
    last state (spec D8).

    >>> import tigeuph
    >>> is_stalled([tigeuph.new_game(2, seed=1)])
    False
    """
    watch = StallWatch(rounds)
    stalled = False
    for state in states:
        stalled = watch.see(state)
    return stalled


def standing(state: GameState) -> tuple[PlayerResult, ...]:
    """Each player's result were the game scored as it stands (spec R27): once the game is
    over, the results of its outcome; before, how a simulator or an arena scores a game
    stopped before its end, counted apart (spec D8).

    >>> import tigeuph
    >>> [r.rank for r in standing(tigeuph.new_game(2, seed=1))]
    [1, 1]
    """
    return rank(state.points, state.treasures_taken)
