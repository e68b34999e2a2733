"""Action values and their notation (spec: action notation)."""

from __future__ import annotations

import itertools
import typing
from typing import Any, Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tigeuph
from tigeuph import (
    CELLS,
    COLOURS,
    Action,
    BuildMonument,
    BuildWonder,
    Cell,
    ChooseWar,
    Colour,
    CommitSupport,
    DeclineMonument,
    EndTurn,
    ExchangeTiles,
    Monument,
    NotationError,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    TakeTreasure,
    WithdrawLeader,
    parse_action,
)
from tigeuph.tigris.model.cells import ROWS, STRIDE


def every_action() -> list[Action]:
    actions: list[Action] = [EndTurn(), DeclineMonument()]
    for colour in COLOURS:
        actions += [PlaceTile(colour, c) for c in CELLS]
        actions += [PlaceLeader(colour, c) for c in CELLS]
        actions += [WithdrawLeader(colour), ChooseWar(colour)]
    actions += [PlaceCatastrophe(c) for c in CELLS]
    actions += [TakeTreasure(c) for c in CELLS]
    actions += [BuildMonument(c, m) for c in CELLS for m in Monument]
    actions += [CommitSupport(n) for n in range(13)]
    for counts in itertools.product(range(7), repeat=4):
        if 1 <= sum(counts) <= 6:
            actions.append(ExchangeTiles(counts))
    return actions


def test_every_action_round_trips_through_its_notation() -> None:
    """parse_action(str(a)) == a for every action, and notations are unique."""
    actions = every_action()
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(actions)
    for action, text in zip(actions, texts, strict=True):
        assert parse_action(text) == action
        assert eval(repr(action), {"parse_action": parse_action}) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rE5", PlaceTile(tigeuph.Colour.RED, tigeuph.parse_cell("E5"))),
        ("KP11", PlaceLeader(tigeuph.Colour.BLACK, tigeuph.parse_cell("P11"))),
        ("-G", WithdrawLeader(tigeuph.Colour.GREEN)),
        ("~kbb", ExchangeTiles((0, 2, 0, 1))),
        ("mkrA1", BuildMonument(tigeuph.parse_cell("A1"), Monument.RK)),
        ("pass", EndTurn()),
    ],
)
def test_notation_examples(text: str, expected: Action) -> None:
    """The documented notation reads as documented (non-canonical spellings too)."""
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "r",
        "rQ1",
        "rA12",
        "RA0",
        "-k",
        "~",
        "~rrrrrrr",
        "+",
        "+-1",
        "!x",
        "m-x",
        "mrrA1",
        "$",
        "xx1",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    """Text that is no action raises NotationError naming the text, or the square in it that
    is off the board."""
    with pytest.raises(NotationError, match=r"is not an action|is not a square"):
        parse_action(text)


@given(st.text(max_size=12))
def test_parse_action_raises_only_notation_errors(text: str) -> None:
    """Arbitrary text either parses to an action that prints back canonically, or raises
    NotationError."""
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "counts", [(0, 0, 0, 0), (4, 3, 0, 0), (1, -1, 1, 0), (7, 0, 0, 0), (1, 0, 0), (1, 0, 0, 0, 0)]
)
def test_exchange_counts_are_checked(counts: Any) -> None:
    """An exchange discards 1 to 6 tiles, four counts (spec R5); anything else is no action."""
    with pytest.raises(NotationError, match="an exchange"):
        ExchangeTiles(counts)


def test_support_counts_are_checked() -> None:
    """Support is 0 or more tiles (spec R15, R19); more than a hand holds is an action, refused
    by apply."""
    with pytest.raises(NotationError, match="support count is 0 to 99, not -1"):
        CommitSupport(-1)
    assert str(CommitSupport(0)) == "+0" and str(CommitSupport(9)) == "+9"


CELL_KINDS: Final[list[tuple[Any, dict[str, Any]]]] = [
    (PlaceTile, {"colour": Colour.BLUE}),
    (PlaceLeader, {"colour": Colour.GREEN}),
    (PlaceCatastrophe, {}),
    (BuildMonument, {"monument": Monument.GK}),
    (TakeTreasure, {}),
    (PlaceBuilding, {}),
    (BuildWonder, {}),
]
"""Each kind of action holding a cell, with its other fields."""


@pytest.mark.parametrize(("kind", "others"), CELL_KINDS, ids=lambda k: getattr(k, "__name__", ""))
def test_actions_hold_only_cells(kind: Any, others: dict[str, Any]) -> None:
    """An action holding a cell is built for the 176 cells (spec R2) and for no other bit index,
    guard bits included, either directly or by attrs.evolve; so apply never meets a non-cell."""
    (name,) = (n for n, t in typing.get_type_hints(kind).items() if t is Cell)
    cells = set(CELLS)
    first = kind(**others, **{name: CELLS[0]})
    for index in range(-3, ROWS * STRIDE + 3):
        if index in cells:
            action = kind(**others, **{name: index})
            assert parse_action(str(action)) == action
            continue
        with pytest.raises(NotationError, match=f"{kind.__name__}.{name}: {index} is no cell"):
            kind(**others, **{name: index})
        with pytest.raises(NotationError, match=f"{kind.__name__}.{name}: {index} is no cell"):
            attrs.evolve(first, **{name: index})


@given(st.integers())
def test_any_int_is_a_cell_action_or_a_notation_error(index: int) -> None:
    """Any int either builds an action that prints and reads back, or raises NotationError."""
    try:
        action = PlaceTile(Colour.RED, Cell(index))
    except NotationError:
        assert index not in set(CELLS)
        return
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("kind", "args"),
    [
        (PlaceTile, (Colour.RED, True)),
        (PlaceTile, (Colour.RED, 1.0)),
        (PlaceTile, (0, CELLS[0])),
        (BuildMonument, (CELLS[0], "rb")),
        (ChooseWar, (None,)),
        (CommitSupport, (True,)),
        (CommitSupport, ("1",)),
        (ExchangeTiles, ((1.0, 0, 0, 0),)),
        (ExchangeTiles, (3,)),
    ],
)
def test_fields_of_the_wrong_type_are_refused(kind: Any, args: tuple[Any, ...]) -> None:
    """A field of the wrong type (a bool for a cell, an int for a colour) raises TypeError."""
    with pytest.raises(TypeError):
        kind(*args)
