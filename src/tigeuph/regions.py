"""Regions and kingdoms, computed from masks by bit dilation (spec R0).

A *region* is a maximal group of orthogonally connected occupied cells (tiles of either face and
leaders); a *kingdom* is a region holding at least one leader.
"""

from __future__ import annotations

from typing import Final

from .cells import STRIDE, Bitboard, Cell, neighbours
from .state import GameState

__all__ = ["Analysis", "analyse", "kingdoms", "region", "touch_counts"]


def region(seed: Bitboard, occupied: Bitboard) -> Bitboard:
    """The cells of *occupied* connected to *seed* (which must lie in *occupied*).

    >>> from tigeuph.cells import mask, names
    >>> names(region(mask("A1"), mask("A1", "A2", "B2", "D2")))
    ['A1', 'A2', 'B2']
    """
    grown = seed
    frontier = seed
    while frontier:
        # occupied never holds a guard bit, so shifts across a row edge fall away here.
        spread = (
            ((frontier << 1) | (frontier >> 1) | (frontier << STRIDE) | (frontier >> STRIDE))
            & occupied
            & ~grown
        )
        grown |= spread
        frontier = spread
    return grown


def kingdoms(occupied: Bitboard, leader_cells: Bitboard) -> list[Bitboard]:
    """The kingdoms among *occupied*: the regions that hold a cell of *leader_cells*."""
    out: list[Bitboard] = []
    todo = leader_cells
    while todo:
        low = todo & -todo
        k = region(low, occupied)
        out.append(k)
        todo &= ~k
    return out


def touch_counts(areas: list[Bitboard]) -> tuple[Bitboard, Bitboard]:
    """Cells next to at least two, and to at least three, of the disjoint *areas*."""
    return _count([neighbours(area) for area in areas])


def _count(rims: list[Bitboard]) -> tuple[Bitboard, Bitboard]:
    # A bit-sliced counter: each rim is added to the running count of every cell at once.
    ones = twos = threes = 0
    for rim in rims:
        threes |= twos & rim
        twos |= ones & rim
        ones |= rim
    return twos, threes


class Analysis:
    """Kingdoms and what touches them: a pure function of the occupied cells and the leaders'
    cells, computed once per board and cached on the states that share it."""

    __slots__ = ("_lifted", "kingdoms", "leaders", "occupied", "rims", "touch2", "touch3")

    def __init__(
        self,
        occupied: Bitboard,
        leaders: Bitboard,
        known: tuple[list[Bitboard], list[Bitboard]] | None = None,
    ) -> None:
        self.leaders: Final = leaders
        self.occupied: Final = occupied
        if known is None:
            found = kingdoms(occupied, leaders)
            known = found, [neighbours(k) for k in found]
        self.kingdoms: Final = known[0]
        self.rims: Final = known[1]
        self.touch2, self.touch3 = _count(self.rims)
        self._lifted: dict[Cell, Bitboard] = {}

    def joined(self, c: Cell, leaders: Bitboard) -> Analysis:
        """The analysis once the empty cell *c*, next to at most one kingdom, is occupied by a
        tile or (when *leaders* holds it) a leader: the same as recomputing it from scratch,
        but with one small flood instead of one per kingdom."""
        here = 1 << c
        occupied = self.occupied | here
        found: list[Bitboard] = []
        rims: list[Bitboard] = []
        home = 0
        for k, rim in zip(self.kingdoms, self.rims, strict=True):
            if rim & here:
                home = k
            else:
                found.append(k)
                rims.append(rim)
        if home or leaders & here:
            # *c* and the leaderless regions it touches join the kingdom (or found one).
            grown = home | region(here, occupied & ~home)
            found.append(grown)
            rims.append(neighbours(grown))
        return Analysis(occupied, leaders, (found, rims))

    def without_leader(self, c: Cell) -> Analysis:
        """The analysis once the leader on *c* has left the board."""
        home = self.kingdom_at(c)
        found: list[Bitboard] = []
        rims: list[Bitboard] = []
        for k, rim in zip(self.kingdoms, self.rims, strict=True):
            if k != home:
                found.append(k)
                rims.append(rim)
        for piece in self._pieces(home, c):
            found.append(piece)
            rims.append(neighbours(piece))
        return Analysis(self.occupied & ~(1 << c), self.leaders & ~(1 << c), (found, rims))

    def kingdom_at(self, c: Cell) -> Bitboard:
        """The kingdom holding *c*, or 0."""
        for k in self.kingdoms:
            if k >> c & 1:
                return k
        return 0

    def touching(self, c: Cell) -> list[Bitboard]:
        """The kingdoms orthogonally next to *c* (which is not in any)."""
        return [k for k, rim in zip(self.kingdoms, self.rims, strict=True) if rim >> c & 1]

    def lifted_touch2(self, c: Cell) -> Bitboard:
        """Cells next to two kingdoms once the leader on *c* is lifted (spec R8)."""
        found = self._lifted.get(c)
        if found is None:
            found = self._lifted[c] = self._lifted_touch2(c)
        return found

    def _lifted_touch2(self, c: Cell) -> Bitboard:
        # The bit-sliced count of _count, inlined: this runs for every leader on the board of
        # the player to move, in every state.
        here = 1 << c
        ones = twos = home = 0
        for k, rim in zip(self.kingdoms, self.rims, strict=True):
            if k & here:
                home = k
            else:
                twos |= ones & rim
                ones |= rim
        if home & self.leaders & ~here:
            for piece in self._pieces(home, c):
                rim = neighbours(piece)
                twos |= ones & rim
                ones |= rim
        return twos

    def lifted(self, c: Cell) -> list[Bitboard]:
        """The kingdoms once the leader on *c* is lifted off the board (spec R8)."""
        home = self.kingdom_at(c)
        return [k for k in self.kingdoms if k != home] + self._pieces(home, c)

    def _pieces(self, home: Bitboard, c: Cell) -> list[Bitboard]:
        """The kingdoms that *home* falls into without the leader on *c*."""
        others = home & self.leaders & ~(1 << c)
        if not others:
            return []  # what is left holds no leader: no kingdom at all
        rest = home & ~(1 << c)
        ends = neighbours(1 << c) & rest
        # Most lifts split nothing: a single occupied neighbour, or neighbours joined through
        # the diagonal cells around the leader. Otherwise flood from each remaining leader.
        if ends & (ends - 1) == 0 or _JOINED_AROUND[_around(rest, c)]:
            return [rest]
        return kingdoms(rest, others)


def _around(cells: Bitboard, c: Cell) -> int:
    """The 3x3 block of *cells* centred on *c*, as 9 bits row by row (bit 4 is *c*)."""
    window = (cells << (STRIDE + 1)) >> c  # bit STRIDE + 1 + k is cell c + k; never negative
    return (window & 0b111) | (window >> STRIDE & 0b111) << 3 | (window >> 2 * STRIDE & 0b111) << 6


def _joined_around(block: int) -> bool:
    """Whether the occupied orthogonal neighbours in a 3x3 *block* form one group, joined
    through occupied diagonal cells without passing the centre."""
    ring = [block >> i & 1 for i in (1, 2, 5, 8, 7, 6, 3, 0)]  # clockwise from north
    runs = 0
    for start in range(8):
        if ring[start] and not ring[start - 1]:  # a run of occupied cells starts here
            i, orthogonal = start, False
            while ring[i % 8] and i < start + 8:
                orthogonal |= i % 2 == 0
                i += 1
            runs += orthogonal
    return runs <= 1


_JOINED_AROUND: Final = tuple(_joined_around(block) for block in range(512))


def analyse(state: GameState) -> Analysis:
    """The cached :class:`Analysis` of *state*."""
    found = state._cache
    if found is None:
        leaders = state.leader_mask
        found = Analysis(state.face_up | state.flipped | leaders, leaders)
        object.__setattr__(state, "_cache", found)
    assert isinstance(found, Analysis)
    return found
