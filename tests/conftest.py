"""Hypothesis profiles: ``dev`` (default), ``ci`` and ``soak`` (set HYPOTHESIS_PROFILE)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "soak", max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# --- scenario files (tests/scenarios/**/*.txt) ------------------------------------------------

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix == ".txt" and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self) -> list[pytest.Item]:
        return [ScenarioItem.from_parent(self, name=self.path.stem)]


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        import babel_scenario
        import scenario

        found = scenario.read(self.path)
        if babel_scenario.is_babel(found):
            babel_scenario.run(found)
        else:
            scenario.run(found)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario {self.path.name}"
