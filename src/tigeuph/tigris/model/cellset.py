"""Sets of cells an embedder can read: :class:`CellSet`, a bitboard seen as cell names.

A position keeps each board layer as a :obj:`~tigeuph.Bitboard`, one ``int`` bit per cell:
fast for the engine, and unreadable for a person (``state.treasures`` prints as a 55-digit
number). A ``CellSet`` wraps such a mask without copying it: it lists, counts and tests cells by
name, and combines with other sets and masks, as python-chess's ``SquareSet`` does for squares.

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=1)
>>> treasures = CellSet(state.treasures)
>>> treasures
CellSet('K1 B2 P2 F3 N5 I7 B8 O9 F10 K11')
>>> len(treasures), "F3" in treasures, "E5" in treasures, list(treasures)[:3]
(10, True, False, ['K1', 'B2', 'P2'])
>>> treasures & CellSet("A1 B2 C3"), int(CellSet("A1")) == tigeuph.mask("A1")
(CellSet('B2'), True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, Protocol, TypeAlias

from attrs import field, frozen

from ...core.errors import ArgumentError, ArgumentTypeError, NotationError, as_int
from .cells import BOARD, ROWS, STRIDE, Bitboard, Cell, cell_name, cells_of, mask, parse_cell

__all__ = ["BoardCells", "CellSet", "CellsLike"]

CellsLike: TypeAlias = "CellSet | Bitboard | str | Iterable[int | str]"
"""What makes a :class:`CellSet`: another one, a mask, a string of cell names separated by
spaces, or an iterable of cells (ints) and cell names."""

_NAME_AT: Final[tuple[str, ...]] = tuple(
    cell_name(Cell(i)) if BOARD >> i & 1 else "" for i in range(ROWS * STRIDE)
)
"""The name of each cell by its index ("" for the guard bits), for iteration without calls."""

_WHERE: Final = "CellSet: cells"


def _mask_of(cells: CellsLike) -> Bitboard:
    """The mask of *cells*, checked: every bit a cell of the board."""
    if type(cells) is int:
        if cells < 0 or cells & ~BOARD:
            shown = cells if abs(cells) < 10**60 else "an int that large"
            raise ArgumentError(f"{_WHERE}: {shown} is no mask of cells (see tigeuph.mask)")
        return cells
    if isinstance(cells, CellSet):
        return cells._mask
    if isinstance(cells, str):
        return mask(*cells.split())
    if isinstance(cells, (bytes, bytearray)) or not isinstance(cells, Iterable):
        if isinstance(cells, int) and not isinstance(cells, bool):
            return _mask_of(int(cells))  # an int subclass
        raise ArgumentTypeError(
            f"{_WHERE} must be a mask, a CellSet, cell names or cells, not {type(cells).__name__}"
        )
    out = 0
    for item in cells:
        if isinstance(item, str):
            out |= mask(item)
            continue
        c = as_int(item, "a cell (an int) or a cell name (a str)", _WHERE)
        if c < 0 or not BOARD >> c & 1:
            shown = c if abs(c) < 10**6 else "an int that large"
            raise ArgumentError(f"{_WHERE}: {shown} is no cell (see tigeuph.CELLS)")
        out |= 1 << c
    return out


@frozen(repr=False)
class CellSet:
    """A set of cells, read by name: a view of a :obj:`~tigeuph.Bitboard` mask.

    ``CellSet(cells)`` takes a mask (``CellSet(state.treasures)``), another ``CellSet``, a string
    of cell names separated by spaces (``CellSet("A1 E5")``, as ``repr`` writes it) or an
    iterable of cells and cell names; ``CellSet()`` is empty. A set is immutable and hashable,
    equal to another ``CellSet`` of the same cells (never to a mask or a Python set: compare
    ``int(s)`` or ``set(s)`` for those).

    It iterates over the names of its cells in board order, the order of the cells' indices:
    row by row from the top, A1, B1 … P1, then A2 … P11. ``len`` counts them; ``in`` takes a
    cell or a name (``"E5" in s``, ``"e5"`` too); ``|``, ``&``, ``-`` and ``^`` combine it with
    anything it can be built from and return a ``CellSet``; ``<=``, ``<``, ``>=`` and ``>``
    compare two of them as subsets; ``int(s)`` is the mask, ``bool(s)`` says whether it holds a
    cell, ``str(s)`` is its names separated by spaces.

    Raises:
        ArgumentTypeError: *cells* is none of those things (``bytes`` included).
        ArgumentError: a mask holds a bit that is no cell, or an int is no cell.
        NotationError: a name names no cell.
    """

    _mask: Bitboard = field(default=0, converter=_mask_of, alias="cells")

    def cells(self) -> tuple[Cell, ...]:
        """The cells, as ints, in board order."""
        return tuple(cells_of(self._mask))

    def issubset(self, other: CellsLike) -> bool:
        """Whether every cell of this set is in *other* (anything a ``CellSet`` takes)."""
        return self._mask & ~_mask_of(other) == 0

    def issuperset(self, other: CellsLike) -> bool:
        """Whether every cell of *other* (anything a ``CellSet`` takes) is in this set."""
        return _mask_of(other) & ~self._mask == 0

    def isdisjoint(self, other: CellsLike) -> bool:
        """Whether this set and *other* (anything a ``CellSet`` takes) share no cell."""
        return self._mask & _mask_of(other) == 0

    def __iter__(self) -> Iterator[str]:
        names = _NAME_AT
        return iter([names[c] for c in cells_of(self._mask)])

    def __reversed__(self) -> Iterator[str]:
        names = _NAME_AT
        return reversed([names[c] for c in cells_of(self._mask)])

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __int__(self) -> int:
        return self._mask

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                return self._mask >> parse_cell(item) & 1 == 1
            except NotationError:
                return False
        if type(item) is int:  # a Cell; bool and other types hold no cell
            return item >= 0 and self._mask >> item & 1 == 1
        return False

    def __or__(self, other: CellsLike) -> CellSet:
        return CellSet(self._mask | _mask_of(other))

    def __and__(self, other: CellsLike) -> CellSet:
        return CellSet(self._mask & _mask_of(other))

    def __sub__(self, other: CellsLike) -> CellSet:
        return CellSet(self._mask & ~_mask_of(other))

    def __xor__(self, other: CellsLike) -> CellSet:
        return CellSet(self._mask ^ _mask_of(other))

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __rsub__(self, other: CellsLike) -> CellSet:
        return CellSet(_mask_of(other) & ~self._mask)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, CellSet):
            return NotImplemented
        return self._mask & ~other._mask == 0

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, CellSet):
            return NotImplemented
        return self._mask != other._mask and self._mask & ~other._mask == 0

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, CellSet):
            return NotImplemented
        return other._mask & ~self._mask == 0

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, CellSet):
            return NotImplemented
        return self._mask != other._mask and other._mask & ~self._mask == 0

    def __str__(self) -> str:
        return " ".join(self)

    def __repr__(self) -> str:
        return f"CellSet({str(self)!r})" if self._mask else "CellSet()"


class _Layers(Protocol):
    """The board layers of a position or a player's view."""

    @property
    def tiles(self) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]: ...
    @property
    def flipped(self) -> Bitboard: ...
    @property
    def catastrophes(self) -> Bitboard: ...
    @property
    def treasures(self) -> Bitboard: ...
    @property
    def declined(self) -> Bitboard: ...
    @property
    def declined_crosses(self) -> Bitboard: ...
    @property
    def leaders(self) -> tuple[tuple[int | None, ...], ...]: ...


class BoardCells:
    """The board layers of :class:`~tigeuph.GameState` and :class:`~tigeuph.PlayerView` read as
    :class:`CellSet` values (a base with no slots of its own): each property is
    ``CellSet(layer)`` of the field of the same name."""

    __slots__ = ()

    @property
    def tile_cells(self: _Layers) -> tuple[CellSet, CellSet, CellSet, CellSet]:
        """The cells of ``tiles``, the face-up tiles, one set per :class:`~tigeuph.Colour`:
        ``state.tile_cells[Colour.RED]``."""
        red, blue, green, black = self.tiles
        return CellSet(red), CellSet(blue), CellSet(green), CellSet(black)

    @property
    def flipped_cells(self: _Layers) -> CellSet:
        """The cells of ``flipped``: face-down tiles under monuments and the wonder."""
        return CellSet(self.flipped)

    @property
    def catastrophe_cells(self: _Layers) -> CellSet:
        """The cells of ``catastrophes``: catastrophe tiles on the board."""
        return CellSet(self.catastrophes)

    @property
    def treasure_cells(self: _Layers) -> CellSet:
        """The cells of ``treasures``: treasures still on the board."""
        return CellSet(self.treasures)

    @property
    def declined_cells(self: _Layers) -> CellSet:
        """The cells of ``declined``: top-left cells of squares declined for a monument."""
        return CellSet(self.declined)

    @property
    def declined_cross_cells(self: _Layers) -> CellSet:
        """The cells of ``declined_crosses``: centres of crosses declined for the wonder."""
        return CellSet(self.declined_crosses)

    @property
    def leader_cells(self: _Layers) -> tuple[CellSet, ...]:
        """The cells of ``leaders``, one set per player: the cells his leaders stand on
        (those in supply have none): ``state.leader_cells[0]``; ``leader_cells[0] |
        leader_cells[1]`` are two players' together."""
        return tuple(CellSet([c for c in own if c is not None]) for own in self.leaders)
