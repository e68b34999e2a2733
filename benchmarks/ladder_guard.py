"""The ladder's regression guard: a small fixed ladder that says whether a player got weaker.

A player (a rung's name or any agent specification; by default ``search-100``) plays the same
first ``--deals`` deals of the deal book against a fixed opponent (by default ``greedy``),
every deal in every seating, a few minutes on 2 cores. Each deal's score is the player's share
of the pairwise results (``tigeuph.tools.ladder.deal_score``). ``--save`` keeps the scores as
the baseline (``benchmarks/results/ladder_guard.json``); a later run compares deal by deal
with the baseline and prints the paired difference with its 95% interval, in score and in Elo
points, and the verdict: WEAKER when the whole interval is below 0, STRONGER above, else no
change shown. Exit status 1 when weaker.

    python benchmarks/ladder_guard.py --save            # before the change
    python benchmarks/ladder_guard.py                   # after it: weaker or not
    python benchmarks/ladder_guard.py --player search-300 --game babel --players 2 --jobs 2
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path

from tigeuph.core.stats import mean_interval
from tigeuph.tools.ladder import DealTask, deal_book, deal_score, play_deal, player

BASELINE = Path(__file__).parent / "results" / "ladder_guard.json"


def elo(score: float) -> float:
    """The Elo difference a mean score stands for (clamped away from 0 and 1)."""
    s = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / s - 1)


def scores(game: str, players: int, me: str, other: str, deals: int, jobs: int) -> list[float]:
    """The player's score on each of the book's first *deals* deals."""
    pair = (player(other, game), player(me, game))
    tasks = [DealTask(game, players, pair, d, s) for d, s in enumerate(deal_book(game, players))]
    tasks = tasks[:deals]
    if jobs > 1:
        spawn = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=spawn) as pool:
            played = list(pool.map(play_deal, tasks))
    else:
        played = [play_deal(t) for t in tasks]
    found = [deal_score(games, pair[1].name) for games in played]
    return [0.5 if s is None else s for s in found]  # a deal that never ended: no evidence


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="search-100", help="the player guarded")
    parser.add_argument("--opponent", default="greedy", help="the fixed opponent")
    parser.add_argument("--game", default="tigris")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=16, help="the book's first deals played")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save", action="store_true", help="keep this run as the baseline")
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    args = parser.parse_args(argv)
    key = f"{args.game}-{args.players}:{args.player}:{args.opponent}:{args.deals}"
    start = time.perf_counter()
    found = scores(args.game, args.players, args.player, args.opponent, args.deals, args.jobs)
    took = time.perf_counter() - start
    now = mean_interval(found)
    print(
        f"{args.player} vs {args.opponent}, {args.game} at {args.players} players, "
        f"{args.deals} deals: score {now.estimate:.3f} [{now.low:.3f}, {now.high:.3f}], "
        f"about {elo(now.estimate):+.0f} Elo ({took:.0f} s)"
    )
    kept = json.loads(args.baseline.read_text()) if args.baseline.exists() else {}
    if args.save:
        kept[key] = found
        args.baseline.write_text(json.dumps(kept, indent=1) + "\n")
        print(f"baseline kept in {args.baseline}")
        return 0
    if key not in kept:
        print(f"no baseline for {key}: run with --save first")
        return 0
    change = mean_interval([a - b for a, b in zip(found, kept[key], strict=True)])
    base = sum(kept[key]) / len(kept[key])
    points = elo(now.estimate) - elo(base)
    verdict = "WEAKER" if change.high < 0 else "STRONGER" if change.low > 0 else "no change shown"
    print(
        f"against the baseline, deal by deal: {change.estimate:+.3f} "
        f"[{change.low:+.3f}, {change.high:+.3f}] (about {points:+.0f} Elo): {verdict}"
    )
    return 1 if verdict == "WEAKER" else 0


if __name__ == "__main__":
    sys.exit(main())
