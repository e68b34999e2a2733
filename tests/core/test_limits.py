"""Readers that cannot be abused (issue 11): every reader of outside text and JSON refuses input
over its :class:`tigeuph.Limits` at once, naming the limit to raise; reads in time linear in its
input; accepts exactly the documented spelling; refuses repeated JSON keys and lone surrogates;
and, fuzzed, raises only its documented errors within a time bound per byte.

Times are CPU times of this process (``time.process_time``), so another job on the machine does
not count, and the bounds are loose (``BASE`` plus ``PER_BYTE`` per byte of input): they catch
quadratic reading, which on the issue's inputs took seconds, not a slow machine.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import pytest
from helpers.schema_documents import document
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tigeuph
from tigeuph import (
    ArgumentError,
    ArgumentTypeError,
    BoardError,
    Game,
    JsonError,
    LimitError,
    Limits,
    NotationError,
    PositionError,
    RecordError,
    TigeuphError,
    babel,
    new_game,
    parse_action,
    parse_cell,
    state_from_json,
    state_to_json,
    to_text,
    view,
    view_to_json,
)

BASE: Final = 0.5
"""Seconds any one read may take, whatever its size (a record's replay, a view's check)."""
PER_BYTE: Final = 20e-6
"""Seconds per byte of input on top of BASE: 20 s a megabyte, three times what the slowest
reader takes (replaying a record of passes, some 6 microseconds a byte) and far below what
quadratic reading took (1 to 10 s for 40 KB of ``{``, depending on the machine)."""

STATE: Final = new_game(2, seed=1)
RECORD: Final = Game.new(2, seed=1, tags={"Date": "2025-01-31"}).to_record()
SMALL: Final = Limits(
    max_text_bytes=2_000,
    max_json_bytes=1_000,
    max_json_depth=4,
    max_json_items=5,
    max_record_actions=3,
    max_tag_chars=30,
    max_comment_chars=20,
)


def _babel_game() -> babel.BabelGame:
    """A Babel game of a few actions, with a tag."""
    game = babel.BabelGame.new(3, tags={"Event": "a Babel game"})
    for _ in range(6):
        game.play(babel.legal_actions(game.state)[0])
    return game


BABEL: Final = _babel_game()


def timed(read: Callable[[Any], object], text: str | bytes) -> tuple[object, float]:
    """What *read* returns or raises for *text*, and the CPU seconds it took, checked against
    the bound for its size."""
    start = time.process_time()
    try:
        result: object = read(text)
    except TigeuphError as err:
        result = err
    spent = time.process_time() - start
    assert spent <= BASE + PER_BYTE * len(text), f"{spent:.2f} s for {len(text):,} bytes"
    return result, spent


def record_of_passes(n: int) -> str:
    """A record of *n* passes from a seeded 2-player game: always legal, however long."""
    moves = "\n".join(f"{i + 1}. pass" for i in range(n))
    return f'[Rules "players=2 board=standard"]\n[Seed "1"]\n\n{moves}\n'


# --- The limits themselves ------------------------------------------------------------------


def test_limits_are_positive_ints() -> None:
    """A limit is an int of 1 or more; anything else is refused with the family's errors."""
    with pytest.raises(ArgumentError, match="max_text_bytes must be 1 or more"):
        Limits(max_text_bytes=0)
    with pytest.raises(ArgumentTypeError, match="max_json_depth must be an int"):
        Limits(max_json_depth="9")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"limits must be a tigeuph\.Limits"):
        tigeuph.from_text(to_text(STATE), limits={"max_text_bytes": 9})  # type: ignore[arg-type]


def small(read: Callable[..., object]) -> Callable[[str], object]:
    """*read* with the SMALL limits."""
    return lambda text: read(text, limits=SMALL)


OVER: Final = [
    (small(tigeuph.from_text), to_text(STATE) * 2, "max_text_bytes"),
    (small(Game.from_record), RECORD + " " * 2_000, "max_text_bytes"),
    (small(Game.from_record), record_of_passes(4), "max_record_actions"),
    (
        small(Game.from_record),
        '[Event "an event named in more than thirty letters"]\n',
        "max_tag_chars",
    ),
    (small(Game.from_record), RECORD + "{a comment of many words}", "max_comment_chars"),
    (small(tigeuph.board_from_text), "T.T\n" * 600, "max_text_bytes"),
    (small(state_from_json), state_to_json(STATE), "max_json_bytes"),
    (small(state_from_json), "[[[[[[]]]]]]", "max_json_depth"),
    (small(state_from_json), "[1, 2, 3, 4, 5, 6]", "max_json_items"),
    (small(tigeuph.action_from_json), '{"a": [' + "0," * 9 + "0]}", "max_json_items"),
    (small(tigeuph.view_from_json), view_to_json(view(STATE, 0)), "max_json_bytes"),
    (
        lambda text: Game.from_json(text, limits=Limits(max_record_actions=3)),
        Game.from_record(record_of_passes(4)).to_json(),
        "max_record_actions",
    ),
    # Babel's readers take the same limits.
    (small(babel.from_text), babel.to_text(BABEL.state) * 30, "max_text_bytes"),
    (small(babel.BabelGame.from_record), BABEL.to_record(), "max_record_actions"),
    (
        small(babel.BabelGame.from_record),
        '[Event "an event named in more than thirty letters"]\n[Seed "0"]\n',
        "max_tag_chars",
    ),
    (small(babel.BabelGame.from_json), BABEL.to_json(), "max_record_actions"),
    (small(babel.state_from_json), babel.state_to_json(BABEL.state), "max_json_items"),
    (small(babel.action_from_json), '{"a": [[[[[0]]]]]}', "max_json_depth"),
    (small(babel.view_from_json), babel.view_to_json(BABEL.view(0), indent=40), "max_json_bytes"),
]


@pytest.mark.parametrize(("read", "text", "limit"), OVER)
def test_over_the_limit_is_refused_at_once_naming_the_limit(
    read: Callable[[str], object], text: str, limit: str
) -> None:
    """Input over a limit raises LimitError naming the field of Limits to raise, and says how."""
    result, _ = timed(read, text)
    assert isinstance(result, LimitError), result
    assert result.limit == limit and result.size > result.allowed
    assert f"tigeuph.Limits({limit}=...)" in str(result)


def test_raising_a_limit_lets_the_input_in() -> None:
    """The same input reads once the limit is raised: limits are the caller's to choose."""
    text = record_of_passes(12)
    with pytest.raises(LimitError):
        Game.from_record(text, limits=Limits(max_record_actions=11))
    assert len(Game.from_record(text, limits=Limits(max_record_actions=12)).actions) == 12
    tagged = f'[Event "{"e" * 1_500}"]\n' + RECORD
    with pytest.raises(LimitError, match="max_tag_chars"):
        Game.from_record(tagged)
    assert Game.from_record(tagged, limits=Limits(max_tag_chars=1_500)).tags["Event"] == "e" * 1500
    babel_record = BABEL.to_record()
    with pytest.raises(LimitError, match="max_record_actions"):
        babel.BabelGame.from_record(babel_record, limits=Limits(max_record_actions=5))
    again = babel.BabelGame.from_record(babel_record, limits=Limits(max_record_actions=6))
    assert again.states == BABEL.states


def test_a_board_file_over_the_limit_is_refused_from_its_size(tmp_path: Path) -> None:
    """load_board refuses a file over the limit without reading it all, and deep JSON too."""
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"note": "n" * 5_000}))
    with pytest.raises(LimitError, match="max_json_bytes"):
        tigeuph.load_board(big, limits=SMALL)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    with pytest.raises(LimitError, match="max_json_depth"):
        tigeuph.load_board(deep)
    twice = tmp_path / "twice.json"
    twice.write_text('{"temples": ["A1", "C1", "E1"], "temples": []}')
    with pytest.raises(BoardError, match="given twice"):
        tigeuph.load_board(twice)


# --- The cases, one regression test each ----------------------------------------------


def test_a_run_of_open_braces_is_refused_in_linear_time() -> None:
    """A record ending in 40 KB of '{' (10 s before: quadratic) is refused at once, naming the
    move where the comment opens."""
    result, spent = timed(Game.from_record, RECORD + "1. pass " + "{" * 40_000)
    assert isinstance(result, RecordError) and "a lone '{'" in str(result)
    assert spent < 0.5


def test_a_megabyte_tag_is_refused_before_it_is_read() -> None:
    """A 1 MB tag value (183 MB of memory before) is refused by max_tag_chars, and a 2 MB one
    by max_text_bytes, before any pattern runs over it."""
    result, _ = timed(Game.from_record, '[Event "' + "a" * 900_000 + '"]\n' + RECORD)
    assert isinstance(result, LimitError) and result.limit == "max_tag_chars"
    result, _ = timed(Game.from_record, '[Event "' + "a" * 2_000_000 + '"]\n' + RECORD)
    assert isinstance(result, LimitError) and result.limit == "max_text_bytes"


def test_a_long_bad_list_is_described_by_its_first_problems_and_a_count() -> None:
    """9,000 bad monuments give a short message, the first five problems and how many more
    (a 2.4 MB message in 7.6 s before); 50,000 are over max_json_items."""
    document = json.loads(state_to_json(STATE))
    document["monuments"] = ["x"] * 9_000
    result, _ = timed(state_from_json, json.dumps(document))
    assert isinstance(result, JsonError) and result.path == "$.monuments[0]"
    assert "8,995 more bad items" in str(result) and len(str(result)) < 1_000
    document["monuments"] = ["x"] * 50_000
    result, _ = timed(state_from_json, json.dumps(document))
    assert isinstance(result, LimitError) and result.limit == "max_json_items"


def test_many_problems_in_a_position_are_summed_up() -> None:
    """A position with many problems lists the first five and counts the rest."""
    text = to_text(STATE).replace("hand=", "hand=kkkkkkkkkkkk", 1)
    text = re.sub(r"points=r0", "points=r9", text)
    text = text.replace("catastrophes=2", "catastrophes=7")
    with pytest.raises(PositionError) as caught:
        tigeuph.from_text(text)
    assert str(caught.value).count(";") <= 5


def test_a_record_longer_than_the_limit_is_refused_before_it_is_replayed() -> None:
    """Passing is always legal, so a record could be endless: beyond max_record_actions (10,000
    by default) it is refused, counted before anything is played."""
    result, spent = timed(Game.from_record, record_of_passes(10_001))
    assert isinstance(result, LimitError) and result.limit == "max_record_actions"
    assert result.size == 10_001 and spent < 0.5
    assert tigeuph.Limits().max_record_actions == 10_000


@pytest.mark.parametrize(
    "text",
    [
        '[Event "\ud800"]\n' + RECORD,
        RECORD + "1. pass {\udfff}\n",
    ],
)
def test_lone_surrogates_in_a_record_are_refused(text: str) -> None:
    """A lone surrogate in a tag or a comment, which no UTF-8 output can hold, is refused."""
    with pytest.raises(NotationError, match="lone surrogate"):
        Game.from_record(text)


def test_lone_surrogates_in_json_are_refused() -> None:
    """JSON's escape for a lone surrogate is refused too, in any string of any document."""
    record = json.loads(Game.new(2, seed=1).to_json())
    record["tags"] = {"Event": "\ud800"}
    with pytest.raises(JsonError, match="lone surrogate"):
        Game.from_json(json.dumps(record))
    with pytest.raises(JsonError, match="lone surrogate"):
        tigeuph.action_from_json('{"format": "tigeuph-action", "version": 1, "action": "\\udc00"}')


def test_a_comment_or_tag_with_a_lone_surrogate_cannot_be_written() -> None:
    """Game refuses a comment or tag no UTF-8 record could hold, so its records always write."""
    game = Game.new(2, seed=1)
    with pytest.raises(ArgumentError, match="lone surrogate"):
        game.annotate("\ud800")
    with pytest.raises(ArgumentError, match="lone surrogate"):
        Game.new(2, seed=1, tags={"Event": "\udfff"})


ACTION_TWICE: Final = (
    '{"format": "tigeuph-action", "version": 1, "action": "rE5", "action": "pass"}'
)
TWICE: Final = [
    (tigeuph.action_from_json, ACTION_TWICE),
    (state_from_json, state_to_json(STATE).replace('"active":0', '"active":0,"active":1')),
    (
        tigeuph.view_from_json,
        view_to_json(view(STATE, 0)).replace('"player":0', '"player":0,"player":1'),
    ),
    (Game.from_json, Game.new(2, seed=1).to_json().replace('"seed":1', '"seed":1,"seed":2')),
]


@pytest.mark.parametrize(("read", "text"), TWICE)
def test_repeated_json_keys_are_refused(read: Callable[[str], object], text: str) -> None:
    """A key given twice in an object (last wins, silently, in Python's json) is refused."""
    with pytest.raises(JsonError, match="given twice"):
        read(text)


def test_nan_is_not_json() -> None:
    """NaN and Infinity, which Python's json reads but JSON does not have, are refused."""
    with pytest.raises(JsonError, match="NaN is not JSON"):
        state_from_json(state_to_json(STATE).replace('"active":0', '"active":NaN'))


@pytest.mark.parametrize(
    "text",
    [
        "x\u01315",  # a dotless i for the I of I5
        "\u00a0rE5",  # a non-breaking space
        "rE5\u2003",  # an em space
        " pass",
        "pass\n",
        "rE\uff15",  # a full-width 5
        "+" + "9" * 4_000,
        "+007",
        "+100",
        "re5",  # cells are upper case in action notation
        "\uff52E5",  # a full-width r
        "~rr\u0261",  # a script g
    ],
)
def test_action_lookalikes_are_refused(text: str) -> None:
    """Only the documented spelling is action notation: lookalike letters, digits and spaces,
    over-long or zero-padded support and lower-case cells are refused (spec R5's notation)."""
    result, _ = timed(parse_action, text)
    assert isinstance(result, NotationError)
    assert len(str(result)) < 120


def test_cell_lookalikes_are_refused() -> None:
    """parse_cell reads either case of the ASCII letter, and nothing that only looks like it."""
    assert parse_cell("e5") == parse_cell("E5")
    for text in ("E\uff15", " E5", "\u0130" + "5", "E05", "E5\n"):
        with pytest.raises(NotationError):
            parse_cell(text)


def test_a_position_with_lookalike_spaces_or_letters_is_refused() -> None:
    """Outside comments a position is printable ASCII: a non-breaking space between cells or a
    lookalike letter is refused naming the line, and comments may hold any text."""
    text = to_text(STATE)
    with pytest.raises(NotationError, match=r"line 9: '\\xa0'"):
        tigeuph.from_text(text.replace(" 2   .", " 2   .\u00a0", 1))
    with pytest.raises(NotationError, match="line 2"):
        tigeuph.from_text(text.replace("players=2", "players=\uff12"))
    assert tigeuph.from_text(text + "# Zo\u00eb's favourite opening \u2728\n") == STATE


def test_a_long_bag_line_reads_in_linear_time() -> None:
    """A 10 MB bag line (over 10 s before) is refused by size at once; a 900 KB one reads in
    linear time and is refused as impossible (spec R1: the box has 153 tiles)."""
    text = to_text(STATE)
    result, spent = timed(tigeuph.from_text, re.sub(r"bag: \w+", "bag: " + "r" * 10**7, text))
    assert isinstance(result, LimitError) and spent < 0.5
    result, _ = timed(tigeuph.from_text, re.sub(r"bag: \w+", "bag: " + "rbgk" * 225_000, text))
    assert isinstance(result, PositionError)


def test_records_prove_only_what_they_play() -> None:
    """from_record and from_json verify by default: a record from a first position, which
    anyone can write with any score, is refused unless the caller asks for it."""
    start = tigeuph.from_text(to_text(STATE).replace("points=r0", "points=r9", 1))
    game = Game(start)
    with pytest.raises(NotationError, match="verify=False"):
        Game.from_record(game.to_record())
    with pytest.raises(JsonError, match="verify=False") as caught:
        Game.from_json(game.to_json())
    assert caught.value.path == "$.start"
    assert Game.from_record(game.to_record(), verify=False).start.points[0][0] == 9


# --- Fuzzing every reader: a documented error or a sound value, within the time bound ----------

READERS: Final[dict[str, tuple[Callable[[Any], object], tuple[type[TigeuphError], ...]]]] = {
    "parse_action": (parse_action, (NotationError,)),
    "parse_cell": (parse_cell, (NotationError,)),
    "from_text": (tigeuph.from_text, (NotationError,)),
    "from_record": (Game.from_record, (NotationError,)),
    "board_from_text": (tigeuph.board_from_text, (BoardError, LimitError)),
}
ALPHABET: Final = st.sampled_from(
    [*'rbgkRBGKxmw~$@*!+-#.TS0123456789ABEP[]{}"\\ :=/\n\t', "\u00a0", "\u0131", "\ud800"]
)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(READERS)), st.text(ALPHABET, max_size=400) | st.text(max_size=80))
def test_text_readers_raise_only_their_errors_in_bounded_time(name: str, text: str) -> None:
    """Any text given to a text reader reads or raises that reader's documented error (a
    TigeuphError), within BASE plus PER_BYTE per byte."""
    read, errors = READERS[name]
    result, _ = timed(read, text)
    if isinstance(result, TigeuphError):
        assert isinstance(result, errors), f"{name}: {type(result).__name__}: {result}"


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([8, 80, 800, 4_000]),
    st.sampled_from(["{", "[", "[[", '{"a":', "}", '"', "r", "pass ", "1. ", "\\"]),
    st.sampled_from(["from_record", "from_text", "board_from_text", "state_from_json"]),
)
def test_repeated_text_reads_in_linear_time(size: int, unit: str, name: str) -> None:
    """Runs of the characters that make readers backtrack or nest, at sizes up to 200 KB, read
    or are refused within the bound for their size: no reader is quadratic in them."""
    readers: dict[str, Callable[[Any], object]] = {
        "from_record": Game.from_record,
        "from_text": tigeuph.from_text,
        "board_from_text": tigeuph.board_from_text,
        "state_from_json": state_from_json,
    }
    read = readers[name]
    for text in (unit * size * 50, RECORD + unit * size * 50):
        timed(read, text)


JSON_READERS: Final[dict[str, Callable[[Any], object]]] = {
    "state": state_from_json,
    "action_document": tigeuph.action_from_json,
    "view": tigeuph.view_from_json,
    "record": Game.from_json,
}


@pytest.mark.slow
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_schema_documents_read_or_raise_json_errors_in_bounded_time(data: st.DataObject) -> None:
    """Documents drawn from the shipped JSON Schema (right shapes, arbitrary contents) read, or
    raise JsonError, PositionError or RecordError, within the bound; a document that reads is
    written back to the same JSON."""
    kind = data.draw(st.sampled_from(sorted(JSON_READERS)))
    text = json.dumps(data.draw(document(kind)))
    result, _ = timed(JSON_READERS[kind], text)
    if isinstance(result, TigeuphError):
        assert isinstance(result, JsonError | PositionError | RecordError), repr(result)
    elif isinstance(result, tigeuph.GameState):
        assert state_from_json(state_to_json(result)) == result


@given(st.integers() | st.booleans() | st.text(max_size=5) | st.none() | st.floats())
def test_id_to_action_reads_ints_in_range_only(value: object) -> None:
    """id_to_action returns the action of an int id in range, and refuses anything else with
    ArgumentTypeError (not an int, True included) or ArgumentError (out of range), at once."""
    start = time.process_time()
    try:
        action = tigeuph.id_to_action(value)  # type: ignore[arg-type]
    except (ArgumentTypeError, ArgumentError) as err:
        assert isinstance(err, ArgumentError) == (type(value) is int)
    else:
        assert type(value) is int and tigeuph.action_to_id(action) == value
    assert time.process_time() - start < BASE


JSON_VALUES: Final = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=4) | st.just("E5"),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)


@given(
    st.fixed_dictionaries(
        {},
        optional={
            key: JSON_VALUES
            for key in ("rows", "cols", "river", "temples", "special_treasures", "note")
        },
    )
    | JSON_VALUES
)
def test_board_from_json_raises_only_board_errors_in_bounded_time(data: object) -> None:
    """Any parsed JSON given to board_from_json is a board or a BoardError (or LimitError),
    within the time bound."""
    text = json.dumps(data)
    result, _ = timed(lambda written: tigeuph.board_from_json("fuzz", json.loads(written)), text)
    if isinstance(result, TigeuphError):
        assert isinstance(result, BoardError | LimitError), repr(result)


def test_a_game_keeps_to_its_limits_so_its_records_read_back() -> None:
    """A Game refuses an action, a comment or a tag beyond its limits, so that every record it
    writes reads back under the same limits."""
    limits = Limits(max_record_actions=3, max_comment_chars=5, max_tag_chars=12)
    game = Game.new(2, seed=1, tags={"Event": "club"}, limits=limits)
    for _ in range(3):
        game.play("pass")
    with pytest.raises(LimitError, match="max_record_actions"):
        game.play("pass")
    with pytest.raises(LimitError, match="max_comment_chars"):
        game.annotate("a long remark")
    with pytest.raises(LimitError, match="max_tag_chars"):
        Game.new(2, seed=1, tags={"Event": "a longer event"}, limits=limits)
    again = Game.from_record(game.to_record(), limits=limits)
    assert again.states == game.states and again.limits == limits
    assert Game.from_json(game.to_json(), limits=limits).states == game.states
