"""The Gymnasium environment (issue 18): Gymnasium's check_env, the learner's seat against
built-in agents, masks of the legal actions (spec R6), returns as the final reward (R27)."""

from __future__ import annotations

import random
import runpy
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from helpers.paths import EXAMPLES

import tigeuph
from tigeuph import Action, PlayerView
from tigeuph.adapters.gymnasium import ENV_ID, TigrisEuphratesEnv
from tigeuph.agents import RandomAgent


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"players": 3, "seat": 1, "opponents": "greedy", "buildings": True, "wonder": True}],
    ids=["2p-random", "3p-seat1-greedy-variants"],
)
def test_check_env(kwargs: dict[str, Any]) -> None:
    """Gymnasium's check_env passes, through gym.make (render modes included)."""
    env = gym.make(ENV_ID, render_mode="ansi", **kwargs)
    check_env(env.unwrapped)


def _episode(env: TigrisEuphratesEnv, seed: int) -> tuple[list[int], float, bool, bool]:
    """Masked random actions to the end: (actions, last reward, terminated, truncated)."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while True:
        assert env.state.to_move == env.seat
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), env.action_masks())
        action = int(rng.choice(np.flatnonzero(mask)))
        actions.append(action)
        _, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return actions, float(reward), terminated, truncated


def test_the_learner_decides_only_on_his_turn_and_gets_the_returns() -> None:
    """The learner sees only states where his seat decides; the final reward is his
    tigeuph.returns; a seeded episode replays."""
    env = TigrisEuphratesEnv(players=4, seat=2, opponents="random")
    actions, reward, terminated, _ = _episode(env, seed=5)
    assert terminated and env.state.is_over
    assert reward == pytest.approx(tigeuph.returns(env.state)[2])
    assert _episode(env, seed=5)[0] == actions


def test_observation_is_the_learner_view() -> None:
    """The observation is tigeuph.observation of the learner's view."""
    env = TigrisEuphratesEnv(players=2, seat=1)
    obs, _ = env.reset(seed=3)
    assert env.state.to_move == 1
    assert np.array_equal(obs, tigeuph.observation(tigeuph.view(env.state, 1)))


def test_opponents_are_asked_with_their_own_view_and_history() -> None:
    """Each opponent acts on its own view, with the public history (spec R4)."""
    seen: list[PlayerView] = []

    class Spy:
        def act(self, view: PlayerView, rng: random.Random) -> Action:
            seen.append(view)
            action: Action = RandomAgent().act(view, rng)
            return action

    env = TigrisEuphratesEnv(players=3, opponents=[Spy(), "random"])
    _episode(env, seed=2)
    assert seen and {v.player for v in seen} == {1}
    assert all(v.legal for v in seen)
    assert len(seen[-1].history) > len(seen[0].history)


def test_an_illegal_action_ends_the_episode() -> None:
    """An illegal action ends the episode with -1 and says so in info."""
    env = TigrisEuphratesEnv()
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_max_moves_truncates() -> None:
    """After max_moves actions of all players the episode is truncated."""
    env = TigrisEuphratesEnv(max_moves=6)
    _, _, terminated, truncated = _episode(env, seed=4)
    assert truncated and not terminated


def test_bad_arguments_are_refused() -> None:
    """A seat outside the game, or opponents not matching the other seats, are refused."""
    with pytest.raises(ValueError, match="seat 2"):
        TigrisEuphratesEnv(players=2, seat=2)
    with pytest.raises(ValueError, match="2 opponents for 1"):
        TigrisEuphratesEnv(players=2, opponents=["random", "random"])
    with pytest.raises(tigeuph.BoardError):
        TigrisEuphratesEnv(board="moon")


def test_the_random_agent_example_plays_an_episode() -> None:
    """examples/gymnasium_random.py plays a whole episode against a greedy player."""
    example = EXAMPLES / "gymnasium_random.py"
    play = runpy.run_path(str(example), run_name="example")["play"]
    reward, steps = play(players=2, opponents="greedy", seed=1)
    assert steps > 10 and reward in (-1.0, 0.0, 1.0)
