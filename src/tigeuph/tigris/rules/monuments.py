"""Monuments: squares that can hold one, building one, and their points (spec R22-R24)."""

from __future__ import annotations

from ..model.cells import (  # noqa: F401 (GUARDS: the contracts)
    CELL_BITS,
    CELL_NEIGHBOURS,
    GUARDS,
    STRIDE,
    Bitboard,
    Cell,
    cell_name,
    neighbours,
)
from ..model.decisions import MonumentChoice
from ..model.pieces import COLOURS, MONUMENTS, Colour, Monument
from ..model.reads import Position
from ..model.state import GameState, MonumentSite
from ..model.work import Work
from .buildings import return_covered

__all__ = [
    "available",
    "build",
    "buildable_corners",
    "complete_squares",
    "decline_squares",
    "monument_points",
    "monument_problem",
    "square",
]


def square(corner: Cell) -> Bitboard:
    """The 2x2 square whose top-left cell is *corner* (it may run off the board)."""
    top = 0b11 << corner
    return top | top << STRIDE


def available(pos: Position, colour: Colour) -> list[Monument]:
    """Monuments not yet built that carry *colour*."""
    built = {site.monument for site in pos.monuments}
    return [m for m in MONUMENTS if colour in m.colours and m not in built]


def buildable_corners(pos: Position, placed: Cell) -> tuple[Cell, ...]:
    """Corners of the face-up one-colour squares through *placed* that may hold a monument.

    A square is out once declined (spec R22), or when no monument of its colour is left.
    """
    here = CELL_BITS[placed]
    for colour, layer in zip(COLOURS, pos.tiles, strict=True):  # noqa: B007 (used after)
        if layer & here:
            break
    else:
        return ()
    if (CELL_NEIGHBOURS[placed] & layer).bit_count() < 2:
        return ()  # a square needs two same-coloured neighbours of the placed tile
    corners = complete_squares(layer, placed, pos.declined)
    if corners and not available(pos, colour):
        return ()
    return corners


def complete_squares(layer: Bitboard, placed: Cell, declined: Bitboard) -> tuple[Cell, ...]:
    """Corners of the 2x2 squares of *layer* through *placed*, but for the *declined* ones
    (spec R22): where a monument may go, once one of the square's colours is left.

    >>> from tigeuph.tigris.model.cells import mask, names, parse_cell
    >>> layer = mask("A1", "B1", "C1", "A2", "B2", "C2")
    >>> [names(1 << c) for c in complete_squares(layer, parse_cell("B2"), mask("A1"))]
    [['B1']]

    Contracts (PEP 316, checked by CrossHair in CI): every square found is whole in *layer*,
    holds *placed* and was not declined, and every such square is found. Masks are bounded to
    the first 40 bits, as in tigeuph.tigris.model.regions; the reference engine covers the whole
    board.

    pre: 0 <= layer < 1 << 40 and layer & GUARDS == 0 and 0 <= declined < 1 << 40
    pre: 0 <= placed < 40 and layer >> placed & 1
    post: all(square(c) & layer == square(c) for c in __return__)
    post: all(square(c) >> placed & 1 and not declined >> c & 1 for c in __return__)
    post: all(c in __return__ for c in range(placed + 1) if square(c) >> placed & 1 and square(c) & layer == square(c) and not declined >> c & 1)
    """  # noqa: E501 (a contract is one line)
    corners = []
    for corner in (placed - STRIDE - 1, placed - STRIDE, placed - 1, placed):
        # The guard column and the board mask in `layer` reject squares off the board.
        if corner < 0 or declined >> corner & 1:
            continue
        sq = square(Cell(corner))
        if sq & layer == sq:
            corners.append(Cell(corner))
    return tuple(corners)


def square_colour(pos: Position, corner: Cell) -> Colour:
    """The colour of the face-up square at *corner*."""
    return next(c for c, layer in zip(COLOURS, pos.tiles, strict=True) if layer >> corner & 1)


def build(w: Work, corner: Cell, monument: Monument) -> None:
    """Flip the square at *corner* face down under *monument* (spec R22, R23)."""
    colour = square_colour(w, corner)
    sq = square(corner)
    w.turn_face_down(colour, sq)
    w.monuments = (*w.monuments, MonumentSite(monument, corner, colour))
    if w.events is not None:
        from ..events import MonumentBuilt

        w.events.append(MonumentBuilt(w.active, monument, corner, colour))
    return_covered(w, sq)  # R30: a building under a monument goes back to supply


def monument_points(w: Work, player: int) -> None:
    """End-of-turn monument points for *player* (spec R24)."""
    if not w.monuments:
        return
    a = w.analysis()
    for site in w.monuments:
        kingdom = a.kingdom_at(site.corner)
        for colour in site.monument.colours:
            c = w.leaders[player][colour]
            if c is not None and kingdom >> c & 1:
                w.score(player, colour, 1)
                if w.events is not None:
                    from ..events import MonumentScored

                    w.events.append(MonumentScored(player, site.monument, site.corner, colour))


def monument_problem(
    state: GameState, choice: MonumentChoice, corner: Cell, monument: Monument
) -> tuple[str, str] | None:
    """``(clause, reason)`` when *monument* may not go on the square at *corner*, else
    ``None``: no square of the choice is there, or the monument is built or lacks the square's
    colour (R22)."""
    if corner not in choice.corners:
        return "R22", f"no buildable square has its corner on {cell_name(corner)}"
    colour = square_colour(state, corner)
    if monument not in available(state, colour):
        return "R22", (
            f"the {monument.code} monument is built already or has no {colour.name.lower()}"
        )
    return None


def decline_squares(w: Work, corners: tuple[Cell, ...]) -> None:
    """The active player builds no monument: the squares at *corners* never hold one (R22)."""
    for corner in corners:
        w.declined |= 1 << corner
    if w.events is not None:
        from ..events import MonumentDeclined

        w.events.append(MonumentDeclined(w.active, corners))
