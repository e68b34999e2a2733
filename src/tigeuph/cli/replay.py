"""``tigeuph replay RECORD``: step through a game record, of any game, in the terminal."""

from __future__ import annotations

import argparse

from ..core.errors import TigeuphError
from .common import load_game

__all__ = ["add", "run"]

DESCRIPTION = """\
Step through a game record (text or JSON, of either game) in the terminal: Enter shows the
next action, b goes back, a number jumps to that move, q quits. --player shows what that seat
saw (his own hand, the others' as counts). Needs the cli extra (pip install 'tigeuph[cli]')."""


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

    game, record = load_game(args.record)
    if not isinstance(record, game.facts.record_type):
        raise TigeuphError(f"{args.record} holds a position, not a game record")
    players = game.player_count(record.state)
    if args.player is not None and not 0 <= args.player < players:
        raise TigeuphError(f"--player {args.player}: the game has seats 0 to {players - 1}")
    every = args.all or args.record == "-"
    replay_in_terminal(record, start=args.move, player=args.player, every=every)
    return 0
