"""The board diagram of a position read back into its layers (spec D1); it is written, with the
column header and one row of cell tokens per board row, by
``tigeuph.tigris.describe.words.board_lines``, below the state, so that ``str(state)`` can print it
too."""

from __future__ import annotations

from typing import Final

from ...core.errors import NotationError
from ..model.boards import Board
from ..model.cells import Bitboard, Cell, cell, cell_name
from ..model.pieces import COLOURS, Colour

__all__ = ["DIGITS", "BoardReader", "rows_in_order"]

DIGITS: Final = "0123456789"


def rows_in_order(rows: list[tuple[int, list[str]]], board: Board) -> list[tuple[int, list[str]]]:
    """The board rows in board order, once checked against the board's size."""
    if len(rows) != board.rows:
        raise NotationError(f"the board has {len(rows)} rows, not {board.rows}")
    labels = [str(r + 1) for r in range(board.rows)]
    by_label: dict[str, tuple[int, list[str]]] = {}
    for n, tokens in rows:
        label = tokens[0]
        if label not in labels:
            raise NotationError(f"line {n}: {label[:10]!r} is not a row number (1 to {board.rows})")
        if label in by_label:
            raise NotationError(f"line {n}: a second row {label}")
        if len(tokens) != board.cols + 1:
            raise NotationError(
                f"line {n}: row {label} has {len(tokens) - 1} cells, not {board.cols}"
            )
        by_label[label] = (n, tokens)
    return [by_label[label] for label in labels]


class BoardReader:
    """The board layers, filled row by row from the cell tokens."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.tiles = [0, 0, 0, 0]
        self.flipped = 0
        self.catastrophes = 0
        self.treasures = 0
        self.leaders: list[list[Cell | None]] = [[None] * 4 for _ in range(players)]
        self.stars: list[Cell] = []
        self.built: list[list[Cell]] = [[], [], [], []]

    def buildings(
        self, problems: list[str]
    ) -> tuple[Cell | None, Cell | None, Cell | None, Cell | None]:
        """The building of each colour, from the ``@`` marks (one per colour at most)."""
        out: list[Cell | None] = []
        for colour, cells in zip(COLOURS, self.built, strict=True):
            if len(cells) > 1:
                problems.append(
                    f"the {colour.building} is drawn {len(cells)} times: "
                    + ", ".join(cell_name(c) for c in cells)
                )
            out.append(cells[0] if cells else None)
        return out[0], out[1], out[2], out[3]

    def read_row(self, line: int, tokens: list[str], river: Bitboard, problems: list[str]) -> None:
        """Add the cells of one board row (``tokens[0]`` is its label)."""
        r = int(tokens[0]) - 1
        for col, token in enumerate(tokens[1:]):
            c = cell(r, col)
            name = cell_name(c)
            here = 1 << c
            head, tail = token[0], token[1:]
            building = head in "rbgk" and tail.endswith("@")
            if building:
                tail = tail[:-1]
            if token in (".", "~"):
                if (token == "~") != bool(river & here):
                    terrain = "a river" if river & here else "land"
                    problems.append(f"line {line}: {name} is {terrain}, drawn as {token!r}")
            elif token == "x":
                self.catastrophes |= here
            elif head == "#" and tail in ("", "$"):
                self.flipped |= here
            elif head in "rbgk" and tail in ("", "$", "*"):
                self.tiles[Colour.from_letter(head)] |= here
                if tail == "*":
                    self.stars.append(c)
                if building:
                    self.built[Colour.from_letter(head)].append(c)
            elif head in "RBGK" and len(tail) == 1 and tail in DIGITS:
                self._leader(line, name, Colour.from_letter(head), int(tail), c, problems)
            else:
                raise ValueError(f"{token[:10]!r} on {name} is not a cell token")
            if tail == "$":
                self.treasures |= here

    def _leader(
        self, line: int, name: str, colour: Colour, seat: int, c: Cell, problems: list[str]
    ) -> None:
        token = f"{colour.letter.upper()}{seat}"
        if seat >= self.players:
            problems.append(
                f"line {line}: {token} on {name}: no player {seat} in a {self.players}-player game"
            )
            return
        before = self.leaders[seat][colour]
        if before is not None:
            problems.append(f"{token} is drawn twice, on {cell_name(before)} and {name}")
            return
        self.leaders[seat][colour] = c
