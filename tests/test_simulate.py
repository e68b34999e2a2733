"""The variant simulator: same seeds, same report; counts that agree with the states; the
command line and its errors."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

import tigeuph
from tigeuph.simulate import (
    METRICS,
    GameTally,
    Report,
    choose_action,
    main,
    metrics,
    paired_difference,
    play_game,
    simulate,
)
from tigeuph.state import (
    BuildingChoice,
    MonumentChoice,
    Revolt,
    War,
    WonderChoice,
    WonderPoint,
)

EVERYTHING = tigeuph.Rules(buildings=True, wonder=True, english_reinforcement=True)


@pytest.fixture(scope="module")
def report() -> Report:
    """A small run: the baseline, buildings and wonder together, open scoring; two counts."""
    rule_sets = [tigeuph.Rules(), tigeuph.Rules(buildings=True, wonder=True)]
    rule_sets.append(tigeuph.Rules(open_scoring=True))
    return simulate(rule_sets, games=4, players=(2, 3), seed=11, policy="builder")


def tally_from_states(rules: tigeuph.Rules, seed: int, policy: str) -> GameTally:
    """The game play_game plays, counted from the states it goes through, not its actions."""
    rng = random.Random(seed)
    state = tigeuph.new_game(rules.players, seed=seed, rules=rules)
    actions, turns = 0, 1
    revolts = wars = buildings = wonder_points = 0
    while not state.is_over:
        before = state
        state = tigeuph.apply(state, choose_action(state, rng, policy))
        actions += 1
        turns += state.active != before.active
        fresh = state.pending if state.pending != before.pending else None
        if isinstance(fresh, Revolt) and fresh.attacker_support is None:
            revolts += 1
        if isinstance(fresh, War) and fresh.attacker_support is None:
            wars += 1
        if isinstance(before.pending, BuildingChoice) and state.buildings != before.buildings:
            buildings += any(
                c is not None and c != old
                for c, old in zip(state.buildings, before.buildings, strict=True)
            )
        wonder_points += isinstance(before.pending, WonderPoint)
    result = tigeuph.outcome(state)
    assert result is not None
    return GameTally(
        seed=seed,
        actions=actions,
        turns=turns,
        end=result.end,
        scores=tuple(r.score for r in result.results),
        winners=result.winners,
        revolts=revolts,
        wars=wars,
        monuments=len(state.monuments),
        buildings=buildings,
        wonders=int(state.wonder is not None),
        wonder_points=wonder_points,
        catastrophes=sum(2 - n for n in state.catastrophe_tiles),
        treasures=sum(state.treasures_taken),
    )


@pytest.mark.parametrize(("seed", "policy"), [(1, "uniform"), (4, "builder"), (5, "builder")])
def test_counts_agree_with_the_states_the_game_goes_through(seed: int, policy: str) -> None:
    """Each event counted from the actions shows in the states: conflicts, builds, points."""
    rules = tigeuph.Rules(players=2, buildings=True, wonder=True)
    assert play_game(rules, seed, policy) == tally_from_states(rules, seed, policy)


def test_uniform_policy_plays_the_readme_loop() -> None:
    """Game *i* is new_game(seed=i) played by random.Random(i) choosing among legal actions."""
    rng = random.Random(8)
    state = tigeuph.new_game(3, seed=8)
    actions = 0
    while not state.is_over:
        state = tigeuph.apply(state, rng.choice(tigeuph.legal_actions(state)))
        actions += 1
    result = tigeuph.outcome(state)
    assert result is not None
    tally = play_game(tigeuph.Rules(players=3), 8)
    assert (tally.actions, tally.winners) == (actions, result.winners)
    assert tally.scores == tuple(r.score for r in result.results)


def test_same_seed_same_report_on_one_or_two_processes(report: Report) -> None:
    """The report depends on the seed only, not on how many processes played the games."""
    rule_sets = [tigeuph.Rules(), tigeuph.Rules(buildings=True, wonder=True)]
    rule_sets.append(tigeuph.Rules(open_scoring=True))
    again = simulate(rule_sets, games=4, players=(2, 3), seed=11, policy="builder", jobs=2)
    assert again == report
    assert again.table() == report.table()


def test_results_come_per_player_count_with_the_baseline_first(report: Report) -> None:
    """Each count has every rule set, baseline first, each with one game per seed in order."""
    assert report.player_counts == (2, 3)
    assert [r.label for r in report.group(3)] == ["standard", "+buildings+wonder", "+open_scoring"]
    for result in report.results:
        assert [t.seed for t in result.games] == [11, 12, 13, 14]
        assert all(len(t.scores) == result.players for t in result.games)
    assert report.difference(report.baseline(2), "actions") is None


def test_counts_are_consistent(report: Report) -> None:
    """No switched-off event happens, one wonder at most, and the shares sum to one."""
    for result in report.results:
        seats = [f"wins_seat_{seat}" for seat in range(result.players)]
        for t in result.games:
            assert 0 <= t.wonders <= 1
            if not result.rules.buildings:
                assert t.buildings == 0
            if not result.rules.wonder:
                assert t.wonders == t.wonder_points == 0
            assert t.scores[t.winners[0]] == max(t.scores)
        assert math.isclose(result.mean("end_treasures") + result.mean("end_bag"), 1)
        assert math.isclose(sum(result.mean(seat) for seat in seats), 1)


def test_open_scoring_changes_nothing_under_random_play(report: Report) -> None:
    """Random players never read the scores: the same seeds play the same games."""
    for players in report.player_counts:
        baseline, _, open_scoring = report.group(players)
        assert open_scoring.games == baseline.games
        for metric in metrics(players):
            difference = report.difference(open_scoring, metric.name)
            assert difference is not None
            assert (difference.mean, difference.half_width) == (0, 0)
            assert not difference.excludes_zero


def test_paired_difference_is_the_mean_difference_with_its_interval() -> None:
    """mean ± 1.96·sd/√n over the per-seed differences; a single game's interval is infinite."""
    difference = paired_difference([0, 0, 0, 0], [1, 3, 1, 3])
    assert difference.mean == 2
    assert math.isclose(difference.half_width, 1.96 * math.sqrt(4 / 3) / 2)
    assert difference.excludes_zero
    assert paired_difference([1], [2]).half_width == math.inf


def test_builder_builds_whatever_it_is_offered() -> None:
    """The builder policy never declines a building, the wonder or a monument."""
    rules = tigeuph.Rules(players=2, buildings=True, wonder=True)
    offered: set[str] = set()
    for seed in (4, 5):
        rng = random.Random(seed)
        state = tigeuph.new_game(2, seed=seed, rules=rules)
        while not state.is_over:
            action = choose_action(state, rng, "builder")
            if isinstance(state.pending, BuildingChoice | WonderChoice | MonumentChoice):
                offered.add(type(state.pending).__name__)
                assert str(action) not in ("@-", "w-", "m-")
            state = tigeuph.apply(state, action)
    assert offered == {"BuildingChoice", "WonderChoice", "MonumentChoice"}


def test_simulate_refuses_bad_arguments() -> None:
    """Bad counts, policies or rules raise ValueError before any game is played."""
    with pytest.raises(ValueError, match="at least one rule set"):
        simulate([], games=1)
    with pytest.raises(ValueError, match="games"):
        simulate([tigeuph.Rules()], games=0)
    with pytest.raises(ValueError, match="players"):
        simulate([tigeuph.Rules()], games=1, players=(2, 5))
    with pytest.raises(ValueError, match="policy"):
        simulate([tigeuph.Rules()], games=1, policy="greedy")
    with pytest.raises(ValueError, match="disagrees"):
        simulate({"two": tigeuph.Rules(players=2)}, games=1, players=3)


def test_cli_prints_every_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    """By default the baseline and each switch alone, every metric, then the timing."""
    main(["--games", "2", "--players", "2"])
    out = capsys.readouterr().out
    header = out.splitlines()[1].split()
    assert header == ["standard", *(f"+{name}" for name in tigeuph.SWITCHES)]
    for metric in metrics(2):
        assert metric.heading in out
    assert "10 games in" in out


def test_cli_json_with_a_variant_and_every_switch(capsys: pytest.CaptureFixture[str]) -> None:
    """--variant adds a combination, --every-switch each switch alone, --base to them all."""
    argv = ["--games", "2", "--players", "2", "--board", "advanced", "--base", "open-scoring"]
    main([*argv, "--variant", "buildings,wonder", "--every-switch", "--json"])
    data = json.loads(capsys.readouterr().out)
    labels = [r["label"] for r in data["results"]]
    assert labels == [
        "advanced+open_scoring",
        "+buildings+wonder",
        "+english_reinforcement",
        "+buildings",
        "+wonder",
    ]
    baseline, combined = data["results"][:2]
    assert baseline["differences"] is None
    assert combined["switches"] == ["buildings", "wonder", "open_scoring"]
    assert set(combined["means"]) == {m.name for m in metrics(2)}
    assert set(combined["differences"]["actions"]) == {"mean", "low", "high"}


def test_cli_plays_a_board_file(capsys: pytest.CaptureFixture[str]) -> None:
    """--board takes a board file; its name labels the baseline."""
    board = Path(__file__).parent.parent / "examples" / "boards" / "delta.txt"
    main(["--games", "1", "--players", "2", "--board", str(board), "--variant", "wonder"])
    assert "baseline: delta" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "--games: must be 1 or more"),
        (["--jobs", "x"], "--jobs: not a whole number"),
        (["--players", "5"], "--players: invalid choice"),
        (["--players", "3", "3"], "given twice"),
        (["--policy", "greedy"], "--policy: invalid choice"),
        (["--variant", "buildings,towers"], "unknown switch 'towers'"),
        (["--board", "no/such/board.txt"], "--board:"),
        (["--base", ",".join(tigeuph.SWITCHES)], "nothing to compare"),
        (["--base", "wonder", "--variant", "wonder"], "already on in the baseline"),
    ],
)
def test_cli_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each bad argument is an argparse error (exit status 2) saying what is wrong."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_every_metric_is_reported() -> None:
    """metrics() lists each game figure once, and each seat of the count."""
    names = [m.name for m in metrics(4)]
    assert len(names) == len(set(names)) == len(METRICS) + 4
