"""OpenSpiel's MCTS bot plays Tigris & Euphrates against uniform random players.

Needs the ``openspiel`` extra (``pip install '.[openspiel]'``). Importing
``tigeuph.adapters.openspiel`` registers the game ``"tigeuph"`` with ``pyspiel``; the bag's
draws are chance nodes, sampled here from their true probabilities.

    python examples/openspiel_mcts.py                       # 2 players, 30 simulations a move
    python examples/openspiel_mcts.py --players 3 --simulations 100 --seed 4
    python examples/openspiel_mcts.py --max-moves 40        # cut off (a draw) after 40 actions
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import tigeuph.adapters.openspiel  # noqa: F401  (registers "tigeuph")


def play(players: int, simulations: int, seed: int, max_moves: int) -> list[float]:
    """One game: seat 0 is OpenSpiel's MCTS bot (random rollouts), the others play uniformly
    at random; returns each seat's result (``tigeuph.returns``)."""
    game = pyspiel.load_game("tigeuph", {"players": players, "max_moves": max_moves})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():  # a tile drawn from the bag
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return [float(r) for r in state.returns()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    parser.add_argument("--simulations", type=int, default=30, help="MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-moves", type=int, default=1000, help="cut-off, as a draw")
    args = parser.parse_args(argv)
    result = play(args.players, args.simulations, args.seed, args.max_moves)
    print("returns (seat 0 is MCTS):", " ".join(f"{r:+.2f}" for r in result))


if __name__ == "__main__":
    main()
