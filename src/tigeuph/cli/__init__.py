"""The ``tigeuph`` command (also ``python -m tigeuph``): one entry point, a subcommand per job.

=======================  ==================================================================
``tigeuph play``         a game in the terminal against agents, or agents watched
``tigeuph render``       a position or a point of a game as an SVG or PNG picture
``tigeuph explain``      why an action is legal or illegal, and what it would do
``tigeuph replay``       step through a game record
``tigeuph verify``       check that a game record was dealt as its server promised
``tigeuph serve``        the game server and the browser board
``tigeuph casebook``     play the rules casebook's cases, or your own
``tigeuph docs``         build the documentation site, and serve it
``tigeuph engine``       a tigeuph player served to other programs over the bot protocol
``tigeuph engine-check`` whether a bot program speaks the bot protocol
``tigeuph simulate``     compare variants over many seeded random games
``tigeuph arena``        a tournament between agents
``tigeuph ladder``       the strength ladder: rungs ranked, your own player placed on it
``tigeuph soak``         random games checking every invariant
``tigeuph bench``        the engine's speed
``tigeuph perft``        the sequences of legal actions from a seeded start, counted
=======================  ==================================================================

Each subcommand is a thin layer over a public function. Bad input is one line on standard
error and exit status 2; an illegal action asked of ``explain`` exits 1, and so does a deal
that ``verify`` cannot match to its commitment. Every file read goes through
:func:`~tigeuph.cli.common.read_file`, within the library's :class:`~tigeuph.Limits`.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from ..core.errors import TigeuphError
from . import casebook, docs, engine, explain, play, render, replay, serve, verify
from .tools import TOOLS, run_tool

__all__ = ["main", "parser"]

_DESCRIPTION = """\
Tigris & Euphrates: play a game in the terminal, draw positions, explain the rules' answers,
replay games, verify a server's deal, and run the simulator, tournaments and checks.
'tigeuph COMMAND --help' says more about each command."""


class _Parser(argparse.ArgumentParser):
    """A parser whose complaint is one line (``tigeuph play: error: ...``), without the usage
    block, which ``--help`` gives."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    """The command line's parser (without the tools, which read their own options)."""
    top = _Parser(
        prog="tigeuph",
        description=_DESCRIPTION,
        epilog="Start with: tigeuph play",
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (play, render, explain, replay, verify, serve, casebook, docs, engine):
        module.add(commands)
    for name, (text, _) in TOOLS.items():
        commands.add_parser(name, help=text, add_help=False)
    return top


def main(argv: list[str] | None = None) -> int:
    """Run the command line *argv* (``sys.argv[1:]`` by default); the exit status."""
    args_list = sys.argv[1:] if argv is None else list(argv)
    try:
        if args_list and args_list[0] in TOOLS:
            return run_tool(args_list[0], args_list[1:])
        if not args_list:
            parser().print_help()
            return 0
        args = parser().parse_args(args_list)
        status: int = args.run(args)
        return status
    except TigeuphError as err:
        print(f"tigeuph: error: {err}", file=sys.stderr)
        return 2
    except SystemExit as done:  # argparse: --help, or one line on bad options
        return done.code if isinstance(done.code, int) else 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
