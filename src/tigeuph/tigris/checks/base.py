"""What every check of :func:`~tigeuph.check_state` shares: naming cells and leaders, and a
fresh reading of the board for the rule functions to work on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs
from attrs import frozen

from ..model.cells import CELLS, Bitboard, Cell, cell_name
from ..model.pieces import Colour
from ..model.state import GameState
from ..model.work import Work

__all__ = [
    "BOARD_CELLS",
    "Scene",
    "area",
    "cells_text",
    "colours_text",
    "fresh",
    "leader_cells",
    "leader_name",
    "name",
]

BOARD_CELLS: Final = frozenset(CELLS)
"""Every cell of the 11 x 16 grid: a cell outside it is a malformed value, not a position."""


def area(state: GameState) -> Bitboard:
    """The cells of the state's board (a custom board may be smaller than 11 x 16)."""
    return state.rules.board.cells


def name(c: Cell) -> str:
    """The cell's name, or the number itself when it is no cell of the grid."""
    return cell_name(c) if c in BOARD_CELLS else str(c)


def leader_cells(state: GameState) -> list[tuple[int, Colour, Cell]]:
    """``(seat, colour, cell)`` of every leader on the board."""
    return [
        (seat, Colour(colour), c)
        for seat, row in enumerate(state.leaders)
        for colour, c in enumerate(row)
        if c is not None
    ]


def leader_name(seat: int, colour: Colour) -> str:
    return f"seat {seat}'s {colour.leader}"


def colours_text(colours: Sequence[Colour]) -> str:
    return ", ".join(colour.name.lower() for colour in colours) or "no colour"


def cells_text(cells: Sequence[Cell]) -> str:
    return ", ".join(name(c) for c in cells) or "no cell"


def fresh(state: GameState) -> Work:
    """A scratch copy of *state* for the rule functions to read, its kingdoms computed afresh:
    a stale cached analysis must not hide a problem."""
    return Work(attrs.evolve(state))  # evolve copies the fields, not the caches


@frozen
class Scene:
    """What a checker of the pending decision reads: the state, and how far it may be read."""

    state: GameState
    sane: bool
    """Every piece is a cell of the board: kingdoms may be computed from the masks."""
    marked: bool
    """The unification marker lies on a face-up tile: the sides of a war may be found."""
