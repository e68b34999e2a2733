"""perft (issue 28): the published table is recomputed, the reference engine counts the same on
its own, ``divide`` splits the count by first action, and the command line prints them."""

from __future__ import annotations

import subprocess
import sys
from typing import Final, NamedTuple

import pytest
from helpers.paths import DOCS
from helpers.reference.perft import ref_divide

from tigeuph import ArgumentError, ArgumentTypeError, Rules, apply, legal_actions, new_game
from tigeuph.cli import main
from tigeuph.tigris.model.boards import BUILT_IN
from tigeuph.tigris.model.ruleset import SWITCHES, parse_switches
from tigeuph.tools.bench import rule_set, seeded_game
from tigeuph.tools.perft import divide, perft, position


class Row(NamedTuple):
    """A row of a published table: the position and its counts at depths 1, 2, ..."""

    players: int
    seed: int
    board: str
    switches: tuple[str, ...]
    after: int
    counts: tuple[int, ...]

    def rules(self) -> Rules:
        return rule_set(self.board, self.switches)

    def start(self) -> tuple[object, ...]:
        return self.players, self.seed, self.board, self.switches, self.after


def published() -> list[Row]:
    """Every row of the tables in docs/perft.rst."""
    rows = []
    for line in (DOCS / "perft.rst").read_text(encoding="utf-8").splitlines():
        cells = line.split()
        if len(cells) > 5 and cells[0] in ("2", "3", "4") and cells[2] in BUILT_IN:
            players, seed, board, variant, after, *counts = cells
            switches = () if variant == "none" else parse_switches(variant)
            rows.append(
                Row(int(players), int(seed), board, switches, int(after), tuple(map(int, counts)))
            )
    return rows


ROWS: Final = published()


def row(players: int, board: str, switches: tuple[str, ...], after: int) -> Row:
    """The published row of that position."""
    (found,) = (r for r in ROWS if r.start() == (players, 0, board, switches, after))
    return found


def test_the_tables_cover_every_player_count_board_and_switch() -> None:
    """From the start and after 100 actions: 2-4 players, both boards, no switch, each switch
    alone and all of them, each at depths 1, 2 and 3."""
    variants = [(), *((name,) for name in SWITCHES), SWITCHES]
    expected = [
        (players, 0, board, on, after)
        for after in (0, 100)
        for players in (2, 3, 4)
        for board in BUILT_IN
        for on in variants
    ]
    assert [r.start() for r in ROWS] == expected
    assert all(len(r.counts) == 3 for r in ROWS)


@pytest.mark.slow
def test_every_published_count_at_depths_1_and_2_is_the_engines() -> None:
    """Each row's depths 1 and 2, counted again."""
    for r in ROWS:
        state = position(r.players, r.seed, r.rules(), r.after)
        assert (perft(state, 1), perft(state, 2)) == r.counts[:2], r


@pytest.mark.parametrize(
    "players, board, switches, after",
    [
        (2, "standard", ("buildings",), 0),
        (3, "advanced", ("buildings",), 100),
        (2, "advanced", SWITCHES, 100),
        (4, "standard", ("english_reinforcement",), 100),
    ],
)
@pytest.mark.slow
def test_published_counts_at_depth_3(
    players: int, board: str, switches: tuple[str, ...], after: int
) -> None:
    """Depth 3 of a few rows: one from the start where a switch changes the count, three from
    the middle of a game."""
    r = row(players, board, switches, after)
    assert perft(position(players, 0, r.rules(), after), 3) == r.counts[2]


@pytest.mark.parametrize(
    "players, board, switches, after, depth",
    [
        (2, "standard", (), 0, 2),
        (4, "advanced", (), 0, 2),
        (2, "standard", ("buildings",), 100, 2),
        (3, "advanced", ("buildings",), 100, 2),
        (2, "advanced", SWITCHES, 100, 2),
        (4, "advanced", ("english_reinforcement",), 100, 2),
        (3, "standard", SWITCHES, 100, 2),
        (4, "standard", SWITCHES, 100, 2),
        (3, "standard", ("english_reinforcement",), 100, 3),
        (3, "advanced", (), 100, 3),
    ],
)
@pytest.mark.slow
def test_the_reference_engine_counts_the_same(
    players: int, board: str, switches: tuple[str, ...], after: int, depth: int
) -> None:
    """The reference engine, with its own legal actions and apply, splits the count by first
    action exactly as the engine does, and its total is the published count (its order of
    actions is its own, so the split is compared as a mapping). Depth 3 where a revolt or a
    war is pending, depth 2 elsewhere."""
    r = row(players, board, switches, after)
    state = position(players, 0, r.rules(), after)
    by_first = ref_divide(state, depth)
    assert by_first == dict(divide(state, depth))
    assert sum(by_first.values()) == r.counts[depth - 1]


def test_the_published_positions_are_the_benchmark_games_openings() -> None:
    """docs/perft-positions.txt lists, for each middle-game row, the actions played before it:
    the opening of the benchmark's seeded game under that row's rules."""
    lines = (DOCS / "perft-positions.txt").read_text(encoding="utf-8").splitlines()
    middle = [r for r in ROWS if r.after]
    assert len(lines) == len(middle)
    for r, line in zip(middle, lines, strict=True):
        head, _, actions = line.partition(": ")
        variant = ",".join(name.replace("_", "-") for name in r.switches) or "none"
        assert head == f"{r.players} {r.seed} {r.board} {variant} {r.after}"
        played = seeded_game(r.players, r.seed, r.rules())[: r.after]
        assert actions.split() == [str(action) for action in played]


def test_divide_lists_each_first_action_once_and_sums_to_the_total() -> None:
    """``divide`` gives each legal action once, in the engine's order, with the count below it."""
    state = position(4, 0, rule_set("standard", SWITCHES), 100)
    split = divide(state, 2)
    assert [action for action, _ in split] == list(legal_actions(state))
    assert sum(count for _, count in split) == perft(state, 2)
    assert all(count == len(legal_actions(apply(state, a))) for a, count in split)
    assert divide(state, 1) == [(action, 1) for action in legal_actions(state)]


def test_a_finished_game_has_no_sequences() -> None:
    """The end of a game lists no action: nothing at depth 1 or more, as in chess."""
    rules = rule_set("standard", ())
    played = seeded_game(2, 0, rules)
    end = position(2, 0, rules, len(played))
    assert end.is_over
    assert (perft(end, 0), perft(end, 1), perft(end, 2), divide(end, 2)) == (1, 0, 0, [])


def test_the_functions_check_their_arguments() -> None:
    """Bad arguments are TigeuphErrors that say what was wanted."""
    state = new_game(2, seed=0)
    with pytest.raises(ArgumentTypeError, match="perft: state must be a GameState"):
        perft("start", 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="perft: depth must be a depth"):
        perft(state, True)
    with pytest.raises(ArgumentError, match="depth must be 0 or more, not -1"):
        perft(state, -1)
    with pytest.raises(ArgumentError, match="depth must be 1 or more, not 0"):
        divide(state, 0)
    with pytest.raises(ArgumentError, match="ends after 176 actions, not 177"):
        position(2, 0, Rules(), 177)
    with pytest.raises(ArgumentTypeError, match="position: seed must be a seed"):
        position(2, None, Rules())  # type: ignore[arg-type]


def test_the_command_prints_the_published_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """``tigeuph perft`` prints the count; ``--divide`` each first action, then the total."""
    r = row(3, "advanced", (), 0)
    assert main(["perft", "--players", "3", "--depth", "2", "--board", "advanced"]) == 0
    assert capsys.readouterr().out == f"{r.counts[1]}\n"
    mid = row(2, "standard", SWITCHES, 100)
    variant = ["--variant", "english-reinforcement,buildings", "--switch", "wonder"]
    argv = ["perft", "--players", "2", "--depth", "2", "--after", "100", "--divide", *variant]
    assert main([*argv, "--switch", "open_scoring"]) == 0
    lines = capsys.readouterr().out.splitlines()
    state = position(2, 0, mid.rules(), 100)
    assert lines[:-1] == [f"{action} {count}" for action, count in divide(state, 2)]
    assert lines[-1] == f"total {mid.counts[1]}"


@pytest.mark.parametrize(
    "argv, complaint",
    [
        (["--players", "2", "--depth", "0"], "--depth 0: give 1 or more"),
        (["--players", "5", "--depth", "1"], "invalid choice: 5"),
        (["--players", "2", "--depth", "1", "--variant", "wondr"], "unknown switch 'wondr'"),
        (["--players", "2", "--depth", "1", "--after", "500"], "--after 500: the seeded game"),
        (["--players", "2", "--depth", "1", "--board", "nowhere.txt"], "--board"),
        (["--players", "2"], "required: --depth"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad command line is one line on standard error, naming the option, and status 2."""
    assert main(["perft", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tigeuph perft: error: ") and complaint in err
    assert err.count("\n") == 1


def test_it_runs_as_a_module_and_is_listed() -> None:
    """``python -m tigeuph.tools.perft`` runs it, and ``tigeuph --help`` lists ``perft``."""
    done = subprocess.run(
        [sys.executable, "-m", "tigeuph.tools.perft", "--players", "4", "--depth", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == f"{row(4, 'standard', (), 0).counts[0]}\n"
    listed = subprocess.run(
        [sys.executable, "-m", "tigeuph", "--help"], capture_output=True, text=True, check=True
    )
    assert "    perft " in listed.stdout
