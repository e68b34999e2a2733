"""The one simulator on Babel (``tigeuph simulate --game babel``): the same code as the main
game's, through the game interface and Babel's measures."""

from __future__ import annotations

import csv
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tigeuph
from tigeuph import cli
from tigeuph.agents import make_agent
from tigeuph.tools.simulate import Report, main, metrics, play_game, plot, simulate


@pytest.fixture(scope="module")
def report() -> Report:
    """Greedy against random play, seats rotated: 4 deals, 8 games."""
    return simulate([None], games=4, players=2, seed=3, agents=["greedy", "random"], game="babel")


def test_a_game_is_tigeuph_play_of_babel_with_the_seats_agents() -> None:
    """Game *i* is ``tigeuph.play(..., game="babel")`` from seed *i*: the same game, tallied
    from its record: its length, ending, scores, winners, turns and actions of each kind."""
    record = tigeuph.play(
        [make_agent("greedy", game="babel"), make_agent("random", game="babel")],
        game="babel",
        seed=8,
    )
    tally = play_game(None, 8, ["greedy", "random"], game="babel")
    babel = tigeuph.GAMES["babel"]
    assert (tally.actions, tally.scores, tally.winners, tally.game) == (
        len(record.actions),
        babel.scores(record.state),
        babel.winners(record.state),
        "babel",
    )
    assert record.state.end is not None and tally.end == record.state.end.value
    assert tally.turns == record.state.turn
    kinds = [type(action).__name__ for action in record.actions]
    assert sum(n for _, n in tally.counts) == len(kinds)
    assert tally.count("EndTurn") == kinds.count("EndTurn") > 0


@pytest.mark.slow
def test_same_seed_same_report_on_one_or_two_processes(report: Report) -> None:
    """Two processes play the same games as one."""
    again = simulate([None], 4, 2, seed=3, agents=["greedy", "random"], jobs=2, game="babel")
    assert again == report


@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_report(report: Report) -> None:
    """A Dask cluster plays the same games too."""
    distributed: Any = importlib.import_module("dask.distributed")  # the test extra has dask
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_dask = simulate(
            [None],
            4,
            2,
            seed=3,
            agents=["greedy", "random"],
            dask=cluster.scheduler_address,
            game="babel",
        )
    assert on_dask == report


def test_babels_figures_and_the_seats_against_the_agents(report: Report) -> None:
    """Each game ends by score or at the last card; the wins split between the seats and
    between the agents, each agent having sat in each seat; greedy play beats random play."""
    (result,) = report.results
    assert result.players == 2 and result.game == "babel" and result.balanced
    assert len(result.games) == 8
    assert result.mean("end_score") + result.mean("end_deck") == pytest.approx(1)
    assert result.mean("wins_seat_0") + result.mean("wins_seat_1") == pytest.approx(1)
    wins = result.agent_wins()
    assert wins["greedy"].estimate > wins["random"].estimate
    assert [m.name for m in metrics(2, "babel")][:4] == [
        "actions",
        "turns",
        "end_score",
        "end_deck",
    ]
    assert result.coverage() == {} and result.warnings() == []
    table = report.table()
    assert "ended at the last temple card (%)" in table and "EndTurn actions" in table
    assert "wins by agent (fair 50.0% a seat): greedy" in table


@pytest.mark.slow
def test_the_command_line_simulates_babel(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """tigeuph simulate --game babel prints the table, writes rows, JSON and a plot."""
    rows, picture = tmp_path / "babel.csv", tmp_path / "babel.png"
    argv = ["simulate", "--game", "babel", "--games", "3", "-q", "--seed", "0", "--csv", str(rows)]
    assert cli.main([*argv, "--plot", str(picture)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 players, 3 games per rule set: 3 deals (seeds 0-2); agents random")
    assert "won by seat 1 (%)" in out
    with rows.open(encoding="utf-8") as found:
        read = list(csv.DictReader(found))
    assert len(read) == 3 and {r["end"] for r in read} <= {"score", "deck"}
    assert read[0]["board"] == "" and int(read[0]["EndTurn"]) > 0
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert main(["--game", "babel", "--games", "2", "-q", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["label"] for r in data["results"]] == ["standard"]
    assert data["results"][0]["differences"] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "wonder"], "Babel has no variants"),
        (["--board", "advanced"], "Babel has no variants"),
        (["--players", "3"], "--players: invalid choice: 3 (choose from 2)"),
        (["--agents", "towers"], "--agents: "),
    ],
)
def test_the_command_line_refuses_what_babel_lacks(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Variants, boards and a third player are refused in one line (exit status 2)."""
    with pytest.raises(SystemExit) as exit_info:
        main(["--game", "babel", *argv, "--quiet"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


@pytest.mark.slow
def test_plot_draws_babel(report: Report, tmp_path: Path) -> None:
    """The plot draws a Babel report as it draws the main game's."""
    path = tmp_path / "babel.svg"
    plot(report, path)
    assert path.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_the_simulator_runs_as_a_module_for_babel() -> None:
    """python -m tigeuph.tools.simulate --game babel is the same simulator."""
    done = subprocess.run(
        [sys.executable, "-m", "tigeuph.tools.simulate", "--game", "babel", "--games", "1", "-q"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("2 players, 1 games per rule set")
