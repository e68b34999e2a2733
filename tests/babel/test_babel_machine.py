"""A Hypothesis state machine over Babel's public API (spec B59): any seed; legal actions drawn
by index, runs of random or building play to reach late states, and arbitrary actions of every
kind, which ``apply`` must accept exactly when ``legal_actions`` lists them and otherwise refuse
with ``IllegalActionError``, leaving the state unchanged. Every state obeys
:func:`tigeuph.testing.invariants.state_problems` and every step
:func:`~tigeuph.testing.invariants.step_problems`.
"""

from __future__ import annotations

import random
from typing import Final

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tigeuph import IllegalActionError, babel
from tigeuph.babel.analysis.policies import builder
from tigeuph.babel.model.actions import (
    Build,
    Colonise,
    Destroy,
    Discard,
    EndTurn,
    Expel,
    Halve,
    Migrate,
    SkipBuild,
    Steal,
    Switch,
    Travel,
)
from tigeuph.testing.invariants import (
    checked_apply,
    round_trip_problems,
    state_problems,
)

BULK: Final = 40
NATION = st.sampled_from(babel.NATIONS)
RUN = st.integers(0, 12)
ANY_ACTION = st.one_of(
    st.just(EndTurn()),
    st.builds(Build, st.sampled_from((0, 1, None))),
    st.builds(Colonise, NATION),
    st.builds(Travel, NATION),
    st.builds(Migrate, NATION, NATION),
    st.builds(Destroy, RUN),
    st.builds(Steal, RUN),
    st.builds(Expel, RUN, NATION),
    st.builds(Switch, RUN),
    st.builds(SkipBuild, RUN, st.sampled_from((0, 1))),
    st.builds(Halve, NATION, RUN),
    st.builds(
        Discard,
        st.tuples(*[st.integers(0, 3)] * 5).filter(lambda c: sum(c) > 0),
    ),
)


class BabelMachine(RuleBasedStateMachine):
    """Plays Babel through apply, checking the invariants at every step (spec B1, B2, B26,
    B50, B59)."""

    def __init__(self) -> None:
        super().__init__()
        self.state = babel.new_game(0)

    @initialize(seed=st.integers(0, 2**32))
    def start(self, seed: int) -> None:
        self.state = babel.new_game(seed)

    def _step(self, action: babel.Action) -> None:
        after, problems = checked_apply(self.state, action)
        assert not problems, (str(action), problems, babel.to_text(self.state))
        self.state = after

    @precondition(lambda self: self.state.end is None)
    @rule(pick=st.integers(0, 10_000))
    def play_one(self, pick: int) -> None:
        legal = babel.legal_actions(self.state)
        self._step(legal[pick % len(legal)])

    @precondition(lambda self: self.state.end is None)
    @rule(seed=st.integers(0, 2**32), building=st.booleans(), count=st.integers(1, BULK))
    def play_many(self, seed: int, building: bool, count: int) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if self.state.end is not None:
                return
            legal = babel.legal_actions(self.state)
            self._step(builder(self.state, rng) if building else rng.choice(legal))

    @rule(action=ANY_ACTION)
    def try_any(self, action: babel.Action) -> None:
        legal = babel.legal_actions(self.state)
        if action in legal:
            self._step(action)
            return
        before = babel.to_text(self.state)
        try:
            babel.apply(self.state, action)
        except IllegalActionError as err:
            assert err.clause.startswith("B")
        else:
            raise AssertionError(f"{action} is not listed, yet apply accepted it")
        assert babel.to_text(self.state) == before

    @invariant()
    def holds(self) -> None:
        assert state_problems(self.state) == []

    @precondition(lambda self: self.state.end is not None)
    @rule()
    def notations_round_trip(self) -> None:
        assert round_trip_problems(self.state) == []


BabelMachine.TestCase.settings = settings(
    stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestBabel = pytest.mark.slow(BabelMachine.TestCase)
