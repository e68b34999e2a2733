"""The pending choices after a tile (monument, building, wonder), the wonder's point and a
treasure to take: each offers what the rule functions of :mod:`tigeuph.tigris.rules` would offer
(spec R22, R25, R30, R31)."""

from __future__ import annotations

from ..model.cells import STRIDE, cell_name, cells_of
from ..model.decisions import (
    BuildingChoice,
    MonumentChoice,
    TreasureChoice,
    WonderChoice,
    WonderPoint,
)
from ..model.pieces import COLOURS, Colour
from ..model.work import Work
from ..rules.buildings import building_cells
from ..rules.monuments import available, buildable_corners, square
from ..rules.treasures import takeable
from ..rules.wonder import cross, wonder_centres, wonder_point
from .base import BOARD_CELLS, Scene, area, cells_text, fresh, leader_name, name

__all__ = [
    "check_building_choice",
    "check_monument_choice",
    "check_treasure_choice",
    "check_wonder_choice",
    "check_wonder_point",
]


def check_monument_choice(scene: Scene, pending: MonumentChoice) -> list[str]:
    """The squares offered are every square of one colour through the tile just placed that
    may hold a monument (spec R22)."""
    state = scene.state
    out: list[str] = []
    colours: set[Colour] = set()
    common = area(state)
    for corner in pending.corners:
        if corner not in BOARD_CELLS or square(corner) & ~area(state):
            out.append(f"monument choice: the square at {name(corner)} is off the board")
            continue
        sq = square(corner)
        found = [colour for colour in COLOURS if state.tiles[colour] & sq == sq]
        if not found:
            out.append(f"monument choice: the square at {name(corner)} is not one colour")
        colours.update(found)
        common &= sq
        if state.declined >> corner & 1:
            out.append(f"monument choice: the square at {name(corner)} was declined")
    if out:
        return out
    where = cells_text(pending.corners)
    if not pending.corners:
        out.append("monument choice between no squares [R22]")
    elif len(colours) > 1 or not common:
        out.append(
            f"monument choice: the squares at {where} are not all of one colour through the "
            "tile just placed [R22]"
        )
    else:
        (colour,) = colours
        w = Work(state)  # buildable_corners reads the tiles, declined squares and monuments
        if not available(state, colour):
            out.append(f"monument choice: every monument with {colour.name.lower()} is built [R22]")
        elif not any(
            set(buildable_corners(w, placed)) == set(pending.corners) for placed in cells_of(common)
        ):
            out.append(
                f"monument choice: the squares at {where} leave out another {colour.name.lower()} "
                "square through the tile just placed [R22]"
            )
    return out


def check_building_choice(scene: Scene, pending: BuildingChoice) -> list[str]:
    """The cells offered hold tiles of the building's colour and are those
    :func:`~tigeuph.tigris.rules.buildings.building_cells` allows after the tile just placed
    (R30)."""
    state = scene.state
    out: list[str] = []
    layer = state.tiles[pending.colour]
    if not state.rules.buildings:
        out.append("building choice pending, but the rules have no buildings")
    wrong = [
        c for c in (pending.placed, *pending.cells) if c not in BOARD_CELLS or not layer >> c & 1
    ]
    for c in wrong:
        out.append(
            f"building choice: {name(c)} holds no face-up {pending.colour.name.lower()} tile"
        )
    if not wrong and state.rules.buildings:
        allowed = cells_of(building_cells(state, pending.placed)[1])
        if set(pending.cells) != set(allowed):
            out.append(
                f"building choice: the {pending.colour.building} may go on "
                f"{cells_text(allowed)} after a tile on {cell_name(pending.placed)}, "
                f"not on {cells_text(pending.cells)} [R30]"
            )
    return out


def check_wonder_choice(scene: Scene, pending: WonderChoice) -> list[str]:
    """The crosses offered are of one colour, never declined, and those
    :func:`~tigeuph.tigris.rules.wonder.wonder_centres` finds through the tile just placed (R31)."""
    state = scene.state
    out: list[str] = []
    if not state.rules.wonder or state.wonder is not None:
        out.append("wonder choice pending, but no wonder may be built")
    problems = len(out)
    for centre in pending.centres:
        shape = cross(centre) if centre in BOARD_CELLS and centre >= STRIDE else -1
        if not any(layer & shape == shape for layer in state.tiles if shape > 0):
            out.append(f"wonder choice: the cross at {name(centre)} is not one colour")
        elif state.declined_crosses >> centre & 1:
            out.append(f"wonder choice: the cross at {name(centre)} was declined")
    if len(out) == problems and pending.placed in BOARD_CELLS:
        centres = wonder_centres(state, pending.placed)
        if set(pending.centres) != set(centres):
            out.append(
                f"wonder choice: after a tile on {cell_name(pending.placed)} the wonder may "
                f"go on the crosses at {cells_text(centres)}, not at {cells_text(pending.centres)} "
                "[R31]"
            )
    return out


def check_wonder_point(scene: Scene, pending: WonderPoint) -> list[str]:
    """The wonder stands, and the player's king is in its kingdom, as
    :func:`~tigeuph.tigris.rules.wonder.wonder_point` requires (spec R31)."""
    state = scene.state
    king = state.leaders[pending.player][Colour.BLACK]
    if state.wonder is None:
        return ["wonder point pending, but no wonder is built"]
    if king is None or (scene.sane and _no_wonder_point(scene, pending.player)):
        return [
            f"wonder point: {leader_name(pending.player, Colour.BLACK)} is not in the "
            "wonder's kingdom"
        ]
    return []


def _no_wonder_point(scene: Scene, player: int) -> bool:
    w = fresh(scene.state)
    w.active = player  # the rule asks the active player; a wrong player is reported apart
    return wonder_point(w) is None


def check_treasure_choice(scene: Scene, pending: TreasureChoice) -> list[str]:
    """The player's trader stands where the decision says, in a kingdom holding treasures he
    may take (spec R25)."""
    state = scene.state
    trader = state.leaders[pending.player][Colour.GREEN]
    if trader != pending.trader:
        return [
            f"treasure choice: {leader_name(pending.player, Colour.GREEN)} is not on "
            f"{name(pending.trader)}"
        ]
    if scene.sane and trader is not None:
        kingdom = fresh(state).analysis().kingdom_at(trader)
        if not takeable(kingdom, state.treasures, state.rules.board.special):
            return [f"treasure choice: the trader on {name(trader)} has under 2 treasures"]
    return []
