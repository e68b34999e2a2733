"""Regions and kingdoms, computed from masks by bit dilation (spec R0).

A *region* is a maximal group of orthogonally connected occupied cells (tiles of either face and
leaders); a *kingdom* is a region holding at least one leader.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from .cells import (  # noqa: F401 (GUARDS: the contracts)
    CELL_BITS,
    CELL_NEIGHBOURS,
    GUARDS,
    STRIDE,
    Bitboard,
    Cell,
    neighbours,
)

__all__ = ["Analysis", "kingdoms", "region", "touch_counts"]


def region(seed: Bitboard, occupied: Bitboard) -> Bitboard:
    """The cells of *occupied* connected to *seed* (which must lie in *occupied*).

    >>> from tigeuph.tigris.model.cells import mask, names
    >>> names(region(mask("A1"), mask("A1", "A2", "B2", "D2")))
    ['A1', 'A2', 'B2']

    Contracts (PEP 316, checked by CrossHair in CI): the region holds *seed*, lies in
    *occupied*, and is closed: no occupied cell outside it touches it. The bound on *occupied*
    (the first 40 bits: rows 1 and 2 and part of row 3) keeps the symbolic search short; the
    Hypothesis tests in tests/tigris/test_regions.py cover the whole board.

    pre: 0 <= seed <= occupied < 1 << 40
    pre: occupied & seed == seed
    pre: occupied & GUARDS == 0
    post: __return__ & seed == seed
    post: __return__ & ~occupied == 0
    post: neighbours(__return__) & occupied & ~__return__ == 0
    """
    # What is left to reach shrinks as the flood goes, so a step costs nine operations on
    # large ints, not eleven; occupied never holds a guard bit, so shifts across a row edge
    # fall away here.
    left = occupied ^ seed
    frontier = seed
    while frontier:
        frontier = (
            (frontier << 1) | (frontier >> 1) | (frontier << STRIDE) | (frontier >> STRIDE)
        ) & left
        left ^= frontier
    return occupied ^ left


def kingdoms(occupied: Bitboard, leader_cells: Bitboard) -> list[Bitboard]:
    """The kingdoms among *occupied*: the regions that hold a cell of *leader_cells*.

    Contracts (PEP 316, checked by CrossHair in CI): the kingdoms are disjoint, lie in
    *occupied*, each holds a leader and is a whole region (closed, and the region of its
    lowest cell within itself: connected), and together they hold every leader. The bound is
    :func:`region`'s; tests/tigris/test_regions.py compares the whole board with a breadth-first
    search.

    pre: 0 <= leader_cells <= occupied < 1 << 40
    pre: occupied & leader_cells == leader_cells
    pre: occupied & GUARDS == 0
    post: all(a & b == 0 for i, a in enumerate(__return__) for b in __return__[i + 1 :])
    post: sum(__return__) & ~occupied == 0
    post: leader_cells & ~sum(__return__) == 0
    post: all(k & leader_cells for k in __return__)
    post: all(neighbours(k) & occupied & ~k == 0 for k in __return__)
    post: all(region(k & -k, k) == k for k in __return__)
    """
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
    counter = _ZERO
    for area in areas:
        counter = _add(counter, neighbours(area))
    return _at_least_two(counter), _at_least_three(counter)


# An exact bit-sliced counter: three masks holding, for every cell at once, the binary digits
# of how many kingdoms it touches. An empty cell touches at most four (one per side), so three
# digits never overflow, and unlike a saturating count a rim can be taken away again: lifting a
# leader subtracts its kingdom's rim instead of recounting every other kingdom.
Counter: TypeAlias = tuple[Bitboard, Bitboard, Bitboard]
_ZERO: Final[Counter] = (0, 0, 0)


def _add(counter: Counter, rim: Bitboard) -> Counter:
    c0, c1, c2 = counter
    carry = c0 & rim
    carry2 = c1 & carry
    return c0 ^ rim, c1 ^ carry, c2 ^ carry2


def _sub(counter: Counter, rim: Bitboard) -> Counter:
    c0, c1, c2 = counter
    borrow = rim & ~c0
    borrow2 = borrow & ~c1
    return c0 ^ rim, c1 ^ borrow, c2 ^ borrow2


def _swap(counter: Counter, old: Bitboard, new: Bitboard) -> Counter:
    """``_add(_sub(counter, old), new)`` in one call: a kingdom's rim replaced."""
    c0, c1, c2 = counter
    borrow = old & ~c0
    borrow2 = borrow & ~c1
    c0 ^= old
    c1 ^= borrow
    c2 ^= borrow2
    carry = c0 & new
    carry2 = c1 & carry
    return c0 ^ new, c1 ^ carry, c2 ^ carry2


def _at_least_two(counter: Counter) -> Bitboard:
    return counter[1] | counter[2]


def _at_least_three(counter: Counter) -> Bitboard:
    return counter[2] | (counter[1] & counter[0])


class Analysis:
    """Kingdoms and what touches them: a pure function of the occupied cells and the leaders'
    cells, computed once per board and cached on the states that share it."""

    __slots__ = (
        "_lifted",
        "counter",
        "kingdoms",
        "leaders",
        "occupied",
        "rims",
        "touch2",
        "touch3",
    )

    def __init__(
        self,
        occupied: Bitboard,
        leaders: Bitboard,
        known: tuple[list[Bitboard], list[Bitboard], Counter] | None = None,
    ) -> None:
        self.leaders: Final = leaders
        self.occupied: Final = occupied
        if known is None:
            found = kingdoms(occupied, leaders)
            rims = [neighbours(k) for k in found]
            counter = _ZERO
            for rim in rims:
                counter = _add(counter, rim)
            known = found, rims, counter
        self.kingdoms: Final = known[0]
        self.rims: Final = known[1]
        counter = self.counter = known[2]
        self.touch2: Final = counter[1] | counter[2]
        """Cells next to two or more kingdoms."""
        self.touch3: Final = counter[2] | (counter[1] & counter[0])
        """Cells next to three or more kingdoms."""
        self._lifted: dict[Cell, Bitboard] = {}

    def joined(self, c: Cell, leaders: Bitboard, home: Bitboard | None = None) -> Analysis:
        """The analysis once the empty cell *c*, next to at most one kingdom, is occupied by a
        tile or (when *leaders* holds it) a leader: the same as recomputing it from scratch,
        but with one small flood instead of one per kingdom, and none when *c* joins nothing
        else. *home*, when given, is the kingdom next to *c* (0: none), as :meth:`touching`
        found it."""
        here = CELL_BITS[c]
        occupied = self.occupied | here
        rims = self.rims
        if home is None:
            for i, rim in enumerate(rims):  # noqa: B007 (i and rim are the home kingdom's)
                if rim & here:
                    break
            else:
                i = -1
        elif home:
            i = self.kingdoms.index(home)
            rim = rims[i]
        else:
            i = -1
        if i < 0:
            if not leaders & here:
                # A tile next to no kingdom: the kingdoms, and what lifting a leader does to
                # them, stay as they are (an analysis never changes its lists once built).
                after = Analysis(occupied, leaders, (self.kingdoms, rims, self.counter))
                after._lifted = self._lifted
                return after
            rim = 0
        found = self.kingdoms[:]
        rims = rims[:]
        home = old_rim = 0
        outside = occupied
        if i >= 0:
            home = found.pop(i)
            old_rim = rims.pop(i)
            outside ^= home
        # *c* and the leaderless regions it touches join the kingdom (or found one).
        alone = CELL_NEIGHBOURS[c]
        touched = alone & outside
        if touched:  # flooded from c's neighbours: one step fewer than from c
            grown = home | region(touched, outside)
            rim = neighbours(grown)
        else:  # nothing else joins: the rim grows by c's own neighbours
            grown = home | here
            rim = (rim | alone) & ~grown
        found.append(grown)
        rims.append(rim)
        counter = _swap(self.counter, old_rim, rim) if old_rim else _add(self.counter, rim)
        return Analysis(occupied, leaders, (found, rims, counter))

    def united(self, c: Cell) -> Analysis:
        """The analysis once a tile on the empty cell *c* unites the kingdoms next to it (spec
        R16): one kingdom of them, *c* and the leaderless regions *c* touches, until the wars
        are fought; the same as recomputing it from scratch, with one small flood."""
        here = CELL_BITS[c]
        occupied = self.occupied | here
        found: list[Bitboard] = []
        rims: list[Bitboard] = []
        counter = self.counter
        merged = 0
        for k, rim in zip(self.kingdoms, self.rims, strict=True):
            if rim & here:
                merged |= k
                counter = _sub(counter, rim)
            else:
                found.append(k)
                rims.append(rim)
        grown = merged | region(here, occupied & ~merged)
        rim = neighbours(grown)
        found.append(grown)
        rims.append(rim)
        return Analysis(occupied, self.leaders, (found, rims, _add(counter, rim)))

    def without_leader(self, c: Cell) -> Analysis:
        """The analysis once the leader on *c* has left the board."""
        here = CELL_BITS[c]
        found = self.kingdoms[:]
        rims = self.rims[:]
        i = 0
        for i, k in enumerate(found):  # noqa: B007 (i is the home kingdom's)
            if k & here:
                break
        home = found.pop(i)
        old_rim = rims.pop(i)
        leaders = self.leaders ^ here  # the leader stood there
        pieces = _split(home, home & leaders, c)
        if len(pieces) == 1:  # the kingdom shrinks: one rim for another
            piece, rim = pieces[0]
            found.append(piece)
            rims.append(rim)
            counter = _swap(self.counter, old_rim, rim)
        else:
            counter = _sub(self.counter, old_rim)
            for piece, rim in pieces:
                found.append(piece)
                rims.append(rim)
                counter = _add(counter, rim)
        return Analysis(self.occupied ^ here, leaders, (found, rims, counter))

    def without_tiles(self, cells: Bitboard) -> Analysis:
        """The analysis once the tiles on *cells* have left the board (a catastrophe, R14; a
        war's losses, R18): the kingdoms they leave alone stay as they are, and only those
        they belonged to are flooded again, piece by piece."""
        found: list[Bitboard] = []
        rims: list[Bitboard] = []
        counter = self.counter
        leaders = self.leaders
        pieces: list[tuple[Bitboard, Bitboard]] = []
        for k, rim in zip(self.kingdoms, self.rims, strict=True):
            if k & cells:
                counter = _sub(counter, rim)
                if cells & (cells - 1) == 0:  # one tile: as a leader lifted off it
                    pieces += _split(k, k & leaders, Cell(cells.bit_length() - 1))
                else:
                    rest = k & ~cells
                    pieces += [(p, neighbours(p)) for p in kingdoms(rest, rest & leaders)]
            else:
                found.append(k)
                rims.append(rim)
        for piece, rim in pieces:
            found.append(piece)
            rims.append(rim)
            counter = _add(counter, rim)
        return Analysis(self.occupied & ~cells, leaders, (found, rims, counter))

    def kingdom_at(self, c: Cell) -> Bitboard:
        """The kingdom holding *c*, or 0."""
        here = CELL_BITS[c]
        for k in reversed(self.kingdoms):  # the kingdom just grown comes last
            if k & here:
                return k
        return 0

    def touching(self, c: Cell) -> list[Bitboard]:
        """The kingdoms orthogonally next to *c* (which is not in any)."""
        here = CELL_BITS[c]
        return [k for k, rim in zip(self.kingdoms, self.rims, strict=True) if rim & here]

    def lifted_touch2(self, c: Cell) -> Bitboard:
        """Cells next to two kingdoms once the leader on *c* is lifted (spec R8)."""
        found = self._lifted.get(c)
        if found is not None:
            return found
        # What lifting the leader on c takes from its kingdom depends on that kingdom alone,
        # which usually outlives many states: the answer is carried in _LIFTS from the last
        # analysis that held the same kingdom, with the same leaders in it.
        known = _LIFTS.get(c)
        if known is not None and known[0] in self.kingdoms and known[1] == known[0] & self.leaders:
            home, _, lost = known
        else:
            here = CELL_BITS[c]
            for home, rim in zip(self.kingdoms, self.rims, strict=True):  # noqa: B007 (the home kingdom's)
                if home & here:
                    break
            lost = _lost(home, home & self.leaders ^ here, c, rim)
            if len(_LIFTS) >= _SPLITS_LIMIT:
                _LIFTS.clear()
            _LIFTS[c] = (home, home & self.leaders, lost)
        if lost is None:  # the kingdom splits: count its pieces' rims
            counter = _sub(self.counter, self.rims[self.kingdoms.index(home)])
            for _, rim in _split(home, home & self.leaders ^ CELL_BITS[c], c):
                counter = _add(counter, rim)
            found = self._lifted[c] = _at_least_two(counter)
        else:
            found = self._lifted[c] = self.touch2 & ~(lost & ~self.touch3)
        return found

    def lifted(self, c: Cell) -> list[Bitboard]:
        """The kingdoms once the leader on *c* is lifted off the board (spec R8)."""
        home = self.kingdom_at(c)
        others = home & self.leaders ^ CELL_BITS[c]
        return [k for k in self.kingdoms if k != home] + _pieces(home, others, c)


def _pieces(home: Bitboard, others: Bitboard, c: Cell) -> list[Bitboard]:
    """The kingdoms the kingdom *home* falls into once the leader on *c* is lifted; *others*
    are the cells of its other leaders."""
    if not others:
        return []  # what is left holds no leader: no kingdom at all
    rest = home ^ CELL_BITS[c]  # the leader's cell lies in its kingdom
    ends = CELL_NEIGHBOURS[c] & rest
    # Most lifts split nothing: a single occupied neighbour, or neighbours joined through the
    # diagonal cells around the leader. Otherwise flood from each remaining leader.
    if ends & (ends - 1) == 0 or _JOINED_AROUND[_around(rest, c)]:
        return [rest]
    return kingdoms(rest, others)


# No other kingdom touches c (it would be part of the home kingdom), so lifting the leader
# changes the counts only on the home kingdom's rim, and by one where it does: the cells that
# lose the home kingdom leave touch2 unless they were in touch3. They are its whole rim when no
# leader is left (no kingdom remains), else those next to c alone, as long as what is left holds
# together; a real split is counted piece by piece (None). The answer depends on the kingdom
# and c only, and a kingdom outlives many states: remember it.
_LOST: dict[tuple[Bitboard, Cell], Bitboard | None] = {}
_LIFTS: dict[Cell, tuple[Bitboard, Bitboard, Bitboard | None]] = {}
"""By a leader's cell: its kingdom, the leaders in it, and :func:`_lost` for it, as last
asked."""


def _lost(home: Bitboard, others: Bitboard, c: Cell, rim: Bitboard) -> Bitboard | None:
    """The cells of *rim* (the home kingdom's) that no kingdom touches once the leader on *c*
    is lifted, or ``None`` when the kingdom splits; *others* are its other leaders' cells."""
    if not others:
        return rim
    key = (home, c)
    try:
        return _LOST[key]
    except KeyError:
        pass
    if len(_LOST) >= _SPLITS_LIMIT:
        _LOST.clear()
    rest = home ^ CELL_BITS[c]
    ends = CELL_NEIGHBOURS[c] & rest
    if ends & (ends - 1) and not _JOINED_AROUND[_around(rest, c)]:
        found = None
    else:
        found = rim & ~neighbours(rest)
    _LOST[key] = found
    return found


# A kingdom usually outlives many states (actions elsewhere leave it alone), and every state
# asks what lifting each of the active player's leaders leaves: remember the answer by kingdom.
_SPLITS: dict[tuple[Bitboard, Bitboard, Cell], tuple[tuple[Bitboard, Bitboard], ...]] = {}
_SPLITS_LIMIT: Final = 1 << 16


def _split(home: Bitboard, others: Bitboard, c: Cell) -> tuple[tuple[Bitboard, Bitboard], ...]:
    """:func:`_pieces` with their rims, cached (the cache is emptied when it grows large)."""
    key = (home, others, c)
    found = _SPLITS.get(key)
    if found is None:
        if len(_SPLITS) >= _SPLITS_LIMIT:
            _SPLITS.clear()
        found = _SPLITS[key] = tuple((p, neighbours(p)) for p in _pieces(home, others, c))
    return found


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
