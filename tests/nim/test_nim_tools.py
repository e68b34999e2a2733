"""The tools written once for every game take Nim, registered, with no word of it in their
code (issue 38): the soak with its invariants, the arena and its tournaments, the simulator,
and ``tigeuph play``, each through its command line run in this process."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tigeuph.agents.tournament import tournament
from tigeuph.cli import main
from tigeuph.games import AnyGame, game_of_record
from tigeuph.tools.soak import combinations, soak


def test_the_soak_plays_every_player_count_with_no_violation(nim: AnyGame) -> None:
    """The soak's invariants (legal play, the round trips of the notation and JSON, views a
    sampled state shows alike) hold at every step of Nim."""
    assert combinations("nim") == ((2, None), (3, None), (4, None))
    result = soak(30, seed=5, round_trip_every=1, game="nim")
    assert result.violations == ()
    assert (result.games, result.stalled) == (30, 0)
    assert result.endings == {"end": 30}
    assert result.per_rules == {"players=2": 10, "players=3": 10, "players=4": 10}


def test_the_soak_command_takes_nim(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak", "--game", "nim", "--games", "6", "--seed", "1", "-q"]) == 0
    out = capsys.readouterr().out
    assert "soak: 6 games from seed 1 (0 stalled)" in out
    assert "violations: 0" in out


def test_a_tournament_of_nim_ranks_every_seat(nim: AnyGame) -> None:
    specs = ["random", "greedy", "mcts:iterations=20"]
    results = tournament(specs, players=3, games=6, seed=2, game="nim")
    assert len(results) == 6 and all(result.stopped is None for result in results)
    for result in results:
        record = game_of_record(result.record).records.record_from_text(result.record)
        assert record.state.is_over
        assert result.ranks == nim.ranks(record.state)
        assert sorted(result.seats) == [0, 1, 2]


def test_the_arena_command_plays_nim_and_writes_its_records(
    nim: AnyGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["arena", "--game", "nim", "--agents", "random,greedy", "--players", "4"]
    argv += ["--games", "8", "--seed", "3", "-q", "--records", f"{tmp_path}/"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "8 games, 4 players, seeds from 3" in out
    records = sorted(tmp_path.iterdir())
    assert len(records) == 8
    for path in records:
        text = path.read_text(encoding="utf-8")
        assert game_of_record(text) is nim
        assert nim.records.record_from_text(text).state.is_over


@pytest.mark.slow
def test_a_tournament_on_two_processes_knows_a_registered_game(nim: AnyGame) -> None:
    """The workers, started afresh, register the game their parent registered."""
    one = tournament(["random", "greedy"], games=4, seed=7, game="nim")
    two = tournament(["random", "greedy"], games=4, seed=7, game="nim", jobs=2)
    assert [r.record for r in two] == [r.record for r in one]


def _figure(out: str, name: str) -> float:
    found = re.search(rf"^{name}\s+([0-9.]+) \[", out, re.MULTILINE)
    assert found is not None, out
    return float(found[1])


def test_the_simulator_reports_nim(capsys: pytest.CaptureFixture[str]) -> None:
    """The default measures: every game ends, a turn is an action (the game's end begins no
    turn), and the seats' wins are counted."""
    argv = ["simulate", "--game", "nim", "--games", "40", "--players", "2", "3", "--seed", "1"]
    assert main([*argv, "-q"]) == 0
    out = capsys.readouterr().out
    assert "2 players, 40 games per rule set" in out and "3 players" in out
    assert _figure(out, "ended at its end \\(%\\)") == 100
    assert _figure(out, "turns per game") == _figure(out, "actions per game") > 1
    assert "won by seat 2 (%)" in out


def test_tigeuph_play_watches_a_game_of_nim_and_saves_its_record(
    nim: AnyGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "nim.txt"
    argv = ["play", "--game", "nim", "--seats", "random,greedy,mcts:iterations=20"]
    assert main([*argv, "--seed", "4", "--delay", "0", "--record", str(saved)]) == 0
    out = capsys.readouterr().out
    record = nim.records.record_from_text(saved.read_text(encoding="utf-8"))
    assert record.seed == 4 and record.state.is_over
    assert record.tags["Player2"] == "mcts:iterations=20"
    assert f"{record.actions[-1]}\n" in out  # each action is shown as it is played
    (winner,) = nim.winners(record.state)
    assert f"rank 1: seat {winner}" in out


def test_tigeuph_play_refuses_rules_nim_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--game", "nim", "--seats", "random,random", "--board", "advanced"]
    assert main([*argv, "--no-record"]) != 0
    assert "Nim" in capsys.readouterr().err


def test_the_casebook_command_takes_nim_which_has_no_case(
    nim: AnyGame, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--game`` offers the games registered, not a list of its own: Nim is one, and the
    casebook holds none of its cases."""
    assert main(["casebook", "--game", "nim", "--list"]) == 0
    assert capsys.readouterr().out == ""
    assert main(["casebook", "--game", "babel", "--list"]) == 0
    assert "babel/" in capsys.readouterr().out
