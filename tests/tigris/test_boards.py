"""Boards as data: the printed boards, validation, JSON and text layouts, custom boards in play
(spec R2)."""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers.paths import EXAMPLE_BOARDS
from hypothesis import given, reject
from hypothesis import strategies as st

import tigeuph
from tigeuph import ADVANCED, STANDARD, Board, BoardError, Colour, GameState, Rules, mask, names
from tigeuph.tigris.model.boards import (
    BUILT_IN,
    MIN_TEMPLES,
    board_from_json,
    board_from_text,
    board_name,
    board_to_json,
    board_to_text,
    find_board,
    load_board,
    rectangle,
)
from tigeuph.tigris.model.cells import BOARD, COLS, ROWS, STRIDE, cell
from tigeuph.tigris.notation.position import parse_rules

DELTA = board_from_text((EXAMPLE_BOARDS / "delta.txt").read_text("utf-8"), name="delta")
KEYS = ("rows", "cols", "river", "temples", "special_treasures", "note")


def printed(name: str) -> dict[str, Any]:
    """The entry *name* of the package's boards.json."""
    text = resources.files("tigeuph.tigris").joinpath("data/boards.json").read_text("utf-8")
    entry = json.loads(text)[name]
    assert isinstance(entry, dict)
    return entry


def grid(rows: list[str]) -> Board:
    return board_from_text("\n".join(rows), name="test")


# --- the printed boards -----------------------------------------------------------------------


def test_standard_board_counts() -> None:
    """The standard board: 11 x 16, ten temples with treasures, four special (spec R2)."""
    assert (STANDARD.rows, STANDARD.cols, STANDARD.cells) == (11, 16, BOARD)
    assert STANDARD.temple_count == 10 and len(STANDARD.temple_cells) == 10
    assert names(STANDARD.special) == ["B2", "P2", "B8", "O9"]
    assert STANDARD.land == BOARD & ~STANDARD.river
    state = tigeuph.new_game(2, seed=5)
    reds = state.bag.count("r") + sum(hand[Colour.RED] for hand in state.hands)
    assert reds == 57 - 10 == 47


def test_advanced_board_counts() -> None:
    """The advanced board: 14 temples, 6 special ones including J11, 43 red tiles in the bag
    (spec R2, R29)."""
    assert (ADVANCED.rows, ADVANCED.cols, ADVANCED.temple_count) == (11, 16, 14)
    assert names(ADVANCED.special) == ["B3", "P6", "A8", "E10", "J11", "O11"]
    assert ADVANCED.special >> cell(10, 9) & 1
    state = tigeuph.new_game(3, seed=5, rules=Rules(board=ADVANCED))
    reds = state.bag.count("r") + sum(hand[Colour.RED] for hand in state.hands)
    assert reds == 57 - 14 == 43


@pytest.mark.parametrize("board", [STANDARD, ADVANCED], ids=["standard", "advanced"])
def test_printed_boards_write_back_boards_json(board: Board) -> None:
    """board_to_json writes exactly the boards.json entry a printed board was read from."""
    assert board_to_json(board) == printed(board.name)


# --- the value --------------------------------------------------------------------------------


def test_constructor_keywords_default_to_the_full_board() -> None:
    """The old keywords still build an 11 x 16 board; name, river, temples, special by keyword."""
    board = Board(name="kw", river=STANDARD.river, temples=STANDARD.temples, special=0)
    assert (board.rows, board.cols, board.cells) == (ROWS, COLS, BOARD)
    assert Board("pos", STANDARD.river, STANDARD.temples, 0) == board


def test_equality_is_by_layout_not_name() -> None:
    """Two boards with one layout are equal and hash alike, whatever their names; size counts."""
    renamed = attrs.evolve(STANDARD, name="mine")
    assert renamed == STANDARD and hash(renamed) == hash(STANDARD)
    assert "mine" in repr(renamed) and "11x16" in repr(renamed)
    wide = grid(["T.T.", "..T."])
    assert attrs.evolve(wide, cols=5) != wide
    assert attrs.evolve(wide, rows=3) != wide


def test_cells_are_the_top_left_rectangle() -> None:
    """A board's cells are its rows x cols rectangle of the 11 x 16 layout, keeping names."""
    board = grid(["T~.", "T~.", "T.."])
    assert names(board.cells) == ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    assert board.cells == rectangle(3, 3)
    assert names(board.land) == ["A1", "C1", "A2", "C2", "A3", "B3", "C3"]
    assert rectangle(ROWS, COLS) == BOARD and rectangle(0, 5) == 0
    assert rectangle(1, COLS) == (1 << COLS) - 1 and rectangle(2, 1) == 1 | 1 << STRIDE


# --- validation -------------------------------------------------------------------------------

THREE = mask("A1", "C1", "E1")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (dict(river=mask("C1", "D1"), temples=THREE), "temples on a river: C1"),
        (dict(temples=THREE, special=mask("A1", "B2")), "not on a starting temple: B2"),
        (dict(temples=THREE, rows=3, cols=4), "temples off the 3x4 board (A1 to D3): E1"),
        (dict(river=mask("A5"), temples=THREE, rows=4), "river off the 4x16 board"),
        (dict(temples=THREE, special=mask("P11"), rows=10), "special treasures off the 10x16"),
        (dict(temples=THREE | 1 << 16), "temples: bits 16 lie outside the 11x16 layout"),
        (dict(river=1 << 500, temples=THREE), "river: bits 500 lie outside"),
        (dict(temples=THREE, rows=0), "size 0x16 is out of range"),
        (dict(temples=THREE, rows=12), "size 12x16 is out of range: 1 to 11 rows"),
        (dict(temples=THREE, cols=17), "size 11x17 is out of range"),
        (dict(temples=THREE, cols=True), "size 11xTrue is out of range"),
        (dict(temples=THREE, rows=2.0), "size 2.0x16 is out of range"),
        (dict(river=-1, temples=THREE), "river must be non-negative int masks"),
        (dict(temples=0), "no starting temple, but a board needs at least 3"),
        (dict(temples=mask("A1")), "1 starting temple, but a board needs at least 3"),
        (dict(temples=mask("A1", "B2")), "2 starting temples, but"),
        (dict(temples=rectangle(4, 16)), "64 starting temples, but the box has only 57"),
        (
            dict(river=mask("B1", "A2", "B2"), temples=mask("A1", "C1", "C2"), rows=2, cols=3),
            "no leader could ever be placed",
        ),
    ],
)
def test_invalid_boards_are_refused(fields: dict[str, Any], message: str) -> None:
    """Each unplayable layout raises BoardError saying what is wrong and where."""
    values = {"river": 0, "special": 0, **fields}
    with pytest.raises(BoardError, match=r"^board 'bad': ") as info:
        Board("bad", **values)
    assert message in str(info.value)


def test_every_problem_is_listed_at_once() -> None:
    """A board with several problems names them all, so one fix-up pass suffices."""
    with pytest.raises(BoardError) as info:
        Board("bad", river=mask("A1"), temples=mask("A1", "C1"), special=mask("E5"))
    assert str(info.value) == (
        "board 'bad': temples on a river: A1; special treasures not on a starting temple: E5; "
        "2 starting temples, but a board needs at least 3: a turn ending with two treasures or "
        "fewer on the board ends the game (spec R26)"
    )


@pytest.mark.parametrize(
    "rows",
    [
        ["TTT."],  # one free land cell, beside a temple
        ["T~T~T", "~~~~~", "..~.."],  # temples walled in by river, free land pairs elsewhere
        ["T" * 16] * 3 + ["T" * 9 + "." * 7],  # 57 temples
    ],
    ids=["one-free-cell", "walled-temples", "57-temples"],
)
def test_odd_but_playable_designs_are_accepted(rows: list[str]) -> None:
    """The playability checks forbid only what no game survives: odd designs load."""
    assert grid(rows).rows == len(rows)


def test_min_temples_is_the_end_condition() -> None:
    """Three temples is the least a board may have: two end the game after a turn (spec R26)."""
    assert MIN_TEMPLES == 3
    small = grid(["T.T.T"])
    state = tigeuph.new_game(2, seed=1, rules=Rules(players=2, board=small))
    assert not state.is_over


# --- JSON -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "expected a JSON object, not list"),
        ({"rivers": []}, "unknown key 'rivers'; a board's keys are rows, cols, river, temples"),
        ({"special": [], "Rows": 3}, "unknown key 'special', 'Rows'"),
        ({"note": 3}, "note must be a string"),
        ({"rows": 0}, "rows must be an integer from 1 to 11, not 0"),
        ({"cols": 17}, "cols must be an integer from 1 to 16, not 17"),
        ({"rows": "6"}, "rows must be an integer from 1 to 11, not '6'"),
        ({"rows": True}, "rows must be an integer from 1 to 11, not True"),
        ({"temples": "A1"}, "temples must be a list of cells, not 'A1'"),
        ({"river": [[0, 1], [0]]}, "river[1]: expected [row, col] (0-based integers) or a name"),
        ({"river": [[0, 1.0]]}, "river[0]: expected [row, col]"),
        ({"river": [[False, 1]]}, "river[0]: expected [row, col]"),
        ({"river": [7]}, "river[0]: expected [row, col]"),
        ({"temples": [[11, 0]]}, "temples[0]: [11, 0] is off the 11x16 layout (row 0 to 10"),
        ({"temples": [[0, -1]]}, "temples[0]: [0, -1] is off the 11x16 layout"),
        ({"rows": 3, "temples": [[3, 0]]}, "temples[0]: [3, 0] (A4) is off the 3x16 board"),
        ({"cols": 4, "temples": ["E1"]}, "temples[0]: E1 is off the 11x4 board (A1 to D11)"),
        ({"temples": ["Q1"]}, "temples[0]: 'Q1' is not a cell (A1 to P11)"),
        ({"temples": ["A1", "B1", [0, 0]]}, "temples[2]: A1 is listed twice"),
        ({"special_treasures": ["E5", "e5"]}, "special_treasures[1]: E5 is listed twice"),
        ({"river": ["A1"], "temples": ["A1", "C1", "E1"]}, "temples on a river: A1"),
        ({"temples": ["A1", "C1", "E1"], "special_treasures": ["B1"]}, "not on a starting"),
        ({}, "no starting temple"),
    ],
)
def test_bad_json_is_refused(data: Any, message: str) -> None:
    """Malformed or unplayable JSON raises BoardError naming the key, the index and the cell."""
    with pytest.raises(BoardError, match=r"^board 'j': ") as info:
        board_from_json("j", data)
    assert message in str(info.value)


def test_json_cells_may_be_names_or_pairs_and_size_defaults() -> None:
    """Cells are [row, col] or names; rows and cols default to 11 x 16; a note is allowed."""
    board = board_from_json(
        "mixed", {"note": "x", "river": ["B1"], "temples": ["A1", [0, 2], "d1"]}
    )
    assert (board.rows, board.cols) == (11, 16)
    assert names(board.temples) == ["A1", "C1", "D1"] and names(board.river) == ["B1"]


# --- text -------------------------------------------------------------------------------------


def test_text_layout_reads_comments_blank_lines_and_indentation() -> None:
    """Comments, blank lines and surrounding spaces are ignored; S is a special temple."""
    board = board_from_text(
        "# a header\n\n   T.~.   # a comment\r\n   .~~S\n\n   T~..\n# the end\n", name="t"
    )
    assert (board.name, board.rows, board.cols) == ("t", 3, 4)
    assert names(board.temples) == ["A1", "D2", "A3"] and names(board.special) == ["D2"]
    assert names(board.river) == ["C1", "B2", "C2", "B3"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("T.T.x\n", "line 1, column 5 (E1): 'x' is not a cell: '.' land, '~' river"),
        ("# c\n  T.T\n  .t.\n", "line 3, column 4 (B2): 't' is not a cell"),
        ("T.T\nT..T\n", "line 2: 4 cells, but line 1 has 3: every row needs as many"),
        ("T.T\n" * 12, "line 12: row 12, but a board has at most 11 rows"),
        ("T.T" + "." * 14, "line 1: 17 cells, but a board has at most 16 columns"),
        ("", "no rows: write one line per row"),
        ("# only a comment\n\n   \n", "no rows"),
        ("TT\n~~\n", "2 starting temples, but a board needs at least 3"),
        ("xxxxxxx", "'x' is not a cell: '.' land, '~' river, 'T' temple with a treasure, 'S' "),
    ],
)
def test_bad_text_is_refused(text: str, message: str) -> None:
    """Malformed or unplayable text raises BoardError naming the line and column."""
    with pytest.raises(BoardError, match=r"^board 'custom': ") as info:
        board_from_text(text)
    assert message in str(info.value)


def test_text_problems_are_capped() -> None:
    """A garbled file gives the first five problems and a count, not a wall of text."""
    with pytest.raises(BoardError) as info:
        board_from_text("xxxxxxx")
    assert str(info.value).count("is not a cell") == 5 and str(info.value).endswith("and 2 more")


def test_text_writes_a_header_comment_with_the_name() -> None:
    """board_to_text starts with a comment naming the board, on one line whatever the name."""
    text = board_to_text(attrs.evolve(DELTA, name="two\nlines"))
    assert text.splitlines()[0].startswith("# two lines: 6x8;")
    assert text.splitlines()[1:] == [
        "T..~..S.",
        "...~~...",
        ".T~~~.T.",
        "..~~....",
        "~~~..S..",
        "....T...",
    ]


# --- files ------------------------------------------------------------------------------------


def test_example_boards_agree() -> None:
    """The delta example is one board in both formats, named after its file."""
    from_json = load_board(EXAMPLE_BOARDS / "delta.json")
    assert from_json == load_board(str(EXAMPLE_BOARDS / "delta.txt")) == DELTA
    assert (
        from_json.name == "delta"
        and load_board(EXAMPLE_BOARDS / "delta.json", name="d").name == "d"
    )


def test_load_board_refuses_bad_files(tmp_path: Path) -> None:
    """load_board names the file and, for JSON syntax, the line and column."""
    (tmp_path / "b.yaml").write_text("rows: 3")
    with pytest.raises(BoardError, match=r"b\.yaml: a board file ends in \.json or \.txt"):
        load_board(tmp_path / "b.yaml")
    (tmp_path / "b.json").write_text(bad := '{\n  "rows": 3,\n}')
    with pytest.raises(json.JSONDecodeError) as python_says:  # its words vary with the version
        json.loads(bad)
    at = f"line {python_says.value.lineno}, column {python_says.value.colno}"
    with pytest.raises(BoardError, match=rf"b\.json: {at}: {re.escape(python_says.value.msg)}"):
        load_board(tmp_path / "b.json")
    (tmp_path / "b.txt").write_bytes(b"T.T\xff")
    with pytest.raises(BoardError, match=r"b\.txt: not UTF-8 text"):
        load_board(tmp_path / "b.txt")
    (tmp_path / "c.txt").write_text("T.T.x")
    with pytest.raises(BoardError, match=r"^board 'c': line 1, column 5"):
        load_board(tmp_path / "c.txt")
    with pytest.raises(OSError):
        load_board(tmp_path / "missing.txt")


# --- round trips ------------------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Valid boards of every size, built from masks (not through the parsers under test)."""
    rows = draw(st.integers(1, ROWS))
    cols = draw(st.integers(1, COLS))
    kinds = draw(
        st.lists(st.sampled_from(".....~~~TS"), min_size=rows * cols, max_size=rows * cols)
    )
    river = temples = special = 0
    for index, kind in enumerate(kinds):
        bit = 1 << cell(*divmod(index, cols))
        river |= bit if kind == "~" else 0
        temples |= bit if kind in "TS" else 0
        special |= bit if kind == "S" else 0
    try:
        return Board(draw(st.text()), river, temples, special, rows, cols)
    except BoardError:
        reject()


@pytest.mark.parametrize(
    "board", [STANDARD, ADVANCED, DELTA], ids=["standard", "advanced", "delta"]
)
def test_known_boards_round_trip(board: Board) -> None:
    """The printed and example boards survive JSON and text."""
    assert board_from_json(board.name, board_to_json(board)) == board
    assert board_from_text(board_to_text(board), name=board.name) == board


@given(boards())
def test_random_boards_round_trip(board: Board) -> None:
    """Any valid board survives JSON (through json.dumps) and text, size included."""
    again = board_from_json(board.name, json.loads(json.dumps(board_to_json(board))))
    assert again == board and (again.rows, again.cols) == (board.rows, board.cols)
    assert board_from_text(board_to_text(board), name=board.name) == board
    assert len(board_to_text(board).splitlines()) == board.rows + 1


# --- fuzzing ----------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=12,
)
cell_like = st.one_of(
    st.lists(st.integers(-2, 17), min_size=2, max_size=2),
    st.sampled_from(["A1", "E5", "P11", "Q1", "H6", "a2", ""]),
    json_values,
)
board_like = st.dictionaries(
    st.sampled_from(KEYS),
    st.one_of(st.integers(-1, 18), st.lists(cell_like, max_size=12), json_values),
)


def loads_or_refuses(load: Any, *args: Any) -> None:
    try:
        board = load(*args)
    except BoardError:
        return
    assert isinstance(board, Board)  # built, so it passed every check
    assert board_from_text(board_to_text(board)) == board


@given(st.text(alphabet=".~TS# \nx\t\r", max_size=300) | st.text(max_size=60))
def test_fuzz_text(text: str) -> None:
    """Arbitrary text gives a valid board or a BoardError, nothing else."""
    loads_or_refuses(board_from_text, text)


@given(
    boards(), st.lists(st.tuples(st.integers(0, 10**4), st.sampled_from(".~TS#x \n")), max_size=6)
)
def test_fuzz_mutated_text(board: Board, edits: list[tuple[int, str]]) -> None:
    """A valid layout with characters replaced, inserted or deleted loads or raises BoardError."""
    text = list(board_to_text(board))
    for position, char in edits:
        where = position % (len(text) + 1)
        if char == "x":
            del text[where : where + 1]
        elif position % 2:
            text.insert(where, char)
        else:
            text[where : where + 1] = [char]
    loads_or_refuses(board_from_text, "".join(text))


@given(json_values | board_like)
def test_fuzz_json(data: Any) -> None:
    """Arbitrary JSON gives a valid board or a BoardError, nothing else."""
    loads_or_refuses(board_from_json, "fuzz", data)


@given(boards(), st.sampled_from(KEYS), st.integers(0, 200), cell_like)
def test_fuzz_mutated_json(board: Board, key: str, index: int, value: Any) -> None:
    """A valid board's JSON with one entry replaced or added loads or raises BoardError."""
    data = board_to_json(board)
    entry = data.get(key)
    if isinstance(entry, list) and entry and index % 3:
        entry[index % len(entry)] = value
    elif isinstance(entry, list) and index % 2:
        entry.append(value)
    else:
        data[key] = value
    loads_or_refuses(board_from_json, "fuzz", data)


# --- custom boards in play --------------------------------------------------------------------


def play_to_the_end(board: Board, players: int, seed: int) -> GameState:
    """A game of random legal actions on *board*, checking after each action that every piece
    stays on the board's cells and blue tiles on its river."""
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed, rules=Rules(players=players, board=board))
    assert state.treasures == board.temples
    for _ in range(20_000):
        if state.is_over:
            return state
        state = tigeuph.apply(state, rng.choice(tigeuph.legal_actions(state)))
        pieces = [*state.tiles, state.flipped, state.catastrophes, state.leader_mask]
        off = [names(layer & ~board.cells) for layer in pieces if layer & ~board.cells]
        assert not off, f"pieces off the {board.rows}x{board.cols} board: {off}"
        assert state.tiles[Colour.BLUE] & ~board.river == 0
    raise AssertionError("no end after 20000 actions")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_small_board_plays_full_games(players: int, seed: int) -> None:
    """Random games on the 6 x 8 delta board end, every piece on the board (spec R2, R11)."""
    state = play_to_the_end(DELTA, players, seed)
    assert tigeuph.check_state(state) == []
    result = tigeuph.outcome(state)
    assert result is not None and result.winners


@given(boards(), st.sampled_from([2, 3, 4]), st.integers(0, 2**32))
def test_random_boards_play_full_games(board: Board, players: int, seed: int) -> None:
    """Any valid board, however small or odd, plays random games to their end (spec R2)."""
    assert tigeuph.check_state(play_to_the_end(board, players, seed)) == []


def test_the_built_in_boards_are_named_once() -> None:
    """BUILT_IN names the printed boards; find_board and board_name read that one table, and
    a custom board has no name there (spec R2, R29)."""
    assert dict(BUILT_IN) == {"standard": STANDARD, "advanced": ADVANCED}
    for name, board in BUILT_IN.items():
        assert board.name == name and board_name(board) == name
        assert find_board(name) is board
        assert parse_rules(f"players=2 board={name}").board is board
        state = tigeuph.new_game(2, seed=0, rules=Rules(board=board))
        assert json.loads(tigeuph.state_to_json(state))["rules"]["board"] == name
    assert board_name(DELTA) is None
    assert find_board(str(EXAMPLE_BOARDS / "delta.txt")) == DELTA
    with pytest.raises(BoardError):
        find_board(str(EXAMPLE_BOARDS / "delta.csv"))
