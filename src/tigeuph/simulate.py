"""The variant simulator: ``python -m tigeuph.simulate --games N [--variant SWITCH,...] ...``.

Plays the same seeded random games under a baseline and under each compared rule set, and
reports per rule set how long games last, how they end, the scores, each seat's share of wins
and how often the rules' events happen (revolts, wars, monuments, buildings, the wonder,
catastrophes, treasures), with each compared rule set's difference from the baseline and a
rough 95% interval, so that a designer sees which changes are real.

Game *i* of a run with seed *S* is ``new_game(players, seed=S + i, rules=...)`` played by a
``random.Random(S + i)``, under every rule set alike: differences come from the rules, not from
the deal (a board with another number of temples changes the bag, though). Random players are
not strong players: the figures describe the rules under random play, not under good play.

    python -m tigeuph.simulate --games 1000 --players 3 --jobs 2
    python -m tigeuph.simulate --games 500 --variant buildings,wonder --every-switch
    python -m tigeuph.simulate --board advanced --base wonder --policy builder --json
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, TypeAlias

from attrs import evolve, frozen

from .actions import (
    Action,
    BuildMonument,
    BuildWonder,
    CommitSupport,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceTile,
    ScoreWonder,
)
from .boards import ADVANCED, STANDARD, Board, load_board
from .engine import apply, legal_actions, outcome
from .errors import BoardError
from .ruleset import SWITCHES, Rules
from .state import (
    BuildingChoice,
    Conflict,
    End,
    GameState,
    MonumentChoice,
    Revolt,
    WonderChoice,
    new_game,
)

__all__ = [
    "METRICS",
    "POLICIES",
    "Difference",
    "GameTally",
    "Metric",
    "Report",
    "RuleSetResult",
    "choose_action",
    "describe",
    "main",
    "metrics",
    "paired_difference",
    "play_game",
    "simulate",
]

POLICIES: Final = ("uniform", "builder")
"""The random players. ``uniform`` picks any legal action alike; ``builder`` places a tile four
times in five when it may and always builds a building, the wonder or a monument offered."""

MAX_ACTIONS: Final = 100_000
"""A game still going after this many actions is an error (random games take a few hundred)."""

Z95: Final = 1.96
"""The normal quantile of a two-sided 95% interval."""


# --- One game ----------------------------------------------------------------------------------


@frozen
class GameTally:
    """What one simulated game did: its length, how it ended, the scores and its events."""

    seed: int
    actions: int
    """Actions applied, decisions included (support, war order, treasures...)."""
    turns: int
    """Turns begun, the last one included."""
    end: End
    scores: tuple[int, ...]
    """Each seat's final score, its points in its weakest colour with treasures (spec R27)."""
    winners: tuple[int, ...]
    """The seats ranked first (several on a full tie)."""
    revolts: int = 0
    wars: int = 0
    monuments: int = 0
    buildings: int = 0
    """Buildings put on the board or moved (variant, spec R30)."""
    wonders: int = 0
    wonder_points: int = 0
    """Points scored by a king in the wonder's kingdom (variant, spec R31)."""
    catastrophes: int = 0
    treasures: int = 0
    """Treasures taken by every player together."""


Policy: TypeAlias = Callable[[GameState, Sequence[Action], random.Random], Action]

_BUILD_CHOICES: Final = (BuildingChoice, WonderChoice, MonumentChoice)
_BUILDS: Final = (PlaceBuilding, BuildWonder, BuildMonument)


def _uniform(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, alike."""
    return rng.choice(legal)


def _builder(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """A build when one is offered; else a tile four times in five when one may be placed;
    else any other action, alike."""
    if isinstance(state.pending, _BUILD_CHOICES):
        builds = [a for a in legal if isinstance(a, _BUILDS)]
        return rng.choice(builds or legal)
    if state.pending is not None:  # support, war order, treasure, the wonder's colour
        return rng.choice(legal)
    tiles: list[Action] = []
    others: list[Action] = []
    for a in legal:
        (tiles if isinstance(a, PlaceTile) else others).append(a)
    if tiles and (not others or rng.randrange(5) < 4):
        return rng.choice(tiles)
    return rng.choice(others)


_POLICIES: Final[Mapping[str, Policy]] = {"uniform": _uniform, "builder": _builder}


def choose_action(state: GameState, rng: random.Random, policy: str = "uniform") -> Action:
    """The action a random player of *policy* (one of :data:`POLICIES`) picks in *state*,
    drawing from *rng*: one step of :func:`play_game`, for a loop of one's own.

    >>> state = new_game(2, seed=3)
    >>> action = choose_action(state, random.Random(3), "builder")
    >>> action in legal_actions(state)
    True

    Raises:
        ValueError: an unknown *policy*.
    """
    return _policy(policy)(state, legal_actions(state), rng)


def _policy(name: str) -> Policy:
    if name not in _POLICIES:
        raise ValueError(f"unknown policy {name!r}: choose from {', '.join(POLICIES)}")
    return _POLICIES[name]


def play_game(rules: Rules, seed: int, policy: str = "uniform") -> GameTally:
    """Play one random game under *rules* (its ``players`` is the player count) from *seed*.

    The deal comes from ``new_game(..., seed=seed)`` and the players' choices from
    ``random.Random(seed)``. Events are counted from the actions: a revolt or war when its
    attacker commits, a building when one is put or moved, a catastrophe when placed.

    >>> tally = play_game(Rules(players=2), seed=1)
    >>> tally.turns < tally.actions, len(tally.scores), tally.buildings
    (True, 2, 0)

    Raises:
        ValueError: an unknown *policy*.
        RuntimeError: the game has not ended after :data:`MAX_ACTIONS` actions.
    """
    choose = _policy(policy)
    rng = random.Random(seed)
    state = new_game(rules.players, seed=seed, rules=rules)
    actions = 0
    turns = 1
    revolts = wars = monuments = buildings = wonders = wonder_points = catastrophes = 0
    while not state.is_over:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_ACTIONS} actions under {rules}")
        action = choose(state, legal_actions(state), rng)
        pending = state.pending
        match action:
            case CommitSupport():
                # Each conflict asks its attacker once, first (spec D1): count it then.
                if isinstance(pending, Conflict) and pending.attacker_support is None:
                    if isinstance(pending, Revolt):
                        revolts += 1
                    else:
                        wars += 1
            case BuildMonument():
                monuments += 1
            case PlaceBuilding():
                buildings += 1
            case BuildWonder():
                wonders += 1
            case ScoreWonder():
                wonder_points += 1
            case PlaceCatastrophe():
                catastrophes += 1
        after = apply(state, action)
        if after.active != state.active:
            turns += 1
        state = after
        actions += 1
    result = outcome(state)
    assert result is not None
    return GameTally(
        seed=seed,
        actions=actions,
        turns=turns,
        end=result.end,
        scores=tuple(r.score for r in result.results),
        winners=result.winners,
        revolts=revolts,
        wars=wars,
        monuments=monuments,
        buildings=buildings,
        wonders=wonders,
        wonder_points=wonder_points,
        catastrophes=catastrophes,
        treasures=sum(state.treasures_taken),
    )


# --- What is measured --------------------------------------------------------------------------


@frozen
class Metric:
    """One figure measured on every game; the report gives its mean over the games."""

    name: str
    heading: str
    of: Callable[[GameTally], float]
    share: bool = False
    """True for a share of games (0 or 1 a game, split on ties), shown as a percentage."""


def _seat_wins(seat: int) -> Callable[[GameTally], float]:
    """A win of *seat* per game; a tie for first splits the win among the winners."""
    return lambda t: 1 / len(t.winners) if seat in t.winners else 0.0


METRICS: Final = (
    Metric("actions", "actions per game", lambda t: t.actions),
    Metric("turns", "turns per game", lambda t: t.turns),
    Metric("end_treasures", "ended by treasures (%)", lambda t: t.end is End.TREASURES, True),
    Metric("end_bag", "ended by the bag (%)", lambda t: t.end is End.BAG, True),
    Metric("winner_score", "winner's score", lambda t: t.scores[t.winners[0]]),
    Metric("mean_score", "mean score", lambda t: statistics.fmean(t.scores)),
    Metric("revolts", "revolts", lambda t: t.revolts),
    Metric("wars", "wars", lambda t: t.wars),
    Metric("monuments", "monuments built", lambda t: t.monuments),
    Metric("buildings", "buildings placed/moved", lambda t: t.buildings),
    Metric("wonders", "wonders built", lambda t: t.wonders),
    Metric("wonder_points", "wonder points", lambda t: t.wonder_points),
    Metric("catastrophes", "catastrophes", lambda t: t.catastrophes),
    Metric("treasures", "treasures taken", lambda t: t.treasures),
)
"""The figures of every game, in report order; :func:`metrics` adds each seat's wins."""

_SEATS: Final = tuple(
    Metric(f"wins_seat_{seat}", f"won by seat {seat} (%)", _seat_wins(seat), True)
    for seat in range(4)
)
_BY_NAME: Final = {m.name: m for m in (*METRICS, *_SEATS)}


def metrics(players: int) -> tuple[Metric, ...]:
    """The figures reported for games of *players*: :data:`METRICS`, with each seat's share of
    wins after the scores (``wins_seat_0`` plays first).

    >>> [m.name for m in metrics(2)][4:8]
    ['winner_score', 'mean_score', 'wins_seat_0', 'wins_seat_1']
    """
    return (*METRICS[:6], *_SEATS[:players], *METRICS[6:])


# --- Results -----------------------------------------------------------------------------------


@frozen
class Difference:
    """A compared rule set's mean minus the baseline's, over the same seeds, with a rough 95%
    interval: ``mean ± 1.96·sd/√n``, *sd* the standard deviation of the per-seed differences."""

    mean: float
    half_width: float
    """Infinite with a single game."""

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    @property
    def excludes_zero(self) -> bool:
        """True when the interval leaves out 0, a change likely real, not luck."""
        return self.low > 0 or self.high < 0


def paired_difference(baseline: Sequence[float], compared: Sequence[float]) -> Difference:
    """The mean of ``compared[i] - baseline[i]`` with its rough 95% interval.

    >>> paired_difference([1, 2, 3, 4], [2, 3, 4, 5])
    Difference(mean=1.0, half_width=0.0)
    """
    diffs = [b - a for a, b in zip(baseline, compared, strict=True)]
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return Difference(mean, math.inf)
    return Difference(mean, Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)))


@frozen
class RuleSetResult:
    """The games played under one rule set for one player count."""

    label: str
    rules: Rules
    """The rules played, ``players`` included."""
    games: tuple[GameTally, ...]
    """One tally per seed, in seed order."""

    @property
    def players(self) -> int:
        return self.rules.players

    def values(self, metric: str) -> tuple[float, ...]:
        """The figure *metric* (a :class:`Metric` name) of each game, in seed order.

        Raises:
            ValueError: an unknown metric.
        """
        if metric not in _BY_NAME:
            raise ValueError(f"unknown metric {metric!r}: choose from {', '.join(_BY_NAME)}")
        of = _BY_NAME[metric].of
        return tuple(float(of(t)) for t in self.games)

    def mean(self, metric: str) -> float:
        """The mean of *metric* over the games."""
        return statistics.fmean(self.values(metric))


@frozen
class Report:
    """Every rule set's games, grouped by player count; each group's first is its baseline."""

    results: tuple[RuleSetResult, ...]
    seed: int
    policy: str

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(r.players for r in self.results))

    def group(self, players: int) -> tuple[RuleSetResult, ...]:
        """The results for *players*, the baseline first."""
        return tuple(r for r in self.results if r.players == players)

    def baseline(self, players: int) -> RuleSetResult:
        return self.group(players)[0]

    def difference(self, result: RuleSetResult, metric: str) -> Difference | None:
        """*result*'s difference from its baseline in *metric*; ``None`` for the baseline."""
        base = self.baseline(result.players)
        if result is base:
            return None
        return paired_difference(base.values(metric), result.values(metric))

    def table(self) -> str:
        """The report as text: a block per player count, a column per rule set, a line per
        metric with each compared rule set's difference below (``*`` when the interval leaves
        out 0)."""
        return "\n\n".join(self._block(n) for n in self.player_counts)

    def _block(self, players: int) -> str:
        group = self.group(players)
        games = len(group[0].games)
        first = group[0].games[0].seed if games else self.seed
        head = (
            f"{players} players, {games} games per rule set (seeds {first}-{first + games - 1}), "
            f"{self.policy} policy; baseline: {group[0].label}"
        )
        rows = [["", *(r.label for r in group)]]
        for metric in metrics(players):
            scale = 100.0 if metric.share else 1.0
            rows.append([metric.heading, *(f"{r.mean(metric.name) * scale:.2f}" for r in group)])
            cells = ["  vs baseline", ""]
            for r in group[1:]:
                d = self.difference(r, metric.name)
                assert d is not None
                star = " *" if d.excludes_zero else "  "
                cells.append(f"{d.mean * scale:+.2f} ±{d.half_width * scale:.2f}{star}")
            rows.append(cells)
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = [head]
        for row in rows:
            text = row[0].ljust(widths[0])
            text += "".join(f"  {cell:>{w}}" for cell, w in zip(row[1:], widths[1:], strict=True))
            lines.append(text.rstrip())
        lines.append("* the 95% interval leaves out 0: a difference unlikely to be luck")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        """The report's means and differences as JSON-ready data (the games themselves left
        out); an infinite interval's ends are ``None``."""

        def finite(x: float) -> float | None:
            return x if math.isfinite(x) else None

        out: list[dict[str, object]] = []
        for r in self.results:
            names = [m.name for m in metrics(r.players)]
            diffs: dict[str, object] | None = None
            if r is not self.baseline(r.players):
                diffs = {}
                for name in names:
                    d = self.difference(r, name)
                    assert d is not None
                    diffs[name] = {"mean": d.mean, "low": finite(d.low), "high": finite(d.high)}
            out.append(
                {
                    "label": r.label,
                    "players": r.players,
                    "board": r.rules.board.name,
                    "switches": list(r.rules.switches),
                    "baseline": diffs is None,
                    "games": len(r.games),
                    "means": {name: r.mean(name) for name in names},
                    "differences": diffs,
                }
            )
        return {
            "format": "tigeuph-simulation",
            "version": 1,
            "seed": self.seed,
            "policy": self.policy,
            "results": out,
        }


# --- Running -----------------------------------------------------------------------------------


def describe(rules: Rules, baseline: Rules | None = None) -> str:
    """A short label for *rules*: its board and switches, or what differs from *baseline*.

    >>> describe(Rules(board=ADVANCED, wonder=True))
    'advanced+wonder'
    >>> describe(Rules(buildings=True, wonder=True), baseline=Rules(wonder=True))
    '+buildings'
    """
    if baseline is None:
        return "+".join([rules.board.name, *rules.switches])
    parts = [rules.board.name] if rules.board != baseline.board else []
    for name in SWITCHES:
        on, base = getattr(rules, name), getattr(baseline, name)
        if on != base:
            parts.append(f"{'+' if on else '-'}{name}")
    return "".join(parts) or describe(rules)


_Task: TypeAlias = tuple[Rules, str, tuple[int, ...]]


def _play_seeds(task: _Task) -> tuple[GameTally, ...]:
    """Play the games of *task*: rules, policy, seeds (run in a worker process)."""
    rules, policy, seeds = task
    return tuple(play_game(rules, seed, policy) for seed in seeds)


def simulate(
    rule_sets: Sequence[Rules] | Mapping[str, Rules],
    games: int,
    players: int | Iterable[int] = 3,
    seed: int = 0,
    policy: str = "uniform",
    jobs: int = 1,
) -> Report:
    """Play *games* random games (seeds ``seed`` … ``seed + games - 1``) under each rule set,
    for each player count, and report them; the first rule set is the baseline.

    Labels come from *rule_sets* when it is a mapping, else from :func:`describe`. A rule set's
    ``players`` must be left at its default or agree with every count (as in ``new_game``).
    With ``jobs > 1`` the games are shared among that many processes; the report is the same.

    >>> report = simulate([Rules(), Rules(open_scoring=True)], games=3, players=2)
    >>> [r.label for r in report.results]
    ['standard', '+open_scoring']
    >>> report.difference(report.results[1], "actions")  # random players never read scores
    Difference(mean=0.0, half_width=0.0)

    Raises:
        ValueError: no rule set, fewer than one game or job, a bad player count or policy.
    """
    named = list(rule_sets.items()) if isinstance(rule_sets, Mapping) else _labelled(rule_sets)
    counts = (players,) if isinstance(players, int) else tuple(players)
    if not named:
        raise ValueError("simulate needs at least one rule set (the baseline)")
    if games < 1 or jobs < 1:
        raise ValueError(f"games ({games}) and jobs ({jobs}) must be 1 or more")
    if not counts or any(n not in (2, 3, 4) for n in counts) or len(set(counts)) < len(counts):
        raise ValueError(f"players must be distinct counts among 2, 3 and 4, not {counts}")
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: choose from {', '.join(POLICIES)}")
    default = Rules().players
    plan: list[tuple[str, Rules]] = []
    for n in counts:
        for label, rules in named:
            if rules.players not in (n, default):
                raise ValueError(f"{label}: players={rules.players} disagrees with {n} players")
            plan.append((label, evolve(rules, players=n)))
    # Chunks of seeds keep every process busy to the end; the order of results is kept.
    size = games if jobs == 1 else max(1, min(25, -(-games // (jobs * 4))))
    seeds = range(seed, seed + games)
    tasks: list[_Task] = [
        (rules, policy, tuple(seeds[i : i + size]))
        for _, rules in plan
        for i in range(0, games, size)
    ]
    if jobs == 1:
        chunks = [_play_seeds(task) for task in tasks]
    else:
        with multiprocessing.Pool(jobs) as pool:
            chunks = pool.map(_play_seeds, tasks, chunksize=1)
    per_set = -(-games // size)
    results = []
    for k, (label, rules) in enumerate(plan):
        tallies = tuple(t for chunk in chunks[k * per_set : (k + 1) * per_set] for t in chunk)
        results.append(RuleSetResult(label, rules, tallies))
    return Report(tuple(results), seed, policy)


def _labelled(rule_sets: Sequence[Rules]) -> list[tuple[str, Rules]]:
    if not rule_sets:
        return []
    base = rule_sets[0]
    return [(describe(base), base), *((describe(r, base), r) for r in rule_sets[1:])]


# --- Command line ------------------------------------------------------------------------------

_BOARDS: Final[Mapping[str, Board]] = {"standard": STANDARD, "advanced": ADVANCED}


def _switch_list(text: str) -> tuple[str, ...]:
    """A comma list of switch names (``buildings,wonder``; hyphens or underscores)."""
    names = [part.strip().replace("-", "_") for part in text.split(",") if part.strip()]
    if not names:
        raise argparse.ArgumentTypeError("an empty list of switches")
    for name in names:
        if name not in SWITCHES:
            raise argparse.ArgumentTypeError(
                f"unknown switch {name!r}: choose from {', '.join(SWITCHES)}"
            )
    return tuple(s for s in SWITCHES if s in names)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Play the same seeded random games under a baseline and each compared rule "
        "set, and report what changed, with rough 95% intervals paired by seed. Random players "
        "are not strong players: the figures describe the rules under random play.",
    )
    add = parser.add_argument
    add(
        "--games",
        type=_positive,
        default=1000,
        help="games per rule set and player count (default 1000)",
    )
    add(
        "--players",
        type=int,
        nargs="+",
        default=[3],
        choices=(2, 3, 4),
        help="player counts (default 3)",
    )
    add("--board", default="standard", help="standard, advanced or a board file (.json, .txt)")
    add("--seed", type=int, default=0, help="seed of the first game (default 0)")
    add("--jobs", type=_positive, default=1, help="processes to play on (default 1)")
    add(
        "--policy", choices=POLICIES, default="uniform", help="the random players (default uniform)"
    )
    add(
        "--base",
        type=_switch_list,
        action="append",
        default=[],
        metavar="SWITCH[,SWITCH...]",
        help="switches on in the baseline and in every compared rule set",
    )
    add(
        "--variant",
        type=_switch_list,
        action="append",
        default=[],
        metavar="SWITCH[,SWITCH...]",
        help="a combination of switches to compare with the baseline (repeatable)",
    )
    add(
        "--every-switch",
        action="store_true",
        help="compare each switch alone too (the default without --variant)",
    )
    add("--json", action="store_true", help="print the report as JSON")
    return parser


def _rule_sets(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Rules]:
    """The baseline and the compared rule sets the command line asks for, by label."""
    try:
        board = _BOARDS[args.board] if args.board in _BOARDS else load_board(args.board)
    except (OSError, BoardError) as err:
        parser.error(f"--board: {err}")
    base = {name for names in args.base for name in names}
    baseline = Rules(board=board, **{name: name in base for name in SWITCHES})
    compared: list[tuple[str, ...]] = list(args.variant)
    if args.every_switch or not compared:
        compared += [(name,) for name in SWITCHES if name not in base]
    out = {describe(baseline): baseline}
    for names in compared:
        rules = Rules(board=board, **{name: name in base or name in names for name in SWITCHES})
        if rules == baseline:
            parser.error(f"--variant {','.join(names)}: already on in the baseline (--base)")
        out.setdefault(describe(rules, baseline), rules)
    if len(out) == 1:
        parser.error("nothing to compare: every switch is on in the baseline")
    return out


def main(argv: list[str] | None = None, prog: str = "python -m tigeuph.simulate") -> int:
    """Run the simulation the command line asks for and print its report; return 0."""
    parser = _parser(prog)
    args = parser.parse_args(argv)
    if len(set(args.players)) < len(args.players):
        parser.error("--players: a player count given twice")
    rule_sets = _rule_sets(parser, args)
    total = args.games * len(rule_sets) * len(args.players)
    counts = " ".join(map(str, args.players))
    print(
        f"playing {total} games: {len(rule_sets)} rule sets x {args.games} seeds x players "
        f"{counts}, on {args.jobs} process{'es' * (args.jobs > 1)}...",
        file=sys.stderr,
    )
    start = time.perf_counter()
    report = simulate(rule_sets, args.games, args.players, args.seed, args.policy, args.jobs)
    seconds = time.perf_counter() - start
    jobs = f"{args.jobs} process{'es' * (args.jobs > 1)}"
    timing = f"{total} games in {seconds:.1f} s ({total / seconds:.1f} games/s, {jobs})"
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
        print(timing, file=sys.stderr)
    else:
        print(report.table())
        print(f"\n{timing}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
