"""Cells, names like ``E5``, and bitboards: one Python ``int`` bit per cell.

The board has 11 rows of 16 columns. A cell's bit index is ``row * STRIDE + col`` with
``STRIDE = 17``: every row carries one unused guard bit after column P. This departs from the
dense ``row * 16 + col`` layout on purpose: with the guard bit a shift by one can never carry a
cell of column P into column A of the next row, so neighbour and flood computations need no
edge masks, only a final ``& BOARD`` (or ``& occupied``, which never holds a guard bit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Generic, NewType, TypeAlias, TypeVar

__all__ = [
    "BOARD",
    "CELLS",
    "COLS",
    "ROWS",
    "STRIDE",
    "Bitboard",
    "Cell",
    "CellMap",
    "bit",
    "cell",
    "cell_col",
    "cell_name",
    "cell_row",
    "cells_of",
    "dilate",
    "mask",
    "names",
    "neighbours",
    "parse_cell",
    "popcount",
]

T = TypeVar("T")

Cell = NewType("Cell", int)
"""A board cell: its bit index in a :data:`Bitboard`. Name it with :func:`cell_name`."""

Bitboard: TypeAlias = int
"""A set of cells as an ``int``: bit ``c`` is set when cell ``c`` is in the set."""

ROWS: Final = 11
COLS: Final = 16
STRIDE: Final = COLS + 1
COLUMN_LETTERS: Final = "ABCDEFGHIJKLMNOP"

BOARD: Final[Bitboard] = sum(1 << (r * STRIDE + c) for r in range(ROWS) for c in range(COLS))
"""Every cell of the board (guard bits excluded)."""


def cell(row: int, col: int) -> Cell:
    """The cell at 0-based *row* (top first) and *col* (left first).

    >>> cell_name(cell(0, 10))
    'K1'
    """
    if not (0 <= row < ROWS and 0 <= col < COLS):
        raise ValueError(f"({row}, {col}) is off the {ROWS}x{COLS} board")
    return Cell(row * STRIDE + col)


CELLS: Final[tuple[Cell, ...]] = tuple(cell(r, c) for r in range(ROWS) for c in range(COLS))
"""All 176 cells, row by row from A1."""


def cell_row(c: Cell) -> int:
    """0-based row of *c*."""
    return c // STRIDE


def cell_col(c: Cell) -> int:
    """0-based column of *c*."""
    return c % STRIDE


_NAMES: Final[dict[Cell, str]] = {
    c: f"{COLUMN_LETTERS[cell_col(c)]}{cell_row(c) + 1}" for c in CELLS
}
_BY_NAME: Final[dict[str, Cell]] = {name: c for c, name in _NAMES.items()}


def cell_name(c: Cell) -> str:
    """The printed board's name of *c*: column letter A-P, then row number 1-11."""
    return _NAMES[c]


def parse_cell(text: str) -> Cell:
    """The cell named *text* (``"A1"`` … ``"P11"``, case-insensitive).

    >>> cell_name(parse_cell("p11"))
    'P11'

    Raises:
        ValueError: *text* names no cell.
    """
    found = _BY_NAME.get(text.strip().upper())
    if found is None:
        raise ValueError(f"{text!r} is not a cell (A1 to P11)")
    return found


def bit(c: Cell) -> Bitboard:
    """The one-cell bitboard of *c*."""
    return 1 << c


def mask(*cell_names: str) -> Bitboard:
    """The bitboard of the named cells.

    >>> names(mask("B1", "A1"))
    ['A1', 'B1']
    """
    out = 0
    for name in cell_names:
        out |= 1 << parse_cell(name)
    return out


# Bit positions of 16-bit row patterns, filled on first use, so that listing the cells of a mask
# costs one dictionary look-up per occupied row instead of one loop step per set bit.
_ROW_BITS: Final[dict[int, tuple[int, ...]]] = {}
_ROW_MASK: Final = (1 << COLS) - 1
_ROW_OFFSETS: Final = tuple(r * STRIDE for r in range(ROWS))
_BYTES: Final = (ROWS * STRIDE + 7) // 8


def _row_bits(pattern: int) -> tuple[int, ...]:
    found = _ROW_BITS.get(pattern)
    if found is None:
        found = _ROW_BITS[pattern] = tuple(i for i in range(COLS) if pattern >> i & 1)
    return found


def cells_of(bits: Bitboard) -> list[Cell]:
    """The cells of *bits* in increasing order (A1, B1, … P11).

    >>> [cell_name(c) for c in cells_of(mask("C2", "A1"))]
    ['A1', 'C2']
    """
    out: list[Cell] = []
    for offset in _ROW_OFFSETS:
        row = (bits >> offset) & _ROW_MASK
        if row:
            out.extend([Cell(offset + i) for i in _row_bits(row)])
    return out


class CellMap(Generic[T]):
    """One value per cell, able to list the values of a mask's cells fast.

    :func:`tigeuph.legal_actions` builds hundreds of actions per state from masks of legal
    cells; this caches, per byte of the mask and per byte value, the tuple of values to append,
    so that a mask costs one table look-up per byte instead of one step per cell.
    """

    __slots__ = ("_chunks", "_values")

    def __init__(self, values: dict[Cell, T]) -> None:
        self._values = values
        self._chunks: list[list[tuple[T, ...] | None]] = [[None] * 256 for _ in range(_BYTES)]

    def __getitem__(self, c: Cell) -> T:
        return self._values[c]

    def pick(self, bits: Bitboard) -> list[T]:
        """The values of the cells of *bits*, in board order."""
        out: list[T] = []
        chunks = self._chunks
        for index, byte in enumerate(bits.to_bytes(_BYTES, "little")):
            if byte:
                found = chunks[index][byte]
                if found is None:
                    found = chunks[index][byte] = self._fill(index, byte)
                out += found
        return out

    @staticmethod
    def pick_each(bits: Bitboard, maps: Sequence[CellMap[T]]) -> list[list[T]]:
        """``[m.pick(bits) for m in maps]``, walking *bits* only once."""
        parts: list[list[T]] = [[] for _ in maps]
        pairs = list(zip(parts, maps, strict=True))
        for index, byte in enumerate(bits.to_bytes(_BYTES, "little")):
            if byte:
                for part, m in pairs:
                    found = m._chunks[index][byte]
                    if found is None:
                        found = m._chunks[index][byte] = m._fill(index, byte)
                    part += found
        return parts

    def _fill(self, index: int, byte: int) -> tuple[T, ...]:
        values = self._values
        return tuple(values[Cell(index * 8 + i)] for i in range(8) if byte >> i & 1)


def names(bits: Bitboard) -> list[str]:
    """The names of the cells of *bits*, in board order."""
    return [_NAMES[c] for c in cells_of(bits)]


def popcount(bits: Bitboard) -> int:
    """How many cells *bits* holds."""
    return bits.bit_count()


def neighbours(cells: Bitboard) -> Bitboard:
    """Cells orthogonally next to *cells*, not counting *cells* themselves.

    >>> names(neighbours(mask("A1")))
    ['B1', 'A2']
    """
    # The guard column absorbs east/west overflow; BOARD trims guard bits and the far edge.
    return ((cells << 1) | (cells >> 1) | (cells << STRIDE) | (cells >> STRIDE)) & BOARD & ~cells


def dilate(cells: Bitboard) -> Bitboard:
    """*cells* together with every cell next to them (guard bits may appear: mask after)."""
    return cells | (cells << 1) | (cells >> 1) | (cells << STRIDE) | (cells >> STRIDE)


def from_cells(cells: Iterable[Cell]) -> Bitboard:
    """The bitboard of *cells*."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out
