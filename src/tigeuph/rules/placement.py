"""Where tiles, leaders and catastrophes may go (spec R8-R14), as masks of legal cells.

Each function returns every legal cell at once, so :func:`tigeuph.legal_actions` lists them and
:func:`tigeuph.apply` checks one cell against the same mask; ``*_problem`` functions say in words
why a cell is not in it.
"""

from __future__ import annotations

from ..cells import BOARD, Bitboard, Cell, cell_name, neighbours
from ..pieces import Colour
from ..regions import analyse
from ..state import GameState

__all__ = [
    "catastrophe_cells",
    "catastrophe_problem",
    "empty_cells",
    "leader_base",
    "leader_cells",
    "leader_cells_from",
    "leader_problem",
    "tile_cells",
    "tile_problem",
]


def empty_cells(state: GameState) -> Bitboard:
    """Cells with no tile, leader or catastrophe."""
    return BOARD & ~analyse(state).occupied & ~state.catastrophes


def tile_cells(state: GameState, colour: Colour) -> Bitboard:
    """Where a *colour* tile may go: empty, blue on rivers only, joining at most two kingdoms."""
    river = state.rules.board.river
    terrain = river if colour is Colour.BLUE else BOARD & ~river  # R11
    return empty_cells(state) & terrain & ~analyse(state).touch3  # R12


def tile_problem(state: GameState, colour: Colour, c: Cell) -> tuple[str, str]:
    """``(clause, reason)`` for a *colour* tile that may not go on *c*."""
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
    return leader_cells_from(state, leader_base(state), state.leaders[player][colour])


def leader_base(state: GameState) -> Bitboard:
    """Empty land cells beside a face-up temple: where any leader could go, kingdoms aside."""
    return neighbours(state.tiles[Colour.RED]) & empty_cells(state) & state.rules.board.land


def leader_cells_from(state: GameState, base: Bitboard, now: Cell | None) -> Bitboard:
    """:func:`leader_cells` for a leader now on *now* (``None``: in supply), given
    :func:`leader_base`."""
    a = analyse(state)
    if now is None:
        return base & ~a.touch2
    # R8: the leader is lifted first, so the kingdoms are those left once it is gone.
    # Its own cell is not empty, so moving it there stays illegal.
    return base & ~a.lifted_touch2(now)


def leader_problem(state: GameState, player: int, colour: Colour, c: Cell) -> tuple[str, str]:
    """``(clause, reason)`` for a leader that may not go on *c*."""
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
    """Where a catastrophe may go: an empty cell or a face-up tile with no treasure (R14)."""
    return BOARD & ~analyse(state).leaders & ~state.catastrophes & ~state.flipped & ~state.treasures


def catastrophe_problem(state: GameState, c: Cell) -> tuple[str, str]:
    """``(clause, reason)`` for a catastrophe that may not go on *c*."""
    where = cell_name(c)
    if analyse(state).leaders >> c & 1:
        return "R14", f"a catastrophe never goes on a leader ({where})"
    if state.catastrophes >> c & 1:
        return "R14", f"{where} already holds a catastrophe"
    if state.flipped >> c & 1:
        return "R14", f"a catastrophe never goes on a monument ({where})"
    return "R14", f"a catastrophe never goes on a treasure ({where})"
