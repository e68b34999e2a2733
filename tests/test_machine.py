"""A Hypothesis state machine over the public API (issue 5): any player count, any combination
of variant switches on either board, any seed; legal actions drawn by index, runs of random
legal actions to reach late-game states, and arbitrary actions of every kind, which ``apply``
must accept exactly when ``legal_actions`` lists them and otherwise refuse with
``IllegalActionError``, leaving the state unchanged. Every state reached obeys
:func:`tigeuph.invariants.state_problems` and every step :func:`~tigeuph.invariants.step_problems`.

The number of games comes from the Hypothesis profile (``HYPOTHESIS_PROFILE=soak`` for a long
local run); each game runs up to ``STEPS`` rules.
"""

from __future__ import annotations

import random
import typing
from typing import Any, Final

import attrs
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

import tigeuph
from tigeuph import CELLS, COLOURS, Action, Cell, Colour, GameState, IllegalActionError, Monument
from tigeuph.invariants import (
    every_rules,
    round_trip_problems,
    snapshot,
    state_problems,
    step_problems,
)

STEPS: Final = 40
BULK: Final = 30
"""The most random legal actions one ``play_many`` step plays (a game lasts about 200)."""

RULE_SETS: Final = every_rules(2)
"""Every board and switch combination; the player count is drawn apart, and both by index, so
that a failure shrinks to two players, the standard board and no switch."""
SEEDS: Final = st.integers(0, 2**32 - 1)
PLAYERS: Final = st.integers(2, 4)
COMBINATIONS: Final = st.integers(0, len(RULE_SETS) - 1)

# --- arbitrary actions of every kind -----------------------------------------------------------


def _counts(colours: list[Colour]) -> tuple[int, int, int, int]:
    a, b, c, d = (colours.count(colour) for colour in COLOURS)
    return a, b, c, d


def _exchange_counts() -> st.SearchStrategy[tuple[int, int, int, int]]:
    """1 to 6 tiles of any colours (the only exchanges :class:`ExchangeTiles` can hold)."""
    return st.lists(st.sampled_from(COLOURS), min_size=1, max_size=6).map(_counts)


def _field_values(kind: Any) -> tuple[st.SearchStrategy[Any], Any]:
    """Every value an action field of type *kind* may hold (any cell of the board, colour,
    monument, support count or exchange), and the simplest."""
    if kind is Cell:
        return st.sampled_from(CELLS), CELLS[0]
    if kind is Colour:
        return st.sampled_from(COLOURS), Colour.RED
    if kind is Monument:
        return st.sampled_from(list(Monument)), Monument.RB
    if kind is int:
        return st.integers(0, 8), 0  # support: a hand holds at most 6
    if kind == tuple[int, int, int, int]:
        return _exchange_counts(), (1, 0, 0, 0)
    raise TypeError(f"no strategy for an action field of type {kind!r}: add one here")


ACTION_KINDS: Final[tuple[type[Any], ...]] = typing.get_args(Action)
_FIELDS: Final = {
    kind: {name: _field_values(t) for name, t in typing.get_type_hints(kind).items()}
    for kind in ACTION_KINDS
}
FIELDS: Final = {
    kind: {name: values for name, (values, _) in fields.items()} for kind, fields in _FIELDS.items()
}
"""For each action class (read from the ``Action`` union, so new kinds join by themselves),
a strategy for each of its fields."""
EXAMPLES: Final[tuple[Action, ...]] = tuple(
    kind(**{name: simplest for name, (_, simplest) in fields.items()})
    for kind, fields in _FIELDS.items()
)
"""One action of each kind."""

ANY_ACTION: Final[st.SearchStrategy[Action]] = st.one_of(
    [st.builds(kind, **fields) for kind, fields in FIELDS.items()]
)


@st.composite
def near_miss(draw: st.DrawFn, legal: tuple[Action, ...]) -> Action:
    """A legal action with one field redrawn: the actions most likely to slip through."""
    action = draw(st.sampled_from(legal))
    fields = FIELDS[type(action)]
    if not fields:
        return draw(ANY_ACTION)
    name = draw(st.sampled_from(sorted(fields)))
    changed: Action = attrs.evolve(action, **{name: draw(fields[name])})
    return changed


# --- the machine -------------------------------------------------------------------------------


class Games(RuleBasedStateMachine):
    """One game at a time, through the public API only; when a game ends, the next is dealt
    (the next player count, combination and seed), so every rule can always run."""

    state: GameState

    def _begin(self, players: int, combination: int, seed: int) -> None:
        self.deal = (players, combination, seed)
        rules = attrs.evolve(RULE_SETS[combination], players=players)
        self.state = tigeuph.new_game(players, seed=seed, rules=rules)
        assert round_trip_problems(self.state) == []

    @initialize(players=PLAYERS, combination=COMBINATIONS, seed=SEEDS)
    def new_game(self, players: int, combination: int, seed: int) -> None:
        self._begin(players, combination, seed)

    def _play(self, action: Action, *, round_trip: bool = True) -> None:
        before, taken = self.state, snapshot(self.state)
        after = tigeuph.apply(before, action)
        problems = step_problems(
            before, action, after, before_snapshot=taken, round_trip=round_trip
        )
        assert problems == [], f"{action}: {problems}"
        self.state = after
        if after.pending is not None:
            event(f"decision: {type(after.pending).__name__}")
        if after.is_over:
            self._finish()

    def _finish(self) -> None:
        """A finished game refuses every action (spec R26); then the next game is dealt."""
        assert tigeuph.legal_actions(self.state) == ()
        assert tigeuph.outcome(self.state) is not None
        assert state_problems(self.state) == [] and round_trip_problems(self.state) == []
        for action in EXAMPLES:
            try:
                tigeuph.apply(self.state, action)
            except IllegalActionError as err:
                assert err.clause == "R26", err
            else:
                raise AssertionError(f"{action} was accepted after the end of the game")
        event("a game ended")
        players, combination, seed = self.deal
        self._begin(players % 3 + 2, (combination + 1) % len(RULE_SETS), seed + 1)

    @rule(index=st.integers(0, 1000))
    def play_legal(self, index: int) -> None:
        """Play the legal action at *index* (wrapped round): 0 is the simplest, ``pass``."""
        legal = tigeuph.legal_actions(self.state)
        self._play(legal[index % len(legal)])

    @rule(seed=SEEDS, count=st.integers(1, BULK))
    def play_many(self, seed: int, count: int) -> None:
        """Play *count* random legal actions, to reach the middle and the end of games."""
        rng = random.Random(seed)
        for _ in range(count):
            self._play(rng.choice(tigeuph.legal_actions(self.state)), round_trip=False)
            assert state_problems(self.state) == []
        assert round_trip_problems(self.state) == []

    @rule(data=st.data())
    def try_any(self, data: st.DataObject) -> None:
        """An arbitrary action is accepted exactly when it is listed; a refused one raises
        IllegalActionError naming its clause and leaves the state as it was (spec R5)."""
        legal = tigeuph.legal_actions(self.state)
        action = data.draw(st.one_of(ANY_ACTION, near_miss(legal)), label="action")
        listed = action in legal
        before, text = self.state, tigeuph.to_text(self.state)
        try:
            tigeuph.apply(before, action)
        except IllegalActionError as err:
            assert not listed, f"{action} is listed but refused: {err}"
            assert err.clause and err.reason and str(err)
            assert before == self.state and tigeuph.to_text(before) == text
            return
        assert listed, f"{action} is not listed, yet accepted"
        self._play(action)

    @invariant()
    def invariants_hold(self) -> None:
        assert state_problems(self.state) == []


Games.TestCase.settings = settings(
    stateful_step_count=STEPS, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestGames = Games.TestCase
