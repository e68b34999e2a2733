"""Tournaments and the arena command (issue 12)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import EXAMPLE_BOARDS

from tigeuph import Game, Rules, board_from_text
from tigeuph.agents.tournament import (
    GameResult,
    elo_ratings,
    lineups,
    read_records,
    standings,
    tournament,
)
from tigeuph.core.stats import wilson
from tigeuph.tools.arena import main


def test_wilson_matches_known_intervals() -> None:
    """The Wilson interval of 7 in 10 is about 39.7%-89.2%, and of 0 in 20 0%-16.1%."""
    seven = wilson(7, 10)
    assert [round(x, 3) for x in (seven.low, seven.high)] == [0.397, 0.892]
    none = wilson(0, 20)
    assert [round(x, 3) for x in (none.low, none.high)] == [0.0, 0.161]
    half = wilson(50, 100)
    assert half.low < 0.5 < half.high and abs((half.low + half.high) / 2 - 0.5) < 1e-12


def test_lineups_rotate_every_seat_on_each_deal() -> None:
    """Each block plays one deal once per rotation, so each agent plays each seat."""
    games = list(lineups(2, 3, 2, seed=5))
    assert [g[0] for g in games] == [5, 5, 5, 6, 6, 6]
    assert games[:3] == [(5, 0, 1, 0), (5, 1, 0, 0), (5, 0, 0, 1)]


def _result(seats: tuple[int, ...], ranks: tuple[int, ...]) -> GameResult:
    firsts = [i for i, r in enumerate(ranks) if r == 1]
    shares = tuple(1 / len(firsts) if i in firsts else 0.0 for i in range(len(seats)))
    return GameResult(0, seats, shares, ranks, (1.0,) * len(seats), (2,) * len(seats), "")


def test_ratings_order_the_agents_by_results() -> None:
    """An agent that wins more rates higher; equal records rate equal; the mean is 1500."""
    games = [_result((0, 1), (1, 2))] * 6 + [_result((1, 0), (1, 2))] * 2
    strong, weak = elo_ratings(games, 2)
    assert strong > 1500 > weak and abs((strong + weak) / 2 - 1500) < 1e-6
    even = elo_ratings([_result((0, 1), (1, 2)), _result((0, 1), (2, 1))], 2)
    assert abs(even[0] - even[1]) < 1e-6


def test_standings_count_seats_shares_and_time() -> None:
    """Win rates are shares of first place over seats; a tie splits the win."""
    games = [_result((0, 1, 1), (1, 1, 3)), _result((1, 0, 1), (2, 1, 3))]
    a, b = standings(["a", "b"], games)
    assert (a.seats, a.wins, b.seats, b.wins) == (2, 1.5, 4, 0.5)
    assert a.win_rate == 0.75 and a.low < 0.75 < a.high
    assert a.seconds_per_move == 0.5


def test_a_tournament_plays_paired_games_and_keeps_records() -> None:
    """tournament rounds up to whole rotations; every record replays to its result."""
    results = tournament(["random", "random:weighted=true"], players=2, games=3, seed=7)
    assert [(r.seed, r.seats) for r in results] == [
        (7, (0, 1)),
        (7, (1, 0)),
        (8, (0, 1)),
        (8, (1, 0)),
    ]
    for r in results:
        game = Game.from_record(r.record)
        assert game.state.is_over and game.seed == r.seed
        assert game.tags["Player0"] == ["random", "random:weighted=true"][r.seats[0]]
        assert sum(r.shares) == pytest.approx(1.0)


def test_the_arena_prints_standings_and_writes_one_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The arena plays, prints each agent with its interval and rating, and writes records
    that read back and replay."""
    path = tmp_path / "games.txt"
    agents = "random:weighted=true,random"
    code = main(["--agents", agents, "--games", "2", "--seed", "3", "--records", str(path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "random:weighted=true " in out and "\nrandom " in out
    assert "95% interval" in out and "Elo" in out
    games = read_records(path.read_text())
    assert len(games) == 2 and all(g.state.is_over for g in games)
    assert [g.seed for g in games] == [3, 3]
    assert [g.tags["Player0"] for g in games] == ["random:weighted=true", "random"]


def test_the_arena_writes_a_directory_with_variants_on_two_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--records DIR/ writes a file per game; --variant switches rules on; --jobs plays in
    processes with the same results."""
    folder = tmp_path / "games"
    argv = ["--agents", "random,random:weighted=true", "--players", "3", "--games", "3"]
    argv += ["--seed", "11"]
    argv += ["--variant", "buildings,wonder", "--jobs", "2", "--records", f"{folder}/"]
    assert main(argv) == 0
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-0001.txt", "game-0002.txt", "game-0003.txt"]
    game = Game.from_record(files[0].read_text())
    assert game.start.rules.buildings and game.start.rules.wonder and game.start.players == 3
    serial = tournament(
        ["random", "random:weighted=true"],
        players=3,
        games=3,
        seed=11,
        rules=game.start.rules,
    )
    assert [r.record for r in serial] == [f.read_text() for f in files]
    capsys.readouterr()


def test_without_a_seed_the_deals_are_secure_and_the_seed_printed_replays_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No --seed: the first deal is 63 secure random bits (never 0, 1, 2... which a bot could
    try), printed at the end, and --seed with it plays the same games again."""
    seeds, texts = [], []
    for run in range(2):
        path = tmp_path / f"run{run}.txt"
        assert (
            main(["--agents", "random,random", "--games", "2", "-q", "--records", str(path)]) == 0
        )
        seeds.append(int(capsys.readouterr().out.rsplit("seeds from ", 1)[1].split()[0]))
        texts.append(path.read_text())
    assert seeds[0] != seeds[1] and all(seed >= 2**20 for seed in seeds)
    again = tmp_path / "again.txt"
    argv = ["--agents", "random,random", "--games", "2", "-q", "--seed", str(seeds[0])]
    assert main([*argv, "--records", str(again)]) == 0
    assert [g.actions for g in read_records(again.read_text())] == [
        g.actions for g in read_records(texts[0])
    ]
    assert {g.seed for g in read_records(texts[1])} == {seeds[1]}


def test_a_tournament_without_a_seed_deals_secure_seeds() -> None:
    """tournament() draws its first deal from the secure source when given no seed."""
    first = tournament(["random", "random"], players=2, games=2)
    second = tournament(["random", "random"], players=2, games=2)
    assert first[0].seed == first[1].seed != second[0].seed
    assert min(first[0].seed, second[0].seed) >= 2**20


def test_records_that_cannot_be_written_are_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--records on a full device exits 1 with one line naming the path and the reason."""
    assert main(["--agents", "random,random", "--games", "2", "-q", "--records", "/dev/full"]) == 1
    err = capsys.readouterr().err
    assert err.strip().splitlines() == ["error: --records /dev/full: No space left on device"]


@pytest.mark.slow
def test_an_agent_module_in_the_current_folder_is_found_as_python_m_finds_it(
    tmp_path: Path,
) -> None:
    """``tigeuph arena --agents mybots.weakest:make,random`` run beside ``mybots/`` finds it (the
    console script has no current folder on its path), in worker processes too; a module found
    nowhere is one line saying how to make it importable."""
    (tmp_path / "mybots").mkdir()
    (tmp_path / "mybots" / "__init__.py").write_text("")
    (tmp_path / "mybots" / "weakest.py").write_text(
        "from tigeuph.agents import RandomAgent\n\ndef make():\n    return RandomAgent()\n"
    )
    tigeuph = str(Path(sys.executable).with_name("tigeuph"))
    argv = [tigeuph, "arena", "-q", "--games", "4", "--seed", "1", "--jobs", "2"]
    found = subprocess.run(
        [*argv, "--agents", "mybots.weakest:make,random"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert found.returncode == 0, found.stderr
    assert "mybots.weakest:make" in found.stdout
    missing = subprocess.run(
        [*argv, "--agents", "yourbots.weakest:make,random"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert missing.returncode == 2
    assert "No module named 'yourbots'" in missing.stderr
    assert "run from the folder that holds it, or add that folder to PYTHONPATH" in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("agents", ["alphago,random", "mcts:iterations=zero,random"])
def test_a_bad_agent_is_a_usage_error(agents: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad agent specification exits 2 with one line naming it."""
    with pytest.raises(SystemExit) as info:
        main(["--agents", agents, "--games", "2"])
    assert info.value.code == 2
    assert agents.split(",")[0] in capsys.readouterr().err


def test_the_arena_names_the_cli_extra_when_rich_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without rich the arena stops with one line naming the cli extra."""
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    assert main(["--agents", "random,random", "--games", "2"]) == 1
    err = capsys.readouterr().err
    assert "tigeuph[cli]" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_agent_error_stops_the_arena_with_one_line(
    jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A misbehaving agent stops the arena, in a worker process too: exit 1, one line naming
    the seat."""
    argv = ["--agents", "helpers.agent_examples:Broken,random", "--games", "2", "--jobs", jobs]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "seat 0" in err and "broken on purpose" in err and len(err.strip().splitlines()) == 1


def test_agent_arguments_after_commas_stay_with_their_agent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """In --agents, name=value after a comma continues the agent before it: the bad argument
    is reported as part of the mcts specification."""
    with pytest.raises(SystemExit):
        main(["--agents", "mcts:iterations=2,bogus=1,random", "--games", "2"])
    assert "'mcts:iterations=2,bogus=1': mcts takes no 'bogus'" in capsys.readouterr().err


def test_a_stalled_game_is_ranked_as_it_stood_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two players that only pass stall every game (spec D8): the arena stops each one, ranks
    it as it stood, keeps its record (which says so) and counts it, never an error."""
    from tigeuph.agents.tournament import tournament

    results = tournament(["helpers.passers:Passer", "helpers.passers:Passer"], players=2, games=2)
    assert [r.stopped for r in results] == ["stalled", "stalled"]
    assert all(r.ranks == (1, 1) and r.shares == (0.5, 0.5) for r in results)
    assert Game.from_record(results[0].record).stopped is not None
    path = tmp_path / "games.txt"
    passers = "helpers.passers:Passer,helpers.passers:Passer"
    argv = ["--agents", passers, "--games", "2", "--records", str(path)]
    assert main(argv) == 0
    assert "2 of 2 games did not end" in capsys.readouterr().out
    games = read_records(path.read_text(encoding="utf-8"))
    assert [g.stopped is not None for g in games] == [True, True]


def test_a_tournament_plays_on_a_board_from_a_file() -> None:
    """Rules on a board read from a file are fitted to the tournament's player count, as the
    built-in boards' are."""
    boards = EXAMPLE_BOARDS
    delta = board_from_text((boards / "delta.txt").read_text("utf-8"), name="delta")
    results = tournament(["random", "random"], games=2, seed=3, rules=Rules(board=delta))
    assert len(results) == 2
    assert all(Game.from_record(r.record).state.rules.board == delta for r in results)


def test_the_standings_keep_their_columns_under_a_long_agent_name() -> None:
    """An external bot's command can be longer than the agent column: the columns widen."""
    from tigeuph.agents.tournament import AgentResult
    from tigeuph.tools.arena import table

    long = 'external:node examples/bots/bot.js --depth 3 --log "/tmp/some log"'
    rows = [
        AgentResult(long, 4, 1.0, 0.05, 0.7, 1450.0, 0.001),
        AgentResult("greedy", 4, 3.0, 0.3, 0.95, 1550.0, 0.002),
    ]
    lines = table(rows, players=2).splitlines()[:3]
    ends = [len(line) for line in lines]
    assert len(set(ends)) == 1  # every row as wide as the header: the columns line up
    assert lines[2].startswith(long)
