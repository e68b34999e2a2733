"""What the subcommands share: reading a position or record file, the rules options, errors.

Every subcommand names the same idea with the same option: ``--players``, ``--seed``,
``--board``, ``--variant``, ``--player`` (whose view), ``--move`` (a point in a record).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..boards import BUILT_IN, find_board
from ..errors import TigeuphError
from ..notation.fields import TITLE
from ..notation.position import from_text
from ..records import Game
from ..ruleset import SWITCHES, Rules
from ..serialise import state_from_json, view_from_json
from ..state import GameState
from ..views import PlayerView

__all__ = [
    "Loaded",
    "add_rules_options",
    "at_move",
    "load",
    "rules_from",
    "switch_list",
]

Loaded = GameState | PlayerView | Game
"""What a file holds: a position, a player's view, or a game (a record)."""


def load(path: str) -> Loaded:
    """The position, view or game in the file at *path* (``-`` reads standard input): position
    notation, a game record, or their JSON documents.

    Raises:
        TigeuphError: the file cannot be read, or holds none of these.
    """
    try:
        if path == "-":
            import sys

            text = sys.stdin.read()
        else:
            text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise TigeuphError(f"cannot read {path}: {err}") from None
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            kind = json.loads(text).get("format")
        except (ValueError, AttributeError):
            kind = None
        if kind == "tigeuph-view":
            return view_from_json(text)
        if kind == "tigeuph-record":
            return Game.from_json(text)
        return state_from_json(text)
    lines = [line.strip() for line in text.splitlines()]
    first = next((line for line in lines if line and not line.startswith("#")), "")
    if first == TITLE:
        return from_text(text)
    return Game.from_record(text)


def at_move(loaded: Loaded, move: int | None) -> tuple[GameState | PlayerView, Game | None]:
    """The position to show: a game's state after *move* actions (its last without one), or
    the position itself; with the game, when there is one.

    Raises:
        TigeuphError: *move* is given for a position, or is out of the game's range.
    """
    if not isinstance(loaded, Game):
        if move is not None:
            raise TigeuphError("--move needs a game record, not a position")
        return loaded, None
    states = loaded.states
    if move is None:
        return states[-1], loaded
    if not 0 <= move < len(states):
        raise TigeuphError(f"--move {move}: the game has moves 0 to {len(states) - 1}")
    return states[move], loaded


def switch_list(text: str) -> tuple[str, ...]:
    """A comma list of variant switches (``buildings,wonder``; hyphens or underscores)."""
    names = [part.strip().replace("-", "_") for part in text.split(",") if part.strip()]
    for name in names:
        if name not in SWITCHES:
            choices = ", ".join(s.replace("_", "-") for s in SWITCHES)
            raise argparse.ArgumentTypeError(f"unknown variant {name!r}: choose from {choices}")
    return tuple(names)


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--board`` and ``--variant``, as every command that starts a game names them."""
    parser.add_argument(
        "--board",
        default="standard",
        help=f"{', '.join(BUILT_IN)}, or a board file (.json or .txt)",
    )
    parser.add_argument(
        "--variant",
        type=switch_list,
        default=(),
        metavar="NAME[,NAME...]",
        help="variants to play: english-reinforcement, buildings, wonder, open-scoring",
    )


def rules_from(args: argparse.Namespace, players: int) -> Rules:
    """The rules ``--board`` and ``--variant`` ask for, for *players* players.

    Raises:
        TigeuphError: the board file cannot be read or played.
    """
    try:
        board = find_board(args.board)
    except OSError as err:
        raise TigeuphError(f"--board: {err}") from None
    switches = {name: name in args.variant for name in SWITCHES}
    return Rules(players=players, board=board, **switches)
