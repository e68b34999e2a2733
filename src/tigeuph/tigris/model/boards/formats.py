"""The two board file formats: the ``boards.json`` shape and the text grid, each read and
written (spec R2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ....core.errors import BoardError, LimitError, NotationError, expect
from ....core.limits import DEFAULT_LIMITS, Limits, check_limits, check_text
from ..cells import COLS, ROWS, Bitboard, cell, cell_col, cell_name, cell_row, cells_of, parse_cell
from .board import CUSTOM, Board, _corner, _is_int

__all__ = [
    "LAND",
    "RIVER",
    "SPECIAL",
    "TEMPLE",
    "board_from_json",
    "board_from_text",
    "board_to_json",
    "board_to_text",
]

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


def board_from_text(text: str, *, name: str = CUSTOM, limits: Limits = DEFAULT_LIMITS) -> Board:
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
