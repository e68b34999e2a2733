"""tigeuph.CellSet: a position's bitboards read as cell names (issue 25)."""

from __future__ import annotations

import pickle
import random

import pytest
from helpers import odd
from hypothesis import given
from hypothesis import strategies as st

import tigeuph
from tigeuph import (
    CELLS,
    ArgumentError,
    ArgumentTypeError,
    CellSet,
    NotationError,
    cell_name,
    mask,
    new_game,
    parse_cell,
)

NAMES = [cell_name(c) for c in CELLS]
name_sets = st.frozensets(st.sampled_from(NAMES))


def board_order(names: frozenset[str]) -> list[str]:
    """*names* in board order: by row from the top, then by column, as a person reads them."""
    return sorted(names, key=lambda name: (int(name[1:]), name[0]))


@given(name_sets, name_sets)
def test_set_operations_agree_with_python_sets_of_names(
    a: frozenset[str], b: frozenset[str]
) -> None:
    """|, &, - and ^ give the cells Python's set operations give on the names."""
    x, y = CellSet(a), CellSet(b)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert (x <= y) == (a <= b) and (x < y) == (a < b)
    assert (x >= y) == (a >= b) and (x > y) == (a > b)
    assert x.issubset(b) == (a <= b) and x.issuperset(b) == (a >= b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert (x == y) == (a == b)


@given(name_sets, name_sets)
def test_masks_and_name_sets_combine_on_either_side(a: frozenset[str], b: frozenset[str]) -> None:
    """A set combines with a mask or a Python set of names on either side, giving a CellSet."""
    x, bits = CellSet(a), mask(*b)
    for combined, names in [
        (x | bits, a | b),
        (bits | x, a | b),
        (x & bits, a & b),
        (bits & x, a & b),
        (x - bits, a - b),
        (bits - x, b - a),
        (x ^ bits, a ^ b),
        (bits ^ x, a ^ b),
        (set(b) | x, a | b),
        (x & set(b), a & b),
    ]:
        assert isinstance(combined, CellSet)
        assert set(combined) == names


@given(name_sets)
def test_a_set_round_trips_through_its_mask_and_its_repr(names: frozenset[str]) -> None:
    """int() gives back the mask, and repr() is a call that builds the same set again."""
    cells = CellSet(names)
    assert int(cells) == mask(*names)
    assert CellSet(int(cells)) == cells
    assert eval(repr(cells), {"CellSet": CellSet}) == cells
    assert CellSet(str(cells)) == cells
    assert hash(CellSet(int(cells))) == hash(cells)
    assert pickle.loads(pickle.dumps(cells)) == cells


@given(name_sets)
def test_iteration_is_in_board_order_and_len_counts(names: frozenset[str]) -> None:
    """Iteration yields each name once, row by row from A1; cells() gives the same cells as
    ints, increasing; len and bool count them."""
    cells = CellSet(names)
    assert list(cells) == board_order(names)
    assert list(reversed(cells)) == board_order(names)[::-1]
    assert cells.cells() == tuple(sorted(parse_cell(name) for name in names))
    assert len(cells) == len(names) and bool(cells) == bool(names)
    assert all(name in cells and parse_cell(name) in cells for name in names)
    assert not any(name in cells for name in set(NAMES) - names)


def test_a_state_s_treasures_read_as_names() -> None:
    """The issue's crash: state.treasures is an int; its CellSet names the temples' cells."""
    state = new_game(2, seed=1)
    treasures = CellSet(state.treasures)
    assert treasures == state.treasure_cells == tigeuph.view(state, 1).treasure_cells
    assert repr(treasures) == "CellSet('K1 B2 P2 F3 N5 I7 B8 O9 F10 K11')"
    assert str(treasures) == "K1 B2 P2 F3 N5 I7 B8 O9 F10 K11"
    assert "F3" in treasures and "f3" in treasures and "E5" not in treasures
    assert treasures == CellSet(state.rules.board.temples)


def test_every_board_layer_of_a_state_and_a_view_has_its_cell_set() -> None:
    """Each Bitboard field of a state, and of a view, reads as a CellSet of the same mask."""
    rng = random.Random(5)
    state = new_game(3, seed=5)
    for _ in range(120):
        if state.is_over:
            break
        state = tigeuph.apply(state, rng.choice(tigeuph.legal_actions(state)))
    assert len(state.tile_cells[tigeuph.Colour.BLUE]) > 0
    for position in (state, tigeuph.view(state, 0)):
        assert tuple(int(layer) for layer in position.tile_cells) == position.tiles
        assert int(position.flipped_cells) == position.flipped
        assert int(position.catastrophe_cells) == position.catastrophes
        assert int(position.treasure_cells) == position.treasures
        assert int(position.declined_cells) == position.declined
        assert int(position.declined_cross_cells) == position.declined_crosses
        assert position.leader_cells == tuple(
            CellSet([cell for cell in own if cell is not None]) for own in position.leaders
        )
    assert (
        sum(map(len, state.leader_cells))
        == sum(cell is not None for own in state.leaders for cell in own)
        > 0
    )


def test_membership_of_things_that_are_no_cell_is_false() -> None:
    """in answers False for names and ints that are no cell, and for other types."""
    cells = CellSet("A1 P11")
    assert 0 in cells and "A1" in cells and "P11" in cells
    for absent in ("Z9", "A12", "", "A1 ", -1, 16, 10**30, True, None, 1.5, b"A1"):
        assert absent not in cells


def test_empty_sets_and_equality_with_other_types() -> None:
    """An empty set is false and shows as CellSet(); a set never equals its mask or a set."""
    assert not CellSet() and CellSet() == CellSet(0) == CellSet("") == CellSet([])
    assert repr(CellSet()) == "CellSet()" and str(CellSet()) == ""
    assert CellSet("A1") != odd(mask("A1")) and CellSet("A1") != odd({"A1"})
    assert CellSet([0, "B1", parse_cell("C1")]) == CellSet("A1 B1 C1")
    with pytest.raises(TypeError):
        assert CellSet() <= odd(0)


def test_a_set_is_immutable() -> None:
    """A CellSet is a value: no attribute can be set."""
    cells = CellSet("A1")
    with pytest.raises(AttributeError):
        cells._mask = 3  # type: ignore[misc]
    assert cells == CellSet("A1")


@pytest.mark.parametrize(
    ("cells", "error", "says"),
    [
        (None, ArgumentTypeError, "not NoneType"),
        (1.5, ArgumentTypeError, "not float"),
        (b"A1", ArgumentTypeError, "not bytes"),
        (True, ArgumentTypeError, "not bool"),
        (-1, ArgumentError, "-1 is no mask of cells"),
        (1 << 16, ArgumentError, "is no mask of cells"),  # the guard bit after P1
        (1 << 187, ArgumentError, "is no mask of cells"),  # past P11
        ([16], ArgumentError, "16 is no cell"),
        ([None], ArgumentTypeError, "a cell"),
        ("E5 Z9", NotationError, "'Z9' is not a cell"),
    ],
)
def test_what_is_no_set_of_cells_raises_the_family_error(
    cells: object, error: type[Exception], says: str
) -> None:
    """A mask with bits that are no cell, an int that is no cell, a name of none, or a value of
    another type raises a tigeuph error saying so; so does an operand of that kind."""
    with pytest.raises(error, match=says):
        CellSet(odd(cells))
    with pytest.raises(error, match=says):
        CellSet("A1") | odd(cells)
