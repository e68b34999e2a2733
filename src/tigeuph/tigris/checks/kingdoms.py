"""The kingdoms: leaders beside temples (spec R10), one leader per colour per kingdom (R15), no
trader keeping two treasures (R25), with the piece that set off a pending conflict left out."""

from __future__ import annotations

from ..model.cells import cell_name, names, neighbours
from ..model.decisions import Conflict, Revolt, War, WarChoice, WonderPoint
from ..model.pieces import COLOURS, Colour
from ..model.regions import kingdoms as find_kingdoms
from ..model.state import GameState
from ..rules.treasures import takeable
from .base import leader_cells, leader_name

__all__ = ["kingdoms"]


def kingdoms(state: GameState) -> list[str]:
    """Leaders beside temples (R10), one leader per colour per kingdom (R15), and no trader's
    kingdom keeping two treasures (R25), as the rules order an action's consequences (R6).

    Every leader touches a face-up temple at every point play can stop: a catastrophe or a
    monument that strands one is followed by its withdrawal before any decision, no war strands
    one (spec note on R6 and R20), and the wonder, which can, is built on the tile just placed,
    so no monument decision follows it. One leader per colour per kingdom holds once conflicts
    are resolved; while a revolt is fought it holds with the attacking leader left out, and while
    wars are fought with the unification tile left out (R16): the board the action found, less
    what the wars removed. Treasures are handed out last: a trader's kingdom may keep two only
    while a building, wonder, monument or treasure decision waits.
    """
    out: list[str] = []
    beside_temple = neighbours(state.tiles[Colour.RED])
    for seat, colour, c in leader_cells(state):
        if not beside_temple >> c & 1:
            out.append(
                f"{leader_name(seat, colour)} on {cell_name(c)} touches no face-up red tile [R10]"
            )
    occupied, leader_mask, context = state.occupied, state.leader_mask, ""
    pending, u = state.pending, state.unification
    if isinstance(pending, Revolt) and 0 <= pending.attacker < state.players:
        a = state.leaders[pending.attacker][pending.colour]
        if a is not None:
            occupied &= ~(1 << a)
            leader_mask &= ~(1 << a)
            context = f"with the attacking {pending.colour.leader} on {cell_name(a)} left out, "
    elif isinstance(pending, War | WarChoice) and u is not None and state.face_up >> u & 1:
        occupied &= ~(1 << u)
        context = f"with the unification tile on {cell_name(u)} left out, "
    settled = pending is None or isinstance(pending, Conflict | WarChoice | WonderPoint)
    special = state.rules.board.special
    leaders = [(seat, colour, c) for seat, colour, c in leader_cells(state) if leader_mask >> c & 1]
    # Computed afresh from the masks: a stale cached analysis must not hide a problem.
    for kingdom in find_kingdoms(occupied, leader_mask):
        inside = [(seat, colour, c) for seat, colour, c in leaders if kingdom >> c & 1]
        for colour in COLOURS:
            same = [cell_name(c) for _, col, c in inside if col is colour]
            if len(same) > 1:
                out.append(
                    f"{context}one kingdom holds {len(same)} {colour.leader}s: "
                    f"{', '.join(same)} [R15]"
                )
        traders = [c for _, col, c in inside if col is Colour.GREEN]
        if settled and traders and takeable(kingdom, state.treasures, special):
            treasures = kingdom & state.treasures
            out.append(
                f"{context}the trader on {cell_name(traders[0])} has {treasures.bit_count()} "
                f"treasures in his kingdom: {', '.join(names(treasures))} [R25]"
            )
    return out
