"""Placing tiles and leaders (spec R8-R13): where they may go, and what placing one does.

The ``*_cells`` functions return every legal cell at once, as masks, so that
:func:`tigeuph.legal_actions` lists them and :func:`tigeuph.apply` checks one cell against the same
mask; the ``*_problem`` functions say in words why an action is refused (``None`` when it is
legal); :func:`place_tile`, :func:`place_leader` and :func:`withdraw_leader` carry it out.
"""

from __future__ import annotations

from typing import Final

from ..model.cells import CELL_BITS, Bitboard, Cell, cell_name, neighbours
from ..model.pieces import BLUE, RED, Colour
from ..model.reads import Position
from ..model.state import GameState, keep_masks
from ..model.work import Work
from .conflicts import conflict_begun, revolt_for
from .scoring import score_tile

__all__ = [
    "Masks",
    "beside_temples",
    "empty_cells",
    "leader_cells",
    "leader_problem",
    "masks",
    "off_board",
    "place_leader",
    "place_tile",
    "tile_cells",
    "tile_problem",
    "withdraw_leader",
    "withdraw_problem",
    "withdraw_stranded",
]


# The cells beside the temples change only when a red tile comes or goes, and every state
# asks for them twice (where leaders may go, and which leaders a temple still holds): keep the
# answers for the last few red layers.
_BESIDE_TEMPLES: dict[Bitboard, Bitboard] = {}


def beside_temples(position: Position) -> Bitboard:
    """The cells orthogonally next to a face-up temple: where a leader may stand (spec R8,
    R10)."""
    red = position.tiles[RED]
    found = _BESIDE_TEMPLES.get(red)
    if found is None:
        if len(_BESIDE_TEMPLES) >= 4096:
            _BESIDE_TEMPLES.clear()
        found = _BESIDE_TEMPLES[red] = neighbours(red)
    return found


def withdraw_stranded(w: Work) -> None:
    """Leaders with no temple beside them any more go back to their owners (spec R10)."""
    beside = _BESIDE_TEMPLES.get(w.tiles[RED])  # beside_temples' memo, read without a call
    if beside is None:
        beside = beside_temples(w)
    a = w._cache
    stranded = (a.leaders if a is not None else w.leader_mask) & ~beside
    if stranded:
        for player, colour, c in w.leaders_in(stranded):
            w.move_leader(player, colour, None)
            if w.events is not None:
                from ..events import LeaderReturned

                w.events.append(LeaderReturned(player, colour, c))


class Masks:
    """The masks of legal cells that depend on the state only, computed once per state (it
    serves :func:`tigeuph.legal_actions` and the check in :func:`tigeuph.apply` alike)."""

    __slots__ = ("empty", "land_tiles", "leader_base", "river_tiles", "supply_leaders")

    def __init__(self, state: GameState) -> None:
        a = state._cache or state.analysis()  # the call only when there is none yet
        board = state.rules.board
        river = board.river
        empty = board.cells & ~(a.occupied | state.catastrophes)
        self.empty: Final = empty
        fits = empty & ~a.touch3  # R12: never joining three kingdoms
        river_tiles = fits & river
        self.river_tiles: Final = river_tiles  # R11: blue
        self.land_tiles: Final = fits ^ river_tiles  # R11: red, green, black
        # R8: empty land beside a face-up temple, where any leader could go, kingdoms aside
        red = state.tiles[RED]
        beside = _BESIDE_TEMPLES.get(red)
        if beside is None:
            beside = beside_temples(state)
        base = beside & (empty ^ (empty & river))
        self.leader_base: Final = base
        self.supply_leaders: Final = base & ~a.touch2  # R9


def masks(state: GameState) -> Masks:
    """The cached :class:`Masks` of *state*."""
    found = state._masks
    if found is None:
        found = Masks(state)
        keep_masks(state, found)
    return found  # type: ignore[return-value]  # the slot holds what Masks built


def empty_cells(state: GameState) -> Bitboard:
    """Cells with no tile, leader or catastrophe."""
    return masks(state).empty


def tile_cells(state: GameState, colour: Colour) -> Bitboard:
    """Where a *colour* tile may go: empty, blue on rivers only, joining at most two kingdoms."""
    m = masks(state)
    return m.river_tiles if colour is BLUE else m.land_tiles


def off_board(state: Position, c: Cell) -> tuple[str, str] | None:
    """``(clause, reason)`` when *c*, a cell of the 11x16 layout, is off a smaller custom board
    (spec R2); the legal masks hold board cells only, so only refusals ask."""
    board = state.rules.board
    if board.cells >> c & 1:
        return None
    return "R2", f"{cell_name(c)} is off the {board.rows}x{board.cols} board"


def tile_problem(state: GameState, player: int, colour: Colour, c: Cell) -> tuple[str, str] | None:
    """``(clause, reason)`` when *player* may not put a *colour* tile on *c*, else ``None``."""
    if not state.hands[player][colour]:
        return "R5", f"no {colour.name.lower()} tile in hand"
    # tile_cells, without its two calls: apply checks every tile placed here
    m: Masks = state._masks or masks(state)  # type: ignore[assignment]
    if (m.river_tiles if colour is BLUE else m.land_tiles) & CELL_BITS[c]:
        return None
    if (off := off_board(state, c)) is not None:
        return off
    where = cell_name(c)
    if not empty_cells(state) >> c & 1:
        return "R11", f"{where} is not empty"
    on_river = state.rules.board.river >> c & 1
    if colour is BLUE and not on_river:
        return "R11", f"a blue tile goes only on a river, and {where} is land"
    if colour is not BLUE and on_river:
        return "R11", f"a {colour.name.lower()} tile never goes on a river ({where})"
    return "R12", f"a tile on {where} would join three kingdoms"


def leader_cells(state: GameState, player: int, colour: Colour) -> Bitboard:
    """Where *player*'s *colour* leader may be placed, or moved to from its cell (R8, R9)."""
    now = state.leaders[player][colour]
    m: Masks = state._masks or masks(state)  # type: ignore[assignment]
    if now is None:
        return m.supply_leaders
    # R8: the leader is lifted first, so the kingdoms are those left once it is gone.
    # Its own cell is not empty, so moving it there stays illegal.
    return m.leader_base & ~(state._cache or state.analysis()).lifted_touch2(now)


def leader_problem(
    state: GameState, player: int, colour: Colour, c: Cell
) -> tuple[str, str] | None:
    """``(clause, reason)`` when *player*'s *colour* leader may not go on *c*, else ``None``."""
    if leader_cells(state, player, colour) & CELL_BITS[c]:
        return None
    if (off := off_board(state, c)) is not None:
        return off
    where = cell_name(c)
    if state.leaders[player][colour] == c:
        return "R8", f"the {colour.leader} already stands on {where}"
    if not empty_cells(state) >> c & 1:
        return "R8", f"{where} is not empty"
    if state.rules.board.river >> c & 1:
        return "R8", f"a leader never stands on a river ({where})"
    if not beside_temples(state) >> c & 1:
        return "R8", f"a leader must touch a face-up temple, and {where} touches none"
    return "R9", f"a leader on {where} would touch two kingdoms"


def withdraw_problem(state: GameState, player: int, colour: Colour) -> tuple[str, str] | None:
    """``(clause, reason)`` when *player*'s *colour* leader is not on the board to withdraw."""
    if state.leaders[player][colour] is None:
        return "R5", f"the {colour.leader} is not on the board"
    return None


def place_tile(w: Work, player: int, colour: Colour, c: Cell) -> None:
    """*player* puts a *colour* tile from hand on *c*: it joins two kingdoms (a unification:
    wars follow, R16) or scores for the leader of its colour in the one it joins (R13)."""
    touching = (w._cache or w.analysis()).touching(c)
    w.place_tile(player, colour, c, touching)
    who, points = None, 0
    if len(touching) == 2:  # R12, R16
        w.unification = c
    elif touching:
        who, points = score_tile(w, colour, c)
    if w.events is not None:
        from ..events import TilePlaced

        w.events.append(TilePlaced(player, colour, c, who, points))


def place_leader(w: Work, player: int, colour: Colour, c: Cell) -> None:
    """*player*'s *colour* leader goes to *c*, from supply or from its cell (R8); a leader of
    its colour already in the kingdom makes a revolt, which waits for support (R15)."""
    was = w.leaders[player][colour]
    w.move_leader(player, colour, c)
    w.pending = revolt = revolt_for(w, player, colour)
    if w.events is not None:
        from ..events import LeaderMoved, LeaderPlaced

        placed = (
            LeaderPlaced(player, colour, c) if was is None else LeaderMoved(player, colour, was, c)
        )
        w.events.append(placed)
        if revolt is not None:
            w.events.append(conflict_begun(w, revolt))


def withdraw_leader(w: Work, player: int, colour: Colour) -> None:
    """*player*'s *colour* leader goes back to his supply (R5)."""
    was = w.leaders[player][colour]
    w.move_leader(player, colour, None)
    if w.events is not None and was is not None:
        from ..events import LeaderWithdrawn

        w.events.append(LeaderWithdrawn(player, colour, was))
