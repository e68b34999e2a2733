"""The soak test: ``python -m tigeuph.testing.soak --games N [--seed S] [--jobs J]`` (issue 5).

Plays *N* random games spread evenly over every player count (2, 3, 4) and every combination
of the rules' variant switches on both boards (:func:`~tigeuph.testing.invariants.every_rules`),
picking every action uniformly among the legal ones, and checks
:func:`~tigeuph.testing.invariants.state_problems` and
:func:`~tigeuph.testing.invariants.step_problems` at every step; the costly round trips of a state
through its text and JSON run on every ``--round-trip-every``-th step and on the last state. It
prints games/s, actions/s, the games that stalled, the games played under each combination and
the violations, the first few described so that they can be replayed::

    python -m tigeuph.testing.soak --replay 'players=3 board=standard buildings' --seed 17

Game *i* of a run with seed *S* is played with seed ``S + i`` under combination ``i mod C``; a
game stops at its first bad step (or exception), which counts as one violation. A game whose
play stalls (spec D8: for three whole rounds nothing but points changed) is stopped there and
counted as stalled, not as a violation: random players all but never stall, but the loop must
end whatever the players do. The exit status is 1 when there is any violation, else 0.
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Final

from attrs import frozen

from ..errors import TigeuphError
from ..legal import legal_actions
from ..notation.position import parse_rules, rules_text
from ..ruleset import Rules
from ..stall import StallWatch
from ..state import new_game
from ..tools.options import Parser, positive, progress
from .invariants import checked_apply, every_rules, round_trip_problems, state_problems

__all__ = ["Violation", "main", "play", "soak"]

MAX_ACTIONS: Final = 20_000
"""A game still going after this many actions counts as a violation (random games take ~200)."""

SHOWN: Final = 10
"""How many violations the report describes."""


@frozen
class Violation:
    """One bad step of one game: enough to replay it."""

    seed: int
    rules: str
    """The rules in position notation (``players=3 board=standard buildings``)."""
    ply: int
    """The index of the action from the start (0 is the first action; -1 the new game)."""
    action: str
    problems: tuple[str, ...]

    def __str__(self) -> str:
        at = "the new game" if self.ply < 0 else f"action {self.ply} ({self.action})"
        return (
            f"seed {self.seed}, {self.rules}, {at}: {'; '.join(self.problems)}\n"
            f"    replay: python -m tigeuph.testing.soak --replay '{self.rules}' --seed {self.seed}"
        )


def combinations() -> tuple[Rules, ...]:
    """Every rules combination times every player count, in the order games cycle through:
    the player count turns fastest, so that a short run plays 2, 3 and 4 players alike."""
    by_players = (every_rules(players) for players in (2, 3, 4))
    return tuple(rules for same in zip(*by_players, strict=True) for rules in same)


def _crash(err: BaseException) -> str:
    """An unexpected exception in one line, with where it was raised."""
    where = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    place = f" ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})" if where else ""
    return f"crash: {type(err).__name__}: {err}{place}"


def play(rules: Rules, seed: int, round_trip_every: int = 16) -> tuple[int, Violation | None, bool]:
    """Play one random game under *rules* from *seed*, checking every step; return the number
    of actions applied, the first violation, if any, and whether the game was stopped because
    its play stalled (spec D8; never with a violation)."""
    rng = random.Random(seed)
    played = 0
    ply, action = -1, "-"  # the step being checked: -1 is the new game
    stalled = False
    try:
        state = new_game(rules.players, seed=seed, rules=rules)
        problems = state_problems(state) + round_trip_problems(state)
        watch = StallWatch()
        watch.see(state)
        while not problems and not state.is_over and not stalled:
            ply = played
            if played >= MAX_ACTIONS:
                problems = [f"R26: the game has not ended after {MAX_ACTIONS} actions"]
                break
            chosen = rng.choice(legal_actions(state))
            action = str(chosen)
            every = played % round_trip_every == 0
            state, problems = checked_apply(state, chosen, round_trip=every)
            played += 1
            stalled = not problems and watch.see(state)
            if not problems and (state.is_over or stalled) and not every:
                problems = round_trip_problems(state)
    except Exception as err:  # a crash is a finding: report it as the game's violation
        problems = [_crash(err)]
    if not problems:
        return played, None, stalled
    return played, Violation(seed, rules_text(rules), ply, action, tuple(problems)), False


@frozen
class _Batch:
    games: int
    actions: int
    per_rules: Counter[str]
    violations: tuple[Violation, ...]
    stalled: int = 0
    """Games stopped because their play stalled (spec D8)."""


def _run(tasks: Sequence[tuple[int, int]], round_trip_every: int) -> _Batch:
    """Play the games ``(combination index, seed)`` of *tasks*."""
    combos = combinations()
    actions = 0
    per_rules: Counter[str] = Counter()
    found: list[Violation] = []
    stalls = 0
    for index, seed in tasks:
        rules = combos[index]
        played, violation, stalled = play(rules, seed, round_trip_every)
        actions += played
        stalls += stalled
        per_rules[rules_text(rules)] += 1
        if violation is not None:
            found.append(violation)
    return _Batch(len(tasks), actions, per_rules, tuple(found), stalls)


def _chunks(tasks: list[tuple[int, int]], size: int) -> Iterable[list[tuple[int, int]]]:
    for start in range(0, len(tasks), size):
        yield tasks[start : start + size]


def soak(
    games: int,
    seed: int = 0,
    jobs: int = 1,
    round_trip_every: int = 16,
    on_progress: Callable[[int], None] | None = None,
) -> _Batch:
    """Play *games* games from *seed* over every combination, on *jobs* processes;
    *on_progress* is called with the number of games each finished batch played."""
    count = len(combinations())
    tasks = [(i % count, seed + i) for i in range(games)]
    # Small chunks keep every process busy to the end; each result is a few counters.
    size = max(1, min(50, games // (jobs * 8) or 1))
    run = partial(_run, round_trip_every=round_trip_every)
    batches: list[_Batch] = []
    if jobs <= 1:
        found_batches: Iterable[_Batch] = (run(chunk) for chunk in _chunks(tasks, size))
        for batch in found_batches:
            batches.append(batch)
            if on_progress is not None:
                on_progress(batch.games)
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for batch in pool.imap_unordered(run, _chunks(tasks, size)):
                batches.append(batch)
                if on_progress is not None:
                    on_progress(batch.games)
    per_rules: Counter[str] = Counter()
    found: list[Violation] = []
    for batch in batches:
        per_rules.update(batch.per_rules)
        found += batch.violations
    found.sort(key=lambda v: v.seed)
    return _Batch(
        sum(b.games for b in batches),
        sum(b.actions for b in batches),
        per_rules,
        tuple(found),
        sum(b.stalled for b in batches),
    )


def _report(result: _Batch, seconds: float, jobs: int, seed: int) -> str:
    lines = [
        f"soak: {result.games} games from seed {seed} ({result.stalled} stalled), "
        f"{result.actions} actions in {seconds:.1f} s ({jobs} job{'s' * (jobs > 1)}): "
        f"{result.games / seconds:.1f} games/s, {result.actions / seconds:.0f} actions/s",
        "games per combination (columns: 2, 3, 4 players):",
    ]
    rows: dict[str, list[int]] = {}
    for rules in combinations():
        name = rules_text(rules).split(" ", 1)[1]  # without "players=N"
        rows.setdefault(name, []).append(result.per_rules[rules_text(rules)])
    width = max(len(name) for name in rows)
    for name, counts in rows.items():
        lines.append(f"  {name:<{width}}  " + " ".join(f"{n:>5}" for n in counts))
    lines.append(f"violations: {len(result.violations)}")
    lines += [f"  {v}" for v in result.violations[:SHOWN]]
    if len(result.violations) > SHOWN:
        lines.append(f"  ... and {len(result.violations) - SHOWN} more")
    return "\n".join(lines)


def main(argv: list[str] | None = None, prog: str = "python -m tigeuph.testing.soak") -> int:
    """Run the soak as the command line says; return the exit status (1 on any violation)."""
    parser = Parser(prog=prog, description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=96, help="games to play (default 96: each combination once)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=positive, default=1, help="processes to play on")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--round-trip-every",
        type=int,
        default=16,
        metavar="K",
        help="check the text and JSON round trips every K steps (default 16; 1: every step)",
    )
    parser.add_argument(
        "--replay",
        metavar="RULES",
        help="play the one game of --seed under RULES (as a violation prints them), "
        "checking every step",
    )
    args = parser.parse_args(argv)
    if args.games < 0 or args.jobs < 1 or args.round_trip_every < 1:
        parser.error("--games must be 0 or more, --jobs and --round-trip-every 1 or more")
    if args.replay is not None:
        try:
            rules = parse_rules(args.replay)
        except ValueError as err:
            parser.error(f"--replay: {err}")
        played, violation, stalled = play(rules, args.seed, round_trip_every=1)
        print(f"replay: {played} actions, {args.replay}, seed {args.seed}")
        if stalled:
            print("the game stalled (spec D8): it stopped there")
        print("no violation" if violation is None else f"violation: {violation}")
        return 0 if violation is None else 1
    start = time.perf_counter()
    try:
        with progress(args.games, f"{args.games} games", show=not args.quiet) as advance:
            result = soak(args.games, args.seed, args.jobs, args.round_trip_every, advance)
    except TigeuphError as err:
        print(f"{prog}: error: {err}", file=sys.stderr)
        return 2
    print(_report(result, max(time.perf_counter() - start, 1e-9), args.jobs, args.seed))
    return 1 if result.violations else 0


if __name__ == "__main__":
    sys.exit(main())
