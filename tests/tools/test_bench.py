"""The benchmark: seeded playouts, instructions per action under callgrind (issue 16), and the
digest of its seeded games (issue 28)."""

from __future__ import annotations

import hashlib
import os
import re
import stat
import sys
from pathlib import Path
from typing import Final

import pytest
from helpers.paths import DOCS

from tigeuph import TigeuphError
from tigeuph.tigris.model.ruleset import SWITCHES
from tigeuph.tools import callgrind
from tigeuph.tools.bench import games_text, main, playout, rule_set, seeded_game

PERFT_PAGE: Final = DOCS / "perft.rst"

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


@pytest.mark.slow
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


def published_digests() -> dict[tuple[str, int], str]:
    """The digests docs/perft.rst publishes for the benchmark's games, by (rules, players)."""
    text = PERFT_PAGE.read_text(encoding="utf-8")
    rows = re.findall(r"^ +([a-z_+]+) +([234]) ([0-9a-f]{64})$", text, re.MULTILINE)
    return {(label, int(players)): digest for label, players, digest in rows}


@pytest.mark.slow
def test_the_benchmark_plays_the_same_games_as_published() -> None:
    """The seeded games of the standard rules, each switch alone and the advanced board, for 2,
    3 and 4 players (20 games each), hash to the digests recorded before issue 28's work: the
    same actions in the same order from the same seeds."""
    published = published_digests()
    assert len(published) == 2 * 2 ** len(SWITCHES) * 3
    labels = ["standard", *(f"standard+{name}" for name in SWITCHES), "advanced"]
    for label in labels:
        board, *on = label.split("+")
        for players in (2, 3, 4):
            text = games_text(players, range(20), rule_set(board, on))
            assert hashlib.sha256(text.encode()).hexdigest() == published[label, players], label


def test_the_seeded_game_is_the_playout() -> None:
    """``seeded_game`` plays the game ``playout`` times: as many actions, for every count."""
    rules = rule_set("advanced", ["wonder", "buildings"])
    for players in (2, 3, 4):
        played = seeded_game(players, 7, rules)
        assert len(played) == playout(players, 7, rules)[0]
    assert games_text(2, range(2)) == "".join(
        " ".join(map(str, seeded_game(2, seed))) + "\n" for seed in (0, 1)
    )


def test_the_bench_prints_a_digest_per_row_and_over_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--digest`` prints the SHA-256 of each row's games and of every row's together."""
    argv = ["--games", "2", "--seed", "3", "--players", "2", "4", "--switch", "wonder", "--digest"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("seeds 3 to 4")
    texts = [
        games_text(players, range(3, 5), rule_set("standard", ["wonder"])) for players in (2, 4)
    ]
    assert lines[2:] == [
        f"{'standard+wonder':<48} {2:>7} {hashlib.sha256(texts[0].encode()).hexdigest()}",
        f"{'standard+wonder':<48} {4:>7} {hashlib.sha256(texts[1].encode()).hexdigest()}",
        f"{'all':<48} {'':>7} {hashlib.sha256((texts[0] + texts[1]).encode()).hexdigest()}",
    ]


def test_the_digest_times_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """``--digest`` with ``--instructions`` is refused on the command line."""
    with pytest.raises(SystemExit):
        main(["--digest", "--instructions"])
    assert "--digest times nothing" in capsys.readouterr().err
