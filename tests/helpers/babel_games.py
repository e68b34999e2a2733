"""Babel states for the tests: random games, and a Hypothesis strategy over their states."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from hypothesis import strategies as st

from tigeuph import babel


def random_game(seed: int, limit: int = 10_000) -> Iterator[babel.BabelState]:
    """Every state of a game played by uniformly random legal actions from *seed*."""
    state = babel.new_game(seed)
    rng = random.Random(seed)
    yield state
    for _ in range(limit):
        legal = babel.legal_actions(state)
        if not legal:
            return
        state = babel.apply(state, rng.choice(legal))
        yield state


@cache
def sample_states(games: int = 12, every: int = 7) -> tuple[babel.BabelState, ...]:
    """Every *every*-th state of *games* random games, and their last states."""
    out = []
    for seed in range(games):
        states = list(random_game(seed))
        out += states[::every] + states[-1:]
    return tuple(out)


@st.composite
def states(draw: st.DrawFn) -> babel.BabelState:
    """A state some random game reaches: a seed, then a number of random actions."""
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 150))
    state = babel.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = babel.legal_actions(state)
        if not legal:
            break
        state = babel.apply(state, rng.choice(legal))
    return state
