"""What the last action did to the board, drawn where it happened (issue 40).

Given the last action's events, a picture shows what is no longer there: a ghost (a dashed
ring in the leader's colour) on the cell of every leader sent home, by a catastrophe, a war's
removed tiles or a monument (:class:`~tigeuph.tigris.events.LeaderReturned`; a conflict's loser
gets his from :mod:`.conflicts`), a crossed-out ghost tile on each tile a lost war removed, and
around a catastrophe that destroyed a tile a dashed frame in that tile's colour, with a crossed
chip of the colour at its corner.

Elements drawn here have the classes ``happened returned`` (with ``data-seat``), ``conflict
removed`` and ``happened destroyed``, and ``data-cell``. A ghost stands on a cell its leader
left empty, and the destroyed tile's frame lies on the lines between cells: nothing here hides
a piece.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.etree.ElementTree import Element

from ...core.events import Event
from ...core.svg.markup import el
from ..events import CatastropheFell, ConflictResolved, LeaderReturned
from ..model.cells import Cell, cell_name
from ..model.pieces import Colour
from .conflicts import ghost
from .layers import SQUARE, cell_xy
from .symbols import FILL

__all__ = ["draw_happened"]


def draw_happened(parent: Element, events: Iterable[Event]) -> None:
    """Draw on *parent* what *events* took off the board."""
    told = list(events)
    if not any(isinstance(e, CatastropheFell | ConflictResolved | LeaderReturned) for e in told):
        return
    group = el(parent, "g", class_="happened")
    for event in told:
        if isinstance(event, LeaderReturned):
            data = {"data-cell": cell_name(event.cell), "data-seat": str(event.player)}
            ghost(
                el(group, "g", data, class_="happened returned"),
                event.cell,
                event.colour,
                "happened ghost",
            )
        elif isinstance(event, ConflictResolved):
            for c in event.removed:
                _removed(group, c, event.colour)
        elif isinstance(event, CatastropheFell) and event.destroyed is not None:
            _destroyed(group, event.cell, event.destroyed)


def _removed(parent: Element, c: Cell, colour: Colour) -> None:
    """A tile a war removed, on its cell, empty now: a ghost of the tile, crossed out."""
    x, y = cell_xy(c)
    group = el(parent, "g", class_="conflict removed", data_cell=cell_name(c))
    el(
        group,
        "rect",
        x=str(x + 3),
        y=str(y + 3),
        width=str(SQUARE - 6),
        height=str(SQUARE - 6),
        rx="4",
        fill="#ffffff",
        fill_opacity="0.55",
        stroke=FILL[colour],
        stroke_width="2.5",
        stroke_dasharray="4 3",
        class_="conflict",
    )
    _cross(group, x + 11, y + 11, 18, FILL[colour], "3")


def _cross(parent: Element, x: float, y: float, size: float, colour: str, width: str) -> None:
    el(
        parent,
        "path",
        d=f"M{x:g} {y:g}l{size:g} {size:g}m0 {-size:g}l{-size:g} {size:g}",
        stroke=colour,
        stroke_width=width,
        stroke_linecap="round",
        class_="happened cross",
    )


def _destroyed(parent: Element, c: Cell, colour: Colour) -> None:
    """The tile of *colour* a catastrophe destroyed on *c*: a dashed frame of the colour on
    the cell's edges, and a crossed chip of the colour astride its top-left corner."""
    x, y = cell_xy(c)
    group = el(parent, "g", class_="happened destroyed", data_cell=cell_name(c))
    el(
        group,
        "rect",
        x=str(x),
        y=str(y),
        width=str(SQUARE),
        height=str(SQUARE),
        fill="none",
        stroke=FILL[colour],
        stroke_width="3",
        stroke_dasharray="6 3",
        class_="happened",
    )
    chip = 13
    left, top = x - 6, y - 6
    place = {"x": f"{left:g}", "y": f"{top:g}", "width": str(chip), "height": str(chip)}
    el(group, "rect", place, rx="2", fill=FILL[colour], stroke="#ffffff", class_="happened")
    _cross(group, left + 3.5, top + 3.5, chip - 7, "#ffffff", "2")
