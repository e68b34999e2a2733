"""A random agent plays one seat of the Gymnasium environment against built-in agents.

Needs the ``gymnasium`` extra (``pip install '.[gymnasium]'``). The random agent picks
among the legal actions that ``info["action_mask"]`` marks.

    python examples/gymnasium_random.py                       # against a random player
    python examples/gymnasium_random.py --players 3 --opponents greedy --seed 2
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np

import tigeuph.adapters.gymnasium  # noqa: F401  (registers tigeuph/TigrisEuphrates-v0)


def play(players: int, opponents: str, seed: int) -> tuple[float, int]:
    """One episode of masked random actions; returns the final reward and the steps taken."""
    env = gym.make("tigeuph/TigrisEuphrates-v0", players=players, opponents=opponents)
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, reward, done = 0, 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward_now, terminated, truncated, info = env.step(action)
        reward, steps, done = float(reward_now), steps + 1, terminated or truncated
    env.close()
    return reward, steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    parser.add_argument("--opponents", default="random", help="an agent spec, e.g. greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    reward, steps = play(args.players, args.opponents, args.seed)
    print(f"{steps} steps, final reward {reward:+.2f}")


if __name__ == "__main__":
    main()
