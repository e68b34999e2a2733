"""The pending decision: the unification marker, seats in range, the player who decides, and
the decision's own checker, looked up by its kind (spec R15-R31)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..model.cells import cell_name
from ..model.decisions import (
    BuildingChoice,
    Conflict,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from ..model.kinds import decision_kind
from ..model.state import GameState
from .base import BOARD_CELLS, Scene, name
from .choices import (
    check_building_choice,
    check_monument_choice,
    check_treasure_choice,
    check_wonder_choice,
    check_wonder_point,
)
from .conflicts import check_revolt, check_war, check_war_choice

__all__ = ["CHECKERS", "pending"]

# Each checker takes its own kind of decision: the table pairs them, so the value is Any here.
CHECKERS: Final[dict[type, Callable[[Scene, Any], list[str]]]] = {
    Revolt: check_revolt,
    War: check_war,
    WarChoice: check_war_choice,
    MonumentChoice: check_monument_choice,
    BuildingChoice: check_building_choice,
    WonderChoice: check_wonder_choice,
    WonderPoint: check_wonder_point,
    TreasureChoice: check_treasure_choice,
}
"""The checker of each kind of decision: that it is the one the position calls for."""


def pending(state: GameState, sane: bool) -> list[str]:
    """The pending decision names seats in range and leaders on the board, and is the one the
    position calls for (spec R15-R31); *sane*: every piece is a cell of the board."""
    out, marked = _marker(state, sane)
    decision = state.pending
    if decision is None:
        return out
    n = state.players
    kind = type(decision).__name__
    if state.ended is not None:
        out.append(f"the game is over, yet {kind} is pending")
    seats = (
        [decision.attacker, decision.defender]
        if isinstance(decision, Conflict)
        else [decision.player]
    )
    bad = [seat for seat in seats if not 0 <= seat < n]
    if bad:
        return [*out, f"pending {kind} names seat {bad[0]}, not 0 to {n - 1}"]
    # The active player decides the war order, the building, the wonder and the monument, and
    # takes the wonder's point; support and treasures may fall to others (R15, R19, R25).
    clause = decision_kind(type(decision)).active_clause
    if clause is not None and seats[0] != state.active:
        out.append(f"{kind} for seat {seats[0]}, whose turn it is not [{clause}]")
    return out + CHECKERS[type(decision)](Scene(state, sane, marked), decision)


def _marker(state: GameState, sane: bool) -> tuple[list[str], bool]:
    """The unification marker lies on the face-up tile just placed, and only while wars are
    fought (spec R16); whether it does, so that the war's sides can be found."""
    u = state.unification
    if u is None:
        return [], False
    if not isinstance(state.pending, War | WarChoice):
        return [f"unification marker on {name(u)} while no war is pending"], False
    if u not in BOARD_CELLS or not state.face_up >> u & 1:
        return [f"unification marker on {name(u)}, which holds no face-up tile"], False
    if state.treasures >> u & 1:
        return [
            f"unification marker on {cell_name(u)}, which carries a treasure: the marker "
            "is on the tile just placed [R16]"
        ], False
    return [], sane
