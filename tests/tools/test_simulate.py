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

import attrs
import pytest
from helpers.paths import EXAMPLE_BOARDS

import tigeuph
from tigeuph.agents import make_agent
from tigeuph.core.stats import mean_interval, t_quantile, wilson
from tigeuph.tigris.model.decisions import BuildingChoice, Conflict, Revolt, War, WonderPoint
from tigeuph.tools.simulate import (
    METRICS,
    GameTally,
    Report,
    RuleSetResult,
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
    revolts = wars = buildings = wonder_points = doubled = limits = 0
    for before, action, state in zip(game.states, game.actions, game.states[1:], strict=False):
        if isinstance(action, tigeuph.PlaceTile) and any(c is not None for c in before.buildings):
            # The same tile with every building in supply: one point less when it was doubled.
            plain = tigeuph.apply(attrs.evolve(before, buildings=(None,) * 4), action)
            doubled += _gained(before, state, action.colour) - _gained(before, plain, action.colour)
        if isinstance(before.pending, Conflict) and rules.english_reinforcement:
            held = before.hands[before.pending.player][before.pending.colour]
            limits += len(tigeuph.legal_actions(before)) < held + 1
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
        end=result.end.value,
        scores=tuple(r.score for r in result.results),
        winners=result.winners,
        counts=(
            ("revolts", revolts),
            ("wars", wars),
            ("monuments", len(state.monuments)),
            ("buildings", buildings),
            ("doubled_points", doubled),
            ("english_limits", limits),
            ("wonders", int(state.wonder is not None)),
            ("wonder_points", wonder_points),
            ("catastrophes", sum(2 - n for n in state.catastrophe_tiles)),
            ("treasures", sum(state.treasures_taken)),
        ),
    )


def _gained(before: tigeuph.GameState, after: tigeuph.GameState, colour: int) -> int:
    """Points of *colour* scored by every player between two states."""
    return sum(p[colour] for p in after.points) - sum(p[colour] for p in before.points)


@pytest.mark.parametrize(
    ("seed", "agent", "english"),
    [(1, "random", False), (4, BUILDER, False), (5, BUILDER, False), (6, BUILDER, True)],
)
@pytest.mark.slow
def test_counts_agree_with_the_states_the_game_goes_through(
    seed: int, agent: str, english: bool
) -> None:
    """Each event counted from the actions shows in the states: conflicts, builds, points
    doubled by buildings, supports cut by English reinforcement."""
    rules = tigeuph.Rules(players=2, buildings=True, wonder=True, english_reinforcement=english)
    assert play_game(rules, seed, [agent]) == tally_from_states(rules, seed, agent)


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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
            assert 0 <= t.count("wonders") <= 1
            if not result.rules.buildings:
                assert t.count("buildings") == 0
            if not result.rules.wonder:
                assert t.count("wonders") == t.count("wonder_points") == 0
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


@pytest.mark.slow
def test_plot_draws_a_png(report: Report, tmp_path: Path) -> None:
    """--plot writes a PNG image of the comparison."""
    path = tmp_path / "comparison.png"
    plot(report, path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert path.stat().st_size > 20_000


@pytest.mark.slow
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
    board = EXAMPLE_BOARDS / "delta.txt"
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


# --- Experiments that cannot mislead (issue 23) -------------------------------------------------

MIXED = ["random:weighted=true", "random"]


@pytest.fixture(scope="module")
def mixed() -> Report:
    """Two kinds of agent in three seats, baseline against the wonder: seats rotated."""
    return simulate([tigeuph.Rules(), tigeuph.Rules(wonder=True)], 4, 3, seed=7, agents=MIXED)


@pytest.mark.slow
def test_mixed_agents_play_every_deal_once_per_rotation_of_the_seats(mixed: Report) -> None:
    """Each deal is played three times with three players, each agent in each seat equally
    often, the same seatings under every rule set."""
    for result in mixed.results:
        assert len(result.games) == 4 * 3
        assert result.balanced
        seatings = {(t.seed, t.rotation): t.agents for t in result.games}
        assert len(seatings) == 12
        for seed in range(7, 11):
            seats = [seatings[seed, r] for r in range(3)]
            for seat in range(3):  # over a deal's three games, the seat holds each agent
                column = [s[seat] for s in seats]
                assert sorted(column) == sorted(seats[0])
    base, wonder = mixed.results
    assert [(t.seed, t.agents) for t in base.games] == [(t.seed, t.agents) for t in wonder.games]


def test_wins_by_agent_count_the_seats_each_agent_filled(mixed: Report) -> None:
    """An agent's share of wins is over the seats it filled, with its Wilson interval; the
    shares of the seats filled add up to the games."""
    result = mixed.results[0]
    wins = result.agent_wins()
    assert list(wins) == MIXED
    seats = {a: sum(t.agents.count(a) for t in result.games) for a in MIXED}
    assert seats == {MIXED[0]: 24, MIXED[1]: 12}
    for agent, interval in wins.items():
        won = sum(
            1 / len(t.winners)
            for t in result.games
            for seat, a in enumerate(t.agents)
            if a == agent and seat in t.winners
        )
        assert interval == wilson(won, seats[agent])
    assert sum(wins[a].estimate * seats[a] for a in MIXED) == pytest.approx(len(result.games))


def test_one_agent_everywhere_plays_each_deal_once(report: Report) -> None:
    """With the same agent in every seat a deal is played once: nothing to rotate."""
    for result in report.results:
        assert len(result.games) == 4 and all(t.rotation == 0 for t in result.games)
        assert result.balanced and list(result.agent_wins()) == [BUILDER]


@pytest.mark.slow
def test_a_seat_advantage_is_spoken_of_only_from_balanced_seats() -> None:
    """Games where one agent always sat first are not balanced: the report warns instead of
    reading the agent's strength as the first seat's advantage."""
    strong, weak = "random:weighted=true", "random"
    games = tuple(play_game(tigeuph.Rules(players=2), seed, [strong, weak]) for seed in range(6))
    lopsided = RuleSetResult("standard", tigeuph.Rules(players=2), games)
    assert not lopsided.balanced
    text = Report((lopsided,), 0, (strong, weak)).table()
    assert "the first player wins" not in text
    assert "say nothing about a seat's advantage" in text


def test_a_variant_that_hardly_came_into_play_is_said_to_say_nothing(mixed: Report) -> None:
    """The wonder is rarely built by random players: the text, the JSON and the result warn
    that the run says nothing about it, counting the games it came into play in."""
    wonder = mixed.results[1]
    built, of = wonder.coverage()["wonder"]
    assert of == 12 and built == sum(t.count("wonders") > 0 for t in wonder.games)
    if built < 0.05 * of:
        said = f"+wonder: the wonder was built in {built} of 12 games: this run says nothing"
        assert any(w.startswith(said) for w in wonder.warnings())
        assert said in mixed.table()
        found = mixed.to_json()["results"]
        assert isinstance(found, list)
        assert any(w.startswith(said) for w in found[1]["warnings"])
    assert mixed.results[0].coverage() == {}  # the baseline has no switch to cover


def test_coverage_warnings_follow_the_share_of_games() -> None:
    """A feature met in at least 5% of the games raises no warning; below, one per switch."""
    from tigeuph.tools.simulate.coverage import warnings

    def game(wonders: int, limits: int) -> GameTally:
        return GameTally(
            1,
            ("random",) * 2,
            10,
            5,
            "bag",
            (1, 0),
            (0,),
            counts=(("wonders", wonders), ("english_limits", limits)),
        )

    rules = tigeuph.Rules(players=2, wonder=True, english_reinforcement=True)
    some = [game(1, 0)] + [game(0, 0)] * 19  # the wonder in 1 of 20 games: 5%
    said = warnings("+both", rules, some)
    assert said == [
        "+both: English reinforcement's limit bound a commitment in 0 of 20 games: this run "
        "says nothing about English reinforcement"
    ]
    assert len(warnings("+both", rules, [game(0, 0)] * 21 + [game(1, 1)])) == 2


def test_stalled_games_are_counted_apart_and_scored_as_they_stood() -> None:
    """Players that only pass stall every game (spec D8): the simulator stops each one, keeps
    its score as it stood, counts it and warns, never an error."""
    found = simulate(
        [tigeuph.Rules(), tigeuph.Rules(wonder=True)], 2, 2, agents=["helpers.passers:Passer"]
    )
    for result in found.results:
        assert result.stalled == 2
        assert all(t.stalled and t.end is None for t in result.games)
        assert result.interval("stalled").estimate == 1.0
        assert any("2 of 2 games did not end" in w for w in result.warnings())
    assert found.to_json()["results"][0]["stalled"] == 2  # type: ignore[index]


def test_the_json_report_is_version_3_with_agents_stalls_and_warnings(mixed: Report) -> None:
    """Each result carries agent_wins (spec -> mean, low, high), stalled and warnings."""
    data = mixed.to_json()
    assert data["version"] == 3
    results = data["results"]
    assert isinstance(results, list)
    for entry, result in zip(results, mixed.results, strict=True):
        assert set(entry["agent_wins"]) == set(MIXED)
        for agent, interval in result.agent_wins().items():
            assert entry["agent_wins"][agent]["mean"] == interval.estimate
        assert entry["stalled"] == result.stalled
        assert entry["warnings"] == result.warnings()
        assert entry["balanced"] is True
    assert results[1]["coverage"]["wonder"]["of"] == 12


def test_cli_rotates_mixed_agents_and_reports_wins_by_agent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The command line with two agents: three seatings a deal, wins by agent in the text, and
    a warning for the wonder that a random player and one that passes never build."""
    agents = "random,helpers.passers:Passer"
    main(
        [
            "--agents",
            agents,
            "--games",
            "2",
            "--players",
            "3",
            "--variant",
            "wonder",
            "-q",
            "--seed",
            "0",
        ]
    )
    out = capsys.readouterr().out
    assert "6 games per rule set: 2 deals (seeds 0-1) x 3 rotations of the seats" in out
    assert "+wonder: wins by agent (fair 33.3% a seat): random " in out
    assert "12 games in" in out
    said = "+wonder: the wonder was built in 0 of 6 games: this run says nothing about the wonder"
    assert f"Warnings:\n  {said}" in out


def test_without_a_seed_the_deals_are_secure_and_the_report_keeps_the_first() -> None:
    """simulate() without a seed draws the first deal from 63 secure bits (0, 1, 2... could be
    tried by a bot), keeps it in the report, and the same seed given back replays the games."""
    first = simulate([tigeuph.Rules()], games=2, players=2)
    second = simulate([tigeuph.Rules()], games=2, players=2)
    assert first.seed != second.seed and min(first.seed, second.seed) >= 2**20
    assert sorted({t.seed for t in first.results[0].games}) == [first.seed, first.seed + 1]
    assert simulate([tigeuph.Rules()], games=2, players=2, seed=first.seed) == first


def test_cli_help_says_95_percent_once() -> None:
    """The description's percent sign prints as one (argparse does not format descriptions)."""
    from tigeuph.tools.simulate.cli import _parser

    text = _parser("tigeuph simulate").format_help()
    assert "95% intervals" in text and "%%" not in text


@pytest.mark.slow
def test_the_plot_writes_the_warnings_and_wins_by_agent(mixed: Report, tmp_path: Path) -> None:
    """With mixed agents the picture has a panel of wins by agent; warnings are written on it
    (an SVG keeps its text)."""
    path = tmp_path / "mixed.svg"
    plot(mixed, path)
    svg = path.read_text(encoding="utf-8")
    assert "wins by agent" in svg
    for warning in mixed.results[1].warnings():
        assert warning.split(":")[1].strip()[:20] in svg
