"""The variant simulator: same seeds, same report on one process, two, or a Dask cluster;
counts that agree with the states; intervals; per-game rows and plots; the command line and its
errors (issue 15)."""

from __future__ import annotations

import csv
import importlib
import json
import math
from pathlib import Path
from typing import Any

import pytest

import tigeuph
from tigeuph.agents import make_agent
from tigeuph.decisions import BuildingChoice, Revolt, War, WonderPoint
from tigeuph.stats import mean_interval, t_quantile, wilson
from tigeuph.tools.simulate import (
    METRICS,
    GameTally,
    Report,
    main,
    metrics,
    play_game,
    plot,
    seat_agents,
    simulate,
)
from tigeuph.tools.warm import warm_up

EVERYTHING = tigeuph.Rules(buildings=True, wonder=True, english_reinforcement=True)


@pytest.fixture(scope="module")
def report() -> Report:
    """A small run: the baseline, buildings and wonder together, open scoring; two counts."""
    rule_sets = [tigeuph.Rules(), tigeuph.Rules(buildings=True, wonder=True)]
    rule_sets.append(tigeuph.Rules(open_scoring=True))
    return simulate(rule_sets, games=4, players=(2, 3), seed=11, agents=[BUILDER])


BUILDER = "random:weighted=true"


def tally_from_states(rules: tigeuph.Rules, seed: int, agent: str) -> GameTally:
    """The game play_game plays, counted from the states it goes through, not its actions."""
    game = tigeuph.play([make_agent(agent)] * rules.players, rules=rules, seed=seed)
    actions, turns = 0, 1
    revolts = wars = buildings = wonder_points = 0
    for before, state in zip(game.states, game.states[1:], strict=False):
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
        agents=(agent,) * rules.players,
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


@pytest.mark.parametrize(("seed", "agent"), [(1, "random"), (4, BUILDER), (5, BUILDER)])
def test_counts_agree_with_the_states_the_game_goes_through(seed: int, agent: str) -> None:
    """Each event counted from the actions shows in the states: conflicts, builds, points."""
    rules = tigeuph.Rules(players=2, buildings=True, wonder=True)
    assert play_game(rules, seed, [agent]) == tally_from_states(rules, seed, agent)


def test_a_game_is_tigeuph_play_with_the_seats_agents() -> None:
    """Game *i* is ``tigeuph.play`` of the seats' agents from seed *i*: the same game."""
    game = tigeuph.play([make_agent("greedy"), make_agent("random")], seed=8)
    tally = play_game(tigeuph.Rules(players=2), 8, ["greedy", "random"])
    result = tigeuph.outcome(game.state)
    assert result is not None
    assert (tally.actions, tally.winners, tally.agents) == (
        len(game.actions),
        result.winners,
        ("greedy", "random"),
    )
    assert tally.scores == tuple(r.score for r in result.results)
    assert tally.margin == sorted(tally.scores)[-1] - sorted(tally.scores)[-2]
    assert seat_agents(["greedy", "random"], 3) == ("greedy", "random", "greedy")


def test_same_seed_same_report_on_one_or_two_processes(report: Report) -> None:
    """The report depends on the seed only, not on how many processes played the games."""
    rule_sets = [tigeuph.Rules(), tigeuph.Rules(buildings=True, wonder=True)]
    rule_sets.append(tigeuph.Rules(open_scoring=True))
    again = simulate(rule_sets, games=4, players=(2, 3), seed=11, agents=[BUILDER], jobs=2)
    assert again == report
    assert again.table() == report.table()


def test_a_pool_is_forked_after_the_engine_is_warmed(monkeypatch: pytest.MonkeyPatch) -> None:
    """With several processes the engine's tables are built once before the workers fork; a
    run in this process plays without the extra warm-up."""
    run = importlib.import_module("tigeuph.tools.simulate.run")
    warmed: list[int] = []
    monkeypatch.setattr(run, "warm_up", lambda: warmed.append(warm_up(1)))
    simulate([tigeuph.Rules()], games=2, players=2, jobs=1)
    assert warmed == []
    simulate([tigeuph.Rules()], games=2, players=2, jobs=2)
    assert len(warmed) == 1 and warmed[0] > 0


def test_a_dask_cluster_gives_the_same_report() -> None:
    """On a Dask LocalCluster of two worker processes the same seeds give the same report."""
    distributed: Any = importlib.import_module("dask.distributed")  # the test extra has dask
    rule_sets = [tigeuph.Rules(), tigeuph.Rules(wonder=True)]
    local = simulate(rule_sets, games=3, players=2, seed=5)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        done: list[int] = []
        on_dask = simulate(
            rule_sets,
            games=3,
            players=2,
            seed=5,
            dask=cluster.scheduler_address,
            on_progress=done.append,
        )
    assert on_dask == local
    assert sum(done) == 6


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
            assert (difference.estimate, difference.half_width) == (0, 0)
            assert not difference.excludes_zero


def test_a_difference_is_paired_by_seed_with_a_t_interval(report: Report) -> None:
    """A compared rule set's difference is the mean of its per-seed differences from the
    baseline, with Student's t interval (3 degrees of freedom for 4 games, not 1.96)."""
    base, both, _ = report.group(3)
    diffs = [b - a for a, b in zip(base.values("actions"), both.values("actions"), strict=True)]
    found = report.difference(both, "actions")
    assert found == mean_interval(diffs)
    sd = math.sqrt(sum((d - found.estimate) ** 2 for d in diffs) / 3)
    assert math.isclose(found.half_width, t_quantile(3) * sd / 2)


def test_shares_have_wilson_intervals_and_means_t_intervals(report: Report) -> None:
    """A share's interval is Wilson's on the games' count; a mean's is Student's t."""
    result = report.baseline(2)
    wins = sum(result.values("wins_seat_0"))
    assert result.interval("wins_seat_0") == wilson(wins, 4)
    assert result.interval("actions") == mean_interval(result.values("actions"))
    low, high = result.interval("end_bag").low, result.interval("end_bag").high
    assert 0 <= low <= high <= 1


def test_the_table_says_what_changed_and_what_did_not(report: Report) -> None:
    """Each block ends with the significant changes and those the games cannot tell apart."""
    table = report.table()
    assert table.count("Changed (95%): ") == 2
    assert table.count("Not significant at 95%") == 2
    for line in table.splitlines():
        if line.startswith("Changed (95%): ") and line != "Changed (95%): nothing":
            for part in line.removeprefix("Changed (95%): ").split("; "):
                label, _, rest = part.partition(": ")
                assert label in {"+buildings+wonder", "+open_scoring"}, part
                assert rest


def test_every_game_becomes_a_row(report: Report, tmp_path: Path) -> None:
    """CSV and JSON lines hold one row per game with its rule set, seed, agents and figures."""
    rows = list(report.rows())
    assert len(rows) == sum(len(r.games) for r in report.results)
    assert rows[0]["rule_set"] == "standard" and rows[0]["seed"] == 11
    path = tmp_path / "games.csv"
    main(["--games", "2", "--players", "2", "--variant", "wonder", "--quiet", "--csv", str(path)])
    with path.open() as f:
        read = list(csv.DictReader(f))
    assert [r["rule_set"] for r in read] == ["standard"] * 2 + ["+wonder"] * 2
    assert {r["agents"] for r in read} == {"random random"}
    lines = tmp_path / "games.jsonl"
    main(
        ["--games", "1", "--players", "3", "--variant", "wonder", "--quiet", "--jsonl", str(lines)]
    )
    parsed = [json.loads(line) for line in lines.read_text().splitlines()]
    assert [p["players"] for p in parsed] == [3, 3] and parsed[1]["switches"] == "wonder"


def test_plot_draws_a_png(report: Report, tmp_path: Path) -> None:
    """--plot writes a PNG image of the comparison."""
    path = tmp_path / "comparison.png"
    plot(report, path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert path.stat().st_size > 20_000


def test_the_agents_play_every_seat_in_turn(report: Report) -> None:
    """Agents given for the first seats repeat; greedy players are one command away."""
    found = simulate([tigeuph.Rules(), tigeuph.Rules(wonder=True)], 1, 2, agents=["greedy"])
    assert found.agents == ("greedy",)
    assert all(t.agents == ("greedy", "greedy") for r in found.results for t in r.games)
    assert report.agents == (BUILDER,)


def test_simulate_refuses_bad_arguments() -> None:
    """Bad counts, policies or rules raise ValueError before any game is played."""
    with pytest.raises(ValueError, match="at least one rule set"):
        simulate([], games=1)
    with pytest.raises(ValueError, match="games"):
        simulate([tigeuph.Rules()], games=0)
    with pytest.raises(ValueError, match="players"):
        simulate([tigeuph.Rules()], games=1, players=(2, 5))
    with pytest.raises(tigeuph.TigeuphError, match="towers"):
        simulate([tigeuph.Rules()], games=1, agents=["towers"])
    with pytest.raises(ValueError, match="disagrees"):
        simulate({"two": tigeuph.Rules(players=2)}, games=1, players=3)


def test_cli_prints_every_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    """By default the baseline and each switch alone, every metric, then the timing."""
    main(["--games", "2", "--players", "2", "--quiet"])
    out = capsys.readouterr().out
    header = out.splitlines()[1].split()
    assert header == ["standard", *(f"+{name}" for name in tigeuph.SWITCHES)]
    for metric in metrics(2):
        assert metric.heading in out
    assert "10 games in" in out


def test_cli_json_with_a_variant_and_every_switch(capsys: pytest.CaptureFixture[str]) -> None:
    """--variant adds a combination, --every-switch each switch alone, --base to them all."""
    argv = ["--games", "2", "--players", "2", "--board", "advanced", "--base", "open-scoring"]
    main([*argv, "--variant", "buildings,wonder", "--every-switch", "--json", "--quiet"])
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
    main(["--games", "1", "--players", "2", "--board", str(board), "--variant", "wonder", "-q"])
    assert "baseline: delta" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "--games: must be 1 or more"),
        (["--jobs", "x"], "--jobs: not a whole number"),
        (["--players", "5"], "--players: invalid choice"),
        (["--players", "3", "3"], "given twice"),
        (["--agents", "towers"], "--agents: "),
        (["--dask", "--jobs", "2"], "--dask and --jobs"),
        (["--variant", "buildings,towers"], "unknown switch 'towers'"),
        (["--board", "no/such/board.txt"], "--board:"),
        (["--base", ",".join(tigeuph.SWITCHES)], "nothing to compare"),
        (["--base", "wonder", "--variant", "wonder"], "already on in the baseline"),
    ],
)
def test_cli_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each bad argument is one line on standard error (exit status 2) saying what is wrong."""
    with pytest.raises(SystemExit) as exit_info:
        main([*argv, "--quiet"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_every_metric_is_reported() -> None:
    """metrics() lists each game figure once, and each seat of the count."""
    names = [m.name for m in metrics(4)]
    assert len(names) == len(set(names)) == len(METRICS) + 4
