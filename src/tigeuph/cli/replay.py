"""``tigeuph replay RECORD``: step through a game record in the terminal."""

from __future__ import annotations

import argparse

from ..errors import TigeuphError
from ..records import Game
from .common import load

__all__ = ["add", "run"]

DESCRIPTION = """\
Step through a game record (text or JSON) in the terminal: Enter shows the next action, b goes
back, a number jumps to that move, q quits. --player shows what that seat saw (his own hand,
the others' as counts). Needs the cli extra (pip install 'tigeuph[cli]')."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand."""
    parser = commands.add_parser(
        "replay", help="step through a game record", description=DESCRIPTION
    )
    parser.add_argument("record", metavar="RECORD", help="a game record ('-': stdin)")
    parser.add_argument(
        "--move", type=int, metavar="N", default=0, help="start after this many actions"
    )
    parser.add_argument("--player", type=int, metavar="N", help="show what this seat saw")
    parser.add_argument(
        "--all", action="store_true", help="print every position to the end without waiting"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Replay the record."""
    from ..terminal.replay import replay_in_terminal

    game = load(args.record)
    if not isinstance(game, Game):
        raise TigeuphError(f"{args.record} holds a position, not a game record")
    if args.player is not None and not 0 <= args.player < game.state.players:
        raise TigeuphError(
            f"--player {args.player}: the game has seats 0 to {game.state.players - 1}"
        )
    every = args.all or args.record == "-"
    replay_in_terminal(game, start=args.move, player=args.player, every=every)
    return 0
