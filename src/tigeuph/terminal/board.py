"""The board and the players drawn for a terminal, in colour, with ``rich`` (the ``cli`` extra).

Each cell is three characters wide and reads without colour too: the cell tokens are those of
position notation (``r`` a red tile, ``K0`` seat 0's king, ``$`` a treasure, ``x`` a
catastrophe...), with monuments as ``m`` and a colour letter, and the wonder as ``W``.
Colours only add to them: tiles on their colour, rivers blue, the last action's cells yellow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cells import COLUMN_LETTERS, Bitboard, Cell, cell, cell_col, cell_row
from ..describe import status, winners
from ..pieces import COLOURS, Colour
from ..state import GameState
from ..views import PlayerView

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["board_text", "players_text"]

Position = GameState | PlayerView

_TILE: Final = (
    "bold white on red",
    "bold white on blue",
    "bold white on green",
    "bold white on grey23",
)
_INK: Final = ("bold #b02015", "bold #1f4fa0", "bold #1a7030", "bold #000000")
_LAND: Final = "#3b3222 on #d9c9a0"
_RIVER: Final = "#e0f0ff on #3f86c0"
_MARK: Final = "bold black on #ffd84a"


def _leaders(pos: Position) -> dict[Cell, tuple[int, Colour]]:
    return {
        at: (seat, colour)
        for seat, row in enumerate(pos.leaders)
        for colour, at in zip(COLOURS, row, strict=True)
        if at is not None
    }


def _monument_cells(pos: Position) -> dict[Cell, Colour]:
    out: dict[Cell, Colour] = {}
    for site in pos.monuments:
        outer, inner = site.monument.colours
        row, col = cell_row(site.corner), cell_col(site.corner)
        for dr, dc, colour in ((0, 0, outer), (0, 1, inner), (1, 0, inner), (1, 1, outer)):
            out[cell(row + dr, col + dc)] = colour
    return out


def _cell(
    pos: Position,
    c: Cell,
    leaders: dict[Cell, tuple[int, Colour]],
    monuments: dict[Cell, Colour],
    wonder: Bitboard,
) -> tuple[str, str]:
    """The cell's three characters and their style."""
    treasure = "$" if pos.treasures >> c & 1 else " "
    if c in leaders:
        seat, colour = leaders[c]
        return f"{colour.letter.upper()}{seat} ", f"{_INK[colour]} on #d9c9a0"
    if pos.catastrophes >> c & 1:
        return " x ", "bold #ffb040 on #4a3a2c"
    if c in monuments:
        colour = monuments[c]
        return f"m{colour.letter}{treasure}", _TILE[colour]
    if wonder >> c & 1:
        return f" W{treasure}", "bold black on #e0c060"
    if pos.flipped >> c & 1:
        return f" #{treasure}", "black on #9a9080"
    for colour, layer in zip(COLOURS, pos.tiles, strict=True):
        if layer >> c & 1:
            mark = "*" if c == pos.unification else treasure
            if pos.buildings[colour] == c:
                return f"{colour.letter}{mark.strip()}@".ljust(3), _TILE[colour] + " underline"
            return f"{colour.letter}{mark} ", _TILE[colour]
    if pos.rules.board.river >> c & 1:
        return " ~ ", _RIVER
    return " . ", _LAND


def _wonder_mask(pos: Position) -> Bitboard:
    if pos.wonder is None:
        return 0
    row, col = cell_row(pos.wonder.centre), cell_col(pos.wonder.centre)
    out = 0
    for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
        try:
            out |= 1 << cell(row + dr, col + dc)
        except ValueError:
            continue
    return out


def _marked(style: str) -> str:
    """*style* for a cell the last actions touched: a tile keeps its colour and gets a yellow
    underlined letter; any other cell a yellow ground."""
    if style.startswith("bold white on "):
        return style.replace("bold white", "bold bright_yellow underline", 1)
    ink = style.split(" on ")[0]
    return f"{ink} on #ffd84a" if ink.startswith("bold #") else _MARK


def board_text(pos: Position, *, highlight: Bitboard = 0) -> Text:
    """*pos*'s board as ``rich`` text, 3 characters a cell, with the *highlight* cells
    marked."""
    from rich.text import Text

    board = pos.rules.board
    leaders, monuments, wonder = _leaders(pos), _monument_cells(pos), _wonder_mask(pos)
    out = Text()
    out.append("    " + "".join(f" {COLUMN_LETTERS[col]} " for col in range(board.cols)) + "\n")
    for row in range(board.rows):
        out.append(f"{row + 1:>3} ")
        for col in range(board.cols):
            c = cell(row, col)
            text, style = _cell(pos, c, leaders, monuments, wonder)
            if highlight >> c & 1:
                style = _marked(style)
            out.append(text, style=style)
        out.append("\n")
    return out


def players_text(pos: Position, names: list[str] | None = None) -> Text:
    """One line per seat (points, treasures, catastrophe tiles, hand) and the status line; a
    :class:`~tigeuph.PlayerView` shows only what its player may see."""
    from rich.text import Text

    out = Text()
    won = set(winners(pos))
    labels = [f"seat {seat}" + (f" {names[seat]}" if names else "") for seat in range(pos.players)]
    width = max(18, *(len(label) + 1 for label in labels))
    for seat in range(pos.players):
        to_move = seat == pos.to_move
        arrow = "*" if seat in won else ">" if to_move else " "
        style = "bold" if to_move or seat in won else ""
        out.append(f"{arrow} {labels[seat]:<{width}}", style=style)
        points = pos.points[seat]
        for colour in COLOURS:
            shown = "?" if points is None else str(points[colour])
            out.append(colour.letter, style=_TILE[colour])
            out.append(f"{shown:<3}")
        out.append(
            f" treasures {pos.treasures_taken[seat]}  catastrophes {pos.catastrophe_tiles[seat]}  "
        )
        if isinstance(pos, GameState) or seat == pos.player:
            hand = pos.hands[seat] if isinstance(pos, GameState) else pos.hand
            out.append("hand ")
            for colour in COLOURS:
                out.append(colour.letter * hand[colour], style=_TILE[colour])
                if hand[colour]:
                    out.append(" ")
        else:
            out.append(f"{pos.hand_sizes[seat]} tiles in hand", style="dim")
        out.append("\n")
    out.append(status(pos), style="bold")
    return out
