"""The strength table of docs/agents.rst: one challenger against a field of one opponent.

For each player count, each deal (seeds from ``--seed``) is played once per seat of the
challenger, the other seats all filled by the opponent, so the challenger plays every seat of
every deal. Prints a line ``GAME {json}`` per game, then the
row of the table: the challenger's win rate (its share of first places; fair share
``1 / players``) with the 95% Wilson interval, the games played and each side's seconds per
move (wall clock, so other load on the machine counts). Writes every game's record when
``--records`` names a directory. ``--summarise LOG...`` prints the rows of logs, of runs cut
short too.

    python benchmarks/strength.py --challenger greedy --opponent random --players 2 --deals 50
    python benchmarks/strength.py --challenger mcts --opponent greedy --deals 10 > mcts.log
    python benchmarks/strength.py --summarise mcts.log
"""

from __future__ import annotations

import argparse
import json
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
    parser.add_argument("--challenger", help="agent specification")
    parser.add_argument("--opponent", help="agent specification")
    parser.add_argument(
        "--summarise", type=Path, nargs="+", help="print the rows of these logs' games instead"
    )
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--deals", type=int, default=10, help="deals per player count")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--records", type=Path, help="a directory for the games' records")
    args = parser.parse_args(argv)
    if args.summarise:
        summarise(args.summarise)
        return
    if not args.challenger or not args.opponent:
        parser.error("--challenger and --opponent are needed to play")
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
                line = {
                    "players": players,
                    "challenger": args.challenger,
                    "opponent": args.opponent,
                    "seed": result.seed,
                    "seats": result.seats,
                    "shares": result.shares,
                    "ranks": result.ranks,
                    "seconds": result.seconds,
                    "decisions": result.decisions,
                }
                print(f"GAME {json.dumps(line)}", flush=True)
                if args.records is not None:
                    folder = args.records / f"{players}p"
                    folder.mkdir(parents=True, exist_ok=True)
                    (folder / f"game-{n:04d}.txt").write_text(result.record, encoding="utf-8")
        took = time.perf_counter() - start
        print(_row(players, specs, results), f"({took:.0f} s, load {os.getloadavg()[0]:.1f})")


def _row(players: int, specs: tuple[str, str], results: list[GameResult]) -> str:
    """The table row: players, challenger, opponent, games, win rate, interval, fair share,
    each side's seconds per move."""
    opponent, challenger = standings(specs, results)
    return (
        f"{players} | {challenger.spec} | {opponent.spec} | {len(results)} | "
        f"{challenger.win_rate:.1%} | {challenger.low:.1%}-{challenger.high:.1%} | "
        f"{1 / players:.0%} | {challenger.seconds_per_move:.3f} | "
        f"{opponent.seconds_per_move:.3f}"
    )


def summarise(paths: list[Path]) -> None:
    """Print the table rows of the ``GAME`` lines of logs written by this script (of a run
    cut short, too)."""
    groups: dict[tuple[int, str, str], list[GameResult]] = {}
    for path in paths:
        for text in path.read_text(encoding="utf-8").splitlines():
            if text.startswith("GAME "):
                g = json.loads(text[5:])
                key = (g["players"], g["opponent"], g["challenger"])
                groups.setdefault(key, []).append(
                    GameResult(
                        g["seed"],
                        tuple(g["seats"]),
                        tuple(g["shares"]),
                        tuple(g["ranks"]),
                        tuple(g["seconds"]),
                        tuple(g["decisions"]),
                        "",
                    )
                )
    for (players, opponent, challenger), results in sorted(groups.items()):
        print(_row(players, (opponent, challenger), results))


if __name__ == "__main__":
    main()
