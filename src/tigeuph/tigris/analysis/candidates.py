"""The greedy player's scores without building a state per legal action.

Most legal actions differ only in where a piece goes, and most of those places are alike to
the evaluation: a tile put beside the same regions, not completing a monument's square, a
cross or a run, nor beside a different set of leaders, scores the same point for the same
leader, sets off the same decisions and leaves a position that
:func:`~tigeuph.tigris.analysis.heuristic.evaluate` cannot tell from the others'. :func:`scores`
puts such actions in one class, keyed by what the evaluation can see, and applies and settles one of
each class only; any action it cannot vouch for (a tile near others of its colour or near a plan, a
catastrophe on a tile, an exchange, ending the turn, any decision) is applied alone. The result is
exactly the full evaluation's: ``tests/tigris/test_greedy_fast.py`` compares them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final

from ..engine.apply import apply
from ..model.actions import Action, ExchangeTiles, PlaceCatastrophe, PlaceLeader, PlaceTile
from ..model.cells import ROWS, STRIDE, Bitboard, Cell, neighbours
from ..model.pieces import Colour
from ..model.regions import region
from ..model.state import GameState
from ..rules.buildings import runs
from ..rules.scoring import scorer
from .plans import plan_zones
from .settle import settle

__all__ = ["scores"]


def scores(state: GameState, legal: Sequence[Action], seat: int) -> list[float]:
    """*seat*'s settled evaluation after each of *legal* in *state*, in order: the same as
    ``[settle(apply(state, a))[seat] for a in legal]``, at a fraction of the cost."""
    if state.pending is not None:  # a decision: few answers, each its own
        return [settle(apply(state, action))[seat] for action in legal]
    keys = _Keys(state)
    memo: dict[Hashable, float] = {}
    out = []
    for action in legal:
        key = keys.key(action)
        if key is None:
            out.append(settle(apply(state, action))[seat])
            continue
        found = memo.get(key)
        if found is None:
            found = memo[key] = settle(apply(state, action))[seat]
        out.append(found)
    return out


_UNKNOWN: Final = (-1,)


def _squares(c: Cell) -> tuple[Bitboard, ...]:
    """The four 2x2 squares holding *c* (spec R22; the guard column stops a row's wrap)."""
    out = []
    for corner in (c, c - 1, c - STRIDE, c - STRIDE - 1):
        if corner >= 0:
            out.append(0b11 << corner | 0b11 << corner + STRIDE)
    return tuple(out)


_SQUARES: Final = tuple(_squares(Cell(c)) for c in range(ROWS * STRIDE))
_AROUND: Final = tuple(neighbours(1 << c) | 1 << c for c in range(ROWS * STRIDE))
"""Per cell, itself and the cells beside it."""
_REACH: Final = tuple(
    neighbours(neighbours(1 << c) | 1 << c) | neighbours(1 << c) | 1 << c
    for c in range(ROWS * STRIDE)
)
"""Per cell, the cells two steps away or nearer."""
_BOX: Final = tuple(
    neighbours(1 << c) | (neighbours(1 << c) >> 1 | neighbours(1 << c) << 1)
    for c in range(ROWS * STRIDE)
)


def _stands(at: Cell | None, area: Bitboard) -> bool:
    return at is not None and area >> at & 1 == 1


class _Keys:
    """Classes of actions the evaluation cannot tell apart, for one state.

    A piece put on an empty cell joins the regions next to it into one; the evaluation, and
    the decisions that may follow (a revolt, a treasure taken), see of that union only the
    leaders in it, the monuments, buildings and wonder in it, how many treasures it holds and
    the tiles of any plan in it: those make the key, with the colour and, for a leader, the
    temples beside it (its strength in a revolt, spec R15)."""

    __slots__ = (
        "block",
        "centres",
        "crossed",
        "grow",
        "joined",
        "leaders",
        "occupied",
        "paired",
        "plain",
        "planned",
        "regions",
        "remains",
        "sites",
        "state",
    )

    def __init__(self, state: GameState) -> None:
        a = state.analysis()
        self.state = state
        self.occupied = a.occupied
        self.leaders = a.leaders
        # The regions found so far, per cell lifted off the board (a leader moving, spec R8).
        self.regions: dict[int, list[Bitboard]] = {-1: list(a.kingdoms)}
        self.joined: dict[tuple[Cell, int], tuple[int, ...] | None] = {}
        self.remains: dict[tuple[Cell, int], Bitboard] = {}
        sites = 0
        for site in state.monuments:
            sites |= 1 << site.corner
        for at in state.buildings:
            if at is not None:
                sites |= 1 << at
        if state.wonder is not None:
            sites |= 1 << state.wonder.centre
        self.sites = sites
        self.plain = not (state.rules.wonder or state.rules.buildings)
        if not self.plain:
            zones = plan_zones(state)
            self.grow, self.block, self.planned, self.paired, self.crossed, self.centres = zones
        else:
            self.grow, self.block, self.planned, self.paired = (0, 0, 0, 0), 0, 0, 0
            self.crossed = self.centres = 0

    def _joined(self, c: Cell, lifted: int = -1) -> tuple[int, ...] | None:
        """What the evaluation sees of the regions next to the empty cell *c*, joined, once
        the leader on *lifted* (if not -1) has left; ``None`` when *c* touches two kingdoms (a
        war, spec R16)."""
        found = self.joined.get((c, lifted), _UNKNOWN)
        if found is not _UNKNOWN:
            return found
        found = self.joined[c, lifted] = self._join(c, lifted)
        return found

    def _join(self, c: Cell, lifted: int) -> tuple[int, ...] | None:
        union = 0
        kingdoms = 0
        occupied = self.occupied
        leaders = self.leaders
        if lifted >= 0:
            occupied &= ~(1 << lifted)
            leaders &= ~(1 << lifted)
        known = self.regions.setdefault(lifted, [])
        for n in (c - 1, c + 1, c - STRIDE, c + STRIDE):
            # The guard column is never occupied: a row's ends never wrap.
            if n < 0 or not occupied >> n & 1 or union >> n & 1:
                continue
            for r in known:
                if r >> n & 1:
                    break
            else:
                r = region(1 << n, occupied)
                known.append(r)
            union |= r
            if r & leaders:
                kingdoms += 1
        if kingdoms > 1:
            return None
        treasures = (union & self.state.treasures).bit_count()
        return union & leaders, union & self.sites, treasures, union & self.planned

    def _touched(self, c: Cell) -> Bitboard:
        """The centres of the crosses holding three or more of a colour that a piece on *c*,
        not on any of them, would touch: the kingdom it joins is then credited with them
        (:func:`~tigeuph.tigris.analysis.plans.plan_credits`)."""
        if not self.block >> c & 1:
            return 0
        return self.centres & _REACH[c]

    def _remains(self, at: Cell, lifted: int) -> Bitboard:
        """The region of the leader on *at* once he and the leader on *lifted* (if not -1)
        have left, or 0 when his leaving splits it."""
        found = self.remains.get((at, lifted))
        if found is None:
            rest = self.occupied & ~(1 << at)
            if lifted >= 0:
                rest &= ~(1 << lifted)
            near = neighbours(1 << at) & rest
            found = 0
            if near:
                found = region(near & -near, rest)
                if found & near != near:
                    found = 0
            self.remains[at, lifted] = found
        return found

    def _harmless(self, c: Cell) -> bool:
        """Whether removing the tile on *c* leaves every leader's temples as they were and
        every region whole but for *c*, or splits one that holds no site and fewer than two
        treasures, under rules without plans."""
        here = 1 << c
        if self.state.tiles[Colour.RED] & here and neighbours(here) & self.leaders:
            return False  # a temple beside a leader (spec R10, R15)
        near = neighbours(here) & self.occupied
        if near.bit_count() <= 1:
            return True
        rest = self.occupied & ~here
        first = near & -near
        if region(first, rest) & near == near:
            return True
        # It splits its region. Without plans, only the sites and the treasures of a kingdom
        # are read (spec R24, R25, R30, R31): none there, nor two treasures to take, and the
        # pieces are worth what the whole was.
        if not self.plain:
            return False
        whole = region(here, self.occupied)
        return not whole & self.sites and (whole & self.state.treasures).bit_count() <= 1

    def key(self, action: Action) -> Hashable | None:
        """The class of *action*, or ``None`` when it must be applied on its own."""
        kind = type(action)
        if kind is PlaceTile:
            assert isinstance(action, PlaceTile)
            c, colour = action.cell, action.colour
            if (self.grow[colour] | self.crossed) >> c & 1:
                return None  # it may complete, start or block a cross or a run
            layer = self.state.tiles[colour]
            if layer & _BOX[c]:
                for square in _SQUARES[c]:
                    if (square & layer).bit_count() == 3:
                        return None  # it completes a monument's square (spec R22)
            joined = self._joined(c)
            if joined is None:
                return None
            beside = neighbours(1 << c) & self.leaders if colour is Colour.RED else 0
            pairs = 0
            if self.state.rules.buildings:
                alike = neighbours(1 << c) & layer
                if alike:
                    grown = layer | 1 << c
                    if any(r.bit_count() >= 3 for r in runs(grown, c)):
                        return None  # a building may be placed or moved (spec R30)
                    pairs = alike.bit_count()  # each a pair in line, credited as a plan
            touched = self._touched(c)
            if not (joined[1] or joined[3] or touched) and joined[2] <= 1:
                # No site, no plan and no treasure to take there: of the kingdom it joins the
                # evaluation sees only who scores the tile (spec R13) and, for its pairs,
                # whether that is its colour's leader (variant R30).
                who = scorer(self.state.leaders, colour, joined[0])
                own = who is not None and _stands(self.state.leaders[who][colour], joined[0])
                return 5, colour, -1 if who is None else who, own, beside, pairs
            return 0, colour, joined, beside, pairs, touched
        if kind is PlaceLeader:
            assert isinstance(action, PlaceLeader)
            c = action.cell
            if self.crossed >> c & 1:
                return None  # it takes a cell a cross needs
            now = self.state.leaders[self.state.active][action.colour]
            joined = self._joined(c, -1 if now is None else now)
            if joined is None:
                return None
            temples = (neighbours(1 << c) & self.state.tiles[Colour.RED]).bit_count()
            rivals = joined[0]  # the leaders of the kingdom it joins
            for row in self.state.leaders:
                at = row[action.colour]
                if at is not None and rivals >> at & 1:
                    # A revolt (spec R15): whoever loses leaves, and the kingdoms left are
                    # alike for every cell only when the rival's going splits nothing and
                    # the new leader stays joined to the rest without him.
                    rest = self._remains(at, -1 if now is None else now)
                    if not rest & neighbours(1 << c):
                        return None
                    return 4, action.colour, joined, temples, self._touched(c)
            touched = self._touched(c)
            if not (joined[1] or joined[3] or touched) and joined[2] <= 1:
                # No site, no plan and no treasure to take there: the evaluation sees only
                # the leader and its temples (spec R10, R15).
                return 6, action.colour, temples
            return 1, action.colour, joined, temples, touched
        if kind is PlaceCatastrophe:
            assert isinstance(action, PlaceCatastrophe)
            c = action.cell
            if self.occupied >> c & 1 and (
                (self.block | self.paired) >> c & 1 or not self._harmless(c)
            ):
                return None
            # On an empty cell, or on a tile whose loss splits no region and strands no
            # leader: the kingdoms keep their leaders, sites and treasures, and only where
            # pieces may go changes (spec R14), and which crosses of three it takes a free
            # cell from: those centred on it or beside it (variant R31).
            return 2, self.centres & _AROUND[c]
        if kind is ExchangeTiles:
            assert isinstance(action, ExchangeTiles)
            # The evaluation reads no hand: only how many tiles leave the bag (its progress).
            return 3, sum(action.counts)
        return None
