"""Babel's position notation (spec B54)."""

from __future__ import annotations

import contextlib

import pytest
from helpers.babel_games import sample_states, states
from hypothesis import given
from hypothesis import strategies as st

from tigeuph import NotationError, PositionError, babel


@given(states())
def test_positions_round_trip_exactly(state: babel.BabelState) -> None:
    """from_text(to_text(s)) == s, and the text is written the same again (spec B54)."""
    text = babel.to_text(state)
    again = babel.from_text(text)
    assert again == state and babel.to_text(again) == text


def test_every_sampled_state_round_trips() -> None:
    """The states of whole random games read back exactly (spec B54)."""
    for state in sample_states():
        assert babel.from_text(babel.to_text(state)) == state


def test_a_hand_written_position_fills_in_the_rest() -> None:
    """Only turn: is needed; the decks complete themselves, lowest temple cards on top, and
    a deck may be written in part (spec B54)."""
    state = babel.from_text(
        "babel position\n# a comment\nturn: 5 player=0\ntemples: 6\n"
        "player 0: hand=HA pawn=S\nplayer 0 at S: column=SS temple=12\nplayer 1: pawn=H\n"
    )
    assert state.temple_deck[:3] == (6, 1, 1)
    assert len(state.temple_deck) == 45 - 2
    assert state.people[:2] == (babel.Nation.HITTITES,) * 2
    assert len(state.people) == 60 - 4
    assert state.sides[0].temples[babel.Nation.SUMERIANS.index] == (1, 2)
    assert state.seed == 0 and state.shuffles == 2 and not state.sides[1].starting


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "starts with"),
        ("tigeuph position\n", "starts with"),
        ("babel position\n", "needs a 'turn:'"),
        ("babel position\nturn: x\n", "not a whole number"),
        ("babel position\nturn: 1\nturn: 1\n", "given twice"),
        ("babel position\nturn: 1\nplayer 0: hand=HX\n", "not nation letters"),
        ("babel position\nturn: 1\nplayer 0: pawn=Q\n", "not one of"),
        ("babel position\nturn: 1\nplayer 2: pawn=H\n", "unknown line"),
        ("babel position\nturn: 1\nplayer 0 at H: temple=17\n", "not temple levels"),
        ("babel position\nturn: 1\npending: halve player=1\n", "needs player= and count="),
        ("babel position\nturn: 1\nend: maybe\n", "not one of"),
        ("babel position\nturn 1\n", "expected 'name: value'"),
        ("babel position\nturn: 1\nplayer 0: colour=red\n", "is not one of"),
    ],
)
def test_bad_text_raises_notation_errors(text: str, words: str) -> None:
    """Text that is no position raises NotationError saying why (spec B54)."""
    with pytest.raises(NotationError, match=words):
        babel.from_text(text)


@given(st.text(max_size=200))
def test_bad_text_raises_notation_errors_only(text: str) -> None:
    """Any text reads as a position or raises NotationError, nothing else (spec B54)."""
    with contextlib.suppress(NotationError):
        babel.from_text("babel position\n" + text)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("turn: 2 player=0\n", "is not seat 0's"),
        ("turn: 5\nplayer 0: pawn=H hand=HHHHHHHHHHHHH\nplayer 1: pawn=H\n", "13 Hittites"),
        (
            "turn: 5\nplayer 0: pawn=H\nplayer 0 at H: temple=21\nplayer 1: pawn=H\n",
            "does not rise",
        ),
        ("turn: 5\nplayer 1: pawn=H\n", "without travelling"),
        ("turn: 5\nplayer 0: pawn=H start=held\nplayer 1: pawn=H\n", "unbuilt after turn 1"),
        (
            "turn: 1\nplayer 0: hand=- pawn=H start=held\nplayer 1: start=held\n",
            "can no longer build",
        ),
        ("turn: 5\nplayer 0: pawn=H\nplayer 1: pawn=H\nend: deck\n", "cards are left"),
        ("turn: 5\nplayer 0: pawn=H\nplayer 1: pawn=H\nend: score\n", "no one has won"),
        (
            "turn: 5\npending: halve player=1 count=3\nplayer 0: pawn=H\nplayer 1: pawn=H\n",
            "cannot discard 3",
        ),
    ],
)
def test_impossible_positions_are_refused(body: str, words: str) -> None:
    """A position no game could reach raises PositionError naming the problem (spec B54)."""
    with pytest.raises(PositionError, match=words):
        babel.from_text("babel position\n" + body)
