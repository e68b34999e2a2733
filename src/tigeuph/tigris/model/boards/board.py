"""The :class:`Board` value: a layout's size, rivers, starting temples and special treasures,
and the checks that refuse a layout no game could be played on (spec R2)."""

from __future__ import annotations

from typing import Final

from attrs import field, frozen

from ....core.errors import BoardError, expect
from ..cells import (
    BOARD,
    COLS,
    COLUMN_LETTERS,
    ROWS,
    STRIDE,
    Bitboard,
    Cell,
    cells_of,
    names,
    neighbours,
    popcount,
)
from ..pieces import TILE_COUNTS, Colour

__all__ = ["CUSTOM", "MIN_TEMPLES", "RED_TILES", "Board", "rectangle"]

CUSTOM: Final = "custom"
"""The name a board takes when read from its layout alone: a grid in position notation, an
object in JSON, :func:`~tigeuph.tigris.model.boards.board_from_text` without a name."""

RED_TILES: Final = TILE_COUNTS[Colour.RED]
"""Red tiles in the box (spec R1): the starting temples come out of them, so no board has more."""

MIN_TEMPLES: Final = 3
"""The fewest starting temples a board may have: a turn that ends with two treasures or fewer on
the board ends the game (spec R26), so with fewer the game would end after its first turn."""

_RECTANGLES: Final[tuple[tuple[Bitboard, ...], ...]] = tuple(
    tuple(
        sum(((1 << cols) - 1) << (row * STRIDE) for row in range(rows)) for cols in range(COLS + 1)
    )
    for rows in range(ROWS + 1)
)


def rectangle(rows: int, cols: int) -> Bitboard:
    """The cells of the top-left *rows* x *cols* rectangle: a board's playable cells.

    >>> names(rectangle(2, 2))
    ['A1', 'B1', 'A2', 'B2']
    """
    return _RECTANGLES[rows][cols]


def _corner(rows: int, cols: int) -> str:
    """The name of a board's last cell, for messages: ``H6`` on a 6 x 8 board."""
    return f"{COLUMN_LETTERS[cols - 1]}{rows}"


@frozen(repr=False)
class Board:
    """A board layout as data: its size, rivers, starting temples and special treasures.

    Cells are those of the bitboard layout of ``tigeuph.tigris.model.cells`` (bit ``row * 17 +
    col``), so a board is at most 11 x 16, the printed size, and always the top-left *rows* x *cols*
    rectangle of that layout (:attr:`Board.cells`): one layout serves every board, the engine only
    masks its moves with ``board.cells``, and a smaller board keeps the printed cell names (``A1``
    is its top-left corner). Every starting temple carries a treasure; ``special`` names the
    treasures a trader's owner must take first (spec R25). A board is a plain value: two boards with
    the same layout are equal, whatever their name.

    >>> from tigeuph.tigris.model.boards import board_from_text
    >>> small = board_from_text(".~T.\\n.~.T\\nS~..", name="tiny")
    >>> small.rows, small.cols, small.temple_count, names(small.special)
    (3, 4, 3, ['A3'])

    Besides the shape (a size within 11 x 16, every cell on the board, no temple on a river,
    special treasures only on starting temples) a board must meet two conditions every game
    needs, and nothing more, so that no honest design is refused: 3 to 57 starting temples
    (``MIN_TEMPLES``, ``RED_TILES``), and some free land cell (land that is not a starting
    temple) beside a starting temple or beside other free land, without which no leader could
    ever be placed (spec R8) and nobody could score.

    Raises:
        BoardError: the layout could not be played; the message lists every problem, naming
            the cells.
    """

    name: str = field(
        eq=False, validator=lambda _, __, value: expect(value, str, "a str", "Board.name")
    )
    river: Bitboard
    temples: Bitboard
    special: Bitboard
    rows: int = ROWS
    """Rows, 1 to 11, named 1 to *rows* from the top."""
    cols: int = COLS
    """Columns, 1 to 16, named A onwards from the left."""
    cells: Bitboard = field(init=False, eq=False, repr=False)
    """Every cell of the board, land and river, so every cell a piece may ever stand on (kept,
    not computed: the engine reads it for every state)."""

    @cells.default
    def _rectangle(self) -> Bitboard:
        rows, cols = self.rows, self.cols
        if type(rows) is int and type(cols) is int and 0 <= rows <= ROWS and 0 <= cols <= COLS:
            return _RECTANGLES[rows][cols]
        return 0  # a size out of range: __attrs_post_init__ refuses the board, saying why

    def __attrs_post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise BoardError(f"board {self.name!r}: " + "; ".join(problems))

    def __repr__(self) -> str:
        return (
            f"<Board {self.name!r} {self.rows}x{self.cols}: {self.temple_count} temples, "
            f"{popcount(self.special)} special>"
        )

    @property
    def land(self) -> Bitboard:
        """Every cell of the board that is not river."""
        return _RECTANGLES[self.rows][self.cols] & ~self.river

    @property
    def temple_cells(self) -> list[Cell]:
        """The starting temples, in board order."""
        return cells_of(self.temples)

    @property
    def temple_count(self) -> int:
        """How many starting temples (and treasures) the board has."""
        return popcount(self.temples)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _temples(count: int) -> str:
    return "no starting temple" if count == 0 else f"{count} starting temple{'s' * (count > 1)}"


def _problems(board: Board) -> list[str]:
    """Why *board* could not be played (the checks :class:`Board` lists), naming the cells."""
    rows, cols = board.rows, board.cols
    if not (_is_int(rows) and 1 <= rows <= ROWS and _is_int(cols) and 1 <= cols <= COLS):
        return [f"size {rows!r}x{cols!r} is out of range: 1 to {ROWS} rows, 1 to {COLS} columns"]
    layers = {"river": board.river, "temples": board.temples, "special treasures": board.special}
    bad = [key for key, bits in layers.items() if not _is_int(bits) or bits < 0]
    if bad:
        return [f"{' and '.join(bad)} must be non-negative int masks"]
    problems: list[str] = []
    cells = rectangle(rows, cols)
    for key, bits in layers.items():
        if bits & ~BOARD:
            stray: list[int] = []
            rest = bits & ~BOARD
            while rest and len(stray) < 10:  # the lowest stray bits: enough to find the mistake
                stray.append((rest & -rest).bit_length() - 1)
                rest &= rest - 1
            problems.append(
                f"{key}: bits {', '.join(map(str, stray))} lie outside the {ROWS}x{COLS} layout "
                f"(cell bit = row * {STRIDE} + col)"
            )
        if bits & BOARD & ~cells:
            problems.append(
                f"{key} off the {rows}x{cols} board (A1 to {_corner(rows, cols)}): "
                f"{', '.join(names(bits & BOARD & ~cells))}"
            )
    river, temples = board.river & cells, board.temples & cells
    if river & temples:
        problems.append(f"temples on a river: {', '.join(names(river & temples))}")
    if board.special & cells & ~temples:
        problems.append(
            "special treasures not on a starting temple: "
            + ", ".join(names(board.special & cells & ~temples))
        )
    count = popcount(temples)
    if count < MIN_TEMPLES:
        problems.append(
            f"{_temples(count)}, but a board needs at least {MIN_TEMPLES}: a turn ending "
            f"with two treasures or fewer on the board ends the game (spec R26)"
        )
    elif count > RED_TILES:
        problems.append(f"{_temples(count)}, but the box has only {RED_TILES} red tiles (spec R1)")
    free = cells & ~river & ~temples
    if count and not (neighbours(free) & temples or free & ((free << 1) | (free << STRIDE))):
        problems.append(
            "no leader could ever be placed: a leader needs free land beside a temple (spec R8), "
            "and no land cell other than a starting temple touches a temple or other free land"
        )
    return problems
