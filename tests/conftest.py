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


# --- the browser test (tests/test_browser.py) -------------------------------------------------
# It drives Debian's headless Chromium, which a machine with only Python and pip does not have.
# There the README's test command leaves it out (deselected, said in the summary); .ci/run
# installs Chromium and sets TIGEUPH_BROWSER=required, under which a missing browser is an
# error, so CI cannot pass without running it.

BROWSER = ("/usr/bin/chromium", "/usr/bin/chromedriver")
_BROWSER_NOTE = pytest.StashKey[str]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    missing = [path for path in BROWSER if not os.access(path, os.X_OK)]
    browser = [item for item in items if item.path.name == "test_browser.py"]
    if not missing or not browser:
        return
    install = "apt-get install -y chromium chromium-driver"
    if os.environ.get("TIGEUPH_BROWSER") == "required":
        raise pytest.UsageError(
            f"TIGEUPH_BROWSER=required, but {' and '.join(missing)} are missing: {install}"
        )
    config.hook.pytest_deselected(items=browser)
    items[:] = [item for item in items if item.path.name != "test_browser.py"]
    config.stash[_BROWSER_NOTE] = (
        f"{len(browser)} browser test{'s' * (len(browser) > 1)} left out: "
        f"{' and '.join(missing)} not installed "
        f"({install}; .ci/run installs them and requires the browser tests to run)"
    )


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    note = config.stash.get(_BROWSER_NOTE, None)
    if note is not None:
        terminalreporter.write_line(note, yellow=True)
