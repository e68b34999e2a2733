"""The board's layers: terrain, tiles, monuments, the wonder, leaders and markers.

Geometry is named once: a cell is a ``SQUARE`` wide, the board sits ``MARGIN`` in from the
picture's edge (the coordinates live in the margin), and :func:`cell_xy` gives a cell's top-left
corner. Every drawn piece carries ``class`` (its kind and colour, for CSS) and ``data-cell``
(the cell it stands on), so that a picture can be restyled and checked.
"""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element

from ...core.svg.markup import el
from ...core.svg.symbols import INK
from ..model.cells import (
    COLUMN_LETTERS,
    Cell,
    cell,
    cell_col,
    cell_name,
    cell_row,
    cells_of,
)
from ..model.pieces import COLOURS
from ..model.state import GameState
from ..views import PlayerView
from .symbols import COLOUR_NAMES, FILL, UNIFICATION_OVERHANG, PieceSymbols, glyph

__all__ = [
    "LEADER",
    "MARGIN",
    "SQUARE",
    "Position",
    "cell_xy",
    "cross",
    "draw_coordinates",
    "draw_leaders",
    "draw_terrain",
    "draw_tiles",
]

Position = GameState | PlayerView
"""What a picture shows: a full state, or what one player may see of it."""

SQUARE: Final = 40
"""The side of a cell, in the picture's units."""
MARGIN: Final = 22
"""Room around the board for the coordinates."""
LEADER: Final = SQUARE
"""A leader's side: his cell's, so that he hides none of the pieces around him; his disc and
his seat's ring make him stand out of the tiles."""
_LAND: Final = "#efe3c4"
_RIVER: Final = "#9dcbea"
_WAVE: Final = "#e8f4fc"
_TREASURE: Final = 17  # a treasure's side, drawn in the top-right corner of its cell


def cell_xy(c: Cell) -> tuple[int, int]:
    """The top-left corner of cell *c* in the picture."""
    return MARGIN + cell_col(c) * SQUARE, MARGIN + cell_row(c) * SQUARE


def _use(parent: Element, symbol: str, x: float, y: float, size: float, kind: str, c: Cell) -> None:
    place = {"x": f"{x:g}", "y": f"{y:g}", "width": f"{size:g}", "height": f"{size:g}"}
    el(
        parent,
        "use",
        {"xlink:href": f"#{symbol}", **place, "class": kind, "data-cell": cell_name(c)},
    )


def draw_terrain(svg: Element, pos: Position) -> None:
    """Draw *pos*'s board: land, rivers and the grid."""
    board = pos.rules.board
    width, height = board.cols * SQUARE, board.rows * SQUARE
    terrain = el(svg, "g", class_="terrain")
    el(
        terrain,
        "rect",
        x=str(MARGIN),
        y=str(MARGIN),
        width=str(width),
        height=str(height),
        fill=_LAND,
        class_="land",
    )
    for c in cells_of(board.river & board.cells):
        x, y = cell_xy(c)
        river = el(terrain, "g", class_="river", data_cell=cell_name(c))
        el(river, "rect", x=str(x), y=str(y), width=str(SQUARE), height=str(SQUARE), fill=_RIVER)
        el(
            river,
            "path",
            d=f"M{x + 6} {y + 15}q5 -5 10 0t10 0t10 0M{x + 4} {y + 27}q5 -5 10 0t10 0t10 0",
            fill="none",
            stroke=_WAVE,
            stroke_width="2",
        )
    lines = [f"M{MARGIN + col * SQUARE} {MARGIN}v{height}" for col in range(board.cols + 1)]
    lines += [f"M{MARGIN} {MARGIN + row * SQUARE}h{width}" for row in range(board.rows + 1)]
    el(terrain, "path", d="".join(lines), stroke="#c9b68c", stroke_width="1", class_="grid")
    el(
        terrain,
        "rect",
        x=str(MARGIN),
        y=str(MARGIN),
        width=str(width),
        height=str(height),
        fill="none",
        stroke=INK,
        stroke_width="2",
        class_="edge",
    )


def draw_tiles(pieces: Element, symbols: PieceSymbols, pos: Position) -> None:
    """Draw what lies flat on *pos*'s board, from the bottom up: tiles, buildings, catastrophes,
    monuments and the wonder."""
    for c in cells_of(pos.flipped):
        x, y = cell_xy(c)
        _use(pieces, symbols.face_down(), x, y, SQUARE, "face-down", c)
    buildings = {at: colour for colour, at in zip(COLOURS, pos.buildings, strict=True) if at}
    for colour, layer in zip(COLOURS, pos.tiles, strict=True):
        for c in cells_of(layer):
            x, y = cell_xy(c)
            name = COLOUR_NAMES[colour]
            if buildings.get(c) == colour:
                _use(pieces, symbols.building(colour), x, y, SQUARE, f"building {name}", c)
            else:
                _use(pieces, symbols.tile(colour), x, y, SQUARE, f"tile {name}", c)
    for c in cells_of(pos.catastrophes):
        x, y = cell_xy(c)
        _use(pieces, symbols.catastrophe(), x, y, SQUARE, "catastrophe", c)
    for site in pos.monuments:
        x, y = cell_xy(site.corner)
        kind = f"monument {site.monument.code}"
        _use(pieces, symbols.monument(site.monument), x, y, 2 * SQUARE, kind, site.corner)
    if pos.wonder is not None:
        _wonder(pieces, symbols, pos.wonder.centre, pos.wonder.colour)


def draw_leaders(pieces: Element, symbols: PieceSymbols, pos: Position) -> None:
    """Draw what stands on *pos*'s board: the unification marker, leaders (a ``LEADER`` wide,
    inside their cells) and the treasures."""
    if pos.unification is not None:
        x, y = cell_xy(pos.unification)
        o = UNIFICATION_OVERHANG
        size = SQUARE + 2 * o
        _use(pieces, symbols.unification(), x - o, y - o, size, "unification", pos.unification)
    out = (LEADER - SQUARE) / 2
    for seat, row in enumerate(pos.leaders):
        for colour, at in zip(COLOURS, row, strict=True):
            if at is not None:
                x, y = cell_xy(at)
                kind = f"leader {COLOUR_NAMES[colour]} seat-{seat}"
                _use(pieces, symbols.leader(seat, colour), x - out, y - out, LEADER, kind, at)
    special = pos.rules.board.special
    for c in cells_of(pos.treasures):
        x, y = cell_xy(c)
        is_special = bool(special >> c & 1)
        kind = "treasure special" if is_special else "treasure"
        size = _TREASURE + 3 if is_special else _TREASURE
        _use(pieces, symbols.treasure(is_special), x + SQUARE - size, y, size, kind, c)


def draw_coordinates(svg: Element, first_row: int, first_col: int, rows: int, cols: int) -> None:
    """Write the column letters above and the row numbers left of the *rows* x *cols* cells
    shown from (*first_row*, *first_col*), drawn from the picture's corner."""
    group = el(
        svg,
        "g",
        class_="coordinates",
        fill=INK,
        font_size="13",
        text_anchor="middle",
        font_family="DejaVu Sans, Verdana, sans-serif",
    )
    for col in range(cols):
        x = str(MARGIN + col * SQUARE + SQUARE // 2)
        el(group, "text", x=x, y=str(MARGIN - 6)).text = COLUMN_LETTERS[first_col + col]
    for row in range(rows):
        y = str(MARGIN + row * SQUARE + SQUARE // 2 + 5)
        el(group, "text", x=str(MARGIN // 2), y=y).text = str(first_row + row + 1)


def _wonder(parent: Element, symbols: PieceSymbols, centre: Cell, colour: int) -> None:
    """The wonder over its cross of five (variant, spec R31): a gold cross edged in ink, a band
    in the covered tiles' colour inside its edge, the colour's glyph on each arm and a dark
    ziggurat on its centre, so that it stands out of the land and the tiles around it."""
    x, y = cell_xy(centre)
    group = el(parent, "g", class_=f"wonder {COLOUR_NAMES[colour]}", data_cell=cell_name(centre))
    for inset, style in (
        (1, {"fill": "#e9b82c", "stroke": INK, "stroke-width": "3"}),
        (6, {"fill": "none", "stroke": FILL[colour], "stroke-width": "4"}),
    ):
        points = " ".join(f"{px:g},{py:g}" for px, py in cross(x, y, inset))
        el(group, "polygon", {"points": points, "stroke-linejoin": "round", **style})
    row, col = cell_row(centre), cell_col(centre)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        ax, ay = cell_xy(cell(row + dr, col + dc))
        glyph(group, COLOURS[colour], FILL[colour], 0.55, ax + SQUARE / 2, ay + SQUARE / 2)
    s = SQUARE
    use = el(group, "use", x=str(x + 2), y=str(y + 2), width=str(s - 4), height=str(s - 4))
    use.set("xlink:href", f"#{symbols.wonder()}")


def cross(x: int, y: int, i: int) -> list[tuple[int, int]]:
    """The corners of the cross of five cells around the cell at (*x*, *y*), *i* inside (a
    negative *i*: outside), clockwise from the top arm's left."""
    s = SQUARE
    return [
        (x + i, y - s + i),
        (x + s - i, y - s + i),
        (x + s - i, y + i),
        (x + 2 * s - i, y + i),
        (x + 2 * s - i, y + s - i),
        (x + s - i, y + s - i),
        (x + s - i, y + 2 * s - i),
        (x + i, y + 2 * s - i),
        (x + i, y + s - i),
        (x - s + i, y + s - i),
        (x - s + i, y + i),
        (x + i, y + i),
    ]
