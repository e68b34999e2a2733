"""Catastrophes: where one may fall, and what it destroys (spec R14)."""

from __future__ import annotations

from ..model.cells import Bitboard, Cell, cell_name
from ..model.pieces import COLOURS
from ..model.reads import Position
from ..model.work import Work
from .buildings import protected
from .placement import off_board
from .wonder import cross

__all__ = ["catastrophe_cells", "catastrophe_problem", "place_catastrophe"]


def catastrophe_cells(state: Position) -> Bitboard:
    """Where a catastrophe may go: an empty cell or a face-up tile with no treasure and no
    building (R14, R30)."""
    cells = state.rules.board.cells
    free = cells & ~state.leader_mask & ~state.catastrophes & ~state.flipped & ~state.treasures
    return free & ~protected(state) if state.rules.buildings else free


def catastrophe_problem(state: Position, player: int, c: Cell) -> tuple[str, str] | None:
    """``(clause, reason)`` when *player* may not put a catastrophe on *c*, else ``None``."""
    if not state.catastrophe_tiles[player]:
        return "R14", "no catastrophe tile left"
    if catastrophe_cells(state) >> c & 1:
        return None
    if (off := off_board(state, c)) is not None:
        return off
    where = cell_name(c)
    if state.leader_mask >> c & 1:
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


def place_catastrophe(w: Work, player: int, c: Cell) -> None:
    """*player*'s catastrophe falls on *c*: the tile there, if any, leaves the game (R14); the
    leaders it strands leave next, with the rest of the action's consequences (R10)."""
    destroyed = None
    for colour in COLOURS:
        if w.remove_tiles(colour, 1 << c):
            destroyed = colour
    w.catastrophes |= 1 << c
    if w.events is not None:
        from ..events import CatastropheFell

        w.events.append(CatastropheFell(player, c, destroyed))
    w.spend_catastrophe(player)
