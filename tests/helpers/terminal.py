"""The terminal game's screen in the tests: a console that keeps what it prints, and the board
it drew read back cell by cell."""

from __future__ import annotations

import io

from rich.console import Console


def console(width: int = 120) -> Console:
    """A console *width* characters wide, in no colour, printing into memory."""
    return Console(file=io.StringIO(), width=width, color_system=None, highlight=False)


def printed_by(c: Console) -> str:
    """All that *c* (one of :func:`console`'s) printed."""
    assert isinstance(c.file, io.StringIO)
    return c.file.getvalue()


def screen_grid(text: str, rows: int | None = None) -> dict[str, str]:
    """Cell name to token of the board drawn at the top of *text* (3 characters a cell, a row of
    column letters first, then *rows* rows, or every line when None)."""
    out = {}
    for line in text.splitlines()[1 : None if rows is None else rows + 1]:
        row = int(line[:3])
        for col in range(16):
            out[f"{'ABCDEFGHIJKLMNOP'[col]}{row}"] = line[4 + 3 * col : 7 + 3 * col].strip()
    return out
