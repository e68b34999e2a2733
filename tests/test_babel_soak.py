"""The Babel soak command (python -m tigeuph.testing.babel_soak), run in-process (spec B59)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tigeuph import cli
from tigeuph.testing import babel_soak as soak


def test_soak_reports_speed_endings_and_no_violation(capsys: pytest.CaptureFixture[str]) -> None:
    """A short soak plays its games, random and building, and finds no violation (spec B59)."""
    assert soak.main(["--games", "6", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    found = re.match(r"babel soak: 6 games, (\d+) actions in [\d.]+ s \(([\d.]+) games/s", out)
    assert found is not None, out
    assert int(found[1]) > 6 * 40
    assert out.rstrip().endswith("violations: 0")


def test_soak_counts_a_violation(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken invariant is reported with the seed and action to replay, and exit status 1."""
    monkeypatch.setattr(soak, "state_problems", lambda state: ["broken on purpose"])
    assert soak.main(["--games", "2"]) == 1
    out = capsys.readouterr().out
    assert "violations: 2" in out and "seed 0, action -1 (new game): broken on purpose" in out


def test_two_jobs_find_the_same() -> None:
    """Spreading the games over processes changes nothing but the time taken."""
    one, two = soak.soak(4, seed=9), soak.soak(4, seed=9, jobs=2)
    assert (one.games, one.actions, one.endings) == (two.games, two.actions, two.endings)


@pytest.mark.parametrize("module", ["tigeuph.testing.babel_soak", "tigeuph.tools.babel_simulate"])
def test_babels_tools_run_as_modules(module: str) -> None:
    """Babel's soak and simulator run with python -m from the testing and tools packages."""
    done = subprocess.run(
        [sys.executable, "-m", module, "--help"], capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith(f"usage: python -m {module}")


def test_the_command_line_names_babels_soak(capsys: pytest.CaptureFixture[str]) -> None:
    """tigeuph soak --game babel --help shows the command a person typed."""
    assert cli.main(["soak", "--game", "babel", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: tigeuph soak --game babel")
