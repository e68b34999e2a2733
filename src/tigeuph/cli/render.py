"""``tigeuph render FILE -o OUT``: a picture of a position, a view or a point in a game, of any
game of :data:`tigeuph.GAMES`, drawn by the game's own ``picture``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..core.errors import TigeuphError
from ..core.svg.png import to_png
from ..games import GAMES, AnyGame
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

The aids a game's pictures offer are flags, each off unless asked (their help names the
games that draw them); a game refuses an aid it does not draw.

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
    for name, (words, titles) in _offered().items():
        parser.add_argument(
            f"--{name}", action="store_true", dest=_dest(name), help=f"{words} ({titles})"
        )
    parser.set_defaults(run=run)


def _offered() -> dict[str, tuple[str, str]]:
    """Each aid some game's pictures draw: what it shows (as the first game offering it says)
    and the titles of the games offering it."""
    offered: dict[str, tuple[str, list[str]]] = {}
    for game in GAMES.values():
        for name, words in game.presentation.aids.items():
            offered.setdefault(name, (words, []))[1].append(game.facts.title)
    return {name: (words, ", ".join(titles)) for name, (words, titles) in offered.items()}


def _dest(name: str) -> str:
    return f"aid_{name.replace('-', '_')}"


def _aids(args: argparse.Namespace, game: AnyGame) -> tuple[str, ...]:
    """The aids asked for, each one *game* draws.

    Raises:
        TigeuphError: a flag asks for an aid the game does not draw.
    """
    asked = tuple(name for name in _offered() if getattr(args, _dest(name), False))
    refused = [f"--{name}" for name in asked if name not in game.presentation.aids]
    if refused:
        own = ", ".join(f"--{name}" for name in game.presentation.aids)
        has = f"its aids: {own}" if own else "it draws none"
        raise TigeuphError(f"{', '.join(refused)}: {game.facts.title} draws no such aid ({has})")
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
    picture = game.presentation.picture(
        position,
        size=args.size,
        last=last,
        before=before,
        coordinates=not args.no_coordinates,
        aids=_aids(args, game),
    )
    if suffix == ".png":
        _write(out, to_png(picture))
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
        aids=_aids(args, game),
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
