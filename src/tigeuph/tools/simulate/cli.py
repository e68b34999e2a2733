"""The simulator's command line: ``tigeuph simulate [--game babel]`` (or
``python -m tigeuph.tools.simulate``)."""

from __future__ import annotations

import csv
import json
import sys
import time
from pathlib import Path

from ...agents.base import AgentError, AgentSpecError
from ...core.deals import new_seed
from ...core.errors import TigeuphError
from ...games import DEFAULT_GAME, GAMES
from ..ladder.report import rung_note
from ..ladder.results import read_results
from ..ladder.rungs import RUNGS, spec_of
from ..options import Parser, add_rules_options, agent_specs, positive, progress, switches
from .measures import default_players, rule_sets
from .plot import plot
from .report import Report
from .run import LOCAL, rotations, simulate

__all__ = ["main", "write_rows"]


def _parser(prog: str) -> Parser:
    parser = Parser(
        prog=prog,
        description="Play the same seeded games under a baseline and each compared rule set, "
        "and report what changed: means with 95% intervals, each difference paired by seed, "
        "and which differences are significant. With mixed agents every deal is played once "
        "per rotation of the seats, so that wins are reported by agent and by seat. The "
        "report warns when a compared variant came into play in fewer than 5% of games, and "
        "when games stalled.",
        epilog="Example (about 10 minutes on 2 cores): tigeuph simulate --agents greedy "
        "--players 3 --games 1000 --variant wonder --plot wonder.png --csv wonder.csv --jobs 2",
    )
    add = parser.add_argument
    add("--game", choices=tuple(GAMES), default=DEFAULT_GAME, help="the game (default tigris)")
    add(
        "--agents",
        type=agent_specs,
        default=["random"],
        metavar="AGENT[,AGENT...]",
        help="the players, for the first seats and repeated in turn (default random): random, "
        "random:weighted=true, greedy, mcts:iterations=200, module:factory, a bot program "
        "as external:COMMAND, or a ladder rung (search-300...: the report says what the "
        "ladder says of it)",
    )
    add(
        "--ladder",
        metavar="FILE",
        help="the ladder results the report quotes for a rung (default: the published ladder)",
    )
    add(
        "--games",
        type=positive,
        default=1000,
        help="deals per rule set and player count (default 1000); with mixed agents each deal "
        "is played once per rotation of the seats",
    )
    add(
        "--players",
        type=int,
        nargs="+",
        help="player counts (default 3; 2 for a game of two players)",
    )
    add(
        "--seed",
        type=int,
        help="seed of the first game (default: 63 secure random bits, printed in the report)",
    )
    add(
        "--base",
        type=switches,
        action="append",
        default=[],
        metavar="SWITCH[,SWITCH...]",
        help="switches on in the baseline and in every compared rule set",
    )
    add_rules_options(
        parser,
        repeat=True,
        variant_help="a combination of switches to compare with the baseline, repeatable",
    )
    add(
        "--every-switch",
        action="store_true",
        help="compare each switch alone too (the default without --variant)",
    )
    add("--jobs", type=positive, default=1, help="processes to play on (default 1)")
    add(
        "--dask",
        nargs="?",
        const=LOCAL,
        metavar="ADDRESS",
        help="play on a Dask cluster: a local one, or the scheduler at ADDRESS (tcp://host:8786)",
    )
    add("--json", action="store_true", help="print the report as JSON instead of a table")
    add("--csv", metavar="FILE", help="write one row per game as CSV")
    add("--jsonl", metavar="FILE", help="write one JSON line per game")
    add("--plot", metavar="FILE", help="draw the comparison (PNG, SVG or PDF; the plot extra)")
    add("-q", "--quiet", action="store_true", help="no progress bar")
    return parser


def write_rows(report: Report, path: str, *, as_json_lines: bool = False) -> None:
    """Write one row per game of *report* (:meth:`~tigeuph.tools.simulate.Report.rows`) to *path*:
    CSV with a header, or JSON lines."""
    rows = list(report.rows())
    with Path(path).open("w", encoding="utf-8", newline="") as out:
        if as_json_lines:
            for row in rows:
                out.write(json.dumps(row) + "\n")
        elif rows:
            writer = csv.DictWriter(out, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)


def main(argv: list[str] | None = None, prog: str = "tigeuph simulate") -> int:
    """Run the simulation the command line asks for and print its report; the exit status (2
    for a bad command line, 1 when an agent fails or a file cannot be written)."""
    parser = _parser(prog)
    args = parser.parse_args(argv)
    game = GAMES[args.game]
    args.players = args.players or [default_players(game)]
    for n in args.players:
        if n not in game.facts.players:
            counts = ", ".join(map(str, game.facts.players))
            parser.error(f"argument --players: invalid choice: {n} (choose from {counts})")
    if len(set(args.players)) < len(args.players):
        parser.error("--players: a player count given twice")
    if args.dask is not None and args.jobs > 1:
        parser.error("--dask and --jobs: the cluster decides how many processes play")
    try:
        # A search rung is named so that the report says what the ladder says of it; random
        # and greedy (agents' names too) only when a ladder file is given.
        rungs = [
            a
            for a in dict.fromkeys(args.agents)
            if a in RUNGS and (RUNGS[a].spec != a or args.ladder is not None)
        ]
        args.agents = [spec_of(a) for a in args.agents]
        ladders = None if args.ladder is None else read_results(args.ladder)
    except AgentSpecError as err:
        parser.error(f"--agents: {err}")
    except TigeuphError as err:
        parser.error(f"--ladder: {err}")
    compared = rule_sets(game, parser.error, args)
    total = sum(args.games * len(compared) * rotations(args.agents, n) for n in args.players)
    where = f"Dask ({args.dask})" if args.dask else f"{args.jobs} process{'es' * (args.jobs > 1)}"
    try:
        start = time.perf_counter()
        with progress(total, f"{total} games", show=not args.quiet) as advance:
            report = simulate(
                compared,
                args.games,
                args.players,
                new_seed() if args.seed is None else args.seed,
                args.agents,
                args.jobs,
                args.dask,
                on_progress=advance,
                game=args.game,
            )
        seconds = time.perf_counter() - start
        if args.csv:
            write_rows(report, args.csv)
        if args.jsonl:
            write_rows(report, args.jsonl, as_json_lines=True)
        if args.plot:
            plot(report, args.plot)
    except AgentSpecError as err:
        parser.error(f"--agents: {err}")
    except (AgentError, TigeuphError, OSError) as err:
        print(f"{prog}: error: {err}", file=sys.stderr)
        return 1
    timing = f"{total} games in {seconds:.1f} s ({total / seconds:.2f} games/s, {where})"
    notes = [
        rung_note(r, args.game, n, ladders)
        + (f" (played as {RUNGS[r].spec})" if RUNGS[r].spec != r else "")
        for r in rungs
        for n in args.players
    ]
    if args.json:
        print(json.dumps({**report.to_json(), "rungs": notes}, indent=2))
        print(timing, file=sys.stderr)
    else:
        print(report.table())
        if notes:
            print("\nThe ladder's rungs that played:\n" + "\n".join(f"  {n}" for n in notes))
        print(f"\n{timing}")
    return 0
