"""Babel: one player against another, the players written once for both games (issue 25).

Plays ``--deals`` deals (seeds from ``--seed``), each once from either seat, through
:func:`tigeuph.agents.tournament.tournament` (``game="babel"``), and prints the challenger's
wins (a draw counts a half) with the 95% Wilson interval, and each side's seconds per move
(wall clock, so other load on the machine counts) and per game.

    python benchmarks/babel_strength.py --challenger greedy --opponent random --deals 150
    python benchmarks/babel_strength.py --challenger mcts --opponent greedy --deals 12
"""

from __future__ import annotations

import argparse
import time

from tigeuph.agents.tournament import GameResult, standings, tournament


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--challenger", required=True, help="agent specification")
    parser.add_argument("--opponent", required=True, help="agent specification")
    parser.add_argument("--deals", type=int, default=10, help="deals, each played from both seats")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per game")
    args = parser.parse_args(argv)
    specs = [args.opponent, args.challenger]

    def said(result: GameResult) -> None:
        if args.verbose:
            print(f"seed {result.seed} seats {result.seats} shares {result.shares}", flush=True)

    start = time.perf_counter()
    results = tournament(
        specs,
        players=2,
        games=2 * args.deals,
        seed=args.seed,
        jobs=args.jobs,
        on_result=said,
        game="babel",
    )
    wall = time.perf_counter() - start
    opponent, challenger = standings(specs, results)
    print(
        f"babel {args.challenger} vs {args.opponent}: {challenger.wins:g}/{challenger.seats} "
        f"({challenger.win_rate:.1%}, 95% interval {challenger.low:.1%}-{challenger.high:.1%}); "
        f"s/move {challenger.seconds_per_move:.4f} vs {opponent.seconds_per_move:.4f}; "
        f"{wall / len(results):.2f} s/game wall; seeds {args.seed}-{args.seed + args.deals - 1}"
    )


if __name__ == "__main__":
    main()
