"""Civilisation buildings (variant, spec R30): runs of three, placing and moving a building,
and the double points it brings its kingdom."""

from __future__ import annotations

from ..model.cells import STRIDE, Bitboard, Cell, cell_name, cells_of
from ..model.decisions import BuildingChoice
from ..model.pieces import COLOURS, Colour
from ..model.reads import Position
from ..model.work import Work

__all__ = [
    "building_cells",
    "building_choice",
    "building_problem",
    "decline_building",
    "doubled",
    "place_building",
    "protected",
    "put_building",
    "return_covered",
    "run",
    "runs",
]


def run(layer: Bitboard, c: Cell, step: int) -> Bitboard:
    """The cells of *layer* in a straight line with *c* (``step`` 1: the row; ``STRIDE``: the
    column), unbroken, *c* included (*c* must lie in *layer*).

    >>> from tigeuph.tigris.model.cells import mask, names, parse_cell
    >>> names(run(mask("A1", "B1", "C1", "E1"), parse_cell("B1"), 1))
    ['A1', 'B1', 'C1']
    """
    out = 1 << c
    for direction in (step, -step):
        at = c + direction
        # The guard column is never in *layer*, so a row's run stops at the board's edge.
        while at >= 0 and layer >> at & 1:
            out |= 1 << at
            at += direction
    return out


def runs(layer: Bitboard, c: Cell) -> tuple[Bitboard, Bitboard]:
    """The horizontal and the vertical run of *layer* through *c*."""
    return run(layer, c, 1), run(layer, c, STRIDE)


def building_cells(pos: Position, placed: Cell) -> tuple[Colour, Bitboard]:
    """The colour of the tile on *placed* and where its building may go now (spec R30).

    A building in supply may go on any tile of a run of three or more through *placed*. A
    building on the board may move only to such a run that is strictly longer than the longest
    run through its own tile, both measured now: lengthening its own line never moves it.
    """
    for colour, layer in zip(COLOURS, pos.tiles, strict=True):  # noqa: B007 (used after)
        if layer >> placed & 1:
            break
    else:
        return Colour.RED, 0  # the placed tile is no longer face up
    at = pos.buildings[colour]
    # R30: both conditions hold at once. A run of three or more, and, for a building on the
    # board, longer than its own run, which monuments and catastrophes may have cut below three.
    shortest = 2 if at is None else max(2, *(r.bit_count() for r in runs(layer, at)))
    out = 0
    for r in runs(layer, placed):
        if r.bit_count() > shortest:
            out |= r
    return colour, out


def building_choice(pos: Position, placed: Cell) -> BuildingChoice | None:
    """The building decision *placed* offers the active player, if any (spec R30)."""
    colour, cells = building_cells(pos, placed)
    if not cells:
        return None
    return BuildingChoice(pos.active, colour, tuple(cells_of(cells)), placed)


def protected(pos: Position) -> Bitboard:
    """The tiles carrying a building: no war removes them, no catastrophe hits them (R30)."""
    out = 0
    for c in pos.buildings:
        if c is not None:
            out |= 1 << c
    return out


def place_building(w: Work, colour: Colour, c: Cell | None) -> None:
    """Put *colour*'s building on *c* (``None``: back to supply)."""
    row = list(w.buildings)
    row[colour] = c
    w.buildings = (row[0], row[1], row[2], row[3])


def put_building(w: Work, choice: BuildingChoice, c: Cell) -> None:
    """The active player puts the building *choice* offers on *c*, from supply or from its
    tile (R30)."""
    was = w.buildings[choice.colour]
    place_building(w, choice.colour, c)
    if w.events is not None:
        from ..events import BuildingPlaced

        w.events.append(BuildingPlaced(choice.player, choice.colour, c, was))


def decline_building(w: Work, choice: BuildingChoice) -> None:
    """The active player leaves the building *choice* offers where it is (R30)."""
    if w.events is not None:
        from ..events import BuildingDeclined

        w.events.append(BuildingDeclined(choice.player, choice.colour))


def return_covered(w: Work, cells: Bitboard) -> None:
    """Buildings on *cells*, now under a monument or the wonder, go back to supply (R23, R30)."""
    for colour, c in zip(COLOURS, w.buildings, strict=True):
        if c is not None and cells >> c & 1:
            place_building(w, colour, None)
            if w.events is not None:
                from ..events import BuildingReturned

                w.events.append(BuildingReturned(colour, c))


def doubled(pos: Position, colour: Colour, kingdom: Bitboard) -> bool:
    """Whether *kingdom* holds the building of *colour*: its tiles score double (spec R30)."""
    c = pos.buildings[colour]
    return c is not None and kingdom >> c & 1 == 1


def building_problem(choice: BuildingChoice, c: Cell) -> tuple[str, str] | None:
    """``(clause, reason)`` when the building may not go on *c*, else ``None`` (R30)."""
    if c in choice.cells:
        return None
    return "R30", (
        f"the {choice.colour.building} may go only on a run of three or more through "
        f"{cell_name(choice.placed)}, longer than the longest through its tile"
    )
