"""The arena: ``tigeuph arena --agents greedy,mcts --players 2 --games 200`` (or
``python -m tigeuph.tools.arena``).

Plays a tournament (:func:`tigeuph.agents.tournament.tournament`: seats rotated, deals paired),
shows a progress bar, prints each agent's win rate with its 95% Wilson interval, its Elo-style
rating and its seconds per move, and writes every game as a record for later replay
(``--records games.txt`` one file, ``--records games/`` a directory of files). A user's own
agent is named ``module:factory`` (``docs/agents.rst``), a bot program in any language
``external:COMMAND`` (``docs/protocol.rst``). Needs the ``cli`` extra (rich) for
its progress bar.

    tigeuph arena --agents greedy,random --games 100
    tigeuph arena --agents greedy,mcts:seconds=1 --players 3 --games 30 --jobs 2
    tigeuph arena --agents mypkg.bots:make,greedy --variant buildings,wonder
    tigeuph arena --game babel --agents greedy,random --games 100
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Sequence
from pathlib import Path

from ..agents.base import AgentError, AgentSpecError
from ..agents.factory import AGENT_NAMES, make_agent
from ..agents.tournament import AgentResult, GameResult, standings, tournament
from ..core.deals import new_seed
from ..core.errors import TigeuphError
from ..games import GAMES, game_named
from .options import Parser, add_rules_options, agent_specs, positive, progress, rule_settings
from .warm import warm_up

__all__ = ["main", "table", "write_records"]


def table(results: Sequence[AgentResult], players: int) -> str:
    """The standings as a text table, best rating first."""
    width = max([32, *(len(r.spec) for r in results)])  # an external bot's command is long
    lines = [
        f"{'agent':<{width}} {'seats':>6} {'wins':>7} {'win rate':>9} {'95% interval':>15} "
        f"{'Elo':>6} {'s/move':>8}"
    ]
    for r in sorted(results, key=lambda r: -r.rating):
        interval = f"{r.low:.1%}-{r.high:.1%}"
        lines.append(
            f"{r.spec:<{width}} {r.seats:>6} {r.wins:>7g} {r.win_rate:>9.1%} {interval:>15} "
            f"{r.rating:>6.0f} {r.seconds_per_move:>8.3f}"
        )
    lines.append(
        f"(a win rate is a share of seats ranked first; a fair share is {1 / players:.1%})"
    )
    return "\n".join(lines)


def write_records(where: str, results: Sequence[GameResult]) -> None:
    """Write each game's record: into *where* as ``game-0001.txt``... when it is a directory
    (or ends with a slash), else all into the file *where*, one after another
    (:func:`~tigeuph.agents.tournament.read_records` reads them back)."""
    path = Path(where)
    if path.is_dir() or where.endswith(("/", "\\")):
        path.mkdir(parents=True, exist_ok=True)
        for n, result in enumerate(results, 1):
            (path / f"game-{n:04d}.txt").write_text(result.record, encoding="utf-8")
    else:
        path.write_text("\n".join(r.record for r in results), encoding="utf-8")


def _save(where: str | None, results: Sequence[GameResult]) -> bool:
    """Write the records where ``--records`` says, if it says; whether that went well (a
    file that cannot be written is said in one line on stderr)."""
    if where is None:
        return True
    try:
        write_records(where, results)
    except OSError as err:
        print(f"error: --records {where}: {err.strerror or err}", file=sys.stderr)
        return False
    return True


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = Parser(
        prog=prog,
        description="Pit agents against each other: seats rotated, deals paired, win rates "
        "with 95%% Wilson intervals, Elo-style ratings, every game written as a record.",
        epilog=f"Built-in agents: {', '.join(AGENT_NAMES)} (e.g. random:weighted=true, "
        "mcts:iterations=400, mcts:seconds=1.5); your own as module:factory[:name=value,...]; "
        'a bot program as external:COMMAND (external:"node bot.js", docs/protocol.rst).',
    )
    add = parser.add_argument
    add(
        "--agents",
        type=agent_specs,
        required=True,
        metavar="AGENT,AGENT[,...]",
        help="the agents; with fewer agents than seats they fill the seats in turn",
    )
    titles = ", ".join(f"{name} ({game.facts.title})" for name, game in GAMES.items())
    add("--game", choices=tuple(GAMES), default=GAMES.default, help=f"the game: {titles}")
    counts = sorted({n for game in GAMES.values() for n in game.facts.players})
    add(
        "--players",
        type=int,
        choices=counts,
        help="seats a game, as many as the game takes (default: its usual number, 2)",
    )
    add(
        "--games",
        type=positive,
        default=100,
        help="games to play, rounded up to whole rotations of the seats (default 100)",
    )
    add(
        "--seed",
        type=int,
        help="deal of the first rotation (default: 63 secure random bits, printed at the end)",
    )
    add_rules_options(parser, repeat=True)
    add("--jobs", type=positive, default=1, help="processes to play on (default 1)")
    add("-q", "--quiet", action="store_true", help="no progress bar")
    add("--records", metavar="PATH", help="write every game: a file, or a directory/")
    return parser


def main(argv: list[str] | None = None, prog: str = "python -m tigeuph.tools.arena") -> int:
    """Run the tournament the command line asks for; 0 on success, 1 on an error (one line on
    stderr), 2 on a bad command line."""
    parser = _parser(prog)
    args = parser.parse_args(argv)
    game = game_named(args.game)
    players: int = game.facts.default_players if args.players is None else args.players
    if players not in game.facts.players:
        counts = ", ".join(map(str, game.facts.players))
        parser.error(f"--players: {game.facts.title} takes {counts} players, not {players}")
    switched = sorted({name for names in args.variant for name in names})
    try:
        settings = rule_settings(game, args, switched)
    except TigeuphError as err:
        parser.error(str(err))
    specs: list[str] = args.agents
    seed: int = new_seed() if args.seed is None else args.seed
    try:
        rules = game.variants.rules_for(game.variants.make_rules(settings), players)
        for spec in specs:
            make_agent(spec, game=args.game)
        games = -(-args.games // players) * players
        if args.jobs > 1 and multiprocessing.get_start_method() == "fork":
            warm_up()  # the engine's tables, built once here, shared by the forked workers
        results: list[GameResult] = []
        with progress(games, f"{games} games", show=not args.quiet) as advance:

            def done(result: GameResult) -> None:
                results.append(result)
                advance(1)

            tournament(
                specs,
                players=players,
                games=games,
                seed=seed,
                rules=rules,
                jobs=args.jobs,
                on_result=done,
                game=args.game,
            )
    except AgentSpecError as err:
        parser.error(str(err))
    except AgentError as err:
        print(f"error: {err}", file=sys.stderr)
        _save(args.records, results)
        return 1
    except TigeuphError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if not _save(args.records, results):
        return 1
    print(table(standings(specs, results), players))
    print(f"{len(results)} games, {players} players, seeds from {seed}")
    stopped = sum(r.stopped is not None for r in results)
    if stopped:
        print(
            f"{stopped} of {len(results)} games did not end (stalled, spec D8, or at the action "
            "bound) and were ranked as they stood: their records say so"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
