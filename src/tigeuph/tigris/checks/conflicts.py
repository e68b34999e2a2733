"""The pending conflict or choice of wars: its seats and leaders, and that it is the one the
board calls for, as the rules in :mod:`tigeuph.tigris.rules.conflicts` find it (spec R9, R12,
R15-R21)."""

from __future__ import annotations

from ..model.cells import Cell, cell_name
from ..model.decisions import Conflict, Revolt, War, WarChoice
from ..model.pieces import COLOURS
from ..model.state import GameState
from ..model.work import Work
from ..rules.conflicts import contested_colours, start_war, war_sides
from .base import Scene, colours_text, fresh, leader_name, name

__all__ = ["check_revolt", "check_war", "check_war_choice"]


def _conflict(scene: Scene, conflict: Conflict) -> tuple[list[str], Cell | None, Cell | None]:
    """The problems every conflict may have, and its attacker's and defender's cells."""
    state = scene.state
    out: list[str] = []
    kind = type(conflict).__name__.lower()
    if conflict.attacker == conflict.defender:
        out.append(f"{kind}: seat {conflict.attacker} attacks itself")
    if conflict.attacker_support is not None and conflict.attacker_support < 0:
        out.append(f"{kind}: attacker support {conflict.attacker_support} is negative")
    seats = (conflict.attacker, conflict.defender)
    cells = [state.leaders[seat][conflict.colour] for seat in seats]
    for seat, c in zip(seats, cells, strict=True):
        if c is None:
            out.append(f"{kind}: {leader_name(seat, conflict.colour)} is not on the board")
    return out, cells[0], cells[1]


def check_revolt(scene: Scene, revolt: Revolt) -> list[str]:
    """The attacking leader, just positioned, shares the defender's kingdom (spec R15) and
    touched one kingdom at most (R9)."""
    out, a, d = _conflict(scene, revolt)
    if not scene.sane or a is None or d is None:
        return out
    analysis = fresh(scene.state).analysis()
    if not analysis.kingdom_at(a) >> d & 1:
        out.append(
            f"revolt: the {revolt.colour.leader}s on {name(a)} and {name(d)} "
            "are in different kingdoms"
        )
    touched = analysis.without_leader(a).touching(a)
    if len(touched) > 1:
        out.append(
            f"revolt: the attacking {revolt.colour.leader} on {cell_name(a)} joins "
            f"{len(touched)} kingdoms, but a leader may touch one at most [R9]"
        )
    return out


def check_war(scene: Scene, war: War) -> list[str]:
    """The war is due across the unification tile, between the owners of its leaders, the
    attacker chosen as spec R18 says."""
    out, a, d = _conflict(scene, war)
    u = scene.state.unification
    if u is None:
        out.append("war pending without a unification marker")
    elif scene.marked and a is not None and d is not None:
        out += _war(scene.state, war, u)
    return out


def check_war_choice(scene: Scene, choice: WarChoice) -> list[str]:
    """The choice is between the colours of the wars due across the unification tile (spec
    R17, R21)."""
    out: list[str] = []
    if len(set(choice.colours)) != len(choice.colours) or len(choice.colours) < 2:
        out.append(f"war choice between {len(choice.colours)} colours")
    u = scene.state.unification
    if u is None:
        out.append("war choice pending without a unification marker")
    elif scene.marked:
        w = fresh(scene.state)
        out += _three_sides(w, u)
        due = contested_colours(w)
        if set(choice.colours) != set(due):
            out.append(
                f"war choice between {colours_text(choice.colours)}, but the wars due across "
                f"the unification tile on {cell_name(u)} are in {colours_text(due)} [R17, R21]"
            )
    return out


def _holders(w: Work) -> list[list[tuple[int, Cell]]]:
    """For each colour, ``(seat, cell)`` of the leaders of that colour standing on the sides of
    the war (:func:`~tigeuph.tigris.rules.conflicts.war_sides`)."""
    holders: list[list[tuple[int, Cell]]] = [[], [], [], []]
    for side in war_sides(w):
        for seat, colour, c in w.leaders_in(side):
            holders[colour].append((seat, c))
    return holders


def _three_sides(w: Work, u: Cell) -> list[str]:
    """A colour with leaders on three sides of the unification tile on *u* (R12: a tile joins
    two kingdoms at most)."""
    holders = _holders(w)
    return [
        f"{len(holders[colour])} {colour.leader}s stand in kingdoms touching the "
        f"unification tile on {cell_name(u)}, but a tile joins two kingdoms at most [R12]"
        for colour in COLOURS
        if len(holders[colour]) > 2
    ]


def _war(state: GameState, war: War, u: Cell) -> list[str]:
    """The war is due across the unification tile on *u*, between the owners of its leaders,
    with the attacker :func:`~tigeuph.tigris.rules.conflicts.start_war` chooses (spec R17, R18,
    R21)."""
    colour = war.colour
    w = fresh(state)
    out = _three_sides(w, u)
    if colour not in contested_colours(w):
        out.append(
            f"war in {colour.name.lower()}, but no two {colour.leader}s stand in kingdoms "
            f"touching the unification tile on {cell_name(u)} [R17, R21]"
        )
        return out
    owners = {seat for seat, _ in _holders(w)[colour]}
    if owners != {war.attacker, war.defender}:
        out.append(
            f"war: the {colour.leader}s across the unification tile on {cell_name(u)} belong "
            f"to seats {', '.join(map(str, sorted(owners)))}, not to seats {war.attacker} and "
            f"{war.defender} [R18]"
        )
        return out
    first = start_war(w, colour).attacker
    if war.attacker != first:
        out.append(
            f"war: seat {first} attacks, as the active player or the first involved clockwise "
            f"from him, not seat {war.attacker} [R18]"
        )
    return out
