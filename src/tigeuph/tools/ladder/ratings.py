"""Every result of a ladder rated together: multiplayer games turned into pairwise results,
fitted by a Bradley-Terry model, with 95% intervals.

A game of *n* players gives one pairwise result for every two seats of different players: 1
to the better ranked, ½ each on a tie. The pairs of one game are not independent (the winner
beats everyone at once), so each counts ``1 / (n - 1)``: a game then weighs as much as
``n / 2`` two-player games, every seat one game's worth, and the intervals do not pretend to
the precision of ``n (n - 1) / 2`` separate games. Same-player pairs say nothing and are left
out; so are games that did not end (stalled, spec D8, or at the action bound), reported apart.

The Bradley-Terry model gives player *i* a strength ``θ_i`` with
``P(i beats j) = 1 / (1 + exp(θ_j - θ_i))``; the maximum-likelihood strengths come from the
minorisation-maximisation updates of Hunter (2004), each player also drawing one virtual game
with a player of strength 0 (so that one who won everything still has a finite rating).
Ratings are Elo points, ``400 / ln 10 · θ``, measured from a reference player (greedy, when
rated). The 95% interval of ``θ_i - θ_ref`` is ``±1.96`` standard errors, from the inverse
of the observed information (the negative Hessian of the log-likelihood at the fit).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from attrs import frozen

from ...core.stats import Z95

__all__ = ["ELO", "Outcome", "Rating", "bradley_terry", "pairwise"]

ELO = 400 / math.log(10)
"""Elo points per unit of Bradley-Terry strength (10 to 1 odds are 400 points)."""


@frozen
class Outcome:
    """One game as the ratings see it: each seat's player and rank (1 first; ties share)."""

    seats: tuple[str, ...]
    ranks: tuple[int, ...]


@frozen
class Rating:
    """A player's rating in Elo points from the reference, with its 95% interval."""

    player: str
    elo: float
    low: float
    high: float
    games: int
    """Games it played that ended (the ones rated)."""


def pairwise(outcome: Outcome) -> Iterable[tuple[str, str, float, float]]:
    """Each pairwise result of *outcome*: ``(player, other, score, weight)`` for every two
    seats of different players, once, *score* the first's (1, ½ or 0), *weight*
    ``1 / (seats - 1)``.

    >>> list(pairwise(Outcome(("a", "b", "b"), (2, 1, 3))))
    [('a', 'b', 0.0, 0.5), ('a', 'b', 1.0, 0.5)]
    """
    n = len(outcome.seats)
    weight = 1 / (n - 1)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = outcome.seats[i], outcome.seats[j]
            if a != b:
                ri, rj = outcome.ranks[i], outcome.ranks[j]
                yield a, b, 1.0 if ri < rj else 0.5 if ri == rj else 0.0, weight


def bradley_terry(
    outcomes: Sequence[Outcome], players: Sequence[str], reference: str | None = None
) -> list[Rating]:
    """The Bradley-Terry ratings of *players* from *outcomes* (see the module docstring), in
    Elo points from *reference* (by default ``greedy`` when it plays, else the first player),
    in the order of *players*.

    >>> games = [Outcome(("a", "b"), (1, 2))] * 30 + [Outcome(("a", "b"), (2, 1))] * 10
    >>> a, b = bradley_terry(games, ["a", "b"], reference="b")
    >>> round(a.elo), round(b.elo), a.low > 0
    (188, 0, True)
    """
    index = {p: k for k, p in enumerate(players)}
    m = len(players)
    won = [[0.0] * m for _ in range(m)]  # won[i][j]: i's weighted score against j
    played = [0] * m
    for outcome in outcomes:
        for p in set(outcome.seats):
            played[index[p]] += 1
        for a, b, score, weight in pairwise(outcome):
            i, j = index[a], index[b]
            won[i][j] += score * weight
            won[j][i] += (1 - score) * weight
    count = [[won[i][j] + won[j][i] for j in range(m)] for i in range(m)]
    gamma = [1.0] * m
    for _ in range(2000):
        new = []
        for i in range(m):
            wins = 0.5 + sum(won[i])  # the virtual draw with a player of strength 1 (θ = 0)
            rate = 1 / (gamma[i] + 1) + sum(
                count[i][j] / (gamma[i] + gamma[j]) for j in range(m) if j != i and count[i][j]
            )
            new.append(wins / rate)
        change = max(abs(math.log(x / y)) for x, y in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-10:
            break
    theta = [math.log(g) for g in gamma]
    covariance = _inverse(_information(theta, count))
    ref = index[reference] if reference is not None else index.get("greedy", 0)
    out = []
    for i, p in enumerate(players):
        elo = ELO * (theta[i] - theta[ref])
        variance = covariance[i][i] + covariance[ref][ref] - 2 * covariance[i][ref]
        half = Z95 * ELO * math.sqrt(max(0.0, variance))
        out.append(Rating(p, elo, elo - half, elo + half, played[i]))
    return out


def _information(theta: list[float], count: list[list[float]]) -> list[list[float]]:
    """The negative Hessian of the log-likelihood at *theta*, the virtual draws included."""
    m = len(theta)
    info = [[0.0] * m for _ in range(m)]
    for i in range(m):
        p = 1 / (1 + math.exp(-theta[i]))
        info[i][i] += p * (1 - p)  # the virtual game with a player of θ = 0
        for j in range(m):
            if j != i and count[i][j]:
                q = 1 / (1 + math.exp(theta[j] - theta[i]))
                term = count[i][j] * q * (1 - q)
                info[i][i] += term
                info[i][j] -= term
    return info


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive-definite matrix, by Gauss-Jordan elimination."""
    m = len(matrix)
    rows = [[*row, *(1.0 if k == i else 0.0 for k in range(m))] for i, row in enumerate(matrix)]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        scale = rows[col][col]
        rows[col] = [x / scale for x in rows[col]]
        for r in range(m):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[m:] for row in rows]
