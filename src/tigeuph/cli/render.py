"""``tigeuph render FILE -o OUT``: a picture of a position, a view or a point in a game."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import svg
from ..errors import TigeuphError
from ..views import PlayerView, view
from .common import at_move, load

__all__ = ["add", "run"]

DESCRIPTION = """\
Draw a position as a picture: the board, every piece, and each seat's points, treasures and
hand. FILE holds a position (position notation or JSON), a player's view (JSON) or a game
record; for a record, --move picks the point in the game (default: its end) and the last action
played is marked. --player draws what that seat may see: his own hand, the others' as counts.
Write .svg, or .png with the png extra (pip install 'tigeuph[png]')."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``render`` subcommand."""
    parser = commands.add_parser(
        "render",
        help="draw a position or a point of a game as SVG or PNG",
        description=DESCRIPTION,
    )
    parser.add_argument("file", metavar="FILE", help="a position, view or game record ('-': stdin)")
    parser.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="the picture to write: .svg or .png"
    )
    parser.add_argument(
        "--move", type=int, metavar="N", help="for a record: the position after this many actions"
    )
    parser.add_argument("--player", type=int, metavar="N", help="draw only what this seat may see")
    parser.add_argument(
        "--size", type=int, metavar="PIXELS", default=600, help="width in pixels (default 600)"
    )
    parser.add_argument(
        "--no-coordinates", action="store_true", help="leave out the column letters and row numbers"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the picture the arguments ask for."""
    out = Path(args.output)
    suffix = out.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise TigeuphError(f"{args.output}: the picture must end in .svg or .png")
    position, game = at_move(load(args.file), args.move)
    lastmove = arrows = None
    if game is not None:
        index = len(game.states) - 1 if args.move is None else args.move
        if index > 0:
            lastmove = game.actions[index - 1]
            arrows = svg.leader_arrows(game.states[index - 1], lastmove)
    if args.player is not None:
        if isinstance(position, PlayerView):
            raise TigeuphError("--player: the file already is a player's view")
        try:
            position = view(position, args.player)
        except ValueError as err:
            raise TigeuphError(f"--player: {err}") from None
    picture = svg.board(
        position,
        size=args.size,
        lastmove=lastmove,
        arrows=arrows or (),
        coordinates=not args.no_coordinates,
    )
    try:
        if suffix == ".png":
            out.write_bytes(svg.to_png(picture))
        else:
            out.write_text(picture + "\n", encoding="utf-8")
    except OSError as err:
        raise TigeuphError(f"cannot write {out}: {err}") from None
    return 0
