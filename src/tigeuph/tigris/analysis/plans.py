"""Plans the evaluation credits before they pay: crosses of one colour that one or two more
tiles would complete (the wonder, variant R31) and pairs of tiles in line that one more tile
would make a run of three (a building, variant R30).

Counting is bit-parallel: the five cells of every cross (or the three of every run) are
shifted onto their centre and summed with carry-save adders, so a whole colour layer is
counted in a few dozen integer operations, not cell by cell.
"""

from __future__ import annotations

from typing import Final

from ..model.cells import STRIDE, Bitboard, Cell, cells_of
from ..model.pieces import COLOURS, Colour
from ..model.regions import Analysis
from ..model.state import GameState

__all__ = ["CROSS", "NEAR", "RUN", "plan_credits", "plan_zones"]

CROSS: Final = {3: 1.0, 4: 2.5}
"""Worth of a cross of one colour holding 3 or 4 of its 5 tiles, the others empty cells that
colour may take, to each seat whose king stands in a kingdom holding or touching it (variant
R31)."""
NEAR: Final = 0.5
"""The share of :data:`CROSS` credited to a seat with another leader, not its king, there."""
RUN: Final = 0.3
"""Worth of two tiles of a colour side by side in a row or a column, a third of a run that may
hold a building, while that colour's building is in supply, to each seat whose leader of that
colour stands in their kingdom (variant R30)."""


def _cross_sum(layer: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard]:
    """Per centre, the count of *layer* in its cross, as bits (ones, twos, twos): the count is
    ``ones + 2 * (twos_a + twos_b)``."""
    a, b, c = layer, layer << 1, layer >> 1
    d, e = layer << STRIDE, layer >> STRIDE
    s1 = a ^ b ^ c
    c1 = (a & b) | (c & (a ^ b))
    s2 = s1 ^ d ^ e
    c2 = (s1 & d) | (e & (s1 ^ d))
    return s2, c1, c2


def _fits(open_: Bitboard) -> Bitboard:
    """Centres whose whole cross lies in *open_*."""
    return open_ & open_ << 1 & open_ >> 1 & open_ << STRIDE & open_ >> STRIDE


def _centres(layer: Bitboard) -> tuple[Bitboard, Bitboard]:
    """The centres of the crosses holding 3 or more of *layer*, and those holding 4 or more,
    remembered: most states an agent evaluates share most of their tile layers."""
    found = _CENTRES.get(layer)
    if found is None:
        if len(_CENTRES) >= 8192:
            _CENTRES.clear()
        ones, c1, c2 = _cross_sum(layer)
        found = _CENTRES[layer] = (c1 & c2) | (ones & (c1 | c2)), c1 & c2
    return found


_CENTRES: dict[Bitboard, tuple[Bitboard, Bitboard]] = {}


def _cross_credits(state: GameState, a: Analysis) -> list[float]:
    board = state.rules.board
    river = board.river
    empty = board.cells & ~a.occupied & ~state.catastrophes  # as masks(state).empty
    declined = state.declined_crosses
    out = [0.0] * len(state.points)
    for colour in COLOURS:
        layer = state.tiles[colour]
        at_least_3, fours = _centres(layer)
        if not at_least_3:
            continue
        free = empty & (river if colour is Colour.BLUE else ~river)
        centres = at_least_3 & _fits(layer | free) & ~declined
        if not centres:
            continue
        for centre in cells_of(centres):
            worth = CROSS[4 if fours >> centre & 1 else 3]
            kingdom = _touching(a, _cross(centre))
            for seat, row in enumerate(state.leaders):
                king = row[Colour.BLACK]
                if king is not None and kingdom >> king & 1:
                    out[seat] += worth
                elif any(at is not None and kingdom >> at & 1 for at in row):
                    out[seat] += worth * NEAR  # its king may still come
    return out


def _cross(centre: Cell) -> Bitboard:
    return (0b111 << centre >> 1) | 1 << centre + STRIDE | 1 << centre - STRIDE


def _touching(a: Analysis, cells: Bitboard) -> Bitboard:
    """The union of the kingdoms holding or touching any of *cells*: the tile that completes
    a cross may join it to a kingdom beside it."""
    out = 0
    for k, rim in zip(a.kingdoms, a.rims, strict=True):
        if (k | rim) & cells:
            out |= k
    return out


def _run_credits(state: GameState, a: Analysis) -> list[float]:
    out = [0.0] * len(state.points)
    for colour in COLOURS:
        if state.buildings[colour] is not None:
            continue
        layer = state.tiles[colour]
        for seat, row in enumerate(state.leaders):
            at = row[colour]
            if at is None:
                continue
            # Only the tiles of its own kingdom count for a leader: its pairs there.
            mine = layer & a.kingdom_at(at)
            pairs = (mine & mine << 1).bit_count() + (mine & mine << STRIDE).bit_count()
            out[seat] += RUN * pairs
    return out


def plan_credits(state: GameState, a: Analysis) -> list[float]:
    """Each seat's credit for the crosses and runs its leaders' kingdoms nearly complete."""
    rules = state.rules
    if rules.wonder and state.wonder is None:
        out = _cross_credits(state, a)
        if not rules.buildings:
            return out
    else:
        out = [0.0] * len(state.points)
    if rules.buildings:
        for seat, credit in enumerate(_run_credits(state, a)):
            out[seat] += credit
    return out


def plan_zones(
    state: GameState,
) -> tuple[tuple[Bitboard, ...], Bitboard, Bitboard, Bitboard, Bitboard, Bitboard]:
    """Where a piece might change :func:`plan_credits`: per colour, the cells where a tile of
    that colour would join a cross holding two or more of it (a tile beside tiles of its
    colour, which may make a pair or a run, is the caller's to check);
    the cells where any piece would block a plan credited now or change the kingdoms touching
    it; and the cells of every cross holding two or more of a colour, and beside it, and every
    pair of a colour in line, whose kingdoms decide who is credited; the tiles of those
    pairs; the cells of every cross holding three or more of a colour, and its centre. Around
    those crosses, a piece on a cell beside one (in the block, not on the cross) touches them all
    whose centre lies two steps away or nearer, and changes nothing else. Everywhere else a
    piece leaves every plan as it was, but for the kingdoms it joins, and so does a catastrophe
    on a tile outside the block and the pairs, or on an empty cell outside those crosses (it
    joins no region, so it only takes a free cell from the crosses holding it)."""
    grow = [0, 0, 0, 0]
    block = 0
    planned = 0
    paired = 0
    crossed = 0
    centres = 0
    if state.rules.wonder and state.wonder is None:
        for colour, layer in zip(COLOURS, state.tiles, strict=True):
            ones, c1, c2 = _cross_sum(layer)
            grow[colour] |= _dilate(c1 | c2)
            # A cross is credited to the kingdoms holding or touching it: any piece on it or
            # beside it, or joining a region that does, may change who that is.
            planned |= _dilate(_dilate(c1 | c2))
            at_least_3 = (c1 & c2) | (ones & (c1 | c2))
            centres |= at_least_3
            near = _dilate(at_least_3)
            crossed |= near
            block |= _dilate(near)
    if state.rules.buildings:
        # Every colour, its building in supply or not: a run of three may also move it.
        for layer in state.tiles:
            for step in (1, STRIDE):
                pairs = layer & layer << step
                paired |= pairs | pairs >> step
    return tuple(grow), block, planned | paired, paired, crossed, centres


def _dilate(centres: Bitboard) -> Bitboard:
    """The cells of the crosses centred on *centres*."""
    return centres | centres << 1 | centres >> 1 | centres << STRIDE | centres >> STRIDE
