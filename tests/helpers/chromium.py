"""Debian's headless Chromium driven by Selenium, as the browser tests open it: a fresh
profile each time, the console and the network logged, downloads to a folder of the test's."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from .paths import ROOT
from .programs import BROWSER

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


@contextmanager
def headless_chromium(
    width: int, height: int, downloads: Path | None = None
) -> Iterator[webdriver.Chrome]:
    """A headless Chromium of a *width* by *height* window, on a profile of its own removed
    afterwards; its console (``browser``) and network (``performance``) logs kept."""
    chromium, chromedriver = BROWSER
    profile = tempfile.mkdtemp(prefix="tigeuph-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*FLAGS, f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    if downloads is not None:
        prefs = {
            "download.default_directory": str(downloads),
            "download.prompt_for_download": False,
        }
        options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def log(driver: webdriver.Chrome, kind: str) -> list[dict[str, Any]]:
    """Chromium's *kind* log (``browser``: the console; ``performance``: the network) since
    the last look."""
    return list(driver.get_log(kind))  # type: ignore[no-untyped-call]


def shots_folder(tmp_path: Path) -> Path:
    """Where a browser test saves its screenshots: ``build-shots/`` at the root when
    ``TIGEUPH_SHOTS`` is set (to look at them), else the test's own temporary folder."""
    if os.environ.get("TIGEUPH_SHOTS"):
        folder = ROOT / "build-shots"
        folder.mkdir(exist_ok=True)
        return folder
    return tmp_path
