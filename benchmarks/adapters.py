"""Steps per second through each adapter, against the engine's own playout rate.

Plays seeded games of uniformly random legal actions, 2 players by default, and prints actions
per second for: the engine alone (``legal_actions`` and ``apply``, as ``benchmarks/playout.py``
measures it), the engine with the mover's :func:`tigeuph.observation` every action, OpenSpiel
(``pyspiel`` states: chance nodes sampled, ``legal_actions``, ``apply_action``; then also the
mover's observation through ``open_spiel.python.observation.make_observation``), PettingZoo
(``env()``: ``last()`` gives the observation and mask every action) and Gymnasium (a random
learner against a ``random`` opponent; every action of either counts). CPU time of this
process (``time.process_time``) after one untimed warm-up game. Needs the ``openspiel``,
``pettingzoo`` and ``gymnasium`` extras.

    python benchmarks/adapters.py                 # 10 games each, 2 players
    python benchmarks/adapters.py --games 3 --players 4
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import gymnasium as gym
import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import tigeuph
import tigeuph.adapters.gymnasium
import tigeuph.adapters.openspiel
from tigeuph.adapters.pettingzoo import env as pettingzoo_env


def engine(players: int, seed: int, observe: bool = False) -> int:
    """One random game through the engine; with *observe*, the mover's array each action."""
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed)
    actions = 0
    while not state.is_over:
        if observe:
            mover = state.to_move
            assert mover is not None
            tigeuph.observation(tigeuph.view(state, mover))
        state = tigeuph.apply(state, rng.choice(tigeuph.legal_actions(state)))
        actions += 1
    return actions


def openspiel(players: int, seed: int, observe: bool = False) -> int:
    """One random game through pyspiel; player actions counted, chance nodes sampled."""
    rng = random.Random(seed)
    game = pyspiel.load_game("tigeuph", {"players": players})
    observer = make_observation(game)  # numpy, no copy into a Python list
    state = game.new_initial_state()
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
            continue
        if observe:
            observer.set_from(state, state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def pettingzoo(players: int, seed: int) -> int:
    """One random game through the wrapped AEC environment."""
    game = pettingzoo_env(players=players)
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = 0
    for _ in game.agent_iter():
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        actions += 1
    return actions


def gymnasium(players: int, seed: int) -> int:
    """One random episode against random opponents; every player's actions counted."""
    env = gym.make(tigeuph.adapters.gymnasium.ENV_ID, players=players, opponents="random")
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return int(info["moves"])


def measure(run: Callable[[int, int], int], players: int, games: int, seed: int) -> float:
    """Actions per second of CPU time over *games* games, after one untimed warm-up game."""
    run(players, seed + games)
    start = time.process_time()
    actions = sum(run(players, seed + i) for i in range(games))
    return actions / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per row")
    parser.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rows: list[tuple[str, Callable[[int, int], int]]] = [
        ("engine (legal_actions + apply)", engine),
        ("engine + observation", lambda p, s: engine(p, s, observe=True)),
        ("OpenSpiel", openspiel),
        ("OpenSpiel + observation (set_from)", lambda p, s: openspiel(p, s, observe=True)),
        ("PettingZoo (env, last every action)", pettingzoo),
        ("Gymnasium (vs random)", gymnasium),
    ]
    print(f"tigeuph {tigeuph.__version__}: {args.games} random games, {args.players} players")
    print(f"{'adapter':<40}{'actions/s':>12}{'of engine':>12}")
    base = 0.0
    for label, run in rows:
        rate = measure(run, args.players, args.games, args.seed)
        base = base or rate
        print(f"{label:<40}{rate:>12,.0f}{rate / base:>12.0%}")


if __name__ == "__main__":
    main()
