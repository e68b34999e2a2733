"""A Babel position as an SVG picture: ``GAMES["babel"].picture``, which ``tigeuph render`` draws.

The picture is laid out as the table is: the five locations in a band across the middle, the
quarry at their left with the pawns that have not left it; each player's side of every
location on his half, his temple (drawn as stacked levels, a block per temple card at its
level) next to the band and his column of people cards beyond it, head (first placed) nearest
the temple. Above and below, each player's panel: score, hand, starting card and temple row;
at the top, whose turn it is or the halving play waits for, and the last action; at the
bottom, the decks and the discard pile. The viewer of a view, else seat 0, sits at the bottom.

Every element has a ``class`` (``card H``, ``temple-block``, ``pawn seat-1``, ``highlight``...)
and what belongs to a seat or a location carries ``data-seat`` and ``data-location``, as the
main game's pictures do (:mod:`tigeuph.tigris.pictures`).

>>> from tigeuph import babel
>>> picture(babel.new_game(seed=1), size=600).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Final, get_args
from xml.etree.ElementTree import Element, tostring

from ...core.dynasties import dynasty
from ...core.errors import expect
from ...core.svg.markup import el
from ...core.svg.symbols import INK, Symbols
from ..model.actions import Action
from ..model.cards import NATIONS
from ..model.state import BabelState
from ..views import BabelView
from .marks import Marks
from .panels import FOOTER, draw_footer, draw_panel, draw_status
from .style import BAND, FONT, LOCATION_X, PANEL, QUARRY_X, STATUS, TEMPLE, WIDTH, label
from .table import column_height, draw_band, draw_column, draw_temple

__all__ = ["picture"]

_BACKGROUND: Final = "#fbf6ea"
_CSS: Final = "text { user-select: none; }"
_ACTIONS: Final = get_args(Action)


def picture(
    position: BabelState | BabelView,
    *,
    size: float | None = None,
    last: Action | None = None,
    before: BabelState | BabelView | None = None,
    coordinates: bool = True,
) -> str:
    """*position* as an SVG document, *size* pixels wide (``None``: its natural size).

    A state is drawn whole, both hands card by card; a view shows only what its player may
    see (spec B28): his own hand, his opponent's as a count. *last*, the action that led to
    *position* (from *before*, when known: it says who played it), is named at the top and
    what it touched is framed in yellow. *coordinates* writes each card's index in its
    column, as the action notation counts them (``A@2``).
    """
    where = "picture: "
    expect(position, (BabelState, BabelView), "a Babel state or view", f"{where}position")
    if size is not None:
        expect(size, (int, float), "a width in pixels", f"{where}size")
    if last is not None:
        expect(last, _ACTIONS, "a Babel action", f"{where}last")
    if before is not None:
        expect(before, (BabelState, BabelView), "a Babel state or view", f"{where}before")
    expect(coordinates, bool, "True or False", f"{where}coordinates")
    bottom = position.player if isinstance(position, BabelView) else 0
    top = 1 - bottom
    marks = Marks.of(position, last, None if before is None else before.to_move)
    top_column = column_height(position, top)
    bottom_column = column_height(position, bottom)
    band_y = STATUS + PANEL + top_column + TEMPLE
    height = band_y + BAND + TEMPLE + bottom_column + PANEL + FOOTER
    svg = Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "xmlns:xlink": "http://www.w3.org/1999/xlink",
            "version": "1.1",
            "viewBox": f"0 0 {WIDTH} {height}",
            "class": "tigeuph-babel",
        },
    )
    if size is not None:
        svg.set("width", f"{size:g}")
        svg.set("height", f"{size * height / WIDTH:g}")
    el(svg, "style", type="text/css", class_="style").text = _CSS
    symbols = Symbols(el(svg, "defs", class_="defs"))
    el(svg, "rect", width=str(WIDTH), height=str(height), fill=_BACKGROUND, class_="background")
    root = el(svg, "g", class_="babel", font_family=FONT, fill=INK)
    draw_status(root, position, last, marks)
    draw_panel(root, symbols, position, top, STATUS, marks)
    _draw_half(root, position, top, STATUS + PANEL, top_column, True, marks, coordinates)
    draw_band(root, symbols, position, band_y, top, marks)
    lower = band_y + BAND
    _draw_half(root, position, bottom, lower, bottom_column, False, marks, coordinates)
    panel_y = band_y + BAND + TEMPLE + bottom_column
    draw_panel(root, symbols, position, bottom, panel_y, marks)
    draw_footer(root, position, panel_y + PANEL, marks)
    return tostring(svg, encoding="unicode")


def _draw_half(
    root: Element,
    position: BabelState | BabelView,
    seat: int,
    y: float,
    column: float,
    upward: bool,
    marks: Marks,
    indices: bool,
) -> None:
    """One player's side of the five locations from height *y*: temples next to the band,
    columns beyond them (*upward*: the half above the band)."""
    side = position.sides[seat]
    half = el(root, "g", class_=f"side seat-{seat}", data_seat=str(seat))
    temple_y, column_y = (y + column, y) if upward else (y, y + TEMPLE)
    names = (("columns", column_y + column / 2), ("temples", temple_y + TEMPLE / 2))
    for name, middle in names:
        label(half, QUARRY_X + 6, middle - 2, f"{dynasty(seat).name}'s", 11, kind="side-label")
        label(half, QUARRY_X + 6, middle + 12, name, 11, kind="side-label")
    for nation in NATIONS:
        x = LOCATION_X[nation.index]
        spot = el(half, "g", class_=f"site {nation.value}", data_location=nation.value)
        draw_temple(spot, side.temples[nation.index], x, temple_y, seat, nation, marks)
        cards = side.columns[nation.index]
        draw_column(spot, cards, x, column_y, column, seat, nation, upward, marks, indices)
