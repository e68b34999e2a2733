"""What the adapters share: their rules from keyword arguments."""

from __future__ import annotations

from typing import Final

from ..core.errors import BoardError
from ..tigris.model.boards import BUILT_IN, load_board
from ..tigris.model.ruleset import Rules

__all__ = ["BOARDS", "make_rules"]

BOARDS: Final = BUILT_IN
"""The boards the adapters know by name: :data:`tigeuph.tigris.model.boards.BUILT_IN`."""


def make_rules(
    players: int,
    board: str,
    *,
    english_reinforcement: bool = False,
    buildings: bool = False,
    wonder: bool = False,
    open_scoring: bool = False,
) -> Rules:
    """Rules from the adapters' keyword arguments: ``board`` is ``"standard"``, ``"advanced"``
    or the path of a board file (``.json`` or ``.txt``, see ``docs/boards.rst``).

    Raises:
        BoardError: *board* is none of these, or its file holds no playable board.
        OSError: the board file cannot be read.
    """
    if board in BOARDS:
        layout = BOARDS[board]
    elif board.lower().endswith((".json", ".txt")):
        layout = load_board(board)
    else:
        raise BoardError(f"board {board!r}: expected {', '.join(BUILT_IN)} or a board file")
    return Rules(
        players=players,
        board=layout,
        english_reinforcement=english_reinforcement,
        buildings=buildings,
        wonder=wonder,
        open_scoring=open_scoring,
    )
