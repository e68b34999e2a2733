"""Simulating Babel (issue 19): ``tigeuph simulate --game babel --games 1000``, the same as
``python -m tigeuph.tools.babel_simulate --games 1000``.

Plays seeded games under a policy (``uniform``: every action drawn uniformly among the legal
ones; ``builder``: :func:`~tigeuph.babel.policies.builder`, which builds and uses abilities when it
can) and reports the figures a designer asks of the rules: game length, how games end (by
score, B30, or at the last temple card, B31), mean final scores, each seat's share of wins with
a rough 95% interval, and how often each kind of action is played. Babel has no variants, so
there is no baseline to compare with.

Game *i* uses seed ``seed + i`` for both its deal and its players.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Final

from attrs import frozen

from ..babel.engine import apply, legal_actions, outcome
from ..babel.policies import builder
from ..babel.state import new_game
from ..errors import ArgumentError

__all__ = ["POLICIES", "Figures", "main", "simulate"]

POLICIES: Final = ("uniform", "builder")


@frozen
class Figures:
    """What a run of games shows."""

    games: int
    actions: int
    endings: dict[str, int]
    wins: tuple[float, float]
    """Each seat's wins (a draw counts half to each)."""
    scores: tuple[int, int]
    """Each seat's total final score."""
    kinds: dict[str, int]
    """How many actions of each kind were played."""


def _play(
    seed: int, policy: str
) -> tuple[int, str, tuple[float, float], tuple[int, int], Counter[str]]:
    state = new_game(seed)
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    n = 0
    while state.to_move is not None:
        action = builder(state, rng) if policy == "builder" else rng.choice(legal_actions(state))
        kinds[type(action).__name__] += 1
        state = apply(state, action)
        n += 1
    result = outcome(state)
    assert result is not None
    wins = (
        (0.5, 0.5)
        if result.winner is None
        else (float(result.winner == 0), float(result.winner == 1))
    )
    return n, result.reason.value, wins, result.scores, kinds


def _run(seeds: Sequence[int], policy: str) -> Figures:
    actions = 0
    endings: Counter[str] = Counter()
    wins = [0.0, 0.0]
    scores = [0, 0]
    kinds: Counter[str] = Counter()
    for seed in seeds:
        n, ended, won, score, played = _play(seed, policy)
        actions += n
        endings[ended] += 1
        kinds.update(played)
        for seat in (0, 1):
            wins[seat] += won[seat]
            scores[seat] += score[seat]
    return Figures(
        len(seeds), actions, dict(endings), (wins[0], wins[1]), (scores[0], scores[1]), dict(kinds)
    )


def simulate(games: int, seed: int = 0, policy: str = "uniform", jobs: int = 1) -> Figures:
    """Play *games* games of *policy* from *seed* on *jobs* processes; their figures.

    Raises:
        ArgumentError: an unknown *policy*.
    """
    if policy not in POLICIES:
        raise ArgumentError(f"unknown policy {policy!r}: choose from {', '.join(POLICIES)}")
    seeds = list(range(seed, seed + games))
    if jobs <= 1:
        return _run(seeds, policy)
    size = max(1, math.ceil(games / (jobs * 4)))
    with multiprocessing.Pool(jobs) as pool:
        parts = pool.starmap(_run, [(seeds[i : i + size], policy) for i in range(0, games, size)])
    endings: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for part in parts:
        endings.update(part.endings)
        kinds.update(part.kinds)
    return Figures(
        sum(p.games for p in parts),
        sum(p.actions for p in parts),
        dict(endings),
        (sum(p.wins[0] for p in parts), sum(p.wins[1] for p in parts)),
        (sum(p.scores[0] for p in parts), sum(p.scores[1] for p in parts)),
        dict(kinds),
    )


def report(figures: Figures, policy: str) -> str:
    """*figures* as text."""
    n = figures.games
    lines = [
        f"babel, {n} games, policy {policy}: {figures.actions / n:.1f} actions a game",
        "endings: "
        + ", ".join(f"{k} {v} ({v / n:.1%})" for k, v in sorted(figures.endings.items())),
        f"mean final score: seat 0 {figures.scores[0] / n:.2f}, seat 1 {figures.scores[1] / n:.2f}",
    ]
    for seat in (0, 1):
        p = figures.wins[seat] / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        lines.append(f"seat {seat} wins {p:.1%} (± {half:.1%})")
    total = sum(figures.kinds.values())
    lines.append(
        "actions: "
        + ", ".join(
            f"{k} {v / total:.1%}" for k, v in sorted(figures.kinds.items(), key=lambda kv: -kv[1])
        )
    )
    return "\n".join(lines)


def main(
    argv: list[str] | None = None, prog: str = "python -m tigeuph.tools.babel_simulate"
) -> int:
    """Run the simulation the command line asks for and print its report; return 0."""
    parser = argparse.ArgumentParser(
        prog=prog, description="Play seeded games of Babel and report their figures."
    )
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--policy", choices=POLICIES, default="uniform", help="how the random players play"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games: at least 1")
    print(report(simulate(args.games, args.seed, args.policy, args.jobs), args.policy))
    return 0


if __name__ == "__main__":
    sys.exit(main())
