"""The search player's backups against each other (issue 41): ``maxn``, ``paranoid`` and
``best-reply`` (:class:`tigeuph.agents.MCTSAgent`'s *backup*) at one iteration budget, seats
rotated on fixed deals (:func:`tigeuph.agents.tournament`, deals ``--seed``, ``--seed + 1``...).

With 3 players the three backups share every game; with 4 the greedy player takes the fourth
seat. Each backup's win rate comes with its 95% Wilson interval, and each pair's difference in
share of first places with a 95% interval over the deals (a deal's rotations are one paired
observation, so the deal's luck cancels): a difference whose interval holds 0 is not shown.

    python benchmarks/agents_backups.py --players 3 --games 24 --jobs 2
    python benchmarks/agents_backups.py --players 4 --games 24 --iterations 300 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict

from tigeuph.agents.mcts import BACKUPS
from tigeuph.agents.tournament import GameResult, standings, tournament


def paired(results: list[GameResult], a: int, b: int) -> tuple[float, float, int]:
    """Agent *a*'s mean share of first places less agent *b*'s, a deal's games averaged into
    one observation, with the half-width of its 95% interval (normal, over deals) and the
    number of deals."""
    deals: dict[int, list[float]] = defaultdict(list)
    for game in results:
        share = dict.fromkeys((a, b), 0.0)
        for seat, agent in enumerate(game.seats):
            if agent in share:
                share[agent] += game.shares[seat]
        deals[game.seed].append(share[a] - share[b])
    means = [statistics.fmean(v) for v in deals.values()]
    if len(means) < 2:
        return statistics.fmean(means), math.inf, len(means)
    return (
        statistics.fmean(means),
        1.96 * statistics.stdev(means) / math.sqrt(len(means)),
        len(means),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, choices=(3, 4))
    parser.add_argument("--games", type=int, default=24, help="rounded up to whole rotations")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0, help="the first deal")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    specs = [f"mcts:iterations={args.iterations},backup={backup}" for backup in BACKUPS]
    if args.players == 4:
        specs.append("greedy")
    start = time.perf_counter()

    def told(result: GameResult) -> None:
        won = [
            specs[a].rpartition("=")[2]
            for a, s in zip(result.seats, result.shares, strict=True)
            if s
        ]
        print(f"deal {result.seed} seats {result.seats} won by {', '.join(won)}", flush=True)

    results = tournament(
        specs,
        players=args.players,
        games=args.games,
        seed=args.seed,
        jobs=args.jobs,
        on_result=told,
    )
    wall = time.perf_counter() - start
    print(f"{args.players} players, {len(results)} games, {wall:.0f} s wall")
    print(f"{'agent':44} {'seats':>5} {'wins':>5} {'rate':>6}   95% interval   s/move")
    for row in standings(specs, results):
        print(
            f"{row.spec:44} {row.seats:5} {row.wins:5.1f} {row.win_rate:6.1%}"
            f"   {row.low:5.1%} - {row.high:5.1%}   {row.seconds_per_move:.3f}"
        )
    for a in range(len(BACKUPS)):
        for b in range(a + 1, len(BACKUPS)):
            mean, half, deals = paired(results, a, b)
            print(
                f"{BACKUPS[a]} - {BACKUPS[b]}: {mean:+.3f} ± {half:.3f} share of first a game"
                f" ({deals} deals)"
            )


if __name__ == "__main__":
    main()
