"""The benchmark: seeded playouts, and instructions per action under callgrind (issue 16)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from tigeuph import TigeuphError
from tigeuph.tools import callgrind
from tigeuph.tools.bench import main, playout, rule_set

FAKE_VALGRIND = """\
#!{python}
# Stands in for valgrind: runs the program natively and reports a count of 1,000,000
# instructions plus 1,000 for each game the program was asked to play.
import re, subprocess, sys
args = sys.argv[1:]
assert args[0] == "--tool=callgrind" and args[1].startswith("--callgrind-out-file="), args
done = subprocess.run(args[2:], check=False)
games = int(args[2:][5])  # python -c PROGRAM players seed games ...
print("==4242== Events    : Ir", file=sys.stderr)
print(f"==4242== Collected : {{1_000_000 + 1_000 * games}}", file=sys.stderr)
sys.exit(done.returncode)
"""


@pytest.fixture
def fake_valgrind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ``valgrind`` first on the PATH that counts 1,000 instructions a game."""
    tool = tmp_path / "valgrind"
    tool.write_text(FAKE_VALGRIND.format(python=sys.executable), encoding="utf-8")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    return tool


def test_playouts_are_the_seeded_games() -> None:
    """The same seed plays the same game: the same actions and the same legal actions listed."""
    rules = rule_set("standard", [])
    assert playout(2, 3, rules) == playout(2, 3)
    assert playout(2, 3) != playout(2, 4)
    assert rule_set("advanced", ["wonder"]).wonder


def test_instructions_are_the_difference_of_two_callgrind_runs(fake_valgrind: Path) -> None:
    """The count is the second run's Collected less the first's, over the games' actions."""
    found = callgrind.count_instructions(2, 5, 2)
    actions = playout(2, 5)[0] + playout(2, 6)[0]
    assert found == callgrind.Count(actions=actions, instructions=2_000, baseline=1_000_000)
    assert found.per_action == 2_000 / actions
    again = callgrind.count_instructions(2, 5, 1, baseline=found.baseline)
    assert again.instructions == 1_000


def test_the_bench_prints_instructions_per_action(
    fake_valgrind: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--instructions`` adds the instructions-per-action column beside actions per second."""
    assert main(["--games", "1", "--players", "2", "--instructions", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "instructions per action: callgrind, over the first 1 games"
    assert lines[2].split()[-1] == "instr/action"
    per_action = 1_000 / playout(2, 0)[0]
    assert lines[3].split()[-1] == f"{per_action:,.0f}"


def test_without_valgrind_the_bench_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without valgrind, ``--instructions`` prints one line saying so and times the games."""
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert main(["--games", "1", "--players", "2", "--instructions"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "instructions per action: valgrind is not installed, so they are not counted"
    assert "instr/action" not in lines[2]
    with pytest.raises(TigeuphError, match="valgrind is not installed"):
        callgrind.count_instructions(2, 0, 1)


def test_a_failing_run_is_one_tigeuph_error(fake_valgrind: Path) -> None:
    """A run that fails (here a board file that does not exist) raises TigeuphError."""
    with pytest.raises(TigeuphError, match="callgrind run failed"):
        callgrind.count_instructions(2, 0, 1, board="no-such-board.txt")


def test_instructions_needs_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``--instructions 0`` is refused on the command line."""
    with pytest.raises(SystemExit):
        main(["--instructions", "0"])
    assert "give 1 game or more" in capsys.readouterr().err
