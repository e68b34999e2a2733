"""The main game's own invariants, beside what every game keeps
(:mod:`tigeuph.testing.invariants`): what a state cannot check of itself but the engine
promises (the kingdom analysis it inherited, R0; the runs a building decision offers, R30),
what only grows from step to step (R1, R4, R13-R25), the treasures' one-at-a-time leaving (R25)
and a turn's actions never rising (R5). :data:`tigeuph.GAMES` ``["tigris"]`` answers its
``state_problems`` and ``step_problems`` with these functions.
"""

from __future__ import annotations

from .model.actions import Action, TakeTreasure
from .model.cells import (
    COLS,
    ROWS,
    STRIDE,
    Bitboard,
    Cell,
    cell_col,
    cell_name,
    cell_row,
    from_cells,
    names,
)
from .model.decisions import BuildingChoice, TreasureChoice
from .model.regions import Analysis
from .model.state import GameState

__all__ = ["state_problems", "step_problems"]


def state_problems(state: GameState) -> list[str]:
    """What a well-formed state cannot check of itself: the kingdom analysis it inherited is
    the one it would compute (R0), and a building decision offers exactly the runs the rules
    allow (R30)."""
    return _analysis(state) + _building_offer(state)


def _analysis(state: GameState) -> list[str]:
    """The kingdom analysis a state carries from its parent is the one it would compute (R0)."""
    # The leaders' cells from the field itself: leader_mask reads them off the analysis.
    leaders = from_cells(c for row in state.leaders for c in row if c is not None)
    fresh = Analysis(state.face_up | state.flipped | leaders, leaders)
    inherited = state.analysis()
    if sorted(inherited.kingdoms) != sorted(fresh.kingdoms) or inherited.counter != fresh.counter:
        return ["R0: the kingdom analysis carried from the parent state is stale"]
    return []


def _straight_runs(layer: Bitboard, c: Cell) -> list[list[Cell]]:
    """The row and the column of *layer* through *c*, unbroken, walked cell by cell."""
    out = []
    for d_row, d_col in ((0, 1), (1, 0)):
        line = [c]
        for sign in (1, -1):
            row, col = cell_row(c) + sign * d_row, cell_col(c) + sign * d_col
            while 0 <= row < ROWS and 0 <= col < COLS and layer >> (row * STRIDE + col) & 1:
                line.append(Cell(row * STRIDE + col))
                row, col = row + sign * d_row, col + sign * d_col
        out.append(line)
    return out


def _building_offer(state: GameState) -> list[str]:
    """A building decision offers exactly the tiles of the straight runs of three or more
    through the placed tile, and, for a building on the board, only runs strictly longer than
    the longest through its own tile: both conditions at once (spec R30)."""
    pending = state.pending
    if not isinstance(pending, BuildingChoice):
        return []
    layer = state.tiles[pending.colour]
    if not layer >> pending.placed & 1:
        return [f"R30: the building decision's tile {cell_name(pending.placed)} is not face up"]
    at = state.buildings[pending.colour]
    own = 0 if at is None else max(len(line) for line in _straight_runs(layer, at))
    expected = {
        c
        for line in _straight_runs(layer, pending.placed)
        if len(line) >= 3 and len(line) > own
        for c in line
    }
    offered = set(pending.cells)
    if offered != expected:
        return [
            f"R30: the {pending.colour.building} is offered {sorted(map(cell_name, offered))}, "
            f"the runs allow {sorted(map(cell_name, expected))}"
        ]
    return []


def step_problems(before: GameState, action: Action, after: GameState) -> list[str]:
    """What the step breaks of the main game's own rules: points, taken treasures, removed
    and discarded tiles, catastrophes, monuments and declined squares never decrease, the bag
    only loses its front, treasures leave the board only one at a time, to the player taking
    it, and actions left never rise within a turn (R1, R4, R5, R13-R25).

    Which treasures a trader may take, who moves next and the refills are the rules' own
    answers: the reference engine in ``tests/helpers/reference/`` states them independently and the
    tests compare the two at every step of their games, so they are not stated here again.
    """
    out = _monotone(before, after) + _treasures(before, action, after)
    rose = after.actions_left > before.actions_left
    if not after.is_over and after.active == before.active and rose:
        out.append(f"R5: actions left rose from {before.actions_left} to {after.actions_left}")
    return out


def _lost(before: Bitboard, after: Bitboard) -> bool:
    """Whether cells of *before* are missing from *after*."""
    return before & ~after != 0


def _monotone(before: GameState, after: GameState) -> list[str]:
    """What only grows: points, pieces out of the game, catastrophes, monuments (R1, R13-R24)."""
    out: list[str] = []
    for seat, (old, new) in enumerate(zip(before.points, after.points, strict=True)):
        if any(n < o for o, n in zip(old, new, strict=True)):
            out.append(f"R13-R24: seat {seat}'s points fell from {old} to {new}")
    if any(n < o for o, n in zip(before.treasures_taken, after.treasures_taken, strict=True)):
        out.append(
            f"R25: taken treasures fell: {before.treasures_taken} to {after.treasures_taken}"
        )
    if any(n < o for o, n in zip(before.removed, after.removed, strict=True)):
        out.append(f"R1: removed tiles fell: {before.removed} to {after.removed}")
    for seat, (old, new) in enumerate(zip(before.discarded, after.discarded, strict=True)):
        if any(n < o for o, n in zip(old, new, strict=True)):
            out.append(f"R5: seat {seat}'s discards fell from {old} to {new}")
    if not before.bag.endswith(after.bag):
        out.append("R4: the bag changed other than by draws from its front")
    if _lost(before.catastrophes, after.catastrophes) or any(
        n > o for o, n in zip(before.catastrophe_tiles, after.catastrophe_tiles, strict=True)
    ):
        out.append("R14: a catastrophe left the board or came back to a hand")
    if after.monuments[: len(before.monuments)] != before.monuments:
        out.append("R22: a built monument moved or vanished")
    for what, was, now in (
        ("face-down tiles", before.flipped, after.flipped),
        ("declined squares", before.declined, after.declined),
        ("declined crosses", before.declined_crosses, after.declined_crosses),
    ):
        if _lost(was, now):
            out.append(f"R22, R31: {what} vanished at {names(was & ~now)}")
    if before.wonder is not None and after.wonder != before.wonder:
        out.append("R31: the wonder moved or vanished")
    return out


def _treasures(before: GameState, action: Action, after: GameState) -> list[str]:
    """Treasures never appear, and leave the board only one at a time, the one a
    :class:`~tigeuph.TakeTreasure` names, counted to the player the treasure decision asks
    (spec R25)."""
    out: list[str] = []
    gone = before.treasures & ~after.treasures
    if after.treasures & ~before.treasures:
        out.append(f"R25: treasures appeared at {names(after.treasures & ~before.treasures)}")
    gained = [n - o for o, n in zip(before.treasures_taken, after.treasures_taken, strict=True)]
    if not isinstance(action, TakeTreasure):
        if gone or any(gained):
            out.append(f"R25: {action} moved treasures (from {names(gone)})")
        return out
    expected = [0] * before.players
    if isinstance(before.pending, TreasureChoice):
        expected[before.pending.player] = 1
    if gone != 1 << action.cell or gained != expected:
        out.append(f"R25: {action} took {names(gone)}, counts {gained} (expected {expected})")
    return out
