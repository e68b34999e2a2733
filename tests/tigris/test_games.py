"""Random full games for 2, 3 and 4 players, with the rules' invariants checked after every
action (spec R0-R27): :mod:`tigeuph.testing.invariants` states them once, for these tests, the state
machine (test_machine.py) and the soak command."""

from __future__ import annotations

import random

import pytest
from helpers.games import random_game

import tigeuph
from tigeuph import COLOURS
from tigeuph.testing.invariants import checked_apply, state_problems

SEEDS = range(6)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_invariants(players: int, seed: int) -> None:
    """Every state of a random game obeys the invariants, every step too, and apply leaves its
    input alone (spec R0-R27)."""
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed)
    assert state_problems(state) == []
    steps = 0
    while not state.is_over:
        action = rng.choice(tigeuph.legal_actions(state))
        state, problems = checked_apply(state, action, round_trip=steps % 8 == 0)
        assert problems == [], f"action {steps} ({action}): {problems}"
        steps += 1
    assert tigeuph.legal_actions(state) == () and tigeuph.outcome(state) is not None
    assert steps > 50


def test_same_seed_same_game() -> None:
    """A game is fully determined by its seed and its actions (spec R4)."""
    first = [str(a) for _, a, _ in random_game(3, 11)]
    again = [str(a) for _, a, _ in random_game(3, 11)]
    assert first == again
    assert tigeuph.new_game(3, seed=11) == tigeuph.new_game(3, seed=11)
    assert tigeuph.new_game(3, seed=11) != tigeuph.new_game(3, seed=12)


def test_legal_actions_are_accepted_and_nothing_else_of_their_kind() -> None:
    """apply accepts every listed action; of every unlisted tile placement, none (spec R11)."""
    for before, _, _ in random_game(2, 3):
        legal = set(tigeuph.legal_actions(before))
        for action in legal:
            tigeuph.apply(before, action)
        if before.pending is None:
            hand = before.hands[before.active]
            for colour in COLOURS:
                if hand[colour]:
                    for c in tigeuph.CELLS:
                        action = tigeuph.PlaceTile(colour, c)
                        if action not in legal:
                            with pytest.raises(tigeuph.IllegalActionError):
                                tigeuph.apply(before, action)
        if before.actions_left == 1 and before.active == 1:
            break


def test_states_hash_and_compare_by_value() -> None:
    """Equal states hash alike, whatever cached data one of them carries."""
    state = tigeuph.new_game(2, seed=5)
    twin = tigeuph.new_game(2, seed=5)
    tigeuph.legal_actions(state)  # fills a cache on one of them only
    assert state == twin and hash(state) == hash(twin)
    assert len({state, twin}) == 1
