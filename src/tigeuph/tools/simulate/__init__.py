"""The simulator of both games: ``tigeuph simulate [--game babel]`` (or
``python -m tigeuph.tools.simulate``).

Plays the same seeded games under a baseline and under each compared rule set, with any agents
(:mod:`tigeuph.agents`), and reports per rule set how long games last, how they end, the scores
and margins, each seat's share of wins and how often the rules' events happen (revolts, wars,
monuments, buildings, the wonder, catastrophes, treasures), each with its 95% interval, and
each compared rule set's difference from the baseline paired by seed, saying which changes are
significant. Games run in this process, in a pool (``jobs``) or on a Dask cluster (``dask``),
with the same numbers every way (``docs/simulate.rst``)::

    tigeuph simulate --agents greedy --players 3 --games 1000 --variant wonder --jobs 2 \\
        --plot wonder.png --csv wonder.csv
"""

from .cli import main, write_rows
from .coverage import COVERAGE_SHARE, FEATURES, Feature
from .plot import plot
from .report import METRICS, Metric, Report, RuleSetResult, game_metrics, metrics
from .run import LOCAL, describe, play_task, rotations, simulate
from .tally import DEFAULT_AGENTS, GameTally, play_game, rotated, seat_agents, tally

__all__ = [
    "COVERAGE_SHARE",
    "DEFAULT_AGENTS",
    "FEATURES",
    "LOCAL",
    "METRICS",
    "Feature",
    "GameTally",
    "Metric",
    "Report",
    "RuleSetResult",
    "describe",
    "game_metrics",
    "main",
    "metrics",
    "play_game",
    "play_task",
    "plot",
    "rotated",
    "rotations",
    "seat_agents",
    "simulate",
    "tally",
    "write_rows",
]
