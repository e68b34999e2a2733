"""The strength table of docs/agents.rst: one challenger against a field of one opponent.

For each player count, each deal (seeds from ``--seed``) is played once per seat of the
challenger, the other seats all filled by the opponent, so the challenger plays every seat of
every deal. Prints the challenger's win rate (its share of first places; fair share
``1 / players``) with the 95% Wilson interval, the games played and each side's seconds per
move (wall clock, so other load on the machine counts), as a reStructuredText table row, and
writes every game's record when ``--records`` names a directory.

    python benchmarks/strength.py --challenger greedy --opponent random --players 2 --deals 50
    python benchmarks/strength.py --challenger mcts:seconds=1 --opponent greedy --deals 10 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from pathlib import Path

from tigeuph import Rules
from tigeuph.agents.tournament import GameResult, play_one, standings


def _task(task: tuple[tuple[str, str], tuple[int, ...], Rules]) -> GameResult:
    return play_one(*task)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--challenger", required=True, help="agent specification")
    parser.add_argument("--opponent", required=True, help="agent specification")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--deals", type=int, default=10, help="deals per player count")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--records", type=Path, help="a directory for the games' records")
    args = parser.parse_args(argv)
    specs = (args.opponent, args.challenger)
    for players in args.players:
        tasks = [
            (specs, (seed, *(int(s == c) for s in range(players))), Rules(players=players))
            for seed in range(args.seed, args.seed + args.deals)
            for c in range(players)
        ]
        start = time.perf_counter()
        results: list[GameResult] = []
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for n, result in enumerate(pool.imap(_task, tasks), 1):
                results.append(result)
                print(
                    f"  {players}p game {n}/{len(tasks)} seed {result.seed} seats "
                    f"{result.seats} shares {result.shares}",
                    flush=True,
                )
                if args.records is not None:
                    folder = args.records / f"{players}p"
                    folder.mkdir(parents=True, exist_ok=True)
                    (folder / f"game-{n:04d}.txt").write_text(result.record, encoding="utf-8")
        took = time.perf_counter() - start
        opponent, challenger = standings(specs, results)
        print(
            f"| {players} | {challenger.spec} | {opponent.spec} | {len(results)} | "
            f"{challenger.win_rate:.1%} | {challenger.low:.1%}-{challenger.high:.1%} | "
            f"{1 / players:.0%} | {challenger.seconds_per_move:.3f} | "
            f"{opponent.seconds_per_move:.3f} |   ({took:.0f} s, load {os.getloadavg()[0]:.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
