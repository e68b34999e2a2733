"""Babel games and records (spec B58)."""

from __future__ import annotations

import tracemalloc
from itertools import pairwise
from typing import Any

import pytest
from helpers.babel_games import random_game

import tigeuph
import tigeuph.agents
from tigeuph import (
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    JsonError,
    LimitError,
    Limits,
    NotationError,
    RecordError,
    TigeuphError,
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
    again = babel.BabelGame.from_record(game.to_record(), verify=False)
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
    with pytest.raises(ArgumentError, match="not a free tag"):
        babel.BabelGame.new(1, tags={"Result": "1-0"})
    with pytest.raises(ArgumentTypeError):
        babel.BabelGame.from_record(b'[Seed "0"]')  # type: ignore[arg-type]


# --- Issue 25: the main game's hardened reading, one test per defect ---------------------------

SEEDED = babel.BabelGame.new(0).to_record()


def test_a_megabyte_tag_line_is_refused_in_memory_linear_in_it() -> None:
    """A 990 KB tag line (186 MB of memory before) is refused by max_tag_chars with a peak of
    memory within a few times its size."""
    text = '[Event "' + "a" * 990_000 + '"]\n' + SEEDED
    tracemalloc.start()
    try:
        with pytest.raises(LimitError) as caught:
            babel.BabelGame.from_record(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert caught.value.limit == "max_tag_chars"
    assert peak < 4 * len(text), f"{peak:,} bytes for {len(text):,}"


@pytest.mark.parametrize(
    "value", ['say "hi"', "a\\b", "\\", '\\"', "a\u2028b", "\u2029", "a\x85b\x0b\x0c", ""]
)
def test_a_game_reads_its_own_tags_back(value: str) -> None:
    """Tags holding quotes, backslashes or line separators other than \\n and \\r (U+2028...)
    are escaped or kept as they are, so the record, text or JSON, reads back the same tags."""
    game = babel.BabelGame.new(0, tags={"Event": value})
    game.play(">H")
    assert babel.BabelGame.from_record(game.to_record()).tags == {"Event": value}
    assert babel.BabelGame.from_json(game.to_json()).tags == {"Event": value}


@pytest.mark.parametrize("value", ["a\rb", "a\nb", "\ud800", "a\udfffb"])
def test_a_tag_on_two_lines_or_with_a_lone_surrogate_is_refused(value: str) -> None:
    """A tag no record could hold (one on two lines, one holding a lone surrogate) is refused
    when the game is made, and when it is written after a change."""
    with pytest.raises(ArgumentError):
        babel.BabelGame.new(0, tags={"Event": value})
    game = babel.BabelGame.new(0)
    game.tags["Event"] = value
    with pytest.raises(ArgumentError):
        game.to_record()


def test_a_tag_read_with_a_carriage_return_is_a_notation_error() -> None:
    """A record whose tag holds a \\r inside its line is refused as notation."""
    with pytest.raises(NotationError, match="one line"):
        babel.BabelGame.from_record('[Event "a\rb"]\n' + SEEDED)


@pytest.mark.parametrize("tags", [{"Event": 1}, {1: "x"}, {"Event": None}, "Event"])
def test_tags_are_strings(tags: Any) -> None:
    """A tag that is not a string, or tags that are not a mapping, raise ArgumentTypeError."""
    with pytest.raises(ArgumentTypeError):
        babel.BabelGame.new(0, tags=tags)


def test_tags_over_max_tag_chars_are_refused() -> None:
    """A 5,000-character tag is over max_tag_chars (1,000): refused when the game is made;
    a game allowed more writes a record that reads back under the same limits."""
    with pytest.raises(LimitError) as caught:
        babel.BabelGame.new(0, tags={"Event": "a" * 5_000})
    assert caught.value.limit == "max_tag_chars"
    roomy = Limits(max_tag_chars=5_000)
    game = babel.BabelGame.new(0, tags={"Event": "a" * 5_000}, limits=roomy)
    with pytest.raises(LimitError):
        babel.BabelGame.from_record(game.to_record())
    assert babel.BabelGame.from_record(game.to_record(), limits=roomy).tags == game.tags


def test_a_record_from_a_position_reads_only_without_verification() -> None:
    """A record that starts from a written position proves nothing about how it was reached:
    from_record and from_json refuse it unless verify=False."""
    start = babel.from_text("babel position\nturn: 5\nplayer 0: hand=HA pawn=H\nplayer 1: pawn=A\n")
    game = babel.BabelGame(start)
    game.play("+A")
    with pytest.raises(NotationError, match="verify=False"):
        babel.BabelGame.from_record(game.to_record())
    with pytest.raises(JsonError, match="verify=False"):
        babel.BabelGame.from_json(game.to_json())
    assert babel.BabelGame.from_json(game.to_json(), verify=False).states == game.states
    with pytest.raises(ArgumentTypeError):
        babel.BabelGame.from_record(game.to_record(), verify="no")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("record", "says"),
    [
        (SEEDED + "1. >H {a comment} {another}\n", "two comments in a row"),
        (SEEDED + "2. >H\n", "where move 1 begins"),
        (SEEDED + "1. >H {\n", "a lone '{'"),
    ],
)
def test_bad_moves_name_the_move(record: str, says: str) -> None:
    """Moves are read as the main game's are: a wrong move number, two comments in a row or a
    lone brace raises RecordError naming the move."""
    with pytest.raises(RecordError, match=says) as caught:
        babel.BabelGame.from_record(record)
    assert caught.value.move == 1


def test_every_error_of_a_hostile_record_is_a_library_error() -> None:
    """Records built to break the reader raise TigeuphError subclasses and nothing else."""
    hostile = [
        '[Event "' + "\\" * 3_000 + '"]\n' + SEEDED,
        '[Seed "' + "9" * 5_000 + '"]\n',
        '[Seed "0"]\n[Seed "0"]\n',
        '[Game "babel"]\nbabel position\nturn: ' + "9" * 5_000 + "\n",
        SEEDED + "{" * 10_000,
        SEEDED + "1. " + ">H " * 10_001,
    ]
    for text in hostile:
        for verify in (True, False):
            with pytest.raises(TigeuphError):
                babel.BabelGame.from_record(text, verify=verify)


def test_a_narrated_record_keeps_its_comments_and_reads_back() -> None:
    """A Babel record keeps comments as the main game's does, so that its narration (each
    action's events told as a comment) reads back into the same game."""
    game = tigeuph.play([tigeuph.agents.make_agent("greedy", "babel")] * 2, game="babel", seed=4)
    told = game.to_record(narrate=True)
    again = babel.BabelGame.from_record(told)
    assert again.states == game.states
    assert "{" in told and str(game.events[0][0]) in told
    assert again.to_record(narrate=True) == told
