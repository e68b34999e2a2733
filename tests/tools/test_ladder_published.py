"""The published ladder (docs/agents.rst, issue 41): its results file and the summary the
simulator quotes tell the same ladders, the table is rated from the games the file keeps, and
the games are records ``tigeuph verify`` checks against the deal book."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest
from helpers.paths import ROOT

from tigeuph.cli import main
from tigeuph.tools.ladder import BOOK_GAMES, Ladder, book_seed, published, read_results

RESULTS: Final = ROOT / "benchmarks" / "results" / "ladder.json.gz"


@pytest.fixture(scope="module")
def ladders() -> dict[str, Ladder]:
    return read_results(RESULTS)


def test_the_summary_is_the_results_file_without_its_games(ladders: dict[str, Ladder]) -> None:
    """Every game and player count of the deal book is published, and the summary shipped in
    the package (what ``simulate`` quotes) holds the results file's players, ratings and
    verdicts."""
    assert set(ladders) == {f"{g}-{n}" for g, counts in BOOK_GAMES.items() for n in counts}

    def told(ladder: Ladder) -> object:
        verdicts = [
            (m.low, m.high, m.decision, m.deals, m.stalled, pytest.approx(m.seconds_per_game))
            for m in ladder.matches
        ]
        return ladder.entrants, ladder.ratings, verdicts, ladder.stalled

    assert {k: told(v) for k, v in ladders.items()} == {k: told(v) for k, v in published().items()}


def test_the_ratings_are_those_of_the_games_kept(ladders: dict[str, Ladder]) -> None:
    """Rating the file's games again gives its table: nothing in it was written by hand."""
    for key, ladder in ladders.items():
        again = Ladder.rated(
            ladder.game, ladder.players, ladder.test, ladder.limit, ladder.entrants,
            ladder.matches, ladder.placed,
        )  # fmt: skip
        # Another Python's floating point may differ in the last digits of an interval.
        assert [(r.player, r.games) for r in again.ratings] == [
            (r.player, r.games) for r in ladder.ratings
        ], key
        numbers = [(r.elo, r.low, r.high) for r in ladder.ratings]
        assert [(r.elo, r.low, r.high) for r in again.ratings] == [
            pytest.approx(n, rel=1e-9) for n in numbers
        ], key


@pytest.mark.slow
def test_a_game_of_every_match_verifies(
    ladders: dict[str, Ladder], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first game of each match is a record ``tigeuph verify`` replays and whose deal it
    checks against the book's seed."""
    for key, ladder in ladders.items():
        for match in ladder.matches:
            game = match.games[0]
            assert game.seed == book_seed(ladder.game, ladder.players, game.deal), key
            path = tmp_path / f"{key}-{match.low}-{match.high}.txt"
            path.write_text(game.record, encoding="utf-8")
            assert main(["verify", str(path)]) == 0, (key, match.low, match.high)
    capsys.readouterr()
