"""Intervals that stay right at small and large samples: Wilson for rates, Student's t for
means and paired differences.

The simulator and the arena report every figure with one of these 95% intervals, so that a
designer can tell a real change from the luck of the deal. ``mean ± 1.96·sd/√n`` is too narrow
with a few dozen games and can leave [0, 1] for a rate near 0 or 1; these do neither.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Final

from attrs import frozen

from .errors import ArgumentError

__all__ = ["Z95", "Interval", "mean_interval", "t_quantile", "wilson"]

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

# Student's t quantile for a two-sided 95% interval, by degrees of freedom 1 to 30.
_T95: Final = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip


def t_quantile(df: int) -> float:
    """Student's t quantile of a two-sided 95% interval with *df* degrees of freedom.

    A table to 30, then the Cornish-Fisher expansion around the normal quantile (off by less
    than 1e-4 beyond 30).

    >>> t_quantile(1), round(t_quantile(100), 4)
    (12.7062, 1.984)
    """
    if df < 1:
        raise ArgumentError(f"degrees of freedom must be 1 or more, not {df}")
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


@frozen
class Interval:
    """An estimate with its 95% interval ``[low, high]``; infinite ends when it is unknown."""

    estimate: float
    low: float
    high: float

    @property
    def excludes_zero(self) -> bool:
        """True when 0 lies outside the interval: for a difference, a change unlikely to be
        luck."""
        return self.low > 0 or self.high < 0

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """A rate with its Wilson score interval (95% by default): unlike ``p ± 1.96·sd/√n`` it
    stays inside [0, 1] and keeps its coverage for small samples and rates near 0 or 1.
    *successes* may be fractional (a tie for first shares a win).

    >>> [round(x, 3) for x in (wilson(10, 10).low, wilson(10, 10).high)]
    [0.722, 1.0]
    >>> wilson(0, 0)
    Interval(estimate=0.0, low=0.0, high=1.0)
    """
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean of *values* with its Student's t 95% interval; for paired differences, pass the
    per-seed differences. One value gives an infinite interval, equal values a point.

    >>> mean_interval([1.0, 1.0, 1.0])
    Interval(estimate=1.0, low=1.0, high=1.0)
    >>> round(mean_interval([0.0, 1.0, 2.0, 3.0]).half_width, 3)
    2.054
    """
    if not values:
        raise ArgumentError("the mean of no values")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, -math.inf, math.inf)
    half = t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)
