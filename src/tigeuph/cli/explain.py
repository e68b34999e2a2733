"""``tigeuph explain FILE ACTION``: why an action is legal or illegal, and what it would do, in
any game of :data:`tigeuph.GAMES`."""

from __future__ import annotations

import argparse

from ..core.errors import TigeuphError
from .common import at_move, load_game

__all__ = ["add", "run"]

DESCRIPTION = """\
Say in words whether ACTION is legal in the position of FILE, citing the rules, and what it
would cause (in Tigris & Euphrates: points, conflicts with both sides' strengths, tiles and
leaders removed, treasures, whose turn comes next; in Babel: cards moved, temple levels built,
scores, the turn ending, a halving). FILE holds a position or a game record of either game
(--move picks the point, default its end). ACTION is in the game's action notation, e.g. rE5,
KE5, xE5, pass, +2, or >H, #0, A@2, end."""


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
    game, loaded = load_game(args.file)
    position, _, _ = at_move(game, loaded, args.move)
    if not isinstance(position, game.facts.state_type):
        raise TigeuphError("explain needs a full position or record, not a player's view")
    found = game.presentation.explain(position, game.parse_action(args.action))
    print(found)
    return 0 if found.startswith("Legal") else 1
