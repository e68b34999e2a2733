"""The soak test: ``python -m tigeuph.tools.soak [--game tigris|babel] --games N [--seed S]
[--jobs J]`` (issues 5, 19 and 25), one soak for every game of :data:`tigeuph.GAMES`.

Plays *N* games spread evenly over every player count of the game and every rule set it has
(:meth:`~tigeuph.games.Variants.rule_sets`: for the main game every combination of the variant
switches on both boards; Babel has none), and checks
:func:`~tigeuph.testing.invariants.state_problems` and
:func:`~tigeuph.testing.invariants.step_problems` at every step; the costly round trips of a
state, its views and its actions through their text and JSON run on every
``--round-trip-every``-th step and on the last state. The players take turns among the game's
ways of playing (:attr:`~tigeuph.games.Measures.play_styles`): the main game's draw every
action uniformly among the legal ones; Babel's take turns among uniform play, play that
builds (the game's weighted random play, ``tigeuph.babel.analysis.policies.choose``) and its greedy
player against uniform play, so that every rule is reached, wins by score included.

It prints games/s, actions/s, the games that stalled, the games played under each combination
and in each way, how the games ended and the violations, the first few described so that they
can be replayed::

    python -m tigeuph.tools.soak --replay 'players=3 board=standard buildings' --seed 17

Game *i* of a run with seed *S* is played with seed ``S + i`` (the deal and the players' one
generator) under combination ``i mod C`` in way ``(S + i) mod W``; a game stops at its first bad
step (or exception), which counts as one violation. A game whose play stalls (spec D8: for
three whole rounds nothing but points changed, or a turn began for the fourth time in the same
position) is stopped there and counted as stalled, not as
a violation: random players all but never stall, but the loop must end whatever the players do.
The exit status is 1 when there is any violation, else 0.
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
from typing import Any, Final

from attrs import frozen

from ..agents import Agent, make_agent
from ..core.errors import TigeuphError
from ..core.stops import STALL_ROUNDS
from ..games import DEFAULT_GAME, GAMES, AnyGame, game_named
from ..testing.invariants import checked_apply, round_trip_problems, state_problems
from ..tools.options import Parser, positive, progress
from .rules_words import parse_rules, rules_text

__all__ = ["Result", "Violation", "combinations", "main", "play", "soak"]

MAX_ACTIONS: Final = 20_000
"""A game still going after this many actions counts as a violation (random games take ~200)."""

SHOWN: Final = 10
"""How many violations the report describes."""


@frozen
class Violation:
    """One bad step of one game: enough to replay it."""

    seed: int
    rules: str
    """The player count and rules (``players=3 board=standard buildings``)."""
    ply: int
    """The index of the action from the start (0 is the first action; -1 the new game)."""
    action: str
    problems: tuple[str, ...]
    game: str = DEFAULT_GAME
    """The game's name in :data:`tigeuph.GAMES`."""

    def __str__(self) -> str:
        at = "the new game" if self.ply < 0 else f"action {self.ply} ({self.action})"
        named = "" if self.game == DEFAULT_GAME else f" --game {self.game}"
        return (
            f"seed {self.seed}, {self.rules}, {at}: {'; '.join(self.problems)}\n"
            f"    replay: python -m tigeuph.tools.soak{named} --replay '{self.rules}' "
            f"--seed {self.seed}"
        )


def combinations(game: str = DEFAULT_GAME) -> tuple[tuple[int, Any], ...]:
    """Every player count of *game* times every rule set it has, as ``(players, rules)``, in
    the order games cycle through: the player count turns fastest, so that a short run plays
    2, 3 and 4 players alike."""
    played = game_named(game, "combinations: game")
    by_players = [
        [(n, rules) for rules in played.variants.rule_sets(n)] for n in played.facts.players
    ]
    return tuple(pair for same in zip(*by_players, strict=True) for pair in same)


def _crash(err: BaseException) -> str:
    """An unexpected exception in one line, with where it was raised."""
    where = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    place = f" ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})" if where else ""
    return f"crash: {type(err).__name__}: {err}{place}"


def _way(game: AnyGame, seed: int) -> tuple[str, ...]:
    ways = game.measures.play_styles
    return ways[seed % len(ways)]


_AGENTS: dict[tuple[str, str], Agent] = {}
"""The agents of the ways of playing, made once a process."""


def _chooser(game: AnyGame, player: str) -> Callable[[Any, int, random.Random], Any]:
    """How one seat picks its action: ``uniform``, ``weighted`` or an agent's ``act``."""
    if player == "uniform":
        return lambda state, seat, rng: rng.choice(game.legal_actions(state))
    if player == "weighted":
        return lambda state, seat, rng: game.evaluation.weighted_action(game.view(state, seat), rng)
    agent = _AGENTS.get((game.facts.name, player))
    if agent is None:
        agent = _AGENTS[game.facts.name, player] = make_agent(player, game=game.facts.name)
    return lambda state, seat, rng: agent.act(game.view(state, seat), rng)


def _play(
    game: AnyGame, players: int, rules: Any, seed: int, round_trip_every: int
) -> tuple[int, Violation | None, bool, str]:
    """One checked game: actions applied, its first violation, whether it stalled, and how it
    ended."""
    rng = random.Random(seed)
    way = _way(game, seed)
    played = 0
    ply, action = -1, "-"  # the step being checked: -1 is the new game
    stalled = False
    state: Any = None
    try:
        choosers = [_chooser(game, way[seat % len(way)]) for seat in range(players)]
        state = game.new_game(players, seed=seed, rules=rules)
        problems = state_problems(state) + round_trip_problems(state)
        watch = game.records.stall_watch(STALL_ROUNDS)
        if watch is not None:
            watch(state)
        while not problems and not state.is_over and not stalled:
            ply = played
            if played >= MAX_ACTIONS:
                problems = [f"R26: the game has not ended after {MAX_ACTIONS} actions"]
                break
            chosen = choosers[state.to_move](state, state.to_move, rng)
            action = str(chosen)
            every = played % round_trip_every == 0
            state, problems = checked_apply(state, chosen, round_trip=every)
            played += 1
            stalled = not problems and watch is not None and watch(state)
            if not problems and (state.is_over or stalled) and not every:
                problems = round_trip_problems(state)
    except Exception as err:  # a crash is a finding: report it as the game's violation
        problems = [_crash(err)]
    ended = "stalled" if stalled else "unfinished"
    if state is not None and state.is_over:
        ended = game.measures.ending(state) or "unfinished"
    if not problems:
        return played, None, stalled, ended
    text = rules_text(game, players, rules)
    return (
        played,
        Violation(seed, text, ply, action, tuple(problems), game.facts.name),
        False,
        ended,
    )


def play(
    rules: Any,
    seed: int,
    round_trip_every: int = 16,
    *,
    game: str = DEFAULT_GAME,
    players: int | None = None,
) -> tuple[int, Violation | None, bool]:
    """Play one game of *game* under *rules* from *seed* in the soak's way for that seed,
    checking every step; return the number of actions applied, the first violation, if any,
    and whether the game was stopped because its play stalled (spec D8; never with a
    violation). *players* defaults to the rules' own count, else the game's default."""
    played = game_named(game, "play: game")
    count = players or getattr(rules, "players", None) or played.facts.default_players
    return _play(played, count, rules, seed, round_trip_every)[:3]


@frozen
class Result:
    """What a soak found."""

    games: int
    actions: int
    per_rules: Counter[str]
    """Games played under each combination (its :func:`rules_text`)."""
    violations: tuple[Violation, ...]
    stalled: int
    """Games stopped because their play stalled (spec D8)."""
    endings: Counter[str]
    """How the games ended (``bag``, ``treasures``; ``score``, ``deck``; ``stalled``)."""
    ways: Counter[str]
    """Games played in each way of playing (its players joined by ``,``)."""


def _run(tasks: Sequence[tuple[int, int]], game: str, round_trip_every: int) -> Result:
    """Play the games ``(combination index, seed)`` of *tasks*."""
    played = GAMES[game]
    combos = combinations(game)
    actions = stalls = 0
    per_rules: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    ways: Counter[str] = Counter()
    found: list[Violation] = []
    for index, seed in tasks:
        players, rules = combos[index]
        count, violation, stalled, ended = _play(played, players, rules, seed, round_trip_every)
        actions += count
        stalls += stalled
        per_rules[rules_text(played, players, rules)] += 1
        endings[ended] += 1
        ways[",".join(_way(played, seed))] += 1
        if violation is not None:
            found.append(violation)
    return Result(len(tasks), actions, per_rules, tuple(found), stalls, endings, ways)


def _chunks(tasks: list[tuple[int, int]], size: int) -> Iterable[list[tuple[int, int]]]:
    for start in range(0, len(tasks), size):
        yield tasks[start : start + size]


def soak(
    games: int,
    seed: int = 0,
    jobs: int = 1,
    round_trip_every: int = 16,
    on_progress: Callable[[int], None] | None = None,
    game: str = DEFAULT_GAME,
) -> Result:
    """Play *games* games of *game* from *seed* over every combination, on *jobs* processes;
    *on_progress* is called with the number of games each finished batch played.

    Raises:
        ArgumentError: *game* is no game of :data:`tigeuph.GAMES`.
    """
    count = len(combinations(game))
    tasks = [(i % count, seed + i) for i in range(games)]
    # Small chunks keep every process busy to the end; each result is a few counters.
    size = max(1, min(50, games // (jobs * 8) or 1))
    run = partial(_run, game=game, round_trip_every=round_trip_every)
    batches: list[Result] = []
    if jobs <= 1:
        found_batches: Iterable[Result] = (run(chunk) for chunk in _chunks(tasks, size))
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
    endings: Counter[str] = Counter()
    ways: Counter[str] = Counter()
    found: list[Violation] = []
    for batch in batches:
        per_rules.update(batch.per_rules)
        endings.update(batch.endings)
        ways.update(batch.ways)
        found += batch.violations
    found.sort(key=lambda v: v.seed)
    return Result(
        sum(b.games for b in batches),
        sum(b.actions for b in batches),
        per_rules,
        tuple(found),
        sum(b.stalled for b in batches),
        endings,
        ways,
    )


def _report(result: Result, seconds: float, jobs: int, seed: int, game: str) -> str:
    played = GAMES[game]
    counts = ", ".join(map(str, played.facts.players))
    lines = [
        f"soak: {result.games} games from seed {seed} ({result.stalled} stalled), "
        f"{result.actions} actions in {seconds:.1f} s ({jobs} job{'s' * (jobs > 1)}): "
        f"{result.games / seconds:.1f} games/s, {result.actions / seconds:.0f} actions/s",
        f"games per combination (columns: {counts} players):",
    ]
    rows: dict[str, list[int]] = {}
    for players, rules in combinations(game):
        text = rules_text(played, players, rules)
        name = text.partition(" ")[2] or "standard"  # without "players=N"
        rows.setdefault(name, []).append(result.per_rules[text])
    width = max(len(name) for name in rows)
    for name, numbers in rows.items():
        lines.append(f"  {name:<{width}}  " + " ".join(f"{n:>5}" for n in numbers))
    for what, counter in (("games per way of playing", result.ways), ("endings", result.endings)):
        lines.append(f"{what}: " + ", ".join(f"{k} {v}" for k, v in sorted(counter.items())))
    lines.append(f"violations: {len(result.violations)}")
    lines += [f"  {v}" for v in result.violations[:SHOWN]]
    if len(result.violations) > SHOWN:
        lines.append(f"  ... and {len(result.violations) - SHOWN} more")
    return "\n".join(lines)


def main(argv: list[str] | None = None, prog: str = "python -m tigeuph.tools.soak") -> int:
    """Run the soak as the command line says; return the exit status (1 on any violation)."""
    parser = Parser(prog=prog, description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--game",
        choices=tuple(GAMES),
        default=DEFAULT_GAME,
        help=f"the game to soak (default {DEFAULT_GAME})",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=96,
        help="games to play (default 96: each combination of the main game once)",
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
    game = GAMES[args.game]
    if args.replay is not None:
        try:
            players, rules = parse_rules(game, args.replay)
        except (ValueError, TigeuphError) as err:
            parser.error(f"--replay: {err}")
        played, violation, stalled, _ = _play(game, players, rules, args.seed, 1)
        print(f"replay: {played} actions, {args.replay}, seed {args.seed}")
        if stalled:
            print("the game stalled (spec D8): it stopped there")
        print("no violation" if violation is None else f"violation: {violation}")
        return 0 if violation is None else 1
    start = time.perf_counter()
    try:
        with progress(args.games, f"{args.games} games", show=not args.quiet) as advance:
            result = soak(
                args.games, args.seed, args.jobs, args.round_trip_every, advance, args.game
            )
    except TigeuphError as err:
        print(f"{prog}: error: {err}", file=sys.stderr)
        return 2
    seconds = max(time.perf_counter() - start, 1e-9)
    print(_report(result, seconds, args.jobs, args.seed, args.game))
    return 1 if result.violations else 0


if __name__ == "__main__":
    sys.exit(main())
