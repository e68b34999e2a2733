"""The browser board in a real headless Chromium: a whole game against an agent, by clicking;
each seat's token kept in its own tab; the page under the server's Content-Security-Policy.

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them). Screenshots of
the start, the middle and the end go to ``build-shots/`` when ``TIGEUPH_SHOTS`` is set (they
are for people to look at, not committed), else to the test's temporary folder.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

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
    # the console (for Content-Security-Policy reports) and the network (for request URLs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
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


def _log(driver: webdriver.Chrome, kind: str) -> list[dict[str, Any]]:
    """Chromium's *kind* log (``browser``: the console) since the last look."""
    return list(driver.get_log(kind))  # type: ignore[no-untyped-call]


def _csp_reports(driver: webdriver.Chrome) -> list[str]:
    """The console's Content-Security-Policy messages since the last look."""
    return [
        entry["message"]
        for entry in _log(driver, "browser")
        if "Content Security Policy" in entry["message"]
    ]


def _request_urls(driver: webdriver.Chrome) -> list[str]:
    """The URLs the browser requested since the last look."""
    urls = []
    for entry in _log(driver, "performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def _storage(driver: webdriver.Chrome, kind: str) -> dict[str, str]:
    """The tab's ``sessionStorage`` or ``localStorage``, as a dict."""
    return dict(driver.execute_script(f"return Object.entries({kind})"))


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
        assert "game=" in browser.current_url and "token=" not in browser.current_url
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
        assert _csp_reports(browser) == []
        browser.get("about:blank")  # close the event stream before the server stops


def _open_board(driver: webdriver.Chrome) -> None:
    WebDriverWait(driver, 30, poll_frequency=0.05).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg") and _idle(d)
    )


def test_each_tab_keeps_only_its_own_seats_token(browser: webdriver.Chrome, tmp_path: Path) -> None:
    """The tab that makes a game keeps its seat's token in sessionStorage and shows the other
    links once; seat 1's link, opened in a new tab, holds seat 1's token only in its fragment,
    and that tab keeps seat 1's token alone; no token is ever in a requested URL or the address
    bar, and the page runs under its Content-Security-Policy without a violation."""
    shots = _shots(tmp_path)
    with live_server(tmp_path / "games.sqlite") as url:
        browser.get(url + "/")
        Select(browser.find_element(By.ID, "players")).select_by_value("3")
        Select(browser.find_element(By.ID, "seat1")).select_by_value("human")
        Select(browser.find_element(By.ID, "seat2")).select_by_value("greedy")
        browser.find_element(By.ID, "create").click()
        _open_board(browser)
        browser.save_screenshot(str(shots / "created.png"))
        game = browser.execute_script("return game.id")
        creator = browser.current_window_handle
        assert "token" not in browser.current_url
        assert urlsplit(browser.current_url).fragment == f"game={game}&seat=0"
        links = {
            str(a.get_attribute("data-seat")): a
            for a in browser.find_elements(By.CSS_SELECTOR, "#links a")
        }
        assert sorted(links) == ["0", "1"]
        hrefs = {seat: urlsplit(str(a.get_attribute("href"))) for seat, a in links.items()}
        tokens = {seat: parse_qs(href.fragment)["token"][0] for seat, href in hrefs.items()}
        assert all(href.query == "" for href in hrefs.values())
        assert _storage(browser, "sessionStorage") == {f"tigeuph-token:{game}:0": tokens["0"]}
        assert _storage(browser, "localStorage") == {}

        _click(browser, links["1"])  # the link opens in a new tab
        WebDriverWait(browser, 10).until(lambda d: len(d.window_handles) == 2)
        other = next(handle for handle in browser.window_handles if handle != creator)
        browser.switch_to.window(other)
        _open_board(browser)
        assert browser.execute_script("return game.data.seat") == 1
        assert urlsplit(browser.current_url).fragment == f"game={game}&seat=1"
        assert _storage(browser, "sessionStorage") == {f"tigeuph-token:{game}:1": tokens["1"]}
        assert _storage(browser, "localStorage") == {}
        assert browser.find_element(By.ID, "links-panel").get_attribute("hidden") is not None
        assert browser.execute_script("return document.referrer") == ""

        browser.switch_to.window(creator)  # seat 0 moves; seat 1's tab sees it through /events
        _play_one(browser, random.Random(1), None, tmp_path / "unused.png")
        browser.switch_to.window(other)
        wait = WebDriverWait(browser, 30, poll_frequency=0.05)
        wait.until(_moved_past(0))
        browser.save_screenshot(str(shots / "moved.png"))
        assert browser.find_elements(By.CSS_SELECTOR, "#history li")

        browser.refresh()  # a reload finds the seat again in this tab's storage
        _open_board(browser)
        assert browser.execute_script("return game.data.seat") == 1
        assert "token" not in browser.current_url

        requested = _request_urls(browser)
        assert any("/api/games/" in url for url in requested)
        assert not [url for url in requested if any(t in url for t in tokens.values())]
        for handle in (creator, other):
            browser.switch_to.window(handle)
            assert _csp_reports(browser) == []
        browser.execute_script("document.body.setAttribute('style', 'color: red')")
        assert _csp_reports(browser), "an inline style should be refused and reported"
        for handle in (other, creator):
            browser.switch_to.window(handle)
            browser.get("about:blank")


def test_a_tab_without_the_seat_asks_for_its_link(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """An address naming a seat this tab holds no token for opens no game; a link without its
    seat (an older link) still opens the seat its token holds, and leaves the address bar."""
    with live_server(tmp_path / "games.sqlite") as url:
        answer = httpx.post(f"{url}/api/games", json={"players": 2, "seats": ["human"] * 2})
        game, tokens = answer.json()["id"], answer.json()["tokens"]
        browser.get(f"{url}/#game={game}&seat=1")
        note = browser.find_element(By.ID, "start-note")
        WebDriverWait(browser, 10).until(lambda d: note.is_displayed())
        assert "open your seat's link" in note.text
        assert _storage(browser, "sessionStorage") == {}
        browser.get(f"{url}/#game={game}&token={tokens['1']}")
        _open_board(browser)
        assert browser.execute_script("return game.data.seat") == 1
        assert urlsplit(browser.current_url).fragment == f"game={game}&seat=1"
        assert _storage(browser, "sessionStorage") == {f"tigeuph-token:{game}:1": tokens["1"]}
        assert _csp_reports(browser) == []
        browser.get("about:blank")


def test_a_whole_babel_game_by_its_move_buttons_and_typed_notation(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """The page offers Babel; its game is played with the legal moves' buttons (and a move
    typed in notation), its picture shown without a grid, to the end and its result."""
    shots = _shots(tmp_path)
    rng = random.Random(7)
    with live_server(tmp_path / "games.sqlite") as url:
        browser.get(url + "/")
        Select(browser.find_element(By.ID, "game-name")).select_by_value("babel")
        players = Select(browser.find_element(By.ID, "players"))
        assert [option.text for option in players.options] == ["2"]
        assert browser.find_element(By.ID, "variants").get_attribute("hidden") is not None
        Select(browser.find_element(By.ID, "seat1")).select_by_value("random")
        browser.save_screenshot(str(shots / "babel-new.png"))
        browser.find_element(By.ID, "create").click()
        wait = WebDriverWait(browser, 30, poll_frequency=0.05)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg") and _idle(d))
        assert browser.find_element(By.ID, "title").text == "Babel"
        assert not browser.find_elements(By.CSS_SELECTOR, "#board rect.hit")
        assert browser.find_element(By.ID, "hand-panel").get_attribute("hidden") is not None
        browser.save_screenshot(str(shots / "babel-start.png"))
        typed = middle = False
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            wait.until(lambda d: _idle(d) and _turn(d) in ("mine", "over"))
            if _turn(browser) == "over":
                break
            before = _version(browser)
            buttons = browser.find_elements(By.CSS_SELECTOR, "#move-buttons button.move")
            shown = [str(button.get_attribute("data-action")) for button in buttons]
            assert shown == [
                move["action"] for move in browser.execute_script("return game.data.moves")
            ]
            if not middle and before >= 30:
                browser.save_screenshot(str(shots / "babel-middle.png"))
                middle = True
            if not typed:  # the first move typed, in lower case: the server reads notation
                field = browser.find_element(By.ID, "action-text")
                field.send_keys(rng.choice(shown).lower())
                browser.find_element(By.ID, "action-send").click()
                typed = True
            else:
                _click(browser, rng.choice(buttons))
            wait.until(_moved_past(before))
        assert _turn(browser) == "over" and typed
        wait.until(lambda d: d.find_element(By.ID, "over").get_attribute("open") is not None)
        wait.until(lambda d: "Result:" in d.find_element(By.ID, "over-text").text)
        browser.save_screenshot(str(shots / "babel-end.png"))
        game = browser.execute_script("return game.id")
        record = httpx.get(f"{url}/api/games/{game}/record").json()["record"]
        replayed = tigeuph.GAMES["babel"].record_from_text(record)
        assert replayed.state.is_over
        assert len(browser.find_elements(By.CSS_SELECTOR, "#history li")) == len(replayed.actions)
        assert _csp_reports(browser) == []
        browser.get("about:blank")  # close the event stream before the server stops
