"""``tigeuph render FILE -o OUT``: a picture of a position, a view or a point in a game, of any
game of :data:`tigeuph.GAMES`, drawn by the game's own ``picture``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..core.errors import TigeuphError
from ..games import AnyGame
from ..tigris import pictures as svg
from .animation import frames, to_html, to_svg
from .common import at_move, load_game

__all__ = ["add", "run"]

DESCRIPTION = """\
Draw a position as a picture, in any game: for Tigris & Euphrates the board, every piece, and
each seat's points, treasures and hand; for Babel both players' temples, columns, rows and
hands. FILE holds a position (position notation or JSON), a player's view (JSON) or a game
record, text or JSON; its game is the one it names. For a record, --move picks the point in
the game (default: its end) and the last action played is marked. --player draws what that
seat may see: his own hand, the others' as counts. Write .svg, or .png with the png extra
(pip install 'tigeuph[png]').

The main game's aids, each off unless asked: --kingdoms tints each kingdom under its tiles,
--strengths writes each leader's strength in a war on him, --unions marks the empty cells
where a tile would join two kingdoms, --sites frames the squares where a monument could
stand.

--animate draws a whole record, move by move, each move's action marked and what it did
written under it: to .html, a page that steps through the moves (buttons, a slider, the arrow
keys, a play button), or to .svg, an animation that plays once through, --delay seconds a
move."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``render`` subcommand."""
    parser = commands.add_parser(
        "render",
        help="draw a position or a point of a game as SVG or PNG",
        description=DESCRIPTION,
    )
    parser.add_argument("file", metavar="FILE", help="a position, view or game record ('-': stdin)")
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="the picture to write: .svg or .png (with --animate: .html or .svg)",
    )
    parser.add_argument(
        "--move", type=int, metavar="N", help="for a record: the position after this many actions"
    )
    parser.add_argument("--player", type=int, metavar="N", help="draw only what this seat may see")
    parser.add_argument(
        "--size", type=int, metavar="PIXELS", default=600, help="width in pixels (default 600)"
    )
    parser.add_argument(
        "--animate",
        action="store_true",
        help="draw every move of a record: an .html page that steps through them, or an "
        ".svg animation",
    )
    parser.add_argument(
        "--delay",
        type=float,
        metavar="SECONDS",
        default=1.5,
        help="with --animate: how long each move shows when played (default 1.5)",
    )
    parser.add_argument(
        "--no-coordinates",
        action="store_true",
        help="leave out the column letters and row numbers (Babel: the card indices)",
    )
    for flag, words in _AIDS.items():
        parser.add_argument(f"--{flag}", action="store_true", help=f"main game: {words}")
    parser.set_defaults(run=run)


_AIDS = {
    "kingdoms": "tint each kingdom under its tiles",
    "strengths": "write each leader's strength in a war on him",
    "unions": "mark the empty cells where a tile would join two kingdoms",
    "sites": "frame the squares of one colour where a monument could stand",
}


def _aids(args: argparse.Namespace, game: AnyGame) -> dict[str, bool]:
    """The aids asked for; only the main game draws them."""
    asked = {name: bool(getattr(args, name, False)) for name in _AIDS}
    if any(asked.values()) and game.facts.name != "tigris":
        flags = ", ".join(f"--{name}" for name, on in asked.items() if on)
        raise TigeuphError(f"{flags}: aids of the main game's board, not of {game.facts.title}")
    return asked


def run(args: argparse.Namespace) -> int:
    """Write the picture the arguments ask for."""
    out = Path(args.output)
    suffix = out.suffix.lower()
    if args.animate:
        return _animate(args, out, suffix)
    if suffix not in (".svg", ".png"):
        raise TigeuphError(f"{args.output}: the picture must end in .svg or .png")
    game, loaded = load_game(args.file)
    position, last, before = at_move(game, loaded, args.move)
    if args.player is not None:
        position = _seen_by(game, position, args.player)
    coordinates = not args.no_coordinates
    aids = _aids(args, game)
    if any(aids.values()):
        arrows = () if before is None or last is None else svg.leader_arrows(before, last)
        picture = svg.board(
            position,
            size=args.size,
            lastmove=last,
            arrows=arrows,
            before=before,
            coordinates=coordinates,
            kingdoms=aids["kingdoms"],
            strengths=aids["strengths"],
            unions=aids["unions"],
            sites=aids["sites"],
        )
    else:
        picture = game.presentation.picture(
            position, size=args.size, last=last, before=before, coordinates=coordinates
        )
    if suffix == ".png":
        _write(out, svg.to_png(picture))
    else:
        _write(out, (picture + "\n").encode())
    return 0


def _animate(args: argparse.Namespace, out: Path, suffix: str) -> int:
    """Write the animation of a whole record."""
    if suffix not in (".html", ".svg"):
        raise TigeuphError(f"{args.output}: an animation must end in .html or .svg")
    if args.move is not None:
        raise TigeuphError("--animate draws every move: leave out --move")
    if not args.delay > 0:
        raise TigeuphError(f"--delay {args.delay}: a move shows for some seconds, more than 0")
    game, loaded = load_game(args.file)
    if not isinstance(loaded, game.facts.record_type):
        raise TigeuphError("--animate needs a game record, not a position")
    if args.player is not None:
        _seen_by(game, loaded.states[0], args.player)  # a seat of the game
    shown = frames(
        game,
        loaded,
        size=args.size,
        player=args.player,
        coordinates=not args.no_coordinates,
    )
    if suffix == ".svg":
        _write(out, (to_svg(shown, delay=args.delay) + "\n").encode())
    else:
        title = f"{game.facts.title}: {len(shown) - 1} moves"
        _write(out, to_html(shown, title=title, delay=args.delay).encode())
    return 0


def _write(out: Path, data: bytes) -> None:
    try:
        out.write_bytes(data)
    except OSError as err:
        raise TigeuphError(f"cannot write {out}: {err}") from None


def _seen_by(game: AnyGame, position: Any, player: int) -> Any:
    """What seat *player* may see of *position*, a state.

    Raises:
        TigeuphError: *position* already is a view, or *player* is no seat of its game.
    """
    if isinstance(position, game.facts.view_type):
        raise TigeuphError("--player: the file already is a player's view")
    seats = game.player_count(position)
    if not 0 <= player < seats:
        raise TigeuphError(f"--player {player}: the game has seats 0 to {seats - 1}")
    return game.view(position, player)
