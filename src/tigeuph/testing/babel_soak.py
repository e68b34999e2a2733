"""The Babel soak (spec B59): ``tigeuph soak --game babel --games N [--seed S] [--jobs J]``,
the same as ``python -m tigeuph.testing.babel_soak --games N [--seed S] [--jobs J]``.

Plays *N* random games, checks
:func:`~tigeuph.testing.babel_invariants.step_problems` at every step and the round trips of
:func:`~tigeuph.testing.babel_invariants.round_trip_problems` every ``--round-trip-every``-th
step and at the end, and prints games/s, actions/s, how the games ended and the violations,
each with its seed so that it can be replayed (game *i* of a run with seed *S* uses seed
``S + i`` for both the game and its moves). Games take turns among three ways of playing, so
that every rule is reached, wins by score included: game *i* with *i* mod 3 = 0 draws every
action uniformly among the legal ones; 1 plays :func:`~tigeuph.babel.policies.builder`, which
builds and uses abilities whenever it can; 2 seats :class:`~tigeuph.babel.greedy.GreedyAgent`
against uniform play. The exit status is 1 when there is any violation.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from typing import Final

from attrs import frozen

from ..babel.actions import Action
from ..babel.engine import legal_actions, outcome
from ..babel.greedy import GreedyAgent
from ..babel.policies import builder
from ..babel.state import BabelState, new_game
from ..babel.views import view
from .babel_invariants import checked_apply, round_trip_problems, state_problems

__all__ = ["Result", "Violation", "main", "play", "soak"]

MAX_ACTIONS: Final = 20_000
"""A game still going after this many actions counts as a violation (random games take ~120)."""


def _choose(state: BabelState, rng: random.Random, policy: int) -> Action:
    if policy == 1:
        return builder(state, rng)
    if policy == 2 and state.to_move == 0:
        return _GREEDY.act(view(state, 0), rng)
    return rng.choice(legal_actions(state))


_GREEDY: Final = GreedyAgent()


@frozen
class Violation:
    """One bad step of one game: enough to replay it."""

    seed: int
    ply: int
    """The index of the action from the start (-1: the new game)."""
    action: str
    problems: tuple[str, ...]

    def __str__(self) -> str:
        return f"seed {self.seed}, action {self.ply} ({self.action}): " + "; ".join(self.problems)


def play(seed: int, round_trip_every: int = 16) -> tuple[int, str, Violation | None]:
    """Play one random game with *seed*: its length, how it ended and its first violation."""
    state = new_game(seed)
    rng = random.Random(seed)
    ply = -1
    action = "new game"
    try:
        problems = state_problems(state) + round_trip_problems(state)
        while not problems and outcome(state) is None:
            ply += 1
            if ply >= MAX_ACTIONS:
                problems = [f"still going after {MAX_ACTIONS} actions"]
                break
            chosen = _choose(state, rng, seed % 3)
            action = str(chosen)
            state, problems = checked_apply(state, chosen)
            if not problems and ply % round_trip_every == 0:
                problems = round_trip_problems(state)
        if not problems:
            problems = round_trip_problems(state)
    except Exception as err:  # a crash is a violation too, reported with its traceback
        problems = [f"{type(err).__name__}: {err}\n{traceback.format_exc(limit=4)}"]
    result = outcome(state)
    ended = "unfinished" if result is None else result.reason.value
    violation = Violation(seed, ply, action, tuple(problems)) if problems else None
    return ply + 1, ended, violation


@frozen
class Result:
    """What a soak found."""

    games: int
    actions: int
    endings: dict[str, int]
    violations: tuple[Violation, ...]


def _run(seeds: Sequence[int], round_trip_every: int) -> Result:
    actions = 0
    endings: Counter[str] = Counter()
    violations = []
    for seed in seeds:
        n, ended, violation = play(seed, round_trip_every)
        actions += n
        endings[ended] += 1
        if violation is not None:
            violations.append(violation)
    return Result(len(seeds), actions, dict(endings), tuple(violations))


def soak(games: int, seed: int = 0, jobs: int = 1, round_trip_every: int = 16) -> Result:
    """Play *games* random games from *seed* on *jobs* processes; what they found."""
    seeds = list(range(seed, seed + games))
    if jobs <= 1:
        return _run(seeds, round_trip_every)
    size = max(1, min(50, games // (jobs * 4) or 1))
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    with multiprocessing.Pool(jobs) as pool:
        parts = pool.starmap(_run, [(chunk, round_trip_every) for chunk in chunks])
    endings: Counter[str] = Counter()
    for part in parts:
        endings.update(part.endings)
    return Result(
        sum(p.games for p in parts),
        sum(p.actions for p in parts),
        dict(endings),
        tuple(v for p in parts for v in p.violations),
    )


def main(argv: list[str] | None = None, prog: str = "python -m tigeuph.testing.babel_soak") -> int:
    """Run the soak from the command line; exit 1 on any violation."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Play random games of Babel and check the invariants at every step.",
    )
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    parser.add_argument(
        "--round-trip-every",
        type=int,
        default=16,
        help="check the notations every this many actions (default 16)",
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = soak(args.games, args.seed, args.jobs, args.round_trip_every)
    seconds = time.perf_counter() - start
    endings = ", ".join(f"{k} {v}" for k, v in sorted(result.endings.items()))
    print(
        f"babel soak: {result.games} games, {result.actions} actions in {seconds:.1f} s "
        f"({result.games / seconds:.1f} games/s, {result.actions / seconds:.0f} actions/s, "
        f"{args.jobs} job(s)); endings: {endings}; violations: {len(result.violations)}"
    )
    for violation in result.violations[:10]:
        print(f"  {violation}")
    return 1 if result.violations else 0


if __name__ == "__main__":
    sys.exit(main())
