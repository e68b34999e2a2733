"""Seeded random playouts: the engine's speed benchmark.

Each game enumerates every legal action at every step, picks one uniformly with a seeded
generator, and applies it, until the game ends. Prints, per player count: actions per second,
games per second, mean actions per game and mean number of legal actions per decision. CPU time
of this process is measured (``time.process_time``), so other load on the machine disturbs the
figures less; a few untimed warm-up games come first.

    python benchmarks/playout.py                 # 2, 3 and 4 players, 100 games each
    python benchmarks/playout.py --games 20 --players 2
"""

from __future__ import annotations

import argparse
import random
import time

import tigeuph


def playout(players: int, seed: int) -> tuple[int, int]:
    """Play one random game; return (actions applied, legal actions listed in total)."""
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed)
    actions = listed = 0
    while not state.is_over:
        legal = tigeuph.legal_actions(state)  # the full tuple of legal actions
        listed += len(legal)
        state = tigeuph.apply(state, rng.choice(legal))
        actions += 1
    return actions, listed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args(argv)
    # Untimed games first: the engine builds its action tables on first use (a one-time cost
    # of a few tenths of a second), which is not what a playout costs.
    for warm_up in range(-1, -6, -1):
        playout(2, warm_up)
    print(f"tigeuph {tigeuph.__version__}: {args.games} random games per player count")
    print(
        f"{'players':>7} {'actions/s':>10} {'games/s':>8} {'actions/game':>13} {'legal/step':>11}"
    )
    for players in args.players:
        total = listed = 0
        start = time.process_time()
        for seed in range(args.seed, args.seed + args.games):
            actions, seen = playout(players, seed)
            total += actions
            listed += seen
        elapsed = time.process_time() - start
        print(
            f"{players:>7} {total / elapsed:>10,.0f} {args.games / elapsed:>8.1f} "
            f"{total / args.games:>13.1f} {listed / total:>11.1f}"
        )


if __name__ == "__main__":
    main()
