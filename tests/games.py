"""Random legal games, shared by the test modules."""

from __future__ import annotations

import random
from collections.abc import Iterator

import tigeuph
from tigeuph import Action, GameState


def random_game(players: int, seed: int) -> Iterator[tuple[GameState, Action, GameState]]:
    """Every step ``(before, action, after)`` of a game of uniformly random legal actions."""
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed)
    while not state.is_over:
        action = rng.choice(tigeuph.legal_actions(state))
        after = tigeuph.apply(state, action)
        yield state, action, after
        state = after
