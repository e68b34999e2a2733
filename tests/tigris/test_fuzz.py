"""Bad input (issue 5): every reader of outside text, fed arbitrary text and mutations of valid
texts taken from random games, raises only its documented error, with a message, and whatever
it accepts obeys the invariants (:func:`tigeuph.testing.invariants.state_problems`).

Readers: ``parse_action``, ``parse_cell``, ``id_to_action``, ``from_text`` (its ``rules:`` line
and custom board grids included), the JSON readers of states, actions, views and game records,
game records as text, and boards as JSON, as text and as files. Refusals say where: position
notation names the line (or is about the whole text), JSON names the path of the bad field, and
the readers' catch-all message never shows.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs
from helpers.paths import EXAMPLE_BOARDS
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import tigeuph
from tigeuph import (
    BoardError,
    Game,
    GameState,
    JsonError,
    NotationError,
    PlayerView,
    PositionError,
    RecordError,
    Rules,
)
from tigeuph.testing.invariants import (
    checked_apply,
    every_rules,
    round_trip_problems,
    state_problems,
    step_problems,
)
from tigeuph.tigris.learning.encoding import ACTION_COUNT, action_to_id, id_to_action
from tigeuph.tigris.model.boards import (
    ADVANCED,
    STANDARD,
    Board,
    board_from_json,
    board_from_text,
    board_to_json,
    board_to_text,
    load_board,
)
from tigeuph.tigris.model.cells import cell_name, parse_cell

T = TypeVar("T")

# Example counts come from the Hypothesis profile; reading a whole game can outlast a deadline.
FUZZ: Final = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- valid texts, from random games ------------------------------------------------------------


SMALL: Final = """
T...~...
..S.~.T.
....~~..
.T....~.
......~T
"""
"""A custom board smaller than the printed ones (spec R2)."""


def _rules() -> list[Rules]:
    """A few combinations: none, every switch on the advanced board, each switch alone, and two
    custom boards (written as grids on the ``rules:`` line); the player count cycles through 2,
    3 and 4."""
    every = every_rules(2)
    picked = [every[0], every[-1]]
    picked += [r for r in every if r.board == STANDARD and len(r.switches) == 1]
    delta = load_board(EXAMPLE_BOARDS / "delta.txt")
    picked += [
        Rules(board=delta, buildings=True, wonder=True),
        Rules(board=board_from_text(SMALL), english_reinforcement=True),
    ]
    return [attrs.evolve(r, players=2 + i % 3) for i, r in enumerate(picked)]


@cache
def states() -> tuple[GameState, ...]:
    """States of random games: one per pending decision (and none) under each of the rules
    sampled, and the first and last of each game."""
    found: dict[tuple[Rules, str], GameState] = {}
    for i, rules in enumerate(_rules()):
        rng = random.Random(i)
        state = tigeuph.new_game(rules.players, seed=i, rules=rules)
        found[(rules, "start")] = state
        while not state.is_over:
            state = tigeuph.apply(state, rng.choice(tigeuph.legal_actions(state)))
            kind = type(state.pending).__name__ + str(bool(state.monuments))
            found.setdefault((rules, kind), state)
        found[(rules, "end")] = state
    return tuple(found.values())


@cache
def games() -> tuple[Game, ...]:
    """Short games (records are replayed in full, so they stay short), one from a position."""
    out = []
    for i, rules in enumerate(_rules()[:4]):
        game = Game.new(rules.players, seed=i, rules=rules, tags={"Event": "fuzz"})
        rng = random.Random(i)
        for ply in range(25):
            game.play(
                rng.choice(tigeuph.legal_actions(game.state)), comment=f"c{ply}" * (ply % 7 == 0)
            )
        out.append(game)
    start = states()[len(states()) // 2]
    game = Game(start)
    for _ in range(10):
        if not game.state.is_over:
            game.play(random.Random(1).choice(tigeuph.legal_actions(game.state)))
    out.append(game)
    return tuple(out)


@cache
def positions() -> tuple[str, ...]:
    return tuple(tigeuph.to_text(s) for s in states())


@cache
def json_documents() -> tuple[str, ...]:
    """States, views, actions and game records as JSON."""
    out = [tigeuph.state_to_json(s) for s in states()]
    out += [tigeuph.view_to_json(tigeuph.view(s, s.to_move or 0)) for s in states()[::3]]
    out += [tigeuph.view_to_json(g.view(0)) for g in games()]
    out += [g.to_json() for g in games()]
    actions = {a for s in states()[:8] for a in tigeuph.legal_actions(s)[:40]}
    out += [tigeuph.action_to_json(a) for a in sorted(actions, key=str)]
    return tuple(out)


@cache
def records() -> tuple[str, ...]:
    return tuple(g.to_record() for g in games())


@cache
def board_texts() -> tuple[str, ...]:
    return (
        board_to_text(STANDARD),
        board_to_text(ADVANCED),
        (EXAMPLE_BOARDS / "delta.txt").read_text(),
    )


@cache
def board_jsons() -> tuple[str, ...]:
    return (
        json.dumps(board_to_json(STANDARD)),
        json.dumps(board_to_json(ADVANCED)),
        (EXAMPLE_BOARDS / "delta.json").read_text(),
    )


# --- mutations ---------------------------------------------------------------------------------

CHARS: Final = st.one_of(
    st.sampled_from(list('rbgkRBGKx$~+!m@w*-.:=,/#[]{}"0123456789 \n\tABCDEFGHIJKLMNOPST')),
    st.characters(),
)
NUMBERS: Final = st.sampled_from(
    ["0", "1", "2", "5", "6", "7", "11", "16", "17", "99", "-1", "1" * 40]
)


@st.composite
def mutated(draw: st.DrawFn, texts: tuple[str, ...]) -> str:
    """A valid text with one to four edits: characters, spans, lines, numbers or tokens."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            return draw(CHARS)
        i = draw(st.integers(0, len(text) - 1))
        j = draw(st.integers(i, min(len(text), i + 24)))
        lines = text.split("\n")
        k = draw(st.integers(0, len(lines) - 1))
        edit = draw(st.integers(0, 8))
        if edit == 0:
            text = text[:i] + text[i + 1 :]
        elif edit == 1:
            text = text[:i] + draw(CHARS) + text[i + 1 :]
        elif edit == 2:
            text = text[:i] + draw(CHARS) + text[i:]
        elif edit == 3:
            text = text[:i] + text[j:]
        elif edit == 4:
            text = text[:j] + text[i:j] + text[j:]
        elif edit == 5:
            del lines[k]
            text = "\n".join(lines)
        elif edit == 6:
            lines.insert(k, lines[draw(st.integers(0, len(lines) - 1))])
            text = "\n".join(lines)
        elif edit == 7:  # a number changed: counts, seats, cells, versions
            digits = [n for n in range(len(text)) if text[n].isdigit()]
            if digits:
                n = draw(st.sampled_from(digits))
                end = n
                while end < len(text) and text[end].isdigit():
                    end += 1
                text = text[:n] + draw(NUMBERS) + text[end:]
        else:  # a word swapped for another word of the text: well formed, wrong place
            words = text.split()
            if len(words) > 1:
                old, new = draw(st.sampled_from(words)), draw(st.sampled_from(words))
                text = text.replace(old, new, 1)
    return text


JSON_VALUES: Final = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 200)
    | st.sampled_from([2**64, 1.5, float("nan")])
    | st.text(max_size=6)
    | st.sampled_from(
        ["E5", "A1", "P11", "r", "k", "rk", "pass", "revolt", "treasure", "standard"]
    ),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _nodes(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _nodes(item, (*path, i))
    return out


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


@st.composite
def mutated_json(draw: st.DrawFn, texts: tuple[str, ...]) -> str:
    """A valid JSON document with one or two values replaced (by one of its own values, a
    nearby number or any JSON), a key or an item dropped, or a key added."""
    document = json.loads(draw(st.sampled_from(texts)))
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(_nodes(document)))
        if not path:
            continue
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        old = parent[last]
        edit = draw(st.integers(0, 4))
        if edit == 0:
            parent[last] = draw(st.sampled_from(_leaves(document)))
        elif edit == 1 and isinstance(old, int) and not isinstance(old, bool):
            parent[last] = old + draw(st.sampled_from([-2, -1, 1, 2, 100]))
        elif edit == 2:
            parent[last] = draw(JSON_VALUES)
        elif edit == 3:
            del parent[last]
        elif isinstance(old, dict):
            old[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif isinstance(old, list) and old:
            old.append(old[draw(st.integers(0, len(old) - 1))])
    return json.dumps(document, ensure_ascii=draw(st.booleans()))


# --- what an accepted input must satisfy -------------------------------------------------------


CATCH_ALL: Final = "not a position:"
"""The start of :func:`~tigeuph.from_text`'s safety-net message, for an error it did not expect:
no input may reach it."""


def says_what(err: Exception) -> None:
    """Any refusal: a message, never the catch-all."""
    message = str(err)
    assert message.strip(), f"{type(err).__name__} with no message"
    assert CATCH_ALL not in message, message


def refused_or_sound(
    read: Callable[[T], Any],
    given: T,
    allowed: type[Exception] | tuple[type[Exception], ...],
    check: Callable[[Any], None],
    where: Callable[[Exception], None] = says_what,
) -> None:
    """*read* (*given*) raises one of *allowed*, with a message that *where* accepts, or returns
    what *check* accepts; any other exception escapes and fails the test."""
    try:
        found = read(given)
    except allowed as err:
        says_what(err)
        where(err)
        event(f"refused: {type(err).__name__}")
        return
    event("accepted")
    check(found)


WHOLE_TEXT: Final = ("empty text:", "the 'rules:' line is missing", "the board has ")
"""Position notation errors about the whole text rather than one line."""


def says_which_line(err: Exception) -> None:
    """Position notation: an impossible position lists its problems; a malformed text names
    the line at fault, unless the fault is the whole text's."""
    message = str(err)
    if isinstance(err, PositionError):
        assert message.startswith("impossible position: "), message
    else:
        assert re.match(r"line \d+: ", message) or message.startswith(WHOLE_TEXT), message


def says_which_field(err: Exception) -> None:
    """JSON: the error names the path of the bad field (JsonError) or the move of a record
    (RecordError); a PositionError is about the whole document, a position or view that cannot
    happen."""
    if isinstance(err, JsonError):
        assert err.path.startswith("$") and str(err).startswith(err.path), err
    elif isinstance(err, RecordError):
        assert str(err).startswith(f"move {err.move} (action {err.ply}): "), err
    else:
        assert isinstance(err, PositionError), f"{type(err).__name__}: {err}"


def sound_state(state: GameState) -> None:
    """A sound state obeys the invariants, reads back, and plays on soundly, whatever decision
    it waits for."""
    assert state_problems(state) == []
    event(f"sound: {type(state.pending).__name__}")
    assert round_trip_problems(state) == []
    rng = random.Random(0)
    for _ in range(3):
        if state.is_over:
            assert tigeuph.legal_actions(state) == ()
            return
        state, problems = checked_apply(state, rng.choice(tigeuph.legal_actions(state)))
        assert problems == []


def sound_game(game: Game) -> None:
    """Every state of the game is sound, every step obeys the step invariants, and the game
    writes back to the same record."""
    assert state_problems(game.start) == []
    for before, action, after in zip(game.states[:-1], game.actions, game.states[1:], strict=True):
        assert step_problems(before, action, after, round_trip=False) == []
        assert state_problems(after) == []
    again = Game.from_record(game.to_record())
    assert again.states == game.states and again.actions == game.actions


def sound_view(found: PlayerView) -> None:
    state = tigeuph.sample_state(found, random.Random(0))
    sound_state(state)
    assert tigeuph.view(state, found.player).legal == found.legal
    assert tigeuph.view_from_json(tigeuph.view_to_json(found)) == found


def sound_board(board: Board) -> None:
    """A board that loads can be played: a new game and a few random actions keep every
    invariant, and the board writes back to itself."""
    assert board_from_text(board_to_text(board), name=board.name) == board
    assert board_from_json(board.name, board_to_json(board)) == board
    state = tigeuph.new_game(2, seed=0, rules=Rules(board=board))
    assert state_problems(state) == []
    rng = random.Random(0)
    for _ in range(12):
        if state.is_over:
            break
        state, problems = checked_apply(
            state, rng.choice(tigeuph.legal_actions(state)), round_trip=False
        )
        assert problems == []
    assert tigeuph.from_text(tigeuph.to_text(state)) == state


# --- the readers -------------------------------------------------------------------------------


@cache
def notations() -> tuple[str, ...]:
    """One action of each kind met in the sample games, in action notation."""
    kinds = {type(a): str(a) for s in states() for a in tigeuph.legal_actions(s)}
    return (*kinds.values(), "+3", "!k", "mrkE5", "m-", "$B2", "-K", "~rrg", "@E5", "wE5", "*r")


@FUZZ
@given(st.one_of(st.text(max_size=12), st.deferred(lambda: mutated(notations()))))
def test_parse_action(text: str) -> None:
    """Action notation reads back exactly or raises NotationError (spec R5)."""

    def check(action: tigeuph.Action) -> None:
        assert tigeuph.parse_action(str(action)) == action

    refused_or_sound(tigeuph.parse_action, text, NotationError, check)


@FUZZ
@given(
    st.one_of(
        st.text(max_size=8),
        st.sampled_from(["A1", "P11", "p11", " e5 ", "Q1", "A0", "A12", "A01", "AA1", "1A"]),
        st.text(alphabet="ABCDEFGHIJKLMNOPQZabp0123456789 \t-+", max_size=5),
    )
)
def test_parse_cell(text: str) -> None:
    """Cell names read back exactly, whatever their case and surrounding spaces, or raise
    ValueError quoting the text (spec R2: A1 to P11)."""

    def check(c: Any) -> None:
        assert cell_name(c) == text.strip().upper() and parse_cell(cell_name(c)) == c

    def quoted(err: Exception) -> None:
        assert "is not a cell" in str(err), err

    refused_or_sound(parse_cell, text, ValueError, check, quoted)


@FUZZ
@given(
    st.one_of(
        st.integers(),
        st.integers(-(2**300), 2**300),
        st.sampled_from([0, ACTION_COUNT - 1, ACTION_COUNT, -1, 2**63, -(2**63)]),
    )
)
def test_id_to_action(action_id: int) -> None:
    """Action ids of any size: the action whose id it is, or ValueError naming the range."""

    def check(action: tigeuph.Action) -> None:
        assert action_to_id(action) == action_id
        assert tigeuph.parse_action(str(action)) == action

    def in_range(err: Exception) -> None:
        assert f"0 to {ACTION_COUNT - 1}" in str(err), err

    refused_or_sound(id_to_action, action_id, ValueError, check, in_range)


@FUZZ
@given(st.one_of(st.text(), st.deferred(lambda: mutated(positions()))))
def test_from_text(text: str) -> None:
    """Position notation: PositionError or NotationError naming the line, else a sound state
    (spec R0-R32)."""
    refused_or_sound(tigeuph.from_text, text, NotationError, sound_state, says_which_line)


RULE_WORDS: Final = st.sampled_from(
    [
        "players=2",
        "players=3",
        "players=4",
        "players=5",
        "players=-1",
        "players=",
        "board=standard",
        "board=advanced",
        "board=",
        "board=T.~./..~S",
        "board=T..~/.T.~/..T~",
        "board=/",
        "board=T",
        "board=TTTT/....",
        "board=S.T/T..",
        "buildings",
        "wonder",
        "english-reinforcement",
        "open-scoring",
        "open_scoring",
        "colour=red",
        "=",
    ]
)
GRIDS: Final = st.text(alphabet=".~TS/", min_size=1, max_size=40).map(lambda g: "board=" + g)


@st.composite
def rules_values(draw: st.DrawFn, text: str) -> str:
    """A value for the ``rules:`` line of *text*: its own with a word added, dropped or moved,
    words of rules lines in any order (custom grids included), or any text."""
    value = next(line for line in text.split("\n") if line.startswith("rules:"))[6:].strip()
    words = value.split()
    edit = draw(st.integers(0, 4))
    if edit == 0:
        words.insert(draw(st.integers(0, len(words))), draw(st.one_of(RULE_WORDS, GRIDS)))
    elif edit == 1 and words:
        del words[draw(st.integers(0, len(words) - 1))]
    elif edit == 2:
        words = list(draw(st.permutations(words)))
    elif edit == 3:
        words = draw(st.lists(st.one_of(RULE_WORDS, GRIDS), max_size=6))
    else:
        return draw(st.text(max_size=30))
    return " ".join(words)


@FUZZ
@given(st.data())
def test_rules_line(data: st.DataObject) -> None:
    """A position with any ``rules:`` line, custom board grids included: NotationError naming
    the line, else a sound state (spec R2, R28-R32)."""
    text = data.draw(st.sampled_from(positions()))
    rules = data.draw(rules_values(text))
    lines = [f"rules: {rules}" if line.startswith("rules:") else line for line in text.split("\n")]
    refused_or_sound(
        tigeuph.from_text, "\n".join(lines), NotationError, sound_state, says_which_line
    )


READERS: Final[dict[str, tuple[Callable[[str], Any], Callable[[Any], None]]]] = {
    "tigeuph-state": (tigeuph.state_from_json, sound_state),
    "tigeuph-action": (tigeuph.action_from_json, lambda a: None),
    "tigeuph-view": (tigeuph.view_from_json, sound_view),
    "tigeuph-record": (Game.from_json, sound_game),
}


@FUZZ
@given(st.data())
def test_json_documents(data: st.DataObject) -> None:
    """Every JSON reader, on damaged documents of every kind and on arbitrary text, raises
    JsonError, PositionError or RecordError (all NotationErrors) or returns a sound value."""
    text = data.draw(
        st.one_of(mutated_json(json_documents()), mutated(json_documents()), st.text(max_size=40))
    )
    kinds = sorted(READERS)
    try:
        kind = json.loads(text)["format"]
        if kind not in READERS:
            kind = data.draw(st.sampled_from(kinds))
    except Exception:
        kind = data.draw(st.sampled_from(kinds))
    read, check = READERS[kind]
    refused_or_sound(read, text, NotationError, check, says_which_field)


@FUZZ
@given(st.one_of(st.text(max_size=200), st.deferred(lambda: mutated(records()))))
def test_records(text: str) -> None:
    """Game records as text: NotationError or RecordError, else a sound game."""
    refused_or_sound(Game.from_record, text, NotationError, sound_game)


@FUZZ
@given(st.one_of(JSON_VALUES, mutated_json(board_jsons()).map(json.loads)))
def test_boards_from_json(data: Any) -> None:
    """Boards as JSON data: BoardError, else a board that plays soundly (spec R2)."""
    refused_or_sound(lambda d: board_from_json("fuzz", d), data, BoardError, sound_board)


@FUZZ
@given(st.one_of(st.text(max_size=60), mutated(board_texts())))
def test_boards_from_text(text: str) -> None:
    """Boards as text grids: BoardError, else a board that plays soundly (spec R2)."""
    refused_or_sound(lambda t: board_from_text(t, name="fuzz"), text, BoardError, sound_board)


@FUZZ
@given(
    st.one_of(
        st.binary(max_size=40),
        # An edit may leave a lone surrogate, which UTF-8 cannot encode: its bytes go in as
        # they are, one more file of invalid UTF-8 to refuse.
        mutated(board_texts() + board_jsons()).map(lambda t: t.encode("utf-8", "surrogatepass")),
    ),
    st.sampled_from([".json", ".txt"]),
)
def test_board_files(content: bytes, suffix: str) -> None:
    """Board files of either kind with any bytes: BoardError, else a sound board."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_bytes(content)
        refused_or_sound(load_board, path, BoardError, sound_board)
