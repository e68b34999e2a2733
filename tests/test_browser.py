"""The browser board in a real headless Chromium: a whole game against an agent, by clicking.

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them). Screenshots of
the start, the middle and the end go to ``build-shots/`` when ``TIGEUPH_SHOTS`` is set (they
are for people to look at, not committed), else to the test's temporary folder.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from live_server import live_server
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

import tigeuph

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1400,1000",
)


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    profile = tempfile.mkdtemp(prefix="tigeuph-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _shots(tmp_path: Path) -> Path:
    if os.environ.get("TIGEUPH_SHOTS"):
        folder = Path(__file__).resolve().parent.parent / "build-shots"
        folder.mkdir(exist_ok=True)
        return folder
    return tmp_path


def _idle(driver: webdriver.Chrome) -> bool:
    """The page has no request under way and shows the latest version it was told of."""
    return bool(driver.execute_script("return !game.busy && refreshing === null && !!game.data"))


def _click(driver: webdriver.Chrome, element: WebElement) -> None:
    try:
        element.click()
    except WebDriverException:  # covered by a tooltip or the like: click it where it is
        driver.execute_script(
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element
        )


def _turn(driver: webdriver.Chrome) -> str:
    return str(driver.find_element(By.TAG_NAME, "body").get_attribute("data-turn"))


def _version(driver: webdriver.Chrome) -> int:
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-version") or -1)


def _moved_past(version: int) -> Callable[[webdriver.Chrome], bool]:
    """A wait condition: the page is idle and shows a later version, or the end."""

    def moved(driver: webdriver.Chrome) -> bool:
        return _idle(driver) and (_version(driver) > version or _turn(driver) == "over")

    return moved


def _play_one(
    driver: webdriver.Chrome, rng: random.Random, shot: Path | None, dialog_shot: Path
) -> None:
    """Make one move by clicking: a dialog's choice, or a piece and then a cell, or pass;
    with *shot*, a screenshot once a piece is chosen and its cells are highlighted, and the
    first dialog of a decision to *dialog_shot*."""
    dialog = driver.find_element(By.ID, "decision")
    if dialog.get_attribute("open") is not None:
        if not dialog_shot.exists():
            driver.save_screenshot(str(dialog_shot))
        choices = dialog.find_elements(By.CSS_SELECTOR, "#decision-buttons button")
        _click(driver, rng.choice(choices))
        return
    pieces = driver.find_elements(By.CSS_SELECTOR, "#hand button.piece:not([disabled])")
    leaders = driver.find_elements(By.CSS_SELECTOR, "#leaders button.piece:not([disabled])")
    options = pieces * 4 + leaders
    if options:
        _click(driver, rng.choice(options))
        cells = driver.find_elements(By.CSS_SELECTOR, "#board rect.hit.legal")
        if cells and shot is not None:
            driver.save_screenshot(str(shot))
        if cells:
            _click(driver, rng.choice(cells))
            return
        withdraw = driver.find_elements(By.ID, "withdraw")
        if withdraw:
            _click(driver, withdraw[0])
            return
    _click(driver, driver.find_element(By.ID, "pass"))


def test_a_whole_game_against_an_agent_by_clicking(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """A person makes a game on the page, plays it to the end by clicking, and sees the result."""
    shots = _shots(tmp_path)
    for name in ("start.png", "middle.png", "decision.png", "end.png"):
        (shots / name).unlink(missing_ok=True)
    rng = random.Random(5)
    with live_server(tmp_path / "games.sqlite") as url:
        browser.get(url + "/")
        Select(browser.find_element(By.ID, "players")).select_by_value("2")
        Select(browser.find_element(By.ID, "seat1")).select_by_value("random")
        browser.find_element(By.NAME, "buildings").click()
        browser.find_element(By.ID, "create").click()
        wait = WebDriverWait(browser, 30, poll_frequency=0.05)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg") and _idle(d))
        assert "game=" in browser.current_url and "token=" in browser.current_url
        browser.save_screenshot(str(shots / "start.png"))
        middle = False
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            wait.until(lambda d: _idle(d) and _turn(d) in ("mine", "over"))
            if _turn(browser) == "over":
                break
            before = _version(browser)
            shot = None
            if not middle and before >= 100 and browser.find_elements(By.ID, "pass"):
                shot = shots / "middle.png"
            _play_one(browser, rng, shot, shots / "decision.png")
            middle = middle or (shot is not None and shot.exists())
            wait.until(_moved_past(before))
        assert _turn(browser) == "over"
        wait.until(lambda d: d.find_element(By.ID, "over").get_attribute("open") is not None)
        wait.until(lambda d: "rank" in d.find_element(By.ID, "over-text").text)
        browser.save_screenshot(str(shots / "end.png"))
        assert middle and (shots / "decision.png").exists()
        game = browser.execute_script("return game.id")
        record = httpx.get(f"{url}/api/games/{game}/record").json()["record"]
        replayed = tigeuph.Game.from_record(record)
        assert replayed.state.is_over and replayed.state.rules.buildings
        shown = browser.find_elements(By.CSS_SELECTOR, "#history li")
        assert len(shown) == len(replayed.actions)
        browser.get("about:blank")  # close the event stream before the server stops
