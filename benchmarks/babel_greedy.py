"""Babel: the greedy player against uniform random play (issue 19).

Plays *N* games, the greedy player on seat 0 in even games and seat 1 in odd ones, and prints
its share of wins with a 95% Wilson interval, how the games ended, and games per second (CPU
time of this process). Game *i* uses seed *S + i*; each seat's generator is seeded from it.

    python benchmarks/babel_greedy.py --games 200
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter

from tigeuph import babel
from tigeuph.babel.greedy import GreedyAgent


def play(seed: int, greedy_seat: int) -> babel.Outcome:
    """One game of the greedy player against uniform random play."""
    state = babel.new_game(seed)
    greedy = GreedyAgent()
    rngs = [random.Random(f"{seed}:{seat}") for seat in (0, 1)]
    while state.to_move is not None:
        seat = state.to_move
        seen = babel.view(state, seat)
        if seat == greedy_seat:
            action = greedy.act(seen, rngs[seat])
        else:
            action = rngs[seat].choice(seen.legal)
        state = babel.apply(state, action)
    result = babel.outcome(state)
    assert result is not None
    return result


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of *wins* out of *n*."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.process_time()
    wins = 0
    endings: Counter[str] = Counter()
    for i in range(args.games):
        result = play(args.seed + i, i % 2)
        wins += result.winner == i % 2
        endings[result.reason.value] += 1
    seconds = time.process_time() - start
    low, high = wilson(wins, args.games)
    print(
        f"babel greedy vs random: {wins}/{args.games} wins ({wins / args.games:.1%}, 95% "
        f"interval {low:.1%}-{high:.1%}); endings: {dict(endings)}; "
        f"{args.games / seconds:.1f} games/s"
    )


if __name__ == "__main__":
    main()
