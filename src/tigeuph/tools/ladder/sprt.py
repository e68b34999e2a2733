"""The sequential probability ratio test that settles the order of two players, on deals.

Two players are matched deal after deal of the book, each deal in all its seatings
(:func:`~.book.seatings`); the deal's *score* ``x`` is the first player's share of the
pairwise results between a seat of his and a seat of the other's over those games (1 for
ranking above, ½ for a tie; :func:`~.ratings.pairwise`). Scores of different deals are
independent, so the deal is the test's sample, as the game pair is Fishtest's: pairing the
seatings of one deal cancels most of the deal's luck before the test sees it.

The hypotheses are about the Elo difference ``d`` of the second player over the first, read
through the logistic ``s(d) = 1 / (1 + 10^(-d/400))``, the expected deal score:
``H0: d = elo0`` against ``H1: d = elo1``. The generalised SPRT with the normal approximation
(as Fishtest's) takes the log-likelihood ratio of *n* deal scores of mean ``m`` and variance
``v`` as::

    LLR = n · (s1 - s0) · (2m - s0 - s1) / (2v),   s0 = s(elo0), s1 = s(elo1)

and stops at the first deal where ``LLR >= log((1 - beta) / alpha)`` (H1: the second player
is stronger) or ``LLR <= log(beta / (1 - alpha))`` (H0: it is not): Wald's bounds, which keep
the chance of accepting H1 when H0 holds near *alpha* and of accepting H0 when H1 holds near
*beta*. Before the moments are taken, a pseudo-deal scoring 0 and one scoring 1, each of
weight ½, are added (a Jeffreys prior): a player who wins every deal still has a variance, so
the test needs a few deals, not one, to accept. A test that reaches the last deal allowed
without crossing a bound is *undecided* and says so.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

from attrs import field, frozen
from attrs.validators import gt, lt

from ...core.errors import ArgumentError

__all__ = ["H0", "H1", "SPRT", "Decision", "expected_score"]

H0: Final = "H0"
"""The verdict that the second player is not stronger by *elo1* (its difference is *elo0*)."""
H1: Final = "H1"
"""The verdict that the second player is stronger by *elo1*."""
_PRIOR: Final = 0.5  # the weight of each pseudo-deal, scoring 0 and 1


def expected_score(elo: float) -> float:
    """The expected score of a player *elo* points above its opponent.

    >>> round(expected_score(100), 4)
    0.6401
    """
    return 1 / (1 + 10 ** (-elo / 400))


@frozen
class Decision:
    """Where a test stands after *deals* deals: its verdict (:data:`H0`, :data:`H1`, or
    ``None`` while, or when, it is undecided), its log-likelihood ratio, and the mean deal
    score."""

    verdict: str | None
    llr: float
    deals: int
    score: float


@frozen
class SPRT:
    """A sequential test of ``H0: d = elo0`` against ``H1: d = elo1`` at error rates *alpha*
    (accepting H1 when H0 holds) and *beta* (accepting H0 when H1 holds); see the module's
    docstring.

    >>> test = SPRT(alpha=0.05, beta=0.05, elo0=0, elo1=100)
    >>> [round(b, 3) for b in test.bounds]
    [-2.944, 2.944]
    >>> test.run([1.0] * 20).verdict, test.run([1.0] * 20).deals
    ('H1', 5)
    >>> test.run([0.5] * 60).verdict
    'H0'
    """

    alpha: float = field(default=0.05, validator=[gt(0.0), lt(0.5)])
    beta: float = field(default=0.05, validator=[gt(0.0), lt(0.5)])
    elo0: float = 0.0
    elo1: float = 100.0

    def __attrs_post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise ArgumentError(f"SPRT: elo1 ({self.elo1}) must be above elo0 ({self.elo0})")

    @property
    def bounds(self) -> tuple[float, float]:
        """The LLR at or below which H0 is accepted, and at or above which H1 is."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, deals: int, total: float, squares: float) -> float:
        """The log-likelihood ratio of *deals* deal scores summing to *total*, their squares
        to *squares* (the prior's pseudo-deals added here)."""
        if deals == 0:
            return 0.0
        weight = deals + 2 * _PRIOR
        mean = (total + _PRIOR) / weight
        variance = (squares + _PRIOR) / weight - mean * mean
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return deals * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def run(self, scores: Iterable[float], limit: int | None = None) -> Decision:
        """The test over *scores*, deal by deal, stopping at the first bound crossed or after
        *limit* deals (all of them without one)."""
        low, high = self.bounds
        deals, total, squares, llr = 0, 0.0, 0.0, 0.0
        for x in scores:
            if limit is not None and deals >= limit:
                break
            deals, total, squares = deals + 1, total + x, squares + x * x
            llr = self.llr(deals, total, squares)
            if llr >= high or llr <= low:
                return Decision(H1 if llr >= high else H0, llr, deals, total / deals)
        return Decision(None, llr, deals, total / deals if deals else 0.5)

    def to_json(self) -> dict[str, float]:
        return {"alpha": self.alpha, "beta": self.beta, "elo0": self.elo0, "elo1": self.elo1}
