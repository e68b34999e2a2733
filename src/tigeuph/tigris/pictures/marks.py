"""Marks that hide no piece: highlights, frames and arrows (issue 40).

A mark is drawn so that every piece stays whole, as ``chess.svg`` never hides a piece: a
highlighted cell is tinted *under* the pieces and framed on the lines between cells, in the
gaps no piece covers; a monument or the wonder gets one frame of corner brackets around its
whole shape rather than one per cell; an arrow runs under the pieces, seen on the land between
them. :func:`brackets` draws the frames of a conflict's leaders too (in the corners a leader's
disc leaves free), and :func:`obstacles` tells where a tag may not go (:mod:`.tags`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final
from xml.etree.ElementTree import Element

from ...core.svg.markup import el
from ..model.cells import Bitboard, Cell, cell, cell_col, cell_name, cell_row, cells_of
from .layers import SQUARE, Position, cell_xy, cross
from .symbols import UNIFICATION_OVERHANG

__all__ = ["HIGHLIGHT", "Box", "brackets", "draw_arrows", "draw_frames", "draw_tints", "obstacles"]

HIGHLIGHT: Final = "#ffe14d"
"""The yellow of what the last action touched, under the pieces."""
_FRAME: Final = "#f0a800"  # its frame in the gaps around a cell: a deeper yellow
_GAP: Final = 3  # the gap between two pieces on neighbouring cells
_ARM: Final = 11  # a bracket's arm along each edge of its corner
_BLOCK_ARM: Final = 16  # for a monument's or the wonder's frame

Box = tuple[float, float, float, float]
"""A rectangle: left, top, right, bottom."""


def brackets(
    parent: Element,
    corners: Sequence[tuple[float, float]],
    colour: str,
    *,
    arm: float = _ARM,
    width: float = 4,
    **data: str,
) -> None:
    """Corner brackets on the outline *corners* (a closed polygon): at each corner a short
    stroke *width* wide along its two edges, *colour* on ink; the caller puts the outline
    where they cover no piece."""
    parts = []
    n = len(corners)
    for i, (x, y) in enumerate(corners):
        px, py = corners[i - 1]
        nx, ny = corners[(i + 1) % n]
        a = _towards(x, y, px, py, arm)
        b = _towards(x, y, nx, ny, arm)
        parts.append(f"M{a[0]:g} {a[1]:g}L{x:g} {y:g}L{b[0]:g} {b[1]:g}")
    d = "".join(parts)
    named = {key.replace("_", "-"): value for key, value in data.items()}  # data_cell: data-cell
    common = {"d": d, "fill": "none", "stroke-linecap": "square", **named}
    el(parent, "path", common, stroke="#000000", stroke_width=f"{width:g}")
    el(parent, "path", common, stroke=colour, stroke_width=f"{width * 0.55:g}")


def _towards(x: float, y: float, tx: float, ty: float, arm: float) -> tuple[float, float]:
    """The point *arm* from (*x*, *y*) towards (*tx*, *ty*), or half way if that is nearer."""
    dx, dy = tx - x, ty - y
    length = max(abs(dx), abs(dy), 1e-9)  # edges are upright or level
    step = min(arm, length / 2) / length
    return x + dx * step, y + dy * step


def _rectangle(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _block(c: Cell, rows: int, cols: int) -> Bitboard:
    r, k = cell_row(c), cell_col(c)
    return sum(1 << cell(r + dr, k + dc) for dr in range(rows) for dc in range(cols))


def _wonder_cells(centre: Cell) -> Bitboard:
    r, k = cell_row(centre), cell_col(centre)
    spots = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))
    return sum(1 << cell(r + dr, k + dc) for dr, dc in spots)


def draw_tints(under: Element, cells: Bitboard) -> None:
    """The first half of highlighting *cells*: a yellow tint in *under*, beneath the pieces."""
    for c in cells_of(cells):
        x, y = cell_xy(c)
        place = {"x": str(x), "y": str(y), "width": str(SQUARE), "height": str(SQUARE)}
        el(
            under,
            "rect",
            place,
            fill=HIGHLIGHT,
            fill_opacity="0.7",
            class_="highlight",
            data_cell=cell_name(c),
        )


def draw_frames(top: Element, pos: Position, cells: Bitboard) -> None:
    """The second half of highlighting *cells*, on *top* of the pieces: a frame in the gaps
    around each cell, or one frame of corner brackets around a monument or the wonder that
    any of them lies under."""
    if not cells:
        return
    group = el(top, "g", class_="highlight-frame")
    left = cells
    for site in pos.monuments:
        block = _block(site.corner, 2, 2)
        if left & block:
            x, y = cell_xy(site.corner)
            in_gap = _rectangle(x + 1.5, y + 1.5, 2 * SQUARE - 3, 2 * SQUARE - 3)
            brackets(
                group, in_gap, HIGHLIGHT, arm=_BLOCK_ARM, width=6, data_cell=cell_name(site.corner)
            )
            left &= ~block
    if pos.wonder is not None and left & _wonder_cells(pos.wonder.centre):
        x, y = cell_xy(pos.wonder.centre)
        outline = cross(x, y, 0)
        centre = cell_name(pos.wonder.centre)
        brackets(group, outline, HIGHLIGHT, arm=_BLOCK_ARM, width=_GAP, data_cell=centre)
        left &= ~_wonder_cells(pos.wonder.centre)
    for c in cells_of(left):
        x, y = cell_xy(c)
        place = {"x": str(x), "y": str(y), "width": str(SQUARE), "height": str(SQUARE)}
        el(
            group,
            "rect",
            place,
            fill="none",
            stroke=_FRAME,
            stroke_width=str(_GAP),
            class_="highlight-frame",
            data_cell=cell_name(c),
        )


def draw_arrows(under: Element, arrows: Iterable[tuple[Cell, Cell]]) -> None:
    """Draw *arrows* from cell to cell in *under*, beneath the pieces: an arrow shows on the
    land it crosses and ends at the edge of the cell it points to, hiding nothing."""
    for start, end in arrows:
        _arrow(under, start, end)


def _arrow(parent: Element, start: Cell, end: Cell) -> None:
    (sx, sy), (ex, ey) = cell_xy(start), cell_xy(end)
    x0, y0, x1, y1 = sx + SQUARE / 2, sy + SQUARE / 2, ex + SQUARE / 2, ey + SQUARE / 2
    length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1.0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the arrow
    nx, ny = -uy, ux  # across it
    reach = SQUARE / 2 / max(abs(ux), abs(uy))  # from the cell's centre to its edge
    x1, y1 = x1 - ux * reach, y1 - uy * reach
    head, shaft, wing = 16.0, 4.0, 11.0
    bx, by = x1 - ux * head, y1 - uy * head
    points = [
        (x0 + nx * shaft, y0 + ny * shaft),
        (bx + nx * shaft, by + ny * shaft),
        (bx + nx * wing, by + ny * wing),
        (x1, y1),
        (bx - nx * wing, by - ny * wing),
        (bx - nx * shaft, by - ny * shaft),
        (x0 - nx * shaft, y0 - ny * shaft),
    ]
    el(
        parent,
        "polygon",
        points=" ".join(f"{px:.1f},{py:.1f}" for px, py in points),
        fill="#e8590c",
        stroke="#000000",
        stroke_width="1.5",
        class_="arrow",
        data_from=cell_name(start),
        data_cell=cell_name(end),
    )


def obstacles(pos: Position) -> list[Box]:
    """The boxes of what a tag must not cover on *pos*'s board: every piece (a tile's,
    a leader's and a catastrophe's cell but for the gap around it, a monument's square, the
    wonder's cross) and the unification marker."""
    inset = 1.5
    occupied = pos.flipped | pos.catastrophes | sum(pos.tiles)
    occupied |= sum(1 << c for row in pos.leaders for c in row if c is not None)
    out: list[Box] = []
    for site in pos.monuments:
        occupied &= ~_block(site.corner, 2, 2)
        x, y = cell_xy(site.corner)
        out.append((x + 5, y + 5, x + 2 * SQUARE - 5, y + 2 * SQUARE - 5))
    if pos.wonder is not None:
        occupied &= ~_wonder_cells(pos.wonder.centre)
        x, y = cell_xy(pos.wonder.centre)
        out.append((x - SQUARE, y, x + 2 * SQUARE, y + SQUARE))
        out.append((x, y - SQUARE, x + SQUARE, y + 2 * SQUARE))
    for c in cells_of(occupied):
        x, y = cell_xy(c)
        out.append((x + inset, y + inset, x + SQUARE - inset, y + SQUARE - inset))
    if pos.unification is not None:
        x, y = cell_xy(pos.unification)
        o = UNIFICATION_OVERHANG
        out.append((x - o, y - o, x + SQUARE + o, y + SQUARE + o))
    return out
