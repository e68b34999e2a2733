"""The soak command (``python -m tigeuph.tools.soak``), run in-process on a handful of games."""

from __future__ import annotations

import re

import pytest

import tigeuph
from tigeuph.core.stops import STALL_ROUNDS
from tigeuph.testing.invariants import checked_apply, every_rules
from tigeuph.tools import soak


@pytest.mark.slow
def test_soak_reports_speed_combinations_and_no_violation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A short soak plays its games over the combinations in turn and finds no violation."""
    assert soak.main(["--games", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    head = re.match(
        r"soak: 4 games from seed 3 \(0 stalled\), (\d+) actions in [\d.]+ s \(1 job\): "
        r"[\d.]+ games/s, \d+ actions/s",
        out,
    )
    assert head is not None, out
    assert int(head.group(1)) > 4 * 50
    rows = re.findall(r"^  (board=\S+.*?)\s+(\d+)\s+(\d+)\s+(\d+)$", out, re.MULTILINE)
    assert len(rows) == len(every_rules(2))
    # Games cycle through the combinations, the player count fastest: 2, 3 and 4 players with
    # no switch, then 2 players with the first switch.
    played = [(name.strip(), counts) for name, *counts in rows if counts != ["0", "0", "0"]]
    assert played == [
        ("board=standard", ["1", "1", "1"]),
        ("board=standard open-scoring", ["1", "0", "0"]),
    ]
    assert out.rstrip().endswith("violations: 0")


def test_soak_reports_violations_with_a_replay_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken invariant is reported with its seed, rules, action and a replay command, and
    the exit status is 1."""

    def strict(
        state: tigeuph.GameState, action: tigeuph.Action, *, round_trip: bool
    ) -> tuple[tigeuph.GameState, list[str]]:
        after, problems = checked_apply(state, action, round_trip=round_trip)
        return after, problems + (["R99: test"] if len(after.bag) < 100 else [])

    monkeypatch.setattr(soak, "checked_apply", strict)
    assert soak.main(["--games", "2", "--seed", "5"]) == 1
    out = capsys.readouterr().out
    assert "violations: 2" in out
    found = re.search(r"seed 5, players=2 board=standard, action (\d+) \((\S+)\): R99: test", out)
    assert found is not None, out
    assert (
        "replay: python -m tigeuph.tools.soak --replay 'players=2 board=standard' --seed 5" in out
    )


@pytest.mark.slow
def test_replay_plays_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    """--replay plays the one game a violation names, checking every step."""
    assert soak.main(["--replay", "players=3 board=advanced buildings", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert re.match(
        r"replay: \d+ actions, players=3 board=advanced buildings, seed 2\nno violation", out
    )


def test_a_crash_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception inside a game is reported as that game's violation, not raised."""

    def broken(state: tigeuph.GameState) -> list[str]:
        raise KeyError("boom")

    monkeypatch.setattr(soak, "state_problems", broken)
    played, violation, stalled = soak.play(tigeuph.Rules(players=2), seed=1)
    assert played == 0 and violation is not None and not stalled
    assert violation.ply == -1 and violation.problems[0].startswith("crash: KeyError: 'boom' (")


def test_a_stalled_game_stops_and_is_counted_not_a_violation(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Players that pass whenever they may stall every game (spec D8): each stops there, the
    summary line counts it as stalled, and no violation is found."""
    passing = tigeuph.parse_action("pass")

    def only_pass(state: tigeuph.GameState) -> list[tigeuph.Action]:
        actions = list(tigeuph.legal_actions(state))
        return [passing] if passing in actions else actions

    monkeypatch.setattr(tigeuph.GAMES["tigris"], "legal_actions", only_pass)
    played, violation, stalled = soak.play(tigeuph.Rules(players=3), seed=2)
    assert (played, violation, stalled) == (3 * STALL_ROUNDS, None, True)
    assert soak.main(["--games", "3", "--seed", "1", "-q"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("soak: 3 games from seed 1 (3 stalled), ")
    assert out.rstrip().endswith("violations: 0")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_replay_line_names_the_rules_as_position_notation_does(players: int) -> None:
    """The rules a violation prints are the position notation's ``rules:`` line, and
    ``--replay`` reads them back to the same rules, for every combination the soak plays."""
    from tigeuph.tools.rules_words import parse_rules, rules_text

    tigris = tigeuph.GAMES["tigris"]
    for rules in every_rules(players):
        text = rules_text(tigris, players, rules)
        line = tigeuph.to_text(tigeuph.new_game(players, seed=1, rules=rules)).splitlines()
        assert f"rules: {text}" in line
        assert parse_rules(tigris, text) == (players, rules)
