"""Board layouts as data: size, rivers, starting temples and special treasures (spec R2).

A designer writes a board as JSON (the shape of ``data/boards.json``) or as a text grid and
plays it with ``Rules(board=...)``. :class:`Board` refuses, naming the cells, any layout the
engine could not play, so a bad map fails when it is loaded, not in the middle of a game.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Final

from attrs import field, frozen

from .cells import (
    BOARD,
    COLS,
    COLUMN_LETTERS,
    ROWS,
    STRIDE,
    Bitboard,
    Cell,
    cell,
    cell_col,
    cell_name,
    cell_row,
    cells_of,
    names,
    neighbours,
    parse_cell,
    popcount,
)
from .errors import BoardError, JsonError, LimitError, NotationError, expect
from .limits import DEFAULT_LIMITS, Limits, check_limits, check_text, load_json

__all__ = [
    "ADVANCED",
    "MIN_TEMPLES",
    "RED_TILES",
    "STANDARD",
    "Board",
    "board_from_json",
    "board_from_text",
    "board_to_json",
    "board_to_text",
    "load_board",
    "rectangle",
]

RED_TILES: Final = 57
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

    Cells are those of the bitboard layout of ``tigeuph.cells`` (bit ``row * 17 + col``), so
    a board is at most 11 x 16, the printed size, and always the top-left *rows* x *cols*
    rectangle of that layout (:attr:`Board.cells`): one layout serves every board, the engine only
    masks its moves with ``board.cells``, and a smaller board keeps the printed cell names
    (``A1`` is its top-left corner).
    Every starting temple carries a treasure; ``special`` names the treasures a trader's owner
    must take first (spec R25). A board is a plain value: two boards with the same layout are
    equal, whatever their name.

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
    def cells(self) -> Bitboard:
        """Every cell of the board, land and river, so every cell a piece may ever stand on."""
        return _RECTANGLES[self.rows][self.cols]

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


# --- JSON -------------------------------------------------------------------------------------

_JSON_KEYS: Final = ("rows", "cols", "river", "temples", "special_treasures", "note")


def _size(data: Mapping[str, Any], key: str, largest: int, where: str) -> int:
    value = data.get(key, largest)
    if not _is_int(value) or not 1 <= value <= largest:
        raise BoardError(f"{where}: {key} must be an integer from 1 to {largest}, not {value!r}")
    assert isinstance(value, int)
    return value


def _json_cells(data: Mapping[str, Any], key: str, rows: int, cols: int, where: str) -> Bitboard:
    """The mask of the cells listed under *key*, each ``[row, col]`` (0-based) or a name."""
    items = data.get(key, [])
    if not isinstance(items, list):
        raise BoardError(f"{where}: {key} must be a list of cells, not {items!r}")
    out = 0
    for i, item in enumerate(items):
        at = f"{where}: {key}[{i}]"
        if isinstance(item, str):
            try:
                c = parse_cell(item)
            except ValueError as err:
                raise BoardError(f"{at}: {err}") from None
            row, col = cell_row(c), cell_col(c)
            shown = cell_name(c)
        elif isinstance(item, list) and len(item) == 2 and all(map(_is_int, item)):
            row, col = item
            shown = repr(item)
            if not (0 <= row < ROWS and 0 <= col < COLS):
                raise BoardError(
                    f"{at}: {shown} is off the {ROWS}x{COLS} layout "
                    f"(row 0 to {ROWS - 1}, col 0 to {COLS - 1})"
                )
            c = cell(row, col)
            shown = f"{shown} ({cell_name(c)})"
        else:
            raise BoardError(
                f"{at}: expected [row, col] (0-based integers) or a name like 'E5', not {item!r}"
            )
        if not (row < rows and col < cols):
            raise BoardError(
                f"{at}: {shown} is off the {rows}x{cols} board (A1 to {_corner(rows, cols)})"
            )
        if out >> c & 1:
            raise BoardError(f"{at}: {cell_name(c)} is listed twice")
        out |= 1 << c
    return out


def board_from_json(name: str, data: Any, *, limits: Limits = DEFAULT_LIMITS) -> Board:
    """A :class:`Board` from the ``boards.json`` shape, named *name*.

    *data* is an object with ``river``, ``temples`` and ``special_treasures``, each a list of
    cells written ``[row, col]`` (0-based, row 0 at the top) or as names like ``"E5"``; optional
    ``rows`` and ``cols`` (default 11 and 16) and a free-text ``note``. Any other key is refused,
    so that a misspelt key is not silently read as an empty list.

    >>> board_from_json("tiny", {"rows": 2, "cols": 3, "temples": ["A1", [1, 2], "C1"]})
    <Board 'tiny' 2x3: 3 temples, 0 special>

    Raises:
        ArgumentTypeError: *name* is not a string.
        LimitError: a list holds more than ``limits.max_json_items`` cells.
        BoardError: the data is malformed or describes a board that cannot be played.
    """
    expect(name, str, "a str", "board_from_json: name")
    limits = check_limits(limits, "board_from_json")
    where = f"board {name[:40]!r}"
    if not isinstance(data, dict):
        raise BoardError(f"{where}: expected a JSON object, not {type(data).__name__}")
    unknown = [key for key in data if key not in _JSON_KEYS]
    if unknown:
        raise BoardError(
            f"{where}: unknown key {', '.join(map(repr, unknown))}; "
            f"a board's keys are {', '.join(_JSON_KEYS)}"
        )
    if not isinstance(data.get("note", ""), str):
        raise BoardError(f"{where}: note must be a string")
    for key in ("river", "temples", "special_treasures"):
        items = data.get(key)
        if isinstance(items, list) and len(items) > limits.max_json_items:
            raise LimitError("max_json_items", len(items), limits.max_json_items, f"{where}: {key}")
    rows = _size(data, "rows", ROWS, where)
    cols = _size(data, "cols", COLS, where)
    return Board(
        name,
        river=_json_cells(data, "river", rows, cols, where),
        temples=_json_cells(data, "temples", rows, cols, where),
        special=_json_cells(data, "special_treasures", rows, cols, where),
        rows=rows,
        cols=cols,
    )


def board_to_json(board: Board) -> dict[str, Any]:
    """*board* in the ``boards.json`` shape, cells as ``[row, col]`` in board order; the name
    is left out, as :func:`board_from_json` takes it apart (a file's name, a key).

    Raises:
        ArgumentTypeError: *board* is not a :class:`Board`.
    """

    expect(board, Board, "a Board", "board_to_json: board")

    def pairs(bits: Bitboard) -> list[list[int]]:
        return [[cell_row(c), cell_col(c)] for c in cells_of(bits)]

    return {
        "rows": board.rows,
        "cols": board.cols,
        "river": pairs(board.river),
        "temples": pairs(board.temples),
        "special_treasures": pairs(board.special),
    }


# --- text -------------------------------------------------------------------------------------

LAND: Final = "."
RIVER: Final = "~"
TEMPLE: Final = "T"
SPECIAL: Final = "S"
_LEGEND: Final = "'.' land, '~' river, 'T' temple with a treasure, 'S' special treasure"
_MAX_PROBLEMS: Final = 5


def board_from_text(text: str, *, name: str = "custom", limits: Limits = DEFAULT_LIMITS) -> Board:
    """A :class:`Board` from a grid of characters, one line per row, one character per cell.

    ``.`` is land, ``~`` river, ``T`` a starting temple with its treasure and ``S`` a starting
    temple whose treasure is special (taken first, spec R25). The board has as many rows as
    lines and as many columns as each line has characters. Blank lines, surrounding spaces and
    comments (from ``#`` to the end of the line) are ignored.

    >>> board_from_text('''
    ... # a delta
    ... T.~.
    ... .~~S    # the special treasure
    ... T~..
    ... ''').special == board_from_text("T.~.\\n.~~S\\nT~..").special
    True

    Raises:
        ArgumentTypeError: *text* or *name* is not a string.
        LimitError: *text* is over ``limits.max_text_bytes``.
        BoardError: the text is malformed (the message names the line and column) or
            describes a board that cannot be played.
    """
    limits = check_limits(limits, "board_from_text")
    try:
        check_text(text, limits, "board_from_text: text")
    except LimitError:
        raise
    except NotationError as err:  # a lone surrogate
        raise BoardError(str(err)) from None
    expect(name, str, "a str", "board_from_text: name")
    where = f"board {name[:40]!r}"
    problems: list[str] = []
    river = temples = special = 0
    rows = 0
    width: tuple[int, int] | None = None  # (columns, line number) of the first row
    for number, line in enumerate(text.split("\n"), 1):
        body = line.split("#", 1)[0]
        row = body.strip(" \t\r")
        if not row:
            continue
        rows += 1
        if rows > ROWS:
            problems.append(f"line {number}: row {rows}, but a board has at most {ROWS} rows")
            break
        if width is None:
            width = (len(row), number)
            if len(row) > COLS:
                problems.append(
                    f"line {number}: {len(row)} cells, but a board has at most {COLS} columns"
                )
                break
        elif len(row) != width[0]:
            problems.append(
                f"line {number}: {len(row)} cells, but line {width[1]} has {width[0]}: "
                f"every row needs as many"
            )
            continue
        indent = len(body) - len(body.lstrip(" \t\r"))
        for col, char in enumerate(row):
            bit = 1 << cell(rows - 1, col)
            if char == RIVER:
                river |= bit
            elif char in (TEMPLE, SPECIAL):
                temples |= bit
                if char == SPECIAL:
                    special |= bit
            elif char != LAND:
                problems.append(
                    f"line {number}, column {indent + col + 1} ({cell_name(cell(rows - 1, col))}):"
                    f" {char!r} is not a cell: {_LEGEND}"
                )
    if width is None:
        problems.append(f"no rows: write one line per row, one character per cell: {_LEGEND}")
    if problems:
        more = len(problems) - _MAX_PROBLEMS
        shown = problems[:_MAX_PROBLEMS] + ([f"and {more} more"] if more > 0 else [])
        raise BoardError(f"{where}: " + "; ".join(shown))
    assert width is not None
    return Board(name, river=river, temples=temples, special=special, rows=rows, cols=width[0])


def board_to_text(board: Board) -> str:
    """*board* as the grid :func:`board_from_text` reads, under a comment with its name.

    Raises:
        ArgumentTypeError: *board* is not a :class:`Board`.
    """
    expect(board, Board, "a Board", "board_to_text: board")
    lines = [f"# {' '.join(board.name.split())}: {board.rows}x{board.cols}; {_LEGEND}"]
    for row in range(board.rows):
        chars = []
        for col in range(board.cols):
            c = cell(row, col)
            if board.special >> c & 1:
                chars.append(SPECIAL)
            elif board.temples >> c & 1:
                chars.append(TEMPLE)
            else:
                chars.append(RIVER if board.river >> c & 1 else LAND)
        lines.append("".join(chars))
    return "\n".join(lines) + "\n"


# --- files ------------------------------------------------------------------------------------


def load_board(
    path: str | os.PathLike[str], *, name: str | None = None, limits: Limits = DEFAULT_LIMITS
) -> Board:
    """The board in the file *path*: JSON if its name ends in ``.json``, the text grid if it
    ends in ``.txt``; named *name*, or the file's name without its suffix.

    A file over ``limits.max_json_bytes`` (JSON) or ``limits.max_text_bytes`` (a grid) is
    refused from its size, before it is read; JSON is read strictly (no repeated key, no
    nesting deeper than ``limits.max_json_depth``).

    Raises:
        ArgumentTypeError: *path* is not a path, or *name* not a string.
        LimitError: the file is over the limits.
        BoardError: the file is not a board in its format (the message names the file).
        OSError: the file cannot be read.
    """
    expect(path, (str, os.PathLike), "a path (str or os.PathLike)", "load_board: path")
    expect(name, (str, type(None)), "a str or None", "load_board: name")
    limits = check_limits(limits, "load_board")
    path = Path(path)
    name = path.stem if name is None else name
    suffix = path.suffix.lower()
    if suffix not in (".json", ".txt"):
        raise BoardError(f"{path}: a board file ends in .json or .txt, not {suffix or 'nothing'!r}")
    allowed, limit = (
        (limits.max_json_bytes, "max_json_bytes")
        if suffix == ".json"
        else (limits.max_text_bytes, "max_text_bytes")
    )
    with path.open("rb") as file:
        raw = file.read(allowed + 1)
    if len(raw) > allowed:
        raise LimitError(limit, path.stat().st_size, allowed, str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BoardError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    if suffix == ".txt":
        return board_from_text(text, name=name, limits=limits)
    try:
        data = load_json(text, limits, str(path))
    except JsonError as err:
        raise BoardError(f"{path}: {err.reason.removeprefix('not JSON: ')}") from None
    return board_from_json(name, data, limits=limits)


def _load(name: str) -> Board:
    text = resources.files(__package__).joinpath("data/boards.json").read_text("utf-8")
    return board_from_json(name, json.loads(text)[name])


STANDARD: Final = _load("standard")
"""The standard board of the printed game."""

ADVANCED: Final = _load("advanced")
"""The advanced board printed on the back (variant, spec R29)."""
