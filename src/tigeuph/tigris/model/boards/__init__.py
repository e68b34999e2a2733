"""Board layouts as data: size, rivers, starting temples and special treasures (spec R2).

A designer writes a board as JSON (the shape of ``data/boards.json``) or as a text grid and
plays it with ``Rules(board=...)``. :class:`Board` refuses, naming the cells, any layout the
engine could not play, so a bad map fails when it is loaded, not in the middle of a game.

The package holds one idea a module: the :class:`Board` value and its checks
(``boards.board``), the JSON and text formats (``boards.formats``), and the built-in boards
with the one table of their names, :data:`BUILT_IN`, and board files (``boards.files``).
"""

from .board import CUSTOM, MIN_TEMPLES, RED_TILES, Board, rectangle
from .files import ADVANCED, BUILT_IN, STANDARD, board_name, find_board, load_board
from .formats import board_from_json, board_from_text, board_to_json, board_to_text

__all__ = [
    "ADVANCED",
    "BUILT_IN",
    "CUSTOM",
    "MIN_TEMPLES",
    "RED_TILES",
    "STANDARD",
    "Board",
    "board_from_json",
    "board_from_text",
    "board_name",
    "board_to_json",
    "board_to_text",
    "find_board",
    "load_board",
    "rectangle",
]
