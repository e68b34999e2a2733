"""``tigeuph ladder`` through the command line and the public API (issue 41): a tiny real
ladder whose records verify, resumed without playing again, a bot program placed on it, the
cheating rung's games, and the simulator quoting the ladder on a rung."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from helpers.paths import HELPERS

from tigeuph.cli import main
from tigeuph.tools.ladder import (
    H0,
    H1,
    DealTask,
    Player,
    deal_book,
    play_deal,
    read_results,
    rung_note,
    seatings,
)

pytestmark = pytest.mark.slow

PASSER = "external:" + shlex.join([sys.executable, str(HELPERS / "misbehaving_bot.py"), "well"])
"""A bot program that always plays its first legal action: in the main game, it passes."""


@pytest.fixture(scope="module")
def ladder_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ladder of random and greedy at 2 players, five deals at most, run by the command."""
    folder = tmp_path_factory.mktemp("ladder")
    status = main(
        [
            "ladder", "--game", "tigris", "--players", "2", "--rungs", "random,greedy",
            "--max-deals", "5", "--results", str(folder / "ladder.json"),
            "--summary", str(folder / "summary.json"), "--plot", str(folder / "ladder.png"),
            "--jobs", "2", "-q",
        ]
    )  # fmt: skip
    assert status == 0
    return folder / "ladder.json"


def test_a_ladder_run_settles_greedy_above_random_and_rates_them(ladder_file: Path) -> None:
    """Greedy is found stronger by the test, rated above random, every game on the book's
    deals in both seatings."""
    ladder = read_results(ladder_file)["tigris-2"]
    (match,) = ladder.matches
    assert (match.low, match.high, match.decision.verdict) == ("random", "greedy", H1)
    assert len(match.games) == match.deals * len(seatings(2))
    assert [g.seed for g in match.games[::2]] == list(deal_book("tigris", 2)[: match.deals])
    assert {g.seats for g in match.games} == {("random", "greedy"), ("greedy", "random")}
    greedy, random_ = ladder.rating("greedy"), ladder.rating("random")
    assert greedy is not None and random_ is not None
    assert greedy.elo == 0 and random_.high < 0
    assert (ladder_file.parent / "ladder.png").stat().st_size > 1000
    summary = json.loads((ladder_file.parent / "summary.json").read_text(encoding="utf-8"))
    assert "games" not in summary["ladders"]["tigris-2"]["matches"][0]


def test_every_ladder_game_is_a_record_tigeuph_verify_checks(
    ladder_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ladder game's record replays from its seed and matches its deal commitment."""
    ladder = read_results(ladder_file)["tigris-2"]
    record = tmp_path / "game.txt"
    record.write_text(ladder.games[-1].record, encoding="utf-8")
    assert main(["verify", str(record)]) == 0
    assert "each legal, replayed from the seed's deal" in capsys.readouterr().out


def test_a_ladder_in_its_file_is_resumed_not_played_again(
    ladder_file: Path, tmp_path: Path
) -> None:
    """Run again on its results file, the ladder plays nothing and says the same."""
    copy = tmp_path / "again.json"
    copy.write_bytes(ladder_file.read_bytes())
    before = read_results(copy)["tigris-2"]
    status = main(
        ["ladder", "--players", "2", "--rungs", "random,greedy", "--max-deals", "5",
         "--results", str(copy), "-q"]
    )  # fmt: skip
    assert status == 0
    after = read_results(copy)["tigris-2"]
    assert after.games == before.games and after.ratings == before.ratings
    assert not Path(str(copy) + ".journal").exists()


def test_a_bot_program_is_placed_on_the_ladder_without_replaying_it(
    ladder_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A passing bot, placed by --place, loses its match with the bottom rung, stops climbing
    and is rated below it, the rungs' games kept as they were."""
    out = tmp_path / "placed.json"
    status = main(
        ["ladder", "--place", PASSER, "--results", str(ladder_file), "--out", str(out), "-q"]
    )
    assert status == 0
    assert PASSER in capsys.readouterr().out
    published = read_results(ladder_file)["tigris-2"]
    placed = read_results(out)["tigris-2"]
    assert placed.placed == (PASSER,)
    assert placed.matches[0] == published.matches[0]
    (match,) = placed.matches[1:]
    assert (match.low, match.high, match.decision.verdict) == ("random", PASSER, H0)
    bot, random_ = placed.rating(PASSER), placed.rating("random")
    assert bot is not None and random_ is not None and bot.elo < random_.elo
    # Placed again on the ladder that rates it, nothing is played and the file is unchanged.
    again = tmp_path / "again.json"
    argv = ["ladder", "--place", PASSER, "--results", str(out), "--out", str(again), "-q"]
    assert main(argv) == 0
    assert read_results(again) == read_results(out)
    # The ladder's own command run again on that file resumes it: the placed player stays.
    argv = ["ladder", "--players", "2", "--rungs", "random,greedy", "--max-deals", "5", "-q"]
    assert main([*argv, "--results", str(again)]) == 0
    assert read_results(again) == read_results(out)


def test_a_cheating_rung_plays_the_ladder_s_games_and_they_verify(tmp_path: Path) -> None:
    """The cheating search, seated by the ladder, plays a whole deal; its records verify."""
    cheat = Player("cheat-8", "mcts:iterations=8", cheat=True)
    task = DealTask("babel", 2, (Player("random", "random"), cheat), 0, deal_book("babel", 2)[0])
    games = play_deal(task)
    assert [g.seats for g in games] == [("random", "cheat-8"), ("cheat-8", "random")]
    record = tmp_path / "cheat.txt"
    record.write_text(games[0].record, encoding="utf-8")
    assert main(["verify", str(record)]) == 0


def test_the_simulator_takes_a_rung_and_quotes_the_ladder(
    ladder_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``simulate --agents`` plays rungs by name and says what the ladder says of them."""
    status = main(
        ["simulate", "--agents", "greedy,random", "--players", "2", "--games", "1",
         "--ladder", str(ladder_file), "-q"]
    )  # fmt: skip
    assert status == 0
    out = capsys.readouterr().out
    note = rung_note("random", "tigris", 2, read_results(ladder_file))
    assert note in out and "rating points below greedy at 2 players" in note
    assert "not on the published ladder for tigris at 3 players" in rung_note(
        "search-300", "tigris", 3, {}
    )
