"""The ladder's statistics (issue 41): the sequential test's decisions on synthetic deals of
known strength, at about its stated error rates, and Bradley-Terry on a known tournament."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from tigeuph.core.errors import ArgumentError
from tigeuph.tools.ladder import (
    H0,
    H1,
    SPRT,
    Decision,
    Ladder,
    LadderGame,
    MatchResult,
    Outcome,
    Player,
    bradley_terry,
    expected_score,
    pairwise,
    read_results,
    write_results,
)


def _deals(elo: float, rng: random.Random) -> list[float]:
    """Deal scores of a player *elo* points stronger: each deal a pair of games, one in five
    drawn, the others won as often as makes the expected score the logistic's."""
    p = (expected_score(elo) - 0.1) / 0.8
    out = []
    for _ in range(400):
        games = [0.5 if rng.random() < 0.2 else float(rng.random() < p) for _ in range(2)]
        out.append(sum(games) / 2)
    return out


def _verdicts(elo: float, runs: int, seed: int) -> list[str | None]:
    rng = random.Random(seed)
    test = SPRT(alpha=0.05, beta=0.05, elo0=0, elo1=100)
    return [test.run(_deals(elo, rng)).verdict for _ in range(runs)]


def test_sprt_accepts_h0_between_equals_at_about_alpha() -> None:
    """Between equal players the test says 'stronger' in about alpha of its runs, or fewer."""
    verdicts = _verdicts(0.0, 300, seed=1)
    wrong = verdicts.count(H1) / len(verdicts)
    assert verdicts.count(H0) / len(verdicts) >= 0.9
    assert wrong <= 0.05 * 1.8  # alpha, with room for 300 runs' sampling error


def test_sprt_accepts_h1_at_elo1_at_about_one_minus_beta() -> None:
    """A player elo1 points stronger is found stronger in about 1 - beta of the runs."""
    verdicts = _verdicts(100.0, 300, seed=2)
    assert verdicts.count(H0) / len(verdicts) <= 0.05 * 1.8
    assert verdicts.count(H1) / len(verdicts) >= 0.9


def test_sprt_settles_a_large_gap_in_few_deals() -> None:
    """A gap far beyond elo1 is settled in a handful of deals, and the decision says how many."""
    rng = random.Random(3)
    decisions = [SPRT().run(_deals(400.0, rng)) for _ in range(50)]
    assert all(d.verdict == H1 for d in decisions)
    assert max(d.deals for d in decisions) < 40


def test_sprt_stops_undecided_at_its_limit() -> None:
    """A test that runs out of deals before a bound is undecided and says where it stood."""
    decision = SPRT().run([1.0, 0.0] * 10, limit=6)
    assert decision.verdict is None and decision.deals == 6
    assert SPRT().bounds[0] < decision.llr < SPRT().bounds[1]


def test_sprt_refuses_bounds_in_the_wrong_order() -> None:
    with pytest.raises(ArgumentError, match="elo1"):
        SPRT(elo0=10, elo1=5)
    with pytest.raises(ValueError):
        SPRT(alpha=0.0)


def test_bradley_terry_recovers_known_strengths() -> None:
    """Ratings fitted on games drawn from known Elo strengths come back within tolerance,
    each inside its 95% interval, measured from the reference."""
    truth = {"weak": -250.0, "greedy": 0.0, "mid": 120.0, "strong": 350.0}
    rng = random.Random(4)
    names = list(truth)
    games = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            for _ in range(300):
                a_wins = rng.random() < expected_score(truth[a] - truth[b])
                games.append(Outcome((a, b), (1, 2) if a_wins else (2, 1)))
    ratings = {r.player: r for r in bradley_terry(games, names)}
    assert ratings["greedy"].elo == 0 == ratings["greedy"].low
    for name, elo in truth.items():
        found = ratings[name]
        assert abs(found.elo - elo) < 60, (name, found)
        # Four intervals at once: each widened from 95% to 99.5%, so all hold the truth.
        half = (found.high - found.low) / 2 * 2.81 / 1.96
        assert abs(found.elo - elo) <= half, (name, found)
        assert found.games == 900


def test_bradley_terry_of_multiplayer_games_weighs_each_seat_one_game() -> None:
    """A game of n seats gives a pairwise result per two seats of different players, each
    weighing 1/(n-1); a tie gives each half."""
    pairs = list(pairwise(Outcome(("a", "b", "a", "b"), (1, 3, 3, 2))))
    assert [(x, y, s) for x, y, s, _ in pairs] == [
        ("a", "b", 1.0),
        ("a", "b", 1.0),
        ("b", "a", 0.5),
        ("a", "b", 0.0),
    ]
    assert all(math.isclose(w, 1 / 3) for *_, w in pairs)
    # A player who always finishes first of three is rated above the one always last.
    games = [Outcome(("x", "y", "y"), (1, 2, 3))] * 20 + [Outcome(("y", "x", "x"), (3, 1, 2))] * 20
    x, y = bradley_terry(games, ["x", "y"], reference="y")
    assert x.low > 0 and y.elo == 0


def test_a_summary_written_again_keeps_what_its_games_counted(tmp_path: Path) -> None:
    """A summary keeps no games, so the stalled games and the time per game it reports are
    read back from it and written again as they were (a second ladder written into the
    summary file rewrites the first)."""
    played = [
        LadderGame(0, 11, ("random", "greedy"), (2, 1), None, 0.5, "record"),
        LadderGame(0, 11, ("greedy", "random"), (1, 2), "stalled", 1.5, "record"),
    ]
    match = MatchResult("random", "greedy", Decision(H1, 3.2, 1, 1.0), 1, tuple(played))
    assert (match.stalled, match.seconds_per_game) == (1, 1.0)
    entrants = [Player("random", "random", False), Player("greedy", "greedy", False)]
    two = Ladder.rated("tigris", 2, SPRT(), 30, entrants, [match])
    summary = tmp_path / "summary.json"
    write_results(summary, [two], games=False)
    three = Ladder.rated("tigris", 3, SPRT(), 30, entrants, [])
    write_results(summary, [three], games=False)
    (again,) = read_results(summary)["tigris-2"].matches
    assert again.games == ()
    assert (again.stalled, again.seconds_per_game, again.decision) == (1, 1.0, match.decision)
    assert read_results(summary)["tigris-2"].stalled == 1
