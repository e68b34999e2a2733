"""Regions and kingdoms (spec R0): the bitboard code against a plain breadth-first search, and
the incremental analysis carried from state to state against a fresh computation."""

from __future__ import annotations

from collections import deque

import pytest
from helpers.games import random_game
from hypothesis import given
from hypothesis import strategies as st

from tigeuph.tigris.model.cells import CELLS, STRIDE, Bitboard, Cell, from_cells, neighbours
from tigeuph.tigris.model.regions import Analysis, kingdoms, region, touch_counts


def cells_in(bits: Bitboard) -> set[int]:
    return {c for c in CELLS if bits >> c & 1}


def plain_neighbours(c: int) -> set[int]:
    row, col = divmod(c, STRIDE)
    out = set()
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, k = row + dr, col + dc
        if 0 <= r < 11 and 0 <= k < 16:
            out.add(r * STRIDE + k)
    return out


def plain_regions(occupied: set[Cell] | set[int]) -> list[set[int]]:
    """Connected parts of *occupied* by breadth-first search: obviously right, and slow."""
    seen: set[int] = set()
    parts: list[set[int]] = []
    for start in sorted(occupied):
        if start in seen:
            continue
        part = {start}
        queue = deque([start])
        while queue:
            for n in plain_neighbours(queue.popleft()):
                if n in occupied and n not in part:
                    part.add(n)
                    queue.append(n)
        seen |= part
        parts.append(part)
    return parts


def plain_kingdoms(occupied: Bitboard, leader_cells: Bitboard) -> list[Bitboard]:
    """The kingdoms by breadth-first search over sets, in the order :func:`kingdoms` gives
    them (by their lowest leader): the plain reference of the bitboard code (spec R0)."""
    cells = cells_in(occupied)
    leaders = cells_in(leader_cells)
    found = [part for part in plain_regions(cells) if part & leaders]
    found.sort(key=lambda part: min(part & leaders))
    return [from_cells(Cell(c) for c in part) for part in found]


# For `crosshair diffbehavior` (see docs/invariants.rst): both sides on the same small domain,
# the first two rows of the board (guard bits excluded), leaders among the occupied cells.
TWO_ROWS = from_cells(c for c in CELLS if c < 2 * STRIDE)


def kingdoms_on_two_rows(occupied: int, leader_cells: int) -> list[int]:
    occupied &= TWO_ROWS
    return kingdoms(occupied, leader_cells & occupied)


def plain_kingdoms_on_two_rows(occupied: int, leader_cells: int) -> list[int]:
    occupied &= TWO_ROWS
    return plain_kingdoms(occupied, leader_cells & occupied)


boards = st.sets(st.sampled_from(CELLS), max_size=120)


@given(boards, st.data())
def test_kingdoms_match_breadth_first_search(occupied: set[Cell], data: st.DataObject) -> None:
    """Kingdoms are the regions holding a leader; they are disjoint and connected (R0)."""
    leaders = (
        data.draw(st.sets(st.sampled_from(sorted(occupied)), max_size=8)) if occupied else set()
    )
    found = kingdoms(from_cells(occupied), from_cells(leaders))
    expected = [part for part in plain_regions(occupied) if part & leaders]
    assert sorted(map(sorted, map(cells_in, found))) == sorted(map(sorted, expected))
    assert found == plain_kingdoms(from_cells(occupied), from_cells(leaders))


@given(st.integers(), st.integers())
def test_kingdoms_on_two_rows_match_the_reference(occupied: int, leader_cells: int) -> None:
    """The pair `crosshair diffbehavior` compares agree on any integers (spec R0)."""
    assert kingdoms_on_two_rows(occupied, leader_cells) == plain_kingdoms_on_two_rows(
        occupied, leader_cells
    )


@given(boards)
def test_neighbours_match_the_grid(cells: set[Cell]) -> None:
    """Neighbours never wrap round an edge of the board."""
    expected = set().union(*(plain_neighbours(c) for c in cells)) - cells if cells else set()
    assert cells_in(neighbours(from_cells(cells))) == expected


@given(boards, st.sampled_from(CELLS))
def test_region_is_the_part_holding_the_seed(occupied: set[Cell], seed: Cell) -> None:
    occupied = occupied | {seed}
    part = next(p for p in plain_regions(occupied) if seed in p)
    assert cells_in(region(1 << seed, from_cells(occupied))) == part


def same(a: Analysis, b: Analysis) -> None:
    assert sorted(a.kingdoms) == sorted(b.kingdoms)
    assert (a.touch2, a.touch3) == (b.touch2, b.touch3)
    assert touch_counts(b.kingdoms) == (b.touch2, b.touch3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_incremental_analysis_matches_a_fresh_one(players: int) -> None:
    """The analysis a state inherits from its parent equals one computed from scratch, and
    lifting each leader gives the kingdoms a fresh computation without it gives (R8)."""
    for _, _, after in random_game(players, seed=players):
        fresh = Analysis(after.occupied, after.leader_mask)
        same(after.analysis(), fresh)
        assert sorted(fresh.kingdoms) == sorted(plain_kingdoms(after.occupied, after.leader_mask))
        for row in after.leaders:
            for c in row:
                if c is not None:
                    without = Analysis(after.occupied & ~(1 << c), after.leader_mask & ~(1 << c))
                    assert sorted(fresh.lifted(c)) == sorted(without.kingdoms)
                    assert fresh.lifted_touch2(c) == without.touch2
                    same(fresh.without_leader(c), without)
