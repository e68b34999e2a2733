"""Boards by name: the built-in boards of the printed game, the one table of their names, and
board files (spec R2, R29)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Final

from ....core.errors import BoardError, JsonError, LimitError, expect
from ....core.limits import DEFAULT_LIMITS, Limits, check_limits, load_json
from .board import Board
from .formats import board_from_json, board_from_text

__all__ = ["ADVANCED", "BUILT_IN", "STANDARD", "board_name", "find_board", "load_board"]


def load_board(
    path: str | os.PathLike[str], *, name: str | None = None, limits: Limits = DEFAULT_LIMITS
) -> Board:
    """The board in the file *path*: JSON if its name ends in ``.json``, the text grid if it
    ends in ``.txt``; named *name*, or the file's name without its suffix.

    A file over ``limits.max_json_bytes`` (JSON) or ``limits.max_text_bytes`` (a grid) is
    refused from its size, before it is read; JSON is read strictly (no repeated key, no
    nesting deeper than ``limits.max_json_depth``).

    Raises:
        ArgumentTypeError: *path* is not a path, or *name* not a string.
        LimitError: the file is over the limits.
        BoardError: the file is not a board in its format (the message names the file).
        OSError: the file cannot be read.
    """
    expect(path, (str, os.PathLike), "a path (str or os.PathLike)", "load_board: path")
    expect(name, (str, type(None)), "a str or None", "load_board: name")
    limits = check_limits(limits, "load_board")
    path = Path(path)
    name = path.stem if name is None else name
    suffix = path.suffix.lower()
    if suffix not in (".json", ".txt"):
        raise BoardError(f"{path}: a board file ends in .json or .txt, not {suffix or 'nothing'!r}")
    allowed, limit = (
        (limits.max_json_bytes, "max_json_bytes")
        if suffix == ".json"
        else (limits.max_text_bytes, "max_text_bytes")
    )
    with path.open("rb") as file:
        raw = file.read(allowed + 1)
    if len(raw) > allowed:
        raise LimitError(limit, path.stat().st_size, allowed, str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BoardError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    if suffix == ".txt":
        return board_from_text(text, name=name, limits=limits)
    try:
        data = load_json(text, limits, str(path))
    except JsonError as err:
        raise BoardError(f"{path}: {err.reason.removeprefix('not JSON: ')}") from None
    return board_from_json(name, data, limits=limits)


def _load(name: str) -> Board:
    text = resources.files("tigeuph.tigris").joinpath("data/boards.json").read_text("utf-8")
    return board_from_json(name, json.loads(text)[name])


STANDARD: Final = _load("standard")
"""The standard board of the printed game."""

ADVANCED: Final = _load("advanced")
"""The advanced board printed on the back (variant, spec R29)."""

BUILT_IN: Final[Mapping[str, Board]] = MappingProxyType(
    {board.name: board for board in (STANDARD, ADVANCED)}
)
"""The built-in boards by the name every reader and writer gives them (``--board``, the
``rules:`` line, JSON, the server): the one table of board names."""


def board_name(board: Board) -> str | None:
    """The name :data:`BUILT_IN` gives a board of *board*'s layout, or ``None`` for a custom one.

    >>> board_name(ADVANCED), board_name(board_from_text("T.~\\n.T.\\nT.."))
    ('advanced', None)
    """
    return next((name for name, known in BUILT_IN.items() if board == known), None)


def find_board(text: str) -> Board:
    """The built-in board named *text* (a key of :data:`BUILT_IN`), else the board in the file
    at the path *text* (:func:`~tigeuph.load_board`).

    Raises:
        LimitError: the file is over the limits.
        BoardError: the file is not a board in its format.
        OSError: the file cannot be read.
    """
    return BUILT_IN[text] if text in BUILT_IN else load_board(text)
