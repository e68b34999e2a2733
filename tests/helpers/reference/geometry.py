"""Board geometry for the reference engine: cells as ``(row, col)`` pairs, plain sets, BFS.

Nothing here uses bit tricks beyond reading and writing one bit per cell at the boundary with
:class:`tigeuph.GameState` (:func:`to_set`, :func:`to_mask`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Final, TypeAlias

from tigeuph.tigris.model.cells import Bitboard, Cell, cell, cell_col, cell_row

RC: TypeAlias = tuple[int, int]
"""A cell as ``(row, col)``, 0-based, row 0 at the top."""

ROWS: Final = 11
COLS: Final = 16
ALL_CELLS: Final[tuple[RC, ...]] = tuple((r, c) for r in range(ROWS) for c in range(COLS))
_CELL: Final[dict[RC, Cell]] = {rc: cell(*rc) for rc in ALL_CELLS}
_RC: Final[dict[Cell, RC]] = {c: (cell_row(c), cell_col(c)) for c in _CELL.values()}
_RC_OF_BIT: Final[dict[int, RC]] = {1 << c: rc for rc, c in _CELL.items()}


def to_rc(c: Cell) -> RC:
    """The ``(row, col)`` of an engine cell."""
    return _RC[c]


def to_cell(rc: RC) -> Cell:
    """The engine cell of ``(row, col)``."""
    return _CELL[rc]


def to_set(bits: Bitboard) -> set[RC]:
    """The cells of a mask, as a set of ``(row, col)``.

    >>> sorted(to_set(1 | 1 << 18))
    [(0, 0), (1, 1)]
    """
    out = set()
    while bits:
        low = bits & -bits  # the lowest bit still set
        rc = _RC_OF_BIT.get(low)
        if rc is not None:  # guard bits name no cell
            out.add(rc)
        bits ^= low
    return out


@lru_cache(maxsize=64)
def to_frozenset(bits: Bitboard) -> frozenset[RC]:
    """The cells of a mask that never changes (a board's cells, rivers), cached."""
    return frozenset(to_set(bits))


def to_mask(cells: Iterable[RC]) -> Bitboard:
    """The mask of a collection of ``(row, col)`` cells."""
    out = 0
    for rc in set(cells):
        out |= 1 << to_cell(rc)
    return out


def on_board(rc: RC) -> bool:
    """Whether ``(row, col)`` lies on the 11x16 board."""
    return 0 <= rc[0] < ROWS and 0 <= rc[1] < COLS


def neighbours(rc: RC) -> tuple[RC, ...]:
    """The cells sharing a side with *rc* (never a corner), on the board (spec R0).

    >>> neighbours((0, 0))
    ((1, 0), (0, 1))
    """
    return _NEIGHBOURS[rc]


def _neighbours(rc: RC) -> tuple[RC, ...]:
    r, c = rc
    around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return tuple(n for n in around if on_board(n))


_NEIGHBOURS: Final[dict[RC, tuple[RC, ...]]] = {rc: _neighbours(rc) for rc in ALL_CELLS}


@lru_cache(maxsize=8192)
def regions(occupied: frozenset[RC]) -> Mapping[RC, frozenset[RC]]:
    """Map each occupied cell to its region: the cells reachable through occupied neighbours.

    A pure function of *occupied*, so it is cached; callers must not mutate the result.
    """
    out: dict[RC, frozenset[RC]] = {}
    for start in sorted(occupied):
        if start in out:
            continue
        seen = {start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in neighbours(here):
                if n in occupied and n not in seen:
                    seen.add(n)
                    queue.append(n)
        region = frozenset(seen)
        for rc in region:
            out[rc] = region
    return out


def squares_containing(rc: RC) -> list[RC]:
    """Top-left cells of the 2x2 squares on the board that contain *rc* (spec R22)."""
    r, c = rc
    out = []
    for top in (r - 1, r):
        for left in (c - 1, c):
            if on_board((top, left)) and on_board((top + 1, left + 1)):
                out.append((top, left))
    return out


def square(corner: RC) -> list[RC]:
    """The four cells of the 2x2 square whose top-left cell is *corner*."""
    r, c = corner
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
