"""The server's benchmarks judge what they measure rightly: the load test's check of a game's
history (issue 37: a chained comparison let a mismatch through), and the fairness run's
verdict against issue 37's targets."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import pytest
from helpers.paths import BENCHMARKS


def _benchmark(name: str) -> Any:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCHMARKS))


server_load = _benchmark("server_load")
server_fair = _benchmark("server_fair")


@pytest.mark.parametrize(
    ("entries", "version", "actions"),
    [(3, 3, 4), (2, 3, 3), (3, 2, 3), (2, 3, 2), (3, 3, 2)],
)
def test_a_history_that_does_not_match_its_game_is_a_problem(
    entries: int, version: int, actions: int
) -> None:
    """Entries, version and the record's actions must all agree: any one apart is reported
    (the chained ``!=`` let through a history whose entries matched its version alone)."""
    history = {"history": [{}] * entries, "version": version}
    assert server_load.history_problem("g", history, actions) is not None
    assert server_load.history_problem("g", {"history": [{}] * 3, "version": 3}, 3) is None


def _figures(**changed: Any) -> dict[str, Any]:
    figures = {
        "run": {"agent_target": 2.0, "p95_target": 200.0},
        "person_created": [201],
        "person_streams": [200],
        "agent_waits": 5,
        "agent_wait_p95_s": 1.5,
        "view_probes": 100,
        "view_p95_ms": 50.0,
        "problems": [],
    }
    return {**figures, **changed}


@pytest.mark.parametrize(
    ("changed", "why"),
    [
        ({"person_created": [201, 429]}, "creations"),
        ({"person_created": []}, "creations"),
        ({"person_streams": [503]}, "streams"),
        ({"agent_waits": 0, "agent_wait_p95_s": 0.0}, "never moved"),
        ({"agent_wait_p95_s": 2.5}, "over 2 s"),
        ({"view_p95_ms": 250.0}, "p95"),
        ({"problems": ["ReadTimeout"]}, "failed requests"),
    ],
)
def test_the_fairness_run_fails_when_the_person_is_locked_out_or_kept_waiting(
    changed: dict[str, Any], why: str
) -> None:
    assert server_fair.failures(_figures()) == []
    (reason,) = server_fair.failures(_figures(**changed))
    assert why in reason
