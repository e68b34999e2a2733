"""Cells, names like ``E5``, and bitboards: one Python ``int`` bit per cell.

The board has 11 rows of 16 columns. A cell's bit index is ``row * STRIDE + col`` with
``STRIDE = 17``: every row carries one unused guard bit after column P. This departs from the
dense ``row * 16 + col`` layout on purpose: with the guard bit a shift by one can never carry a
cell of column P into column A of the next row, so neighbour and flood computations need no
edge masks, only a final ``& BOARD`` (or ``& occupied``, which never holds a guard bit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, Generic, NewType, TypeAlias, TypeVar

from ...core.errors import ArgumentError, NotationError, expect

__all__ = [
    "BOARD",
    "CELLS",
    "CELL_BITS",
    "CELL_NEIGHBOURS",
    "COLS",
    "GUARDS",
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
    "exact_cell",
    "mask",
    "names",
    "neighbours",
    "nth_cell",
    "parse_cell",
    "popcount",
]

T = TypeVar("T")

Cell = NewType("Cell", int)
"""A board cell: its bit index in a :obj:`~tigeuph.Bitboard`. Name it with :func:`cell_name`."""

Bitboard: TypeAlias = int
"""A set of cells as an ``int``: bit ``c`` is set when cell ``c`` is in the set."""

ROWS: Final = 11
COLS: Final = 16
STRIDE: Final = COLS + 1
COLUMN_LETTERS: Final = "ABCDEFGHIJKLMNOP"

BOARD: Final[Bitboard] = sum(1 << (r * STRIDE + c) for r in range(ROWS) for c in range(COLS))
"""Every cell of the board (guard bits excluded)."""

GUARDS: Final[Bitboard] = sum(1 << (r * STRIDE + COLS) for r in range(ROWS))
"""The guard bit after column P of every row: never a cell. Contracts say ``mask & GUARDS ==
0`` rather than ``mask & ~BOARD == 0``, which CrossHair's symbolic integers handle badly."""


def cell(row: int, col: int) -> Cell:
    """The cell at 0-based *row* (top first) and *col* (left first).

    >>> cell_name(cell(0, 10))
    'K1'

    Raises:
        ArgumentTypeError: *row* or *col* is not an int.
        ArgumentError: the cell is off the 11 x 16 board.
    """
    if type(row) is not int or type(col) is not int:
        expect(row, int, "an int", "cell: row")
        expect(col, int, "an int", "cell: col")
    if not (0 <= row < ROWS and 0 <= col < COLS):
        shown = (
            f"row {row}, col {col}" if max(abs(row), abs(col)) < 10**6 else "a number that large"
        )
        raise ArgumentError(f"{shown} is off the {ROWS}x{COLS} board (rows 0 to 10, cols 0 to 15)")
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
    """The printed board's name of *c*: column letter A-P, then row number 1-11.

    Raises:
        ArgumentTypeError: *c* is not an int.
        ArgumentError: *c* is no cell (see :data:`CELLS`).
    """
    try:
        return _NAMES[c]
    except (KeyError, TypeError):
        expect(c, int, "a cell (an int)", "cell_name: c")
        raise ArgumentError(f"{c} is no cell (see tigeuph.CELLS)") from None


def parse_cell(text: str) -> Cell:
    """The cell named *text*: ``"A1"`` … ``"P11"``, the letter in either case (ASCII only:
    no lookalike letters or digits, no spaces around).

    >>> cell_name(parse_cell("p11"))
    'P11'

    Raises:
        ArgumentTypeError: *text* is not a string.
        NotationError: *text* names no cell (a ``ValueError`` too).
    """
    found = _BY_NAME.get(text) if type(text) is str else None
    if found is None:
        expect(text, str, "a cell name (a str)", "parse_cell: text")
        if len(text) <= 3 and text.isascii():
            found = _BY_NAME.get(text.upper())
        if found is None:
            shown = repr(text) if len(text) <= 20 else repr(text[:20]) + "..."
            raise NotationError(f"{shown} is not a cell (A1 to P11)")
    return found


def exact_cell(text: str) -> Cell:
    """The cell named *text* exactly as printed (``"E5"``, not ``"e5"``): the spelling of action
    notation and JSON.

    Raises:
        NotationError: *text* is not a cell's printed name.
    """
    found = _BY_NAME.get(text)
    if found is None:
        raise NotationError(f"{text[:20]!r} is not a cell (A1 to P11, in upper case)")
    return found


def bit(c: Cell) -> Bitboard:
    """The one-cell bitboard of *c*."""
    return 1 << c


def mask(*cell_names: str) -> Bitboard:
    """The bitboard of the named cells.

    >>> names(mask("B1", "A1"))
    ['A1', 'B1']

    Raises:
        ArgumentTypeError: a name is not a string.
        NotationError: a name names no cell.
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


def nth_cell(bits: Bitboard, n: int) -> Cell:
    """The *n*-th cell (from 0, in board order) of *bits*, which holds more than *n* cells.

    >>> cell_name(nth_cell(mask("C2", "A1", "P1"), 1))
    'P1'
    """
    if not 0 <= n < bits.bit_count():
        raise IndexError(f"the mask holds fewer than {n + 1} cells")
    return nth_of(bits, n)


def nth_of(bits: Bitboard, n: int) -> Cell:
    """:func:`nth_cell` for a caller that knows *bits* holds more than *n* cells (the legal
    actions count them as they list them): the same answer, without the count that checks."""
    # Halve the rows that may hold it, counting the cells below the middle: four counts
    # instead of a walk through every row before it (a random pick lands mid-board). The
    # halvings are laid out in advance (_HALVINGS), so a step only counts.
    node: _Halving | int = _HALVINGS
    below = 0
    while type(node) is tuple:
        middle, lower, upper = node
        count = (bits & middle).bit_count()
        if count > n:
            node = lower
        else:
            node, below = upper, count
    offset = _ROW_OFFSETS[node]  # type: ignore[index]  # a leaf: the row
    n -= below
    row = (bits >> offset) & _ROW_MASK
    west = row & 0xFF  # the row's first eight cells, then the other eight
    k = _BYTE_COUNTS[west]
    if n < k:
        return Cell(offset + _BYTE_BITS[west][n])
    return Cell(offset + 8 + _BYTE_BITS[row >> 8][n - k])


_BYTE_COUNTS: Final = tuple(byte.bit_count() for byte in range(256))
_BELOW_ROW: Final = tuple(
    sum(_ROW_MASK << offset for offset in _ROW_OFFSETS[:k]) for k in range(ROWS + 1)
)
"""``_BELOW_ROW[k]``: every cell of the rows before row *k* (from 0)."""

_Halving: TypeAlias = tuple[Bitboard, Any, Any]
"""A step of the search by rows: the mask of the rows below the middle one, then the search of
either side, a ``_Halving`` again or a row (an ``int``). Those two are ``Any``, not the alias
itself: mypyc crashes on a self-referencing alias (``benchmarks/mypyc_build.py``)."""


def _halvings(lo: int, hi: int) -> _Halving | int:
    """The binary search over rows *lo* to *hi* (excluded): a row, or the mask of the rows
    below the middle one with the searches of either side."""
    if hi - lo <= 1:
        return lo
    mid = (lo + hi) >> 1
    return _BELOW_ROW[mid], _halvings(lo, mid), _halvings(mid, hi)


_HALVINGS: Final = _halvings(0, ROWS)


class CellMap(Generic[T]):
    """Values for cells, able to list the values of a mask's cells fast.

    :func:`tigeuph.legal_actions` builds hundreds of actions per state from masks of legal
    cells. A map keeps, for each byte of a mask and each value of that byte, the tuple of values
    of its cells (built on first use: 24 x 256 small tuples), so that listing a mask costs one
    look-up per byte instead of one step per cell. A map may hold several values per cell
    (:meth:`merge`), so that actions of several kinds sharing one mask cost one walk.
    """

    __slots__ = ("_cells", "_groups", "_table")

    def __init__(self, values: dict[Cell, T]) -> None:
        self._groups: dict[Cell, tuple[T, ...]] = {c: (v,) for c, v in values.items()}
        self._table: list[list[tuple[T, ...]]] = []
        self._cells: dict[object, Cell] | None = None

    @classmethod
    def merge(cls, maps: Iterable[CellMap[T]]) -> CellMap[T]:
        """A map listing, for each cell, the values of every map in *maps*, in that order."""
        maps = list(maps)
        merged: CellMap[T] = cls({})
        merged._groups = {c: sum((m._groups[c] for m in maps), ()) for c in maps[0]._groups}
        return merged

    def __getitem__(self, c: Cell) -> T:
        return self._groups[c][0]

    def values_at(self, c: Cell) -> tuple[T, ...]:
        """Every value of *c*, in the order the map lists them."""
        return self._groups[c]

    @property
    def groups(self) -> Mapping[Cell, tuple[T, ...]]:
        """Every cell's values (:meth:`values_at`), as a mapping to read many times fast."""
        return self._groups

    def cell_of(self, value: object) -> Cell | None:
        """The cell holding *value*, or ``None`` (a value no cell holds, or unhashable)."""
        found = self._cells
        if found is None:
            found = self._cells = {v: c for c, values in self._groups.items() for v in values}
        try:
            return found.get(value)
        except TypeError:
            return None

    def pick(self, bits: Bitboard) -> list[T]:
        """The values of the cells of *bits*, in board order."""
        out: list[T] = []
        self.pick_into(out, bits)
        return out

    def pick_into(self, out: list[Any], bits: Bitboard) -> None:
        """Append the values of the cells of *bits* to *out*, in board order.

        *out* is typed ``list[Any]``: it holds a supertype of ``T`` (all actions, say), and
        ``list`` is invariant, so no type variable can say so.
        """
        table = self._table or self._build()
        # Both have _BYTES entries; strict checking and skipping zero bytes (whose tuple is
        # empty) both cost more than they save in this, the engine's hottest loop.
        for row, byte in zip(table, bits.to_bytes(_BYTES, "little"), strict=False):
            out += row[byte]

    def _build(self) -> list[list[tuple[T, ...]]]:
        # A few milliseconds, once per map. Bytes holding a guard bit never occur in a mask;
        # their tuples simply leave the guard cell out.
        get = self._groups.get
        table: list[list[tuple[T, ...]]] = []
        for index in range(_BYTES):
            eight: list[tuple[T, ...]] = [get(Cell(8 * index + i), ()) for i in range(8)]
            table.append([sum((eight[i] for i in bits), ()) for bits in _BYTE_BITS])
        self._table = table
        return table


_BYTE_BITS: Final = tuple(tuple(i for i in range(8) if byte >> i & 1) for byte in range(256))


def names(bits: Bitboard) -> list[str]:
    """The names of the cells of *bits*, in board order.

    Raises:
        ArgumentTypeError: *bits* is not an int.
    """
    if type(bits) is not int:
        expect(bits, int, "a bitboard (an int)", "names: bits")
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


def from_cells(cells: Iterable[Cell]) -> Bitboard:
    """The bitboard of *cells*."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


CELL_BITS: Final[tuple[Bitboard, ...]] = tuple(1 << c for c in range(ROWS * STRIDE))
"""``CELL_BITS[c]``: the one-cell mask of *c*, looked up instead of shifted. Most cells lie
beyond an int's first 30-bit digit, where every shift builds a new large int: ``x & CELL_BITS[c]``
tests a cell with one operation where ``x >> c & 1`` takes two."""

CELL_NEIGHBOURS: Final[tuple[Bitboard, ...]] = tuple(
    neighbours(1 << c) for c in range(ROWS * STRIDE)
)
"""``CELL_NEIGHBOURS[c]``: :func:`neighbours` of the one cell *c*, looked up instead of shifted."""
