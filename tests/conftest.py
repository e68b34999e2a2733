"""Hypothesis profiles: ``dev`` (default), ``ci`` and ``soak`` (set HYPOTHESIS_PROFILE); the
tests that need a program Python and pip do not bring; the server's tests' live client."""

from __future__ import annotations

import os
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Final

import httpx
import pytest
from helpers.programs import BROWSER, NODE, SITE_BUILD
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "soak", max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# --- tests that need a program Python and pip do not bring ------------------------------------
# The browser test (tests/server/test_browser.py) drives Debian's headless Chromium, and the Node
# bot's test (tests/players/test_node_bot.py) runs Node, which a machine with only Python and pip
# does not have (tests/helpers/programs.py names them). There the README's test command leaves
# them out (deselected, said in the summary);
# .ci/run installs both and sets TIGEUPH_BROWSER=required and TIGEUPH_NODE=required, under which
# a missing program is an error, so CI cannot pass without running them.

# The live pages' test (tests/apps/test_live_pages.py) builds the documentation site too, which
# needs Sphinx (the docs extra), node and npm (Pyodide), unless TIGEUPH_SITE names a site
# already built; it is required with the browser test.

NEEDS: Final = {
    "test_browser.py": (
        BROWSER,
        "TIGEUPH_BROWSER",
        "apt-get install -y chromium chromium-driver",
        "browser test",
    ),
    "test_browser_aids.py": (
        BROWSER,
        "TIGEUPH_BROWSER",
        "apt-get install -y chromium chromium-driver",
        "browser test",
    ),
    "test_live_pages.py": (
        BROWSER if os.environ.get("TIGEUPH_SITE") else BROWSER + SITE_BUILD,
        "TIGEUPH_BROWSER",
        "apt-get install -y chromium chromium-driver nodejs npm; pip install '.[test]'",
        "live pages' browser test",
    ),
    "test_node_bot.py": (NODE, "TIGEUPH_NODE", "apt-get install -y nodejs", "Node bot test"),
}
"""Each such test file: the programs (a path) and Python packages (a name) it needs, the
variable that requires them, how to install them, and what to call its tests."""


def _missing(needed: tuple[str, ...]) -> list[str]:
    return [
        name
        for name in needed
        if not (os.access(name, os.X_OK) if name.startswith("/") else find_spec(name))
    ]


_NOTES = pytest.StashKey[list[str]]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    notes = config.stash.setdefault(_NOTES, [])
    for file_name, (programs, variable, install, called) in NEEDS.items():
        missing = _missing(programs)
        needing = [item for item in items if item.path.name == file_name]
        if not missing or not needing:
            continue
        if os.environ.get(variable) == "required":
            raise pytest.UsageError(
                f"{variable}=required, but {' and '.join(missing)} "
                f"{'is' if len(missing) == 1 else 'are'} missing: {install}"
            )
        config.hook.pytest_deselected(items=needing)
        items[:] = [item for item in items if item.path.name != file_name]
        notes.append(
            f"{len(needing)} {called}{'s' * (len(needing) > 1)} left out: "
            f"{' and '.join(missing)} not installed "
            f"({install}; .ci/run installs it and requires the {called}s to run)"
        )


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    for note in config.stash.get(_NOTES, []):
        terminalreporter.write_line(note, yellow=True)


# --- the server's tests share one live server per module ---------------------------------------
# Here rather than in tests/server/conftest.py: mypy checks the tests, and two modules named
# conftest cannot both be checked without package bases the other folders do not have.


@pytest.fixture(scope="module")
def server_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The database of the module's live server, fresh for each module."""
    return tmp_path_factory.mktemp("server") / "games.sqlite"


@pytest.fixture(scope="module")
def live_client(server_db: Path) -> Iterator[httpx.Client]:
    """A client of a live server (tests/helpers/live_server.py) on :func:`server_db`, with a
    read timeout well above the server's longest long poll (a loaded machine is slow)."""
    from helpers.live_server import live_server  # uvicorn and the server, for their tests alone

    with live_server(server_db) as url, httpx.Client(base_url=url, timeout=60) as http:
        yield http
