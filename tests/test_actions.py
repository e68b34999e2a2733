"""Action values and their notation (spec: action notation)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tigeuph
from tigeuph import (
    CELLS,
    COLOURS,
    Action,
    BuildMonument,
    ChooseWar,
    CommitSupport,
    DeclineMonument,
    EndTurn,
    ExchangeTiles,
    Monument,
    NotationError,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    TakeTreasure,
    WithdrawLeader,
    parse_action,
)


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
        (" pass ", EndTurn()),
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
    """Text that is no action raises NotationError naming the text."""
    with pytest.raises(NotationError, match="is not an action"):
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


def test_exchange_counts_are_checked() -> None:
    """An exchange discards 1 to 6 tiles (spec R5)."""
    with pytest.raises(ValueError):
        ExchangeTiles((0, 0, 0, 0))
    with pytest.raises(ValueError):
        ExchangeTiles((4, 3, 0, 0))
    with pytest.raises(ValueError):
        ExchangeTiles((1, -1, 1, 0))
