"""Pictures of positions as SVG, in the spirit of python-chess's ``chess.svg``.

:func:`board` is a pure function from a :class:`~tigeuph.GameState` or a
:class:`~tigeuph.PlayerView` to an SVG document as a string: the board's land and rivers, every
piece, and a panel with the turn and each seat's points, treasures, catastrophe tiles and hand.
It needs nothing beyond the standard library; :func:`to_png` turns a picture into PNG with the
``png`` extra (``pip install 'tigeuph[png]'``). In a notebook a state or a view shows itself
as this picture.

Every piece is drawn from a ``<symbol>`` in the picture's ``<defs>`` by ``<use>``, and every
element has a ``class`` (``tile red``, ``leader black seat-0``, ``treasure special``,
``monument rk``...) so a stylesheet can restyle it; pieces on the board also carry
``data-cell`` (``E5``), panel items ``data-seat``.

>>> import tigeuph
>>> from tigeuph import svg
>>> picture = svg.board(tigeuph.new_game(2, seed=7), size=600)
>>> picture.startswith("<svg"), 'class="tile red" data-cell="K1"' in picture
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final
from xml.etree.ElementTree import Element, tostring

from ...core.errors import TigeuphError, expect
from ...core.events import Event
from ...core.svg.markup import el
from ...core.svg.png import to_png
from ...core.svg.symbols import INK
from ..describe.screen import action_cells
from ..engine.apply import transition
from ..model.actions import Action, PlaceLeader
from ..model.cells import Bitboard, Cell, cell_col, cell_row, cells_of, from_cells
from ..model.state import GameState
from ..views import PlayerView
from .aids import draw_aids_over, draw_aids_under
from .conflicts import draw_fights, draw_kingdoms, fights
from .happened import draw_happened
from .layers import (
    MARGIN,
    SQUARE,
    Position,
    cell_xy,
    draw_coordinates,
    draw_leaders,
    draw_terrain,
    draw_tiles,
)
from .marks import draw_arrows, draw_frames, draw_tints, obstacles
from .panel import draw_panel, notes, panel_height
from .symbols import PieceSymbols

__all__ = [
    "CROP_LEAST",
    "CROP_MARGIN",
    "MARGIN",
    "SQUARE",
    "action_cells",
    "board",
    "cell_xy",
    "leader_arrows",
    "to_png",
]

_CSS: Final = "text { user-select: none; }"


def leader_arrows(before: Position, action: Action) -> tuple[tuple[Cell, Cell], ...]:
    """An arrow for a leader that *action* moves across the board from *before*, else none.

    >>> import tigeuph
    >>> state = tigeuph.new_game(2, seed=7)
    >>> leader_arrows(state, tigeuph.parse_action("KH5"))  # from the supply: no arrow
    ()
    """
    if not isinstance(action, PlaceLeader) or before.to_move is None:
        return ()
    start = before.leaders[before.to_move][action.colour]
    return () if start is None else ((start, action.cell),)


def _told(position: Position, before: Position | None, action: Action | None) -> tuple[Event, ...]:
    """What *action* did from *before*, when *before* is a whole state it may be played in,
    as the player of *position* may know it when it is a view (spec R4)."""
    if not isinstance(before, GameState) or action is None:
        return ()
    try:
        told = transition(before, action)[1]
    except TigeuphError:  # an action refused there (the casebook marks refusals): it did nothing
        return ()
    if isinstance(position, PlayerView):
        return tuple(event.seen_by(position.player) for event in told)
    return told


CROP_MARGIN: Final = 1
"""The cells a crop shows around the cells it was asked for."""
CROP_LEAST: Final = (5, 9)
"""The fewest rows and columns a crop shows: room for the players' panel under it."""


def _span(found: list[int], least: int, size: int) -> tuple[int, int]:
    """The first and last of *found* with ``CROP_MARGIN`` more on each side, widened to
    *least* (on the side with room, alternately), within 0 and *size* - 1."""
    low = max(min(found) - CROP_MARGIN, 0)
    high = min(max(found) + CROP_MARGIN, size - 1)
    while high - low + 1 < min(least, size):
        if low > 0 and (high == size - 1 or (high - low) % 2):
            low -= 1
        else:
            high += 1
    return low, high


def _frame(position: Position, crop: Bitboard) -> tuple[int, int, int, int]:
    """The first row and column and the numbers of rows and columns the picture shows: the
    rectangle around *crop*'s cells, or the whole board."""
    board = position.rules.board
    cells = list(cells_of(crop & board.cells))
    if not cells:
        return 0, 0, board.rows, board.cols
    top, bottom = _span([cell_row(c) for c in cells], CROP_LEAST[0], board.rows)
    left, right = _span([cell_col(c) for c in cells], CROP_LEAST[1], board.cols)
    return top, left, bottom - top + 1, right - left + 1


def board(
    position: Position,
    *,
    size: int | None = 600,
    highlight: Iterable[Cell] | Bitboard = (),
    lastmove: Action | None = None,
    arrows: Iterable[tuple[Cell, Cell]] = (),
    coordinates: bool = True,
    panel: bool = True,
    before: Position | None = None,
    events: Iterable[Event] | None = None,
    crop: Iterable[Cell] | Bitboard = (),
    kingdoms: bool = False,
    strengths: bool = False,
    unions: bool = False,
    sites: bool = False,
) -> str:
    """*position* as an SVG picture, *size* pixels wide (``None``: natural size, a cell being
    ``SQUARE`` units wide).

    A :class:`~tigeuph.PlayerView` is drawn with only what its player may see (spec R4, R32):
    his own hand, the others' hand sizes, hidden points as ``?``. A revolt or a war waiting
    for support is drawn: its two leaders framed with their strengths, the kingdoms they fight
    for outlined; so is one the last action settled (its events say which).

    Args:
        highlight: cells to mark, as cells or a bitboard.
        lastmove: an action whose cells (:func:`action_cells`) are marked too.
        arrows: ``(from, to)`` cell pairs, drawn as arrows (see :func:`leader_arrows`).
        coordinates: write the column letters and row numbers around the board.
        panel: draw the status and the players' panel under the board.
        before: the state *lastmove* was played in: what it did is drawn (a conflict it
            settled). A view cannot tell: give *events* instead.
        events: what *lastmove* did (:func:`tigeuph.transition`, ``Game.events``), instead of
            playing it again from *before*.
        crop: draw only the rectangle of the board around these cells (cells or a bitboard;
            none: the whole board), with ``CROP_MARGIN`` cell more on every side and at least
            ``CROP_LEAST`` rows and columns, and its own coordinates.
        kingdoms: tint each kingdom in its own hue, under the tiles (an aid, as the next
            three: ``tigeuph.tigris.pictures.aids``).
        strengths: write each leader's strength in a war on him, in his cell's corner.
        unions: mark the empty cells where a tile would join two kingdoms.
        sites: frame the 2x2 squares of one colour where a monument could stand.

    Raises:
        ArgumentTypeError: *before* is no state or view, or *events* holds what is no event.
    """
    marked = highlight if isinstance(highlight, int) else from_cells(highlight)
    marked |= action_cells(lastmove)
    expect(before, (GameState, PlayerView, type(None)), "a state, a view or None", "board: before")
    expect(events, (Iterable, type(None)), "events or None", "board: events")
    told = _told(position, before, lastmove) if events is None else tuple(events)
    for event in told:
        expect(event, Event, "an event (tigeuph.tigris.events)", "board: events")
    first_row, first_col, rows, cols = _frame(
        position, crop if isinstance(crop, int) else from_cells(crop)
    )
    width = cols * SQUARE + 2 * MARGIN
    board_height = rows * SQUARE + 2 * MARGIN
    mover = before.to_move if before is not None else None
    told_lines = notes(position, lastmove, mover) if panel else []
    height = board_height + (panel_height(position, width, told_lines) if panel else 0)
    svg = Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "xmlns:xlink": "http://www.w3.org/1999/xlink",
            "version": "1.1",
            "viewBox": f"0 0 {width} {height}",
            "class": "tigeuph-board",
        },
    )
    if size is not None:
        svg.set("width", str(size))
        svg.set("height", str(round(size * height / width)))
    el(svg, "style", type="text/css", class_="style").text = _CSS
    defs = el(svg, "defs", class_="defs")
    symbols = PieceSymbols(defs)
    el(svg, "rect", width=str(width), height=str(height), fill="#fbf6ea", class_="background")
    content = el(svg, "g", class_="board")
    cropped = (rows, cols) != (position.rules.board.rows, position.rules.board.cols)
    if cropped:
        dx, dy = first_col * SQUARE, first_row * SQUARE
        clip = el(defs, "clipPath", id="crop", class_="crop")
        place = {"x": str(MARGIN + dx), "y": str(MARGIN + dy)}
        el(clip, "rect", place, width=str(cols * SQUARE), height=str(rows * SQUARE))
        content.set("transform", f"translate({-dx} {-dy})")
        content.set("clip-path", "url(#crop)")
    draw_terrain(content, position)
    under = el(content, "g", class_="highlights")
    draw_aids_under(under, position, kingdom_tint=kingdoms)
    draw_tints(under, marked)
    draw_kingdoms(content, position)
    draw_arrows(content, arrows)
    lines = el(content, "g", class_="leader-lines")
    draw_tiles(el(content, "g", class_="pieces"), symbols, position)
    draw_leaders(el(content, "g", class_="pieces standing"), symbols, position)
    top = el(content, "g", class_="marks")
    draw_aids_over(top, position, strengths=strengths, unions=unions, sites=sites)
    draw_frames(top, position, marked)
    draw_happened(top, told)
    left, top_y = MARGIN + first_col * SQUARE, MARGIN + first_row * SQUARE
    shown = (left, top_y, left + cols * SQUARE, top_y + rows * SQUARE)
    draw_fights(top, lines, fights(position, told)[0], shown, obstacles(position))
    if cropped:
        el(
            svg,
            "rect",
            x=str(MARGIN),
            y=str(MARGIN),
            width=str(cols * SQUARE),
            height=str(rows * SQUARE),
            fill="none",
            stroke=INK,
            stroke_width="2",
            class_="crop-edge",
        )
    if coordinates:
        draw_coordinates(svg, first_row, first_col, rows, cols)
    if panel:
        draw_panel(svg, symbols, position, board_height - 8, width, told_lines)
    return tostring(svg, encoding="unicode")
