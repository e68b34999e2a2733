"""``tigeuph engine --agent SPEC`` serves one of tigeuph's players over the bot protocol on
standard input and output; ``tigeuph engine-check COMMAND`` checks that a bot speaks it
(``docs/protocol.rst``)."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import TigeuphError

__all__ = ["add", "run_check", "run_engine"]

ENGINE_DESCRIPTION = """\
Serve one of tigeuph's players over the bot protocol (docs/protocol.rst): the host (a
tournament manager, a GUI, another program) writes one JSON message a line to standard input
and reads the player's answers on standard output, game after game, until 'quit' or the end
of its input. Any agent tigeuph names plays: random, greedy, mcts with its options
(mcts:iterations=400,seconds=1), module:factory."""

CHECK_DESCRIPTION = """\
Check that a bot speaks the bot protocol (docs/protocol.rst): start COMMAND (split as a shell
splits words; no shell runs it) and run its handshake, a whole game of each game it plays at
seats 0 and 1 against tigeuph's random player, a game its opponent forfeits by an illegal
answer (the bot must play on), a few decisions with little time, and quit. One PASS or FAIL
line a check; exit status 0 when every check passed, 1 otherwise."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``engine`` and ``engine-check`` subcommands."""
    engine = commands.add_parser(
        "engine",
        help="serve a tigeuph player to other programs over the bot protocol",
        description=ENGINE_DESCRIPTION,
    )
    engine.add_argument(
        "--agent",
        default="greedy",
        metavar="SPEC",
        help="the player: random, greedy, mcts[:OPTIONS], module:factory (default greedy)",
    )
    engine.set_defaults(run=run_engine)
    check = commands.add_parser(
        "engine-check",
        help="check that a bot program speaks the bot protocol",
        description=CHECK_DESCRIPTION,
    )
    check.add_argument("command", metavar="COMMAND", help='the bot\'s command, e.g. "node bot.js"')
    check.add_argument(
        "--move-time",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="each decision's time limit in the games (default 10)",
    )
    check.add_argument(
        "--tight-time",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="each decision's time limit in the timeout check (default 0.5)",
    )
    check.set_defaults(run=run_check)


def run_engine(args: argparse.Namespace) -> int:
    """Serve the agent until the host quits."""
    from ..agents import make_agent
    from ..agents.serving import serve_agent

    if args.agent.strip().startswith("external:"):
        raise TigeuphError("--agent: tigeuph engine serves tigeuph's own players, not external:")
    agent = make_agent(args.agent)
    return serve_agent(
        agent,
        f"tigeuph {args.agent}",
        source=sys.stdin.buffer,
        sink=sys.stdout.buffer,
        log=sys.stderr,
    )


def run_check(args: argparse.Namespace) -> int:
    """Run the checks, a line each; 0 when all passed."""
    from ..agents.conformance import check_bot

    checks = check_bot(
        args.command,
        move_time=args.move_time,
        tight_time=args.tight_time,
        on_check=lambda check: print(check, flush=True),
    )
    passed = all(check.passed for check in checks)
    print(f"{args.command}: {'conforms' if passed else 'does not conform'}", flush=True)
    return 0 if passed else 1
