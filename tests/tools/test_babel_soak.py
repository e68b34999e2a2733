"""The soak command on Babel (``python -m tigeuph.tools.soak --game babel``), run in-process:
the one soak of both games plays Babel's ways of playing and checks its invariants."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tigeuph import GAMES, cli
from tigeuph.testing.invariants import checked_apply
from tigeuph.tools import soak


def test_soak_reports_speed_ways_endings_and_no_violation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A short soak of Babel plays its games in each way in turn and finds no violation."""
    assert soak.main(["--game", "babel", "--games", "6", "--seed", "1", "-q"]) == 0
    out = capsys.readouterr().out
    found = re.match(r"soak: 6 games from seed 1 \(0 stalled\), (\d+) actions in [\d.]+ s", out)
    assert found is not None, out
    assert int(found[1]) > 6 * 40
    assert "games per way of playing: greedy,uniform 2, uniform 2, weighted 2" in out
    endings = re.search(r"^endings: (.*)$", out, re.MULTILINE)
    assert endings is not None
    assert sum(int(n) for n in re.findall(r"(?:deck|score) (\d+)", endings[1])) == 6
    assert out.rstrip().endswith("violations: 0")


def test_a_violation_names_the_game_to_replay(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken invariant is reported with the seed, the action and a replay line naming the
    game, and the exit status is 1; the replay finds it again."""

    def strict(state: object, action: object, *, round_trip: bool) -> tuple[object, list[str]]:
        after, problems = checked_apply(state, action, round_trip=round_trip)
        return after, problems + (["broken on purpose"] if str(action) == "end" else [])

    monkeypatch.setattr(soak, "checked_apply", strict)
    assert soak.main(["--game", "babel", "--games", "2", "-q"]) == 1
    out = capsys.readouterr().out
    assert "violations: 2" in out
    assert re.search(r"seed 0, players=2, action \d+ \(end\): broken on purpose", out), out
    line = "replay: python -m tigeuph.tools.soak --game babel --replay 'players=2' --seed 1"
    assert line in out
    assert soak.main(["--game", "babel", "--replay", "players=2", "--seed", "1"]) == 1
    assert "violation: seed 1, players=2" in capsys.readouterr().out


def test_two_jobs_find_the_same() -> None:
    """Spreading the games over processes changes nothing but the time taken."""
    one, two = soak.soak(4, seed=9, game="babel"), soak.soak(4, seed=9, jobs=2, game="babel")
    assert (one.games, one.actions, one.endings) == (two.games, two.actions, two.endings)


def test_every_game_soaks_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """tigeuph soak --game takes every game of the registry, and no other."""
    for name in GAMES:
        assert cli.main(["soak", "--game", name, "--games", "1", "-q"]) == 0
        assert capsys.readouterr().out.rstrip().endswith("violations: 0")
    assert cli.main(["soak", "--game", "chess"]) == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_the_soak_runs_as_a_module() -> None:
    """python -m tigeuph.tools.soak names itself and offers --game."""
    done = subprocess.run(
        [sys.executable, "-m", "tigeuph.tools.soak", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("usage: python -m tigeuph.tools.soak")
    assert "--game {tigris,babel}" in done.stdout
