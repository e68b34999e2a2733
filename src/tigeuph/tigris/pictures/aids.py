"""The aids players of the board game online rely on, each a keyword of :func:`~.board`, an
aid of the main game's ``presentation`` (:data:`AIDS`: a flag of ``tigeuph render``, a toggle of
the browser boards; issue 40), all off by default, so that the plain picture stays the position
and nothing more:

- ``kingdoms``: each kingdom (a region with a leader, spec R0) tinted in its own pale hue
  *under* the tiles, showing on the land around them and in the gaps between them;
- ``strengths``: on each leader, in the corner his disc leaves free, his strength in a war,
  the tiles of his colour in his kingdom (spec R19);
- ``unions``: the empty cells where a tile would join two kingdoms (spec R16), a dashed
  diamond on each;
- ``sites``: the 2x2 squares of one colour where a monument could stand (spec R22), framed
  by corner brackets in the gaps around them.

Elements have the class ``aid`` first (``aid kingdom``, ``aid strength``, ``aid union``,
``aid site``) and ``data-cell``; none hides a piece.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final
from xml.etree.ElementTree import Element

from ...core.svg.markup import el
from ...core.svg.symbols import INK
from ...core.svg.text import FONT
from ..model.cells import STRIDE, Bitboard, Cell, cell_name, cells_of
from ..model.pieces import COLOURS
from ..model.regions import kingdoms, region, touch_counts
from .layers import SQUARE, Position, cell_xy
from .marks import brackets

__all__ = ["AIDS", "draw_aids_over", "draw_aids_under"]

AIDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "kingdoms": "tint each kingdom under its tiles",
        "strengths": "write each leader's strength in a war on him",
        "unions": "mark the empty cells where a tile would join two kingdoms",
        "sites": "frame the squares of one colour where a monument could stand",
    }
)
"""Each aid, by its keyword of :func:`~.board`, and what it shows in a few words."""

_HUES: Final = ("#8fd3ff", "#ffb3c7", "#b9f27c", "#d7b8ff", "#ffd37a", "#7ff0d8")


def _occupied(pos: Position) -> Bitboard:
    leaders = sum(1 << c for row in pos.leaders for c in row if c is not None)
    return pos.flipped | leaders | sum(pos.tiles)


def _leader_cells(pos: Position) -> Bitboard:
    return sum(1 << c for row in pos.leaders for c in row if c is not None)


def draw_aids_under(under: Element, pos: Position, *, kingdom_tint: bool) -> None:
    """The aids drawn beneath the pieces: the kingdoms' tints."""
    if not kingdom_tint:
        return
    group = el(under, "g", class_="aid kingdoms")
    for i, kingdom in enumerate(kingdoms(_occupied(pos), _leader_cells(pos))):
        for c in cells_of(kingdom):
            x, y = cell_xy(c)
            place = {"x": str(x - 1), "y": str(y - 1), "width": "42", "height": "42"}
            hue = _HUES[i % len(_HUES)]
            el(group, "rect", place, fill=hue, class_="aid kingdom", data_cell=cell_name(c))


def draw_aids_over(
    top: Element, pos: Position, *, strengths: bool, unions: bool, sites: bool
) -> None:
    """The aids drawn over the pieces, where they cover none: strengths, unions, sites."""
    if strengths:
        _strengths(el(top, "g", class_="aid strengths", font_family=FONT), pos)
    if unions:
        _unions(el(top, "g", class_="aid unions"), pos)
    if sites:
        _sites(el(top, "g", class_="aid sites"), pos)


def _strengths(group: Element, pos: Position) -> None:
    occupied = _occupied(pos)
    for row in pos.leaders:
        for colour, at in zip(COLOURS, row, strict=True):
            if at is None:
                continue
            strength = (region(1 << at, occupied) & pos.tiles[colour]).bit_count()
            x, y = cell_xy(at)
            badge = el(group, "g", class_="aid strength", data_cell=cell_name(at))
            dot = {"cx": f"{x + 5.5:g}", "cy": f"{y + 5.5:g}", "r": "5.5"}
            el(badge, "circle", dot, fill="#ffffff", stroke=INK, stroke_width="0.8")
            text = el(
                badge,
                "text",
                x=f"{x + 5.5:g}",
                y=f"{y + 9:g}",
                font_size="10",
                font_weight="bold",
                text_anchor="middle",
                fill=INK,
            )
            text.text = str(strength)


def _unions(group: Element, pos: Position) -> None:
    found = kingdoms(_occupied(pos), _leader_cells(pos))
    two, three = touch_counts(found) if len(found) >= 2 else (0, 0)
    board = pos.rules.board
    empty = board.cells & ~(_occupied(pos) | pos.catastrophes)
    for c in cells_of(two & ~three & empty):
        x, y = cell_xy(c)
        h = SQUARE / 2
        d = f"M{x + h} {y + 8}L{x + SQUARE - 8} {y + h}L{x + h} {y + SQUARE - 8}L{x + 8} {y + h}Z"
        el(
            group,
            "path",
            d=d,
            fill="none",
            stroke=INK,
            stroke_width="2",
            stroke_dasharray="4 3",
            class_="aid union",
            data_cell=cell_name(c),
        )


def _square(corner: Cell) -> Bitboard:
    top = 0b11 << corner
    return top | top << STRIDE


def _sites(group: Element, pos: Position) -> None:
    board = pos.rules.board
    for layer in pos.tiles:
        for corner in cells_of(layer):
            sq = _square(corner)
            if pos.declined >> corner & 1 or sq & board.cells & layer != sq:
                continue
            x, y = cell_xy(corner)
            s = 2 * SQUARE
            corners = [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
            site = el(group, "g", class_="aid site", data_cell=cell_name(corner))
            brackets(site, corners, "#ffffff", arm=14, width=3)
