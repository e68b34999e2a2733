"""What the adapters share: their rules from keyword arguments."""

from __future__ import annotations

from typing import Final

from ..boards import ADVANCED, STANDARD
from ..errors import BoardError
from ..ruleset import Rules

__all__ = ["BOARDS", "make_rules"]

BOARDS: Final = {"standard": STANDARD, "advanced": ADVANCED}
"""The boards the adapters know by name."""


def make_rules(
    players: int,
    board: str,
    *,
    english_reinforcement: bool = False,
    buildings: bool = False,
    wonder: bool = False,
    open_scoring: bool = False,
) -> Rules:
    """Rules from the adapters' keyword arguments: ``board`` names standard or advanced.

    Raises:
        BoardError: *board* is neither.
    """
    if board not in BOARDS:
        raise BoardError(f"board {board!r}: expected one of {', '.join(BOARDS)}")
    return Rules(
        players=players,
        board=BOARDS[board],
        english_reinforcement=english_reinforcement,
        buildings=buildings,
        wonder=wonder,
        open_scoring=open_scoring,
    )
