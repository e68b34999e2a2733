"""``tigeuph explain FILE ACTION``: why an action is legal or illegal, and what it would do."""

from __future__ import annotations

import argparse

from ..action_text import parse_action
from ..errors import TigeuphError
from ..explain import explain
from ..views import PlayerView
from .common import at_move, load

__all__ = ["add", "run"]

DESCRIPTION = """\
Say in words whether ACTION is legal in the position of FILE, citing the rules, and what it
would cause: points, conflicts with both sides' strengths, tiles and leaders removed, treasures,
whose turn comes next. FILE holds a position or a game record (--move picks the point, default
its end). ACTION is in action notation, e.g. rE5, KE5, xE5, pass, +2."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``explain`` subcommand."""
    parser = commands.add_parser(
        "explain", help="say why an action is legal or illegal", description=DESCRIPTION
    )
    parser.add_argument("file", metavar="FILE", help="a position or game record ('-': stdin)")
    parser.add_argument("action", metavar="ACTION", help="an action in action notation")
    parser.add_argument(
        "--move", type=int, metavar="N", help="for a record: after this many actions"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the explanation; exit 0 when the action is legal, 1 when it is not."""
    position, _ = at_move(load(args.file), args.move)
    if isinstance(position, PlayerView):
        raise TigeuphError("explain needs a full position or record, not a player's view")
    found = explain(position, parse_action(args.action))
    print(found)
    return 0 if found.legal else 1
