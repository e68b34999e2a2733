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

import importlib
from collections.abc import Iterable
from typing import Any, Final
from xml.etree.ElementTree import Element, tostring

from ..actions import Action, PlaceLeader
from ..cells import Bitboard, Cell, from_cells
from ..errors import TigeuphError
from ..screen import action_cells
from .layers import MARGIN, SQUARE, Position, cell_xy, draw_marks, draw_pieces, draw_terrain
from .panel import draw_panel, panel_height
from .symbols import Symbols, el

__all__ = ["MARGIN", "SQUARE", "action_cells", "board", "cell_xy", "leader_arrows", "to_png"]

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


def board(
    position: Position,
    *,
    size: int | None = 600,
    highlight: Iterable[Cell] | Bitboard = (),
    lastmove: Action | None = None,
    arrows: Iterable[tuple[Cell, Cell]] = (),
    coordinates: bool = True,
    panel: bool = True,
) -> str:
    """*position* as an SVG picture, *size* pixels wide (``None``: natural size, a cell being
    ``SQUARE`` units wide).

    A :class:`~tigeuph.PlayerView` is drawn with only what its player may see (spec R4, R32):
    his own hand, the others' hand sizes, hidden points as ``?``.

    Args:
        highlight: cells to mark, as cells or a bitboard.
        lastmove: an action whose cells (:func:`action_cells`) are marked too.
        arrows: ``(from, to)`` cell pairs, drawn as arrows (see :func:`leader_arrows`).
        coordinates: write the column letters and row numbers around the board.
        panel: draw the turn and the players' panel under the board.
    """
    marked = highlight if isinstance(highlight, int) else from_cells(highlight)
    marked |= action_cells(lastmove)
    rows, cols = position.rules.board.rows, position.rules.board.cols
    width = cols * SQUARE + 2 * MARGIN
    board_height = rows * SQUARE + 2 * MARGIN
    height = board_height + (panel_height(position.players) if panel else 0)
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
    symbols = Symbols(el(svg, "defs", class_="defs"))
    el(svg, "rect", width=str(width), height=str(height), fill="#fbf6ea", class_="background")
    draw_terrain(svg, position, coordinates)
    under = el(svg, "g", class_="highlights")
    draw_pieces(svg, symbols, position)
    draw_marks(svg, under, marked, arrows)
    if panel:
        draw_panel(svg, symbols, position, board_height - 8, width)
    return tostring(svg, encoding="unicode")


def to_png(picture: str, *, width: int | None = None) -> bytes:
    """The SVG *picture* as PNG bytes, *width* pixels wide if given (the ``png`` extra).

    Raises:
        TigeuphError: cairosvg, of the ``png`` extra, is not installed.
    """
    try:
        cairosvg: Any = importlib.import_module("cairosvg")
    except ImportError:
        raise TigeuphError(
            "PNG output needs cairosvg: pip install 'tigeuph[png]' (or write .svg)"
        ) from None
    except OSError as err:  # cairosvg found, but not the cairo library it loads
        raise TigeuphError(f"PNG output needs the cairo library: {err}") from None
    out = cairosvg.svg2png(bytestring=picture.encode(), output_width=width)
    assert isinstance(out, bytes)
    return out
