"""The PettingZoo AEC environment (issue 18): PettingZoo's api_test and seed_test, the agent
to move selected (spec R6), views as observations (R4), the engine's returns as rewards."""

from __future__ import annotations

import runpy

import numpy as np
import pytest
from helpers.paths import EXAMPLES
from pettingzoo.test import api_test, seed_test

import tigeuph
from tigeuph.adapters.pettingzoo import env, raw_env


@pytest.mark.parametrize(
    "kwargs",
    [{"players": 2}, {"players": 4, "english_reinforcement": True, "wonder": True}],
    ids=["2p", "4p-eng-wonder"],
)
# Observations are dicts of the array and the action mask, as in PettingZoo's own classic
# environments, so api_test warns that they are not arrays and their space is not a Box.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
def test_api_test(kwargs: dict[str, object]) -> None:
    """PettingZoo's api_test passes, over a whole game (about 200 actions)."""
    api_test(env(**kwargs), num_cycles=1000, verbose_progress=False)


def test_seed_test() -> None:
    """PettingZoo's seed_test: a seeded reset replays the same game."""
    seed_test(lambda: env(players=3, buildings=True), num_cycles=300)


def test_a_game_follows_the_engine() -> None:
    """The agent selected is the one to move; observations are tigeuph.observation of each
    view; the rewards at the end are tigeuph.returns (spec R27)."""
    game = raw_env(players=3)
    game.reset(seed=8)
    rng = np.random.default_rng(8)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    checked = 0
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        seat = game.possible_agents.index(agent)
        assert game.state.to_move == seat
        if checked % 25 == 0:
            expected = tigeuph.observation(tigeuph.view(game.state, seat))
            assert np.array_equal(obs["observation"], expected)
        other = game.observe(game.possible_agents[(seat + 1) % 3])
        assert other["action_mask"].sum() == 0
        checked += 1
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert game.state.is_over
    assert [totals[a] for a in game.possible_agents] == pytest.approx(tigeuph.returns(game.state))


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    """Through env(), an illegal action ends the game and costs its player 1."""
    game = env(players=2)
    game.reset(seed=1)
    obs, *_ = game.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    game.step(illegal)
    assert all(game.terminations.values())
    assert game.rewards["player_0"] == -1


def test_max_moves_truncates() -> None:
    """After max_moves actions every agent is truncated, with no reward."""
    game = raw_env(players=2, max_moves=5)
    game.reset(seed=2)
    for _ in range(5):
        obs, *_ = game.last()
        game.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(game.truncations.values()) and not any(game.terminations.values())
    assert set(game.rewards.values()) == {0.0}


def test_render_shows_the_position() -> None:
    """The ansi render is the position's text."""
    game = raw_env(players=2, render_mode="ansi")
    game.reset(seed=3)
    assert game.render() == tigeuph.to_text(game.state)


def test_the_random_agent_example_plays_a_game() -> None:
    """examples/pettingzoo_random.py plays a whole game; the totals sum to zero."""
    example = EXAMPLES / "pettingzoo_random.py"
    play = runpy.run_path(str(example), run_name="example")["play"]
    totals = play(players=4, seed=2, wonder=True)
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) > 0
