"""The small pure functions that carry the conflict, monument and wonder rules, compared with
plain definitions over sets of ``(row, col)`` cells on the whole board.

Their contracts (PEP 316 docstrings, checked by CrossHair in CI) bound the masks to the first
rows to keep the symbolic search short; these properties cover every cell (spec R15, R16, R19,
R20, R22, R28, R31).
"""

from __future__ import annotations

from helpers.reference.geometry import (
    ALL_CELLS,
    RC,
    neighbours,
    on_board,
    regions,
    square,
    to_cell,
    to_mask,
)
from hypothesis import given
from hypothesis import strategies as st

from tigeuph.tigris.rules.conflicts import english_counts, temple_count, war_losses, war_side
from tigeuph.tigris.rules.monuments import complete_squares
from tigeuph.tigris.rules.wonder import complete_crosses

CELLS_RC = st.sampled_from(ALL_CELLS)
SETS = st.frozensets(CELLS_RC, max_size=60)
DENSE = st.frozensets(CELLS_RC, min_size=40, max_size=150)
"""Crowded boards, where squares and crosses are common."""


@given(CELLS_RC, SETS)
def test_temple_count_counts_the_four_sides(at: RC, temples: frozenset[RC]) -> None:
    """A leader's revolt strength is the temples on its four sides, never a diagonal (R15)."""
    expected = sum(n in temples for n in neighbours(at))
    assert temple_count(to_cell(at), to_mask(temples)) == expected


@given(SETS, st.data())
def test_war_side_is_the_region_without_the_unification_tile(
    occupied: frozenset[RC], data: st.DataObject
) -> None:
    """A war side is the leader's region once the unification tile is left out (R16, R19)."""
    if len(occupied) < 2:
        return
    at, unification = data.draw(
        st.lists(st.sampled_from(sorted(occupied)), min_size=2, max_size=2, unique=True)
    )
    expected = regions(occupied - {unification})[at]
    side = war_side(to_cell(at), to_mask(occupied), to_cell(unification))
    assert side == to_mask(expected)


@given(SETS, SETS, SETS, SETS, st.booleans())
def test_war_losses_spare_treasures_buildings_and_guarded_temples(
    side: frozenset[RC],
    tiles: frozenset[RC],
    kept: frozenset[RC],
    others: frozenset[RC],
    red: bool,
) -> None:
    """The loser loses his side's tiles of the war colour, but for treasures and buildings and,
    in a red war, temples beside another leader of the side (R20, R30)."""
    others -= tiles  # a leader never stands on a tile
    guarded = {n for o in others for n in neighbours(o)} if red else set()
    expected = {rc for rc in side & tiles if rc not in kept and rc not in guarded}
    got = war_losses(to_mask(side), to_mask(tiles), to_mask(kept), to_mask(others), red)
    assert got == to_mask(expected)


@given(
    st.integers(0, 30),
    st.integers(0, 30),
    st.none() | st.integers(0, 6),
    st.integers(0, 6),
)
def test_english_counts(attack: int, defence: int, committed: int | None, held: int) -> None:
    """English reinforcement: the attacker commits nothing or enough to exceed the defender's
    board strength, the defender nothing or exactly enough to tie (R28)."""
    if committed is None:
        expected = [n for n in range(held + 1) if n == 0 or attack + n > defence]
    else:
        expected = [n for n in range(held + 1) if n == 0 or defence + n == attack + committed]
    assert list(english_counts(attack, defence, committed, held)) == expected


def _cross(centre: RC) -> list[RC]:
    r, c = centre
    return [(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


@given(DENSE, SETS, st.data())
def test_complete_squares(
    layer: frozenset[RC], declined: frozenset[RC], data: st.DataObject
) -> None:
    """The squares through the placed tile wholly of its colour, never a declined one (R22)."""
    placed = data.draw(st.sampled_from(sorted(layer)))
    expected = sorted(
        corner
        for corner in ALL_CELLS
        if placed in square(corner)
        and all(on_board(x) and x in layer for x in square(corner))
        and corner not in declined
    )
    got = complete_squares(to_mask(layer), to_cell(placed), to_mask(declined))
    assert list(got) == [to_cell(rc) for rc in expected]


@given(DENSE, SETS, st.data())
def test_complete_crosses(
    layer: frozenset[RC], declined: frozenset[RC], data: st.DataObject
) -> None:
    """The crosses of five through the placed tile wholly of its colour, never a declined one,
    never wrapping round an edge (R31)."""
    placed = data.draw(st.sampled_from(sorted(layer)))
    expected = sorted(
        centre
        for centre in ALL_CELLS
        if placed in _cross(centre)
        and all(on_board(x) and x in layer for x in _cross(centre))
        and centre not in declined
    )
    got = complete_crosses(to_mask(layer), to_cell(placed), to_mask(declined))
    assert list(got) == [to_cell(rc) for rc in expected]
