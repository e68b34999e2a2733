"""Where tiles, leaders and catastrophes may go (spec R8-R14), as masks of legal cells.

Each function returns every legal cell at once, so :func:`tigeuph.legal_actions` lists them and
:func:`tigeuph.apply` checks one cell against the same mask; ``*_problem`` functions say in words
why a cell is not in it.
"""

from __future__ import annotations

from typing import Final

from ..cells import Bitboard, Cell, cell_name, neighbours
from ..pieces import Colour
from ..state import GameState
from .buildings import protected
from .wonder import cross

__all__ = [
    "Masks",
    "catastrophe_cells",
    "catastrophe_problem",
    "empty_cells",
    "leader_cells",
    "leader_problem",
    "masks",
    "tile_cells",
    "tile_problem",
]


class Masks:
    """The masks of legal cells that depend on the state only, computed once per state (it
    serves :func:`tigeuph.legal_actions` and the check in :func:`tigeuph.apply` alike)."""

    __slots__ = ("empty", "land_tiles", "leader_base", "river_tiles", "supply_leaders")

    def __init__(self, state: GameState) -> None:
        a = state.analysis()
        river = state.rules.board.river
        self.empty: Final = state.rules.board.cells & ~a.occupied & ~state.catastrophes
        fits = self.empty & ~a.touch3  # R12: never joining three kingdoms
        self.land_tiles: Final = fits & ~river  # R11: red, green, black
        self.river_tiles: Final = fits & river  # R11: blue
        # R8: empty land beside a face-up temple, where any leader could go, kingdoms aside
        self.leader_base: Final = neighbours(state.tiles[Colour.RED]) & self.empty & ~river
        self.supply_leaders: Final = self.leader_base & ~a.touch2  # R9


def masks(state: GameState) -> Masks:
    """The cached :class:`Masks` of *state*."""
    found = state._masks
    if found is None:
        found = Masks(state)
        object.__setattr__(state, "_masks", found)
    assert isinstance(found, Masks)
    return found


def empty_cells(state: GameState) -> Bitboard:
    """Cells with no tile, leader or catastrophe."""
    return masks(state).empty


def tile_cells(state: GameState, colour: Colour) -> Bitboard:
    """Where a *colour* tile may go: empty, blue on rivers only, joining at most two kingdoms."""
    m = masks(state)
    return m.river_tiles if colour is Colour.BLUE else m.land_tiles


def _off_board(state: GameState, c: Cell) -> tuple[str, str] | None:
    """``(clause, reason)`` when *c*, a cell of the 11x16 layout, is off a smaller custom board
    (spec R2); the legal masks hold board cells only, so only refusals ask."""
    board = state.rules.board
    if board.cells >> c & 1:
        return None
    return "R2", f"{cell_name(c)} is off the {board.rows}x{board.cols} board"


def tile_problem(state: GameState, colour: Colour, c: Cell) -> tuple[str, str]:
    """``(clause, reason)`` for a *colour* tile that may not go on *c*."""
    if (off := _off_board(state, c)) is not None:
        return off
    where = cell_name(c)
    if not empty_cells(state) >> c & 1:
        return "R11", f"{where} is not empty"
    on_river = state.rules.board.river >> c & 1
    if colour is Colour.BLUE and not on_river:
        return "R11", f"a blue tile goes only on a river, and {where} is land"
    if colour is not Colour.BLUE and on_river:
        return "R11", f"a {colour.name.lower()} tile never goes on a river ({where})"
    return "R12", f"a tile on {where} would join three kingdoms"


def leader_cells(state: GameState, player: int, colour: Colour) -> Bitboard:
    """Where *player*'s *colour* leader may be placed, or moved to from its cell (R8, R9)."""
    now = state.leaders[player][colour]
    m = masks(state)
    if now is None:
        return m.supply_leaders
    # R8: the leader is lifted first, so the kingdoms are those left once it is gone.
    # Its own cell is not empty, so moving it there stays illegal.
    return m.leader_base & ~state.analysis().lifted_touch2(now)


def leader_problem(state: GameState, player: int, colour: Colour, c: Cell) -> tuple[str, str]:
    """``(clause, reason)`` for a leader that may not go on *c*."""
    if (off := _off_board(state, c)) is not None:
        return off
    where = cell_name(c)
    if state.leaders[player][colour] == c:
        return "R8", f"the {colour.leader} already stands on {where}"
    if not empty_cells(state) >> c & 1:
        return "R8", f"{where} is not empty"
    if state.rules.board.river >> c & 1:
        return "R8", f"a leader never stands on a river ({where})"
    if not neighbours(state.tiles[Colour.RED]) >> c & 1:
        return "R8", f"a leader must touch a face-up temple, and {where} touches none"
    return "R9", f"a leader on {where} would touch two kingdoms"


def catastrophe_cells(state: GameState) -> Bitboard:
    """Where a catastrophe may go: an empty cell or a face-up tile with no treasure and no
    building (R14, R30)."""
    cells = state.rules.board.cells
    free = (
        cells & ~state.analysis().leaders & ~state.catastrophes & ~state.flipped & ~state.treasures
    )
    return free & ~protected(state) if state.rules.buildings else free


def catastrophe_problem(state: GameState, c: Cell) -> tuple[str, str]:
    """``(clause, reason)`` for a catastrophe that may not go on *c*."""
    if (off := _off_board(state, c)) is not None:
        return off
    where = cell_name(c)
    if state.analysis().leaders >> c & 1:
        return "R14", f"a catastrophe never goes on a leader ({where})"
    if state.catastrophes >> c & 1:
        return "R14", f"{where} already holds a catastrophe"
    if state.flipped >> c & 1:
        wonder = state.wonder is not None and cross(state.wonder.centre) >> c & 1
        what = "the wonder" if wonder else "a monument"
        return "R14", f"a catastrophe never goes on {what} ({where})"
    if protected(state) >> c & 1:
        return "R30", f"a catastrophe never goes on a tile carrying a building ({where})"
    return "R14", f"a catastrophe never goes on a treasure ({where})"
