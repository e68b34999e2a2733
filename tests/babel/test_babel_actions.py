"""Babel's action notation (spec B55)."""

from __future__ import annotations

import pytest
from helpers.babel_games import sample_states
from hypothesis import given
from hypothesis import strategies as st

from tigeuph import NotationError, babel
from tigeuph.babel.model.actions import Build, Discard, SkipBuild, Steal


def test_every_action_round_trips() -> None:
    """Every legal action of many states is written and read back as itself, in either case
    (spec B55)."""
    seen = set()
    for state in sample_states():
        for action in babel.legal_actions(state):
            text = str(action)
            assert babel.parse_action(text) == action
            assert babel.parse_action(text.lower()) == action
            assert eval(repr(action), {"parse_action": babel.parse_action}) == action
            seen.add(type(action).__name__)
    assert {"Travel", "Colonise", "Build", "Migrate", "EndTurn"} <= seen


@pytest.mark.parametrize(
    ("text", "action"),
    [
        (">H", babel.Travel(babel.Nation.HITTITES)),
        ("+S", babel.Colonise(babel.Nation.SUMERIANS)),
        ("#s", Build(None)),
        ("#1", Build(1)),
        ("~PM", babel.Migrate(babel.Nation.PERSIANS, babel.Nation.MEDES)),
        ("A@12", babel.Destroy(12)),
        ("H@0", Steal(0)),
        ("M@3:P", babel.Expel(3, babel.Nation.PERSIANS)),
        ("S@1", babel.Switch(1)),
        ("P@2#0", SkipBuild(2, 0)),
        ("%M@4", babel.Halve(babel.Nation.MEDES, 4)),
        ("-SHA", Discard((1, 1, 0, 0, 1))),
        ("END", babel.EndTurn()),
    ],
)
def test_each_kind_has_its_notation(text: str, action: babel.Action) -> None:
    """The table of tigeuph.babel.model.actions (spec B55)."""
    assert babel.parse_action(text) == action


@given(st.text(max_size=12))
def test_bad_text_raises_notation_errors_only(text: str) -> None:
    """Any text is an action or raises NotationError, nothing else (spec B55)."""
    try:
        action = babel.parse_action(text)
    except NotationError:
        return
    assert babel.parse_action(str(action)) == action


@pytest.mark.parametrize(
    "make",
    [
        lambda: Build(2),
        lambda: SkipBuild(0, None),  # type: ignore[arg-type]
        lambda: Steal(-1),
        lambda: Steal(60),
        lambda: Discard((0, 0, 0, 0, 0)),
        lambda: Discard((1, 0)),  # type: ignore[arg-type]
    ],
)
def test_values_the_notation_cannot_write_cannot_be_built(make: object) -> None:
    """An action value always has a notation (spec B55)."""
    with pytest.raises(NotationError):
        make()  # type: ignore[operator]
