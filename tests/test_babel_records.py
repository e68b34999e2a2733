"""Babel games and records (spec B58)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from babel_games import random_game

from tigeuph import (
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    NotationError,
    RecordError,
    babel,
)


def _played(seed: int) -> babel.BabelGame:
    game = babel.BabelGame.new(seed, tags={"Player0": "Ann"})
    states = list(random_game(seed))
    for before, after in pairwise(states):
        action = next(a for a in babel.legal_actions(before) if babel.apply(before, a) == after)
        game.play(action)
    return game


def test_records_replay_the_game() -> None:
    """A finished game's record, text or JSON, replays to the same states (spec B58)."""
    game = _played(4)
    record = game.to_record()
    assert '[Player0 "Ann"]' in record and '[Result "' in record and "Termination" in record
    assert babel.BabelGame.from_record(record).states == game.states
    assert babel.BabelGame.from_json(game.to_json()).states == game.states


def test_a_game_from_a_position_writes_the_position() -> None:
    """Without a seed the record carries the first position (spec B58)."""
    start = babel.from_text("babel position\nturn: 5\nplayer 0: hand=HA pawn=H\nplayer 1: pawn=A\n")
    game = babel.BabelGame(start)
    game.play("+A")
    again = babel.BabelGame.from_record(game.to_record())
    assert again.states == game.states and again.seed is None


def test_undo_takes_back_the_last_action() -> None:
    """Undo returns the action and the state before it (spec B58)."""
    game = babel.BabelGame.new(0)
    first = game.state
    action = babel.legal_actions(first)[0]
    game.play(action)
    assert game.undo() == action and game.state == first
    with pytest.raises(IllegalActionError):
        game.undo()


def test_a_bad_record_names_the_move() -> None:
    """An action the rules refuse raises RecordError with its move and ply (spec B58)."""
    record = '[Game "babel"]\n[Seed "0"]\n\n1. >H +A #s end\n2. >H end\n'
    with pytest.raises(RecordError) as err:
        babel.BabelGame.from_record(record)
    assert (err.value.move, err.value.ply) == (2, 6)
    with pytest.raises(NotationError):
        babel.BabelGame.from_record('[Game "chess"]\n[Seed "0"]\n')
    with pytest.raises(NotationError):
        babel.BabelGame.from_record('[Seed "0"]\n[Result "1"]\n\n1. >H\n')


def test_a_game_refuses_bad_arguments_with_the_library_errors() -> None:
    """A seed that does not deal the state, a tag the game writes itself, or a record that is
    not text raise the library's own errors (one family to catch, as in the main game)."""
    with pytest.raises(ArgumentError, match="does not deal"):
        babel.BabelGame(babel.new_game(1), seed=2)
    with pytest.raises(ArgumentError, match="free tag name"):
        babel.BabelGame.new(1, tags={"Result": "1-0"})
    with pytest.raises(ArgumentTypeError):
        babel.BabelGame.from_record(b'[Seed "0"]')  # type: ignore[arg-type]
