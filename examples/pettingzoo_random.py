"""A random agent plays every seat of the PettingZoo environment, reading the action masks.

Needs the ``pettingzoo`` extra (``pip install '.[pettingzoo]'``).

    python examples/pettingzoo_random.py                  # 2 players
    python examples/pettingzoo_random.py --players 4 --seed 3 --wonder
"""

from __future__ import annotations

import argparse

import numpy as np

from tigeuph.adapters.pettingzoo import env


def play(players: int, seed: int, wonder: bool = False) -> dict[str, float]:
    """One game of masked random actions; returns each agent's total reward."""
    game = env(players=players, wonder=wonder)
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            action = None  # a finished agent steps with None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        game.step(action)
    game.close()
    return totals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--wonder", action="store_true", help="play with the wonder (R31)")
    args = parser.parse_args(argv)
    for agent, total in play(args.players, args.seed, args.wonder).items():
        print(f"{agent}: {total:+.2f}")


if __name__ == "__main__":
    main()
