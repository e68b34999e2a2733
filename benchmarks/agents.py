"""The agents' speed: seconds per move of each agent, and the search's iterations per second.

Positions are taken from seeded games of random play (every ``--every``-th decision, after a
few untimed warm-up moves); each agent is asked for a move in each, from its own view, and the
CPU time of this process is measured (``time.process_time``), so other load on the machine
disturbs the figures less. For ``mcts`` with an iterations budget the iterations per second
follow (positions with a single legal action, answered without search, are left out). Run it
next to ``benchmarks/playout.py``: the search is only as fast as the engine's playouts.

    python benchmarks/agents.py                              # 2, 3 and 4 players
    python benchmarks/agents.py --players 2 --games 2 --agents greedy mcts:iterations=200
"""

from __future__ import annotations

import argparse
import random
import time

import tigeuph
from tigeuph.agents import RandomAgent, make_agent


def positions(
    players: int, games: int, every: int, seed: int, rules: tigeuph.Rules | None = None
) -> list[tigeuph.PlayerView]:
    """Views of the player to move at every *every*-th decision of random games (under *rules*,
    the standard rules by default), leaving out decisions with a single legal action."""
    out = []
    for n in range(games):
        game = tigeuph.play([RandomAgent()] * players, seed=seed + n, rules=rules)
        replay = tigeuph.Game(game.start, seed=game.seed)
        for ply, action in enumerate(game.actions):
            seat = replay.state.to_move
            assert seat is not None
            if ply % every == 0 and len(tigeuph.legal_actions(replay.state)) > 1:
                out.append(replay.view(seat))
            replay.play(action)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--every", type=int, default=15, help="take every n-th decision")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--agents",
        nargs="*",
        default=["random", "greedy", "mcts:iterations=200"],
        help="agent specifications",
    )
    args = parser.parse_args(argv)
    print(f"tigeuph {tigeuph.__version__}: seconds per move (CPU time of this process)")
    print(f"{'agent':<28} {'players':>7} {'positions':>9} {'s/move':>8} {'iterations/s':>13}")
    for players in args.players:
        views = positions(players, args.games, args.every, args.seed)
        for spec in args.agents:
            agent = make_agent(spec)
            agent.act(views[0], random.Random(0))  # warm-up: tables built on first use
            start = time.process_time()
            for n, view in enumerate(views):
                agent.act(view, random.Random(n))
            per_move = (time.process_time() - start) / len(views)
            iterations = getattr(agent, "iterations", None)
            rate = f"{'':>13}" if iterations is None else f"{iterations / per_move:>13,.0f}"
            print(f"{spec:<28} {players:>7} {len(views):>9} {per_move:>8.3f} {rate}")


if __name__ == "__main__":
    main()
