"""Warming the engine before worker processes fork (issue 16).

The engine builds some of its tables on first use (the action tables behind
``legal_actions``). A process that forks workers and then plays would have each worker build
them again, in memory of its own; building them once in the parent first lets every forked
worker share them, copy-on-write. Spawned workers (a Dask cluster, the ``spawn`` start method)
start afresh and gain nothing.
"""

from __future__ import annotations

import random

from ..tigris.engine.apply import apply
from ..tigris.engine.legal import legal_actions
from ..tigris.model.ruleset import Rules
from ..tigris.model.state import new_game

__all__ = ["warm_up"]

BASE = Rules()


def warm_up(games: int = 2, rules: Rules = BASE) -> int:
    """Play *games* random 2-player games under *rules* through the public API, building the
    tables the engine builds on first use; the number of actions played.

    Game *i* is seeded ``-i`` (its deal and its choices), so no seeded game of a tool, which
    counts from 0, is one of them; ``tigeuph bench`` warms up with ``warm_up(5)``.

    >>> warm_up(1) > 0
    True
    """
    played = 0
    for seed in range(-1, -games - 1, -1):
        rng = random.Random(seed)
        state = new_game(2, seed=seed, rules=rules)
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
            played += 1
    return played
