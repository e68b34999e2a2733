"""Board layouts: rivers, starting temples and special treasures (spec R2)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from attrs import field, frozen

from .cells import BOARD, Bitboard, Cell, cell, cells_of, names, popcount
from .errors import BoardError

__all__ = ["ADVANCED", "STANDARD", "Board", "board_from_json"]


@frozen
class Board:
    """A board layout as data.

    Every starting temple carries a treasure; ``special`` names the treasures a trader's owner
    must take first (spec R25). A board is a plain value: two boards with the same layout are
    equal, whatever their name.
    """

    name: str = field(eq=False)
    river: Bitboard
    temples: Bitboard
    special: Bitboard

    def __attrs_post_init__(self) -> None:
        problems = []
        if self.river & ~BOARD or self.temples & ~BOARD:
            problems.append("a cell lies off the 11x16 board")
        if self.river & self.temples:
            problems.append(f"temples on a river: {', '.join(names(self.river & self.temples))}")
        if self.special & ~self.temples:
            problems.append(
                f"special treasures not on a starting temple: "
                f"{', '.join(names(self.special & ~self.temples))}"
            )
        if problems:
            raise BoardError(f"board {self.name!r}: " + "; ".join(problems))

    def __repr__(self) -> str:
        return f"<Board {self.name!r}: {self.temple_count} temples>"

    @property
    def land(self) -> Bitboard:
        """Every cell that is not river."""
        return BOARD & ~self.river

    @property
    def temple_cells(self) -> list[Cell]:
        """The starting temples, in board order."""
        return cells_of(self.temples)

    @property
    def temple_count(self) -> int:
        """How many starting temples (and treasures) the board has."""
        return popcount(self.temples)


def _cells(data: Any, key: str, board: str) -> Bitboard:
    try:
        out = 0
        for row, col in data[key]:
            out |= 1 << cell(int(row), int(col))
        return out
    except (KeyError, TypeError, ValueError) as err:
        raise BoardError(f"board {board!r}: bad {key!r}: {err}") from None


def board_from_json(name: str, data: Any) -> Board:
    """A :class:`Board` from the ``boards.json`` shape: ``river``, ``temples`` and
    ``special_treasures`` as lists of ``[row, col]`` (0-based, row 0 at the top).

    Raises:
        BoardError: the data is malformed or describes an unplayable board.
    """
    if not isinstance(data, dict):
        raise BoardError(f"board {name!r}: expected an object")
    if (data.get("rows", 11), data.get("cols", 16)) != (11, 16):
        raise BoardError(f"board {name!r}: only 11x16 boards are supported")
    return Board(
        name=name,
        river=_cells(data, "river", name),
        temples=_cells(data, "temples", name),
        special=_cells(data, "special_treasures", name),
    )


def _load(name: str) -> Board:
    text = resources.files(__package__).joinpath("data/boards.json").read_text("utf-8")
    return board_from_json(name, json.loads(text)[name])


STANDARD: Final = _load("standard")
"""The standard board of the printed game."""

ADVANCED: Final = _load("advanced")
"""The advanced board printed on the back (variant, spec R29)."""
