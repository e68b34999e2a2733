"""Position notation and state checks: round trips over random games, hand-written positions,
every kind of impossible position, and fuzzing that only ever meets :class:`NotationError`."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Final

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tigeuph import (
    ADVANCED,
    ArgumentTypeError,
    BuildingChoice,
    Colour,
    CommitSupport,
    End,
    GameState,
    Monument,
    MonumentChoice,
    MonumentSite,
    NotationError,
    PositionError,
    Revolt,
    Rules,
    TreasureChoice,
    War,
    WarChoice,
    apply,
    check_state,
    from_text,
    legal_actions,
    mask,
    new_game,
    parse_action,
    parse_cell,
    to_text,
)
from tigeuph.tigris.model.boards import board_from_text
from tigeuph.tigris.model.cells import cell_col, cell_row
from tigeuph.tigris.model.state import TILE_COUNTS

SEEDS: Final = (0, 1, 2)
MAX_ACTIONS: Final = 2000  # a random game ends long before: a guard against endless play


@cache
def game(players: int, seed: int, board: str = "standard") -> tuple[GameState, ...]:
    """Every state of one game of random legal play, the first and the last included."""
    rules = Rules(board=ADVANCED) if board == "advanced" else Rules()
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    states = [state]
    while not state.is_over and len(states) < MAX_ACTIONS:
        state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return tuple(states)


def all_games() -> list[tuple[GameState, ...]]:
    games = [game(players, seed) for players in (2, 3, 4) for seed in SEEDS]
    return [*games, game(3, 5, "advanced")]


def put(text: str, name: str, token: str) -> str:
    """*text* with the cell token on *name* replaced by *token*."""
    c = parse_cell(name)
    row, col = cell_row(c), cell_col(c)
    lines = text.split("\n")
    for i, line in enumerate(lines):
        words = line.split()
        if len(words) == 17 and words[0] == str(row + 1):
            words[col + 1] = token
            lines[i] = " ".join(words)
            return "\n".join(lines)
    raise AssertionError(f"no row {row + 1}")


def replace_line(text: str, key: str, line: str) -> str:
    """*text* with the line starting with *key* replaced by *line* (dropped when empty)."""
    lines = [line if old.startswith(key) else old for old in text.split("\n")]
    return "\n".join(old for old in lines if old)


NEW: Final = to_text(new_game(2, seed=1))


# --- round trips and checks over reachable states ----------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_trip_over_random_games(players: int) -> None:
    """Every state reached by random legal play survives ``from_text(to_text(s))``."""
    for seed in SEEDS:
        for state in game(players, seed):
            assert from_text(to_text(state)) == state


def test_round_trip_on_the_advanced_board() -> None:
    """The advanced board (spec R29) is named and read back."""
    states = game(3, 5, "advanced")
    assert "board=advanced" in to_text(states[0])
    for state in states:
        assert from_text(to_text(state)) == state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reachable_states_pass_every_check(players: int) -> None:
    """``check_state`` finds nothing wrong with any state of a random game."""
    for seed in SEEDS:
        for state in game(players, seed):
            assert check_state(state) == [], to_text(state)


def test_every_pending_form_round_trips() -> None:
    """Each decision, and a support already committed, round trips (spec R15-R25)."""
    wanted = {"Revolt", "War", "WarChoice", "MonumentChoice", "TreasureChoice", "Support"}
    found: dict[str, GameState] = {}
    for seed in range(60):  # the first few games usually meet them all
        for state in game(2 + seed % 3, seed):
            found.setdefault(type(state.pending).__name__, state)
            if getattr(state.pending, "attacker_support", None) is not None:
                found.setdefault("Support", state)
        if wanted <= found.keys():
            break
    assert wanted <= found.keys()
    for state in found.values():
        assert from_text(to_text(state)) == state


def test_round_trip_of_forms_random_play_misses() -> None:
    """The treasure ending (spec R26) and declined squares (R22) round trip too."""
    start = new_game(2, seed=1)
    two_left = attrs.evolve(start, treasures=mask("B2", "P2"), treasures_taken=(5, 3))
    ended = apply(two_left, parse_action("pass"))
    assert ended.ended is End.TREASURES
    for variant in (ended, attrs.evolve(game(2, 1)[-1], declined=mask("A1", "O10"))):
        assert from_text(to_text(variant)) == variant


def test_a_custom_board_is_written_as_its_grid() -> None:
    """A board other than the two printed ones is written out on the rules line, row by row,
    and read back: the text names every rule a position is played under (spec R2)."""
    board = attrs.evolve(ADVANCED, name="homemade", special=0)
    state = new_game(2, seed=1, rules=Rules(players=2, board=board))
    text = to_text(state)
    rules_line = text.splitlines()[1]
    assert rules_line.startswith("rules: players=2 board=..~~T")
    assert "S" not in rules_line and rules_line.count("/") == 10
    again = from_text(text)
    assert again == state and again.rules.board.name == "custom"


def test_a_small_custom_board_round_trips_through_play() -> None:
    """A board smaller than 11 x 16 draws only its own rows and columns, and every state of a
    game on it round-trips."""
    board = board_from_text(
        """
        T...~...
        ..S.~.T.
        ....~~..
        .T....~.
        ......~T
        """
    )
    rules = Rules(players=2, board=board, buildings=True, wonder=True)
    state = new_game(2, seed=3, rules=rules)
    text = to_text(state)
    assert "     A  B  C  D  E  F  G  H\n 1   r$ ." in text
    rng = random.Random(3)
    for _ in range(60):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
        assert from_text(to_text(state)) == state
        occupied = state.occupied | state.catastrophes
        assert occupied & ~board.cells == 0


def test_a_bad_custom_grid_is_refused_with_its_line() -> None:
    text = to_text(new_game(2, seed=1)).replace("board=standard", "board=T.~/TT~/T")
    with pytest.raises(NotationError, match="line 2"):
        from_text(text)
    with pytest.raises(NotationError, match="grid like"):
        from_text(to_text(new_game(2, seed=1)).replace("board=standard", "board=huge"))


# --- hand-written positions ----------------------------------------------------------------------

SCENARIO: Final = """
tigeuph position
# R17-R19: a black tile on E6 joined two kingdoms; seat 0 attacks with his king.
rules: players=2 board=standard
turn: actions=1
pending: war colour=k attacker=0 defender=1
unification: E6

 1   .  .  .  .  ~  ~  ~  ~  ~  .  r$ .  ~  .  .  .
 2   .  r$ .  .  ~  .  .  .  .  .  .  .  ~  .  .  r$
 3   .  .  .  ~  ~  r$ .  .  .  .  .  .  ~  ~  .  .
 4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  .  .  .  .  .  .  .  r$ ~  ~
 6   .  .  r  K0 k* K1 r  .  .  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9   .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r$ .
10   .  .  .  .  .  r$ .  .  .  .  .  .  .  .  .  .
11   .  .  .  .  .  .  .  .  .  .  r$ .  .  .  .  .
player 0: hand=rrk
"""


def test_hand_written_position_with_omissions() -> None:
    """Left-out lines and keys take their defaults; the bag holds every other tile (R1)."""
    state = from_text(SCENARIO)
    assert check_state(state) == []
    assert state.bag == "r" * 43 + "b" * 36 + "g" * 30 + "k" * 28
    assert state.hands == ((2, 0, 0, 1), (0, 0, 0, 0))
    assert state.catastrophe_tiles == (2, 2)
    assert state.points == ((0, 0, 0, 0), (0, 0, 0, 0))
    assert (state.active, state.actions_left, state.ended) == (0, 1, None)
    assert state.pending == War(Colour.BLACK, attacker=0, defender=1)
    assert state.unification == parse_cell("E6")
    assert state.leaders[1][Colour.BLACK] == parse_cell("F6")
    assert legal_actions(state) == (CommitSupport(0), CommitSupport(1))
    assert from_text(to_text(state)) == state


def test_comments_blank_lines_and_line_order_are_free() -> None:
    """Comments and blank lines are skipped, and the lines after the title come in any order."""
    lines = NEW.strip().split("\n")
    shuffled = [lines[0], *reversed(lines[1:])]
    text = "\n# a comment\n\n".join(shuffled)
    assert from_text(text) == from_text(NEW)


def test_explicit_empty_bag_and_hand() -> None:
    """``none`` writes an empty bag and an empty hand."""
    state = game(2, 0)[-1]
    r, b, g, k = (
        n + state.bag.count(c.letter) + state.hands[0][c]
        for c, n in zip(Colour, state.removed, strict=True)
    )
    empty = attrs.evolve(state, bag="", hands=((0, 0, 0, 0), state.hands[1]), removed=(r, b, g, k))
    text = to_text(empty)
    assert "bag: none" in text and "hand=none" in text
    assert from_text(text) == empty


# --- impossible positions and malformed text --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (put(NEW, "C3", "b"), "blue tile on land at C3"),
        (put(NEW, "E3", "k"), "black tile on the river at E3"),
        (put(put(NEW, "A2", "K0"), "C2", "K1"), "one kingdom holds 2 kings: A2, C2"),
        (put(NEW, "B2", "g$"), "treasure at B2 is not on a face-up red tile"),
        (put(NEW, "D2", "r$"), "treasure at D2 is not on a starting temple"),
        (
            replace_line(NEW, "bag:", "bag: rrr"),
            "16 red tiles instead of 57: 10 face up, 0 under monuments or the wonder, 3 in hands",
        ),
        (put(NEW, "C5", "x"), "1 catastrophes on the board, but the players have played 0"),
        (put(NEW, "B2", "r"), "9 treasures on the board and 0 taken, but the standard board"),
        (put(NEW, "C3", "~"), "line 10: C3 is land, drawn as '~'"),
        (put(NEW, "E1", "."), "line 8: E1 is a river, drawn as '.'"),
        (put(NEW, "C5", "K0"), "seat 0's king on C5 touches no face-up red tile"),
        (put(put(NEW, "A2", "K0"), "C2", "K0"), "K0 is drawn twice, on A2 and C2"),
        (put(NEW, "A2", "K2"), "no player 2 in a 2-player game"),
        (put(NEW, "C2", "k*"), "the board marks C2 with '*', but the unification line says none"),
        (replace_line(NEW, "unification:", "unification: C2"), "the unification line says C2"),
        (replace_line(NEW, "turn:", "turn: player=2 actions=3"), "active seat 2 is not 0 to 1"),
        (replace_line(NEW, "turn:", "turn: player=1 actions=3"), "3 actions left, not 0 to 2"),
        (replace_line(NEW, "player 1:", "player 1: hand=rrrrrrr"), "seat 1 holds 7 tiles"),
        (replace_line(NEW, "player 0:", "player 0: catastrophes=3"), "holds 3 catastrophe tiles"),
        (NEW + "player 3: treasures=1\n", "no player 3 in a 2-player game"),
        (replace_line(NEW, "monuments:", "monuments: rk@E5/r"), "is not face down"),
        (put(NEW, "C5", "#"), "face-down tile at C5 is under no monument"),
        (
            replace_line(NEW, "pending:", "pending: revolt colour=k attacker=0 defender=0"),
            "attacks itself",
        ),
        (
            replace_line(NEW, "pending:", "pending: war colour=k attacker=0 defender=1"),
            "king is not on",
        ),
        (replace_line(NEW, "pending:", "pending: treasure player=1 trader=F6"), "is not on F6"),
        (
            replace_line(NEW, "pending:", "pending: war-choice player=1 colours=r"),
            "between 1 colours",
        ),
    ],
)
def test_impossible_positions(text: str, message: str) -> None:
    """Readable text describing an impossible position raises PositionError naming the problem."""
    with pytest.raises(PositionError, match="impossible position: .*" + _escape(message)):
        from_text(text)


def _escape(message: str) -> str:
    return re.escape(message)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            replace_line(NEW, "rules:", "rules: players=2 board=standard colour=red"),
            "line 2: unknown key 'colour'",
        ),
        (replace_line(NEW, "removed:", "colour: red"), "unknown key 'colour'"),
        (replace_line(NEW, " 7 ", ""), "the board has 10 rows, not 11"),
        (NEW + "12   .\n", "the board has 12 rows, not 11"),
        (replace_line(NEW, " 7 ", " 7   ."), "row 7 has 1 cells, not 16"),
        (put(NEW, "C3", "q"), "line 10: 'q' on C3 is not a cell token"),
        (put(NEW, "C3", "r$*"), "'r$*' on C3 is not a cell token"),
        (
            NEW.replace("tigeuph position", "a position"),
            "expected 'tigeuph position' or 'tigeuph sketch' first",
        ),
        ("", "empty text"),
        (replace_line(NEW, "rules:", ""), "the 'rules:' line is missing"),
        (NEW + "bag: none\n", "a second 'bag' line"),
        (NEW + "player 1:\n", "a second line for player 1"),
        (replace_line(NEW, "rules:", "rules: players=5 board=standard"), "players must be 2, 3"),
        (replace_line(NEW, "rules:", "rules: players=2 board=round"), "board must be standard"),
        (replace_line(NEW, "rules:", "rules: players=2"), "missing board"),
        (replace_line(NEW, "turn:", "turn: player=-1"), "player must be a whole number"),
        (replace_line(NEW, "turn:", "turn: player=0 player=1"), "'player' given twice"),
        (replace_line(NEW, "pending:", "pending: siege"), "pending must be none, revolt"),
        (
            replace_line(NEW, "pending:", "pending: revolt colour=q attacker=0 defender=1"),
            "'q' is not a colour letter",
        ),
        (replace_line(NEW, "end:", "end: soon"), "end must be none, treasures or bag"),
        (replace_line(NEW, "end:", "end:"), "'end' has no value"),
        (replace_line(NEW, "bag:", "bag: rrz"), "'z' is not a colour letter"),
        (replace_line(NEW, "removed:", "removed: r0,b0,k0,g0"), "expected four counts"),
        (replace_line(NEW, "monuments:", "monuments: rr@E5/r"), "is not a monument"),
        (replace_line(NEW, "monuments:", "monuments: rk/E5"), "expected a monument like"),
        (replace_line(NEW, "declined:", "declined: E5 E5"), "E5 is listed twice"),
        (replace_line(NEW, "unification:", "unification: Q5"), "'Q5' is not a cell"),
        (replace_line(NEW, "player 0:", "player 0: hand="), "write hand=none"),
        (replace_line(NEW, "player 0:", "player 0: hand"), "expected key=value"),
        (NEW + "just words\n", "expected 'key: value', a board row or the column header"),
        (NEW + "     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P\n", "a second column header"),
    ],
)
def test_malformed_text(text: str, message: str) -> None:
    """Text that is not position notation raises NotationError saying where and what."""
    with pytest.raises(NotationError, match=_escape(message)) as info:
        from_text(text)
    assert not isinstance(info.value, PositionError)


def draw(text: str, **tokens: str) -> str:
    """*text* with cells replaced (``draw(NEW, C6="r", B6="K0")``) and its bag line dropped,
    so that the bag holds whatever tiles the drawing leaves (spec R1)."""
    for name, token in tokens.items():
        text = put(text, name, token)
    return replace_line(text, "bag:", "")


def lines(text: str, **values: str) -> str:
    """*text* with the ``key:`` lines given replaced (or added): ``lines(NEW, turn="...")``."""
    for key, value in values.items():
        key = key.replace("_", "-")
        if any(line.startswith(f"{key}:") for line in text.split("\n")):
            text = replace_line(text, f"{key}:", f"{key}: {value}")
        else:
            text = text.rstrip("\n") + f"\n{key}: {value}\n"
    return text


# R15: the kings on B6 and D6 share the kingdom of C6; seat 1 has just placed his.
REVOLT: Final = lines(
    draw(NEW, C6="r", B6="K0", D6="K1"),
    turn="player=1 actions=1",
    pending="revolt colour=k attacker=1 defender=0",
)
# R30: seat 0 has just placed the red tile on G3, making the run F3-H3.
BUILDING: Final = lines(
    draw(NEW, G3="r", H3="r"),
    rules="players=2 board=standard buildings",
    turn="player=0 actions=1",
    pending="building player=0 colour=r cells=F3,G3,H3 placed=G3",
)


def test_hand_written_decisions_are_read() -> None:
    """The hand-written decisions the refusals below start from are possible positions."""
    assert from_text(REVOLT).pending == Revolt(Colour.BLACK, attacker=1, defender=0)
    assert isinstance(from_text(BUILDING).pending, BuildingChoice)
    assert from_text(SCENARIO).pending == War(Colour.BLACK, attacker=0, defender=1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Wars are those due across the unification tile (R17, R18, R21).
        (
            lines(SCENARIO, pending="war-choice player=0 colours=r,k"),
            "war choice between red, black, but the wars due across the unification tile on E6 "
            "are in black [R17, R21]",
        ),
        (
            lines(SCENARIO, pending="war colour=k attacker=1 defender=0"),
            "war: seat 0 attacks, as the active player or the first involved clockwise from "
            "him, not seat 1 [R18]",
        ),
        (
            lines(
                put(SCENARIO, "A2", "K2"),
                rules="players=3 board=standard",
                pending="war colour=k attacker=0 defender=2",
            ),
            "the kings across the unification tile on E6 belong to seats 0, 1, not to seats 0 "
            "and 2 [R18]",
        ),
        (
            lines(
                put(put(SCENARIO, "C5", "R0"), "A2", "R1"),
                pending="war colour=r attacker=0 defender=1",
            ),
            "war in red, but no two priests stand in kingdoms touching the unification tile on "
            "E6 [R17, R21]",
        ),
        # During a revolt only its two leaders share a kingdom, placed by R9 (R15).
        (
            draw(REVOLT, C5="R0", A5="r", B5="R1"),
            "with the attacking king on D6 left out, one kingdom holds 2 priests: C5, B5 [R15]",
        ),
        (
            draw(REVOLT, E6="r", F6="G0"),
            "revolt: the attacking king on D6 joins 2 kingdoms, but a leader may touch one at "
            "most [R9]",
        ),
        # Decisions after the conflicts: leaders beside temples (R10) and alone (R15).
        (draw(BUILDING, A6="K1"), "seat 1's king on A6 touches no face-up red tile [R10]"),
        (draw(BUILDING, F2="R0", H2="R1"), "one kingdom holds 2 priests: F2, H2 [R15]"),
        (
            lines(BUILDING, pending="building player=0 colour=r cells=F3,G3 placed=G3"),
            "the library may go on F3, G3, H3 after a tile on G3, not on F3, G3 [R30]",
        ),
        (
            lines(
                draw(NEW, G5="r", H5="r", G6="r", H6="r"),
                turn="player=0 actions=1",
                pending="monument player=1 corners=G5",
            ),
            "MonumentChoice for seat 1, whose turn it is not [R22]",
        ),
        # Actions left for the phase of the turn (R5, R7).
        (lines(NEW, turn="player=0 actions=0"), "between actions 0 actions are left"),
        (lines(REVOLT, turn="player=1 actions=2"), "Revolt is pending with 2 actions left"),
        # A consistent end (R26): a game ending by the bag empties it; by treasures, 1 or 2 stay.
        (lines(NEW, end="treasures"), "the game ended by treasures with 10 on the board"),
        (lines(NEW, end="bag"), "yet the bag holds 131 tiles: the drawer takes what is left"),
        (
            lines(draw(NEW, A2="G0", C2="r", D2="r", E2="b", F2="r"), end="bag"),
            "the trader on A2 has 2 treasures in his kingdom: B2, F3 [R25]",
        ),
        (
            lines(draw(NEW, C6="r", B6="K0", D6="K1"), end="bag"),
            "one kingdom holds 2 kings: B6, D6 [R15]",
        ),
        # Monuments and the wonder lie on their colour's terrain (R11, R22, R31).
        (
            lines(draw(NEW, E1="#", F1="#", E2="#", F2="#"), monuments="rk@E1/r"),
            "monument rk at E1 covers red tiles, yet E1, F1, E2 lie on the river",
        ),
        (
            lines(draw(NEW, A5="#", B5="#", A6="#", B6="#"), monuments="bg@A5/b"),
            "monument bg at A5 covers blue tiles, yet A5, B5, A6, B6 lie on land",
        ),
        (
            lines(
                draw(NEW, E1="#", D2="#", E2="#", F2="#", E3="#"),
                rules="players=2 board=standard wonder",
                wonder="E2/r",
            ),
            "the wonder at E2 covers red tiles, yet E1, E2, E3 lie on the river",
        ),
        (lines(NEW, declined="D3"), "declined square at D3 lies on land and river"),
    ],
)
def test_impossible_decisions_turns_and_ends(text: str, message: str) -> None:
    """A decision the position does not call for, actions left out of the turn's phase, an end
    that could not happen, a monument off its terrain: PositionError naming the clause."""
    with pytest.raises(PositionError, match=_escape(message)):
        from_text(text)


def test_a_war_choice_the_board_does_not_call_for_never_reaches_apply() -> None:
    """A war choice listing a colour not at war is refused, not offered to ``apply`` to crash
    on (spec R17, R21)."""
    text = lines(SCENARIO, pending="war-choice player=0 colours=r,k")
    with pytest.raises(PositionError, match=_escape("[R17, R21]")):
        from_text(text)


def test_position_error_lists_every_problem() -> None:
    """All the problems of a position are reported at once, not just the first."""
    text = put(put(NEW, "C3", "b"), "B2", "g$")
    with pytest.raises(PositionError) as info:
        from_text(text)
    message = str(info.value)
    assert "blue tile on land at C3" in message
    assert "treasure at B2" in message
    assert "31 green tiles instead of 30" in message


def test_from_text_refuses_other_types() -> None:
    """Only strings are position notation: anything else is a type error (issue 11)."""
    with pytest.raises(ArgumentTypeError, match="must be a string"):
        from_text(b"tigeuph position")  # type: ignore[arg-type]


# --- check_state on states built by hand -----------------------------------------------------


def _corruptions() -> list[tuple[str, GameState, str]]:
    start = new_game(2, seed=1)
    b2, c2, e1 = parse_cell("B2"), parse_cell("C2"), parse_cell("E1")
    leaders = ((None, None, None, c2), (None, None, None, None))
    with_king = attrs.evolve(start, leaders=leaders)
    square = mask("C5", "D5", "C6", "D6")
    return [
        (
            "tile under leader",
            attrs.evolve(with_king, tiles=(start.tiles[0] | 1 << c2, 0, 0, 0)),
            "C2 holds more than one piece: red tile, seat 0's king",
        ),
        (
            "leader on river",
            attrs.evolve(start, leaders=((None, None, None, e1), leaders[1])),
            "seat 0's king stands on the river at E1",
        ),
        (
            "short tuple",
            attrs.evolve(start, points=((0, 0, 0, 0),)),
            "points has 1 entries for 2 players",
        ),
        (
            "negative points",
            attrs.evolve(start, points=((0, -1, 0, 0), (0, 0, 0, 0))),
            "seat 0's points (0, -1, 0, 0) are not 4 non-negative counts",
        ),
        ("bag letters", attrs.evolve(start, bag=start.bag + "z"), "the bag holds 'z'"),
        (
            "monument twice",
            attrs.evolve(
                start,
                flipped=square | square << 4,
                monuments=(
                    MonumentSite(Monument.RK, parse_cell("C5"), Colour.RED),
                    MonumentSite(Monument.RK, parse_cell("G5"), Colour.RED),
                ),
                bag=start.bag.replace("r", "", 8),
            ),
            "monument rk is built twice (again at G5)",
        ),
        (
            "monument colour",
            attrs.evolve(
                start,
                flipped=square,
                monuments=(MonumentSite(Monument.BG, parse_cell("C5"), Colour.RED),),
                bag=start.bag.replace("r", "", 4),
            ),
            "monument bg at C5 stands on a red square",
        ),
        (
            "monument off board",
            attrs.evolve(
                start, monuments=(MonumentSite(Monument.RK, parse_cell("P5"), Colour.RED),)
            ),
            "monument rk at P5: its square runs off the board",
        ),
        (
            "unification idle",
            attrs.evolve(start, unification=b2),
            "unification marker on B2 while no war is pending",
        ),
        (
            "revolt apart",
            attrs.evolve(
                start,
                leaders=((None, None, None, c2), (None, None, None, parse_cell("P3"))),
                pending=Revolt(Colour.BLACK, 0, 1),
            ),
            "revolt: the kings on C2 and P3 are in different kingdoms",
        ),
        (
            "trader elsewhere",
            attrs.evolve(start, pending=TreasureChoice(0, c2)),
            "treasure choice: seat 0's trader is not on C2",
        ),
        (
            "trader poor",
            attrs.evolve(
                start, leaders=((None, None, c2, None), leaders[1]), pending=TreasureChoice(0, c2)
            ),
            "treasure choice: the trader on C2 has under 2 treasures",
        ),
        (
            "war choice seat",
            attrs.evolve(start, pending=WarChoice(3, (Colour.RED, Colour.BLACK))),
            "pending WarChoice names seat 3, not 0 to 1",
        ),
        (
            "monument choice",
            attrs.evolve(start, pending=MonumentChoice(0, (b2,))),
            "monument choice: the square at B2 is not one colour",
        ),
        (
            "ended pending",
            attrs.evolve(start, ended=End.BAG, pending=MonumentChoice(0, ())),
            "the game is over, yet MonumentChoice is pending",
        ),
    ]


@pytest.mark.parametrize(
    ("state", "message"),
    [(s, m) for _, s, m in _corruptions()],
    ids=[i for i, _, _ in _corruptions()],
)
def test_check_state_names_the_problem(state: GameState, message: str) -> None:
    """Each kind of inconsistency is reported in words, with the cells involved."""
    problems = check_state(state)
    assert any(message in p for p in problems), problems


def test_trader_with_two_treasures_between_actions() -> None:
    """A trader's kingdom never holds two treasures once an action is over (spec R25)."""
    # B1 is no starting temple (a second problem), but it brings the kingdom a second treasure.
    text = put(put(NEW, "A2", "G0"), "B1", "r$")
    with pytest.raises(PositionError, match="the trader on A2 has 2 treasures"):
        from_text(text)


def test_tile_counts_are_the_box() -> None:
    """The conservation check uses the box of spec R1."""
    assert TILE_COUNTS == (57, 36, 30, 30)


# --- fuzzing -----------------------------------------------------------------------------------


@cache
def samples() -> tuple[str, ...]:
    """Texts of varied reachable states: the start, one per pending kind, an end."""
    out = {"start": to_text(game(3, 1)[0]), "end": to_text(game(2, 2)[-1])}
    for g in all_games():
        for s in g:
            kind = type(s.pending).__name__ + str(bool(s.monuments))
            out.setdefault(kind, to_text(s))
    return tuple(out.values())


def _must_be_notation_error_or_consistent(text: str) -> None:
    try:
        state = from_text(text)
    except NotationError:
        return
    assert check_state(state) == []
    assert from_text(to_text(state)) == state


# Example counts come from the Hypothesis profile; parsing a whole position can outlast a deadline.
FUZZ: Final = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALPHABET: Final = st.sampled_from([*"rbgkRBGKx#$*.~@/,=: \n-0123456789nonePQ", "\x00", "é"])


@FUZZ
@given(st.text())
def test_fuzz_arbitrary_text(text: str) -> None:
    """Arbitrary text raises NotationError and nothing else."""
    _must_be_notation_error_or_consistent(text)


@FUZZ
@given(st.text(alphabet=ALPHABET, max_size=200).map(lambda t: "tigeuph position\n" + t))
def test_fuzz_text_after_the_title(text: str) -> None:
    """Arbitrary lines after a valid title raise NotationError and nothing else."""
    _must_be_notation_error_or_consistent(text)


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_fuzz_mutated_positions(data: st.DataObject) -> None:
    """Single-character edits of a valid position read, or raise NotationError and nothing else."""
    text = data.draw(st.sampled_from(samples()))
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text) - 1))
        edit = data.draw(st.sampled_from(["delete", "replace", "insert"]))
        char = data.draw(st.one_of(ALPHABET, st.characters()))
        if edit == "delete":
            text = text[:i] + text[i + 1 :]
        elif edit == "replace":
            text = text[:i] + char + text[i + 1 :]
        else:
            text = text[:i] + char + text[i:]
    _must_be_notation_error_or_consistent(text)


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_fuzz_dropped_and_repeated_lines(data: st.DataObject) -> None:
    """Dropping or repeating whole lines reads by the omission rules, or raises NotationError."""
    lines = data.draw(st.sampled_from(samples())).split("\n")
    i = data.draw(st.integers(0, len(lines) - 1))
    if data.draw(st.booleans()):
        del lines[i]
    else:
        lines.insert(i, lines[data.draw(st.integers(0, len(lines) - 1))])
    _must_be_notation_error_or_consistent("\n".join(lines))


def test_dropping_the_bag_line_refills_it_in_colour_order() -> None:
    """Without a bag line the same tiles are in the bag, sorted by colour (spec R1)."""
    state = game(4, 2)[40]
    text = replace_line(to_text(state), "bag:", "")
    read = from_text(text)
    assert sorted(read.bag) == sorted(state.bag)
    assert read.bag == "".join(sorted(state.bag, key="rbgk".index))
    assert attrs.evolve(read, bag=state.bag) == state
