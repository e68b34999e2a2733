"""The aids on the browser board, in a real headless Chromium (issue 40): a box for each aid the
game's pictures draw, named by the game's words; ticking one asks the server for the picture
with it, the choice survives a reload, a game without aids shows no box, and on a phone each box
is a finger's target.

Needs Debian's ``chromium`` and ``chromium-driver`` (tests/conftest.py). Screenshots with every
aid on, at 1200 and 390 pixels wide, go to ``build-shots/`` when ``TIGEUPH_SHOTS`` is set (they
are for people to look at), else to the test's temporary folder.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from helpers.chromium import headless_chromium, log
from helpers.live_server import live_server
from helpers.paths import ROOT
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

import tigeuph

pytestmark = pytest.mark.slow

TIGRIS = tigeuph.GAMES["tigris"]
TWO_KINGDOMS = (
    2497,
    "rD9 BB9 BF9 kP1 rJ1 RE9 kN8 bD8 rB5 gP3 RI6 gA3 KJ2 gK2 kA6 gC5 KO8 rG7 rG2 gH3 bB7",
)
"""Seed and actions after which seat 0 is to move, no decision waiting, with four kingdoms:
seat 0's farmer on B9 and seat 1's on F9 a tile apart (C8 and C9 would join them)."""
MONUMENT_OFFERED = (
    36,
    "rJ1 BB1 pass rF4 rE10 kG7 bN7 rD10 GJ7 bO7 GP3 rK10 rM5 bO6 bM7 rL10 bM8 xC9 kG6 kH6 xA7 "
    "xK5 bP5 kH7 mgkG6 bO5 rL11 mrgK10 gC3 rF5 xK4 RI6 rO8 gB3 rM6 bP4 $O9 $P2 gB6 bO4 mbgO4 "
    "KF2 rN6",
)
"""Seed and actions after which seat 1 decides whether to build a monument on the red square
of M5, N5, M6 and N6 (a site), a tile would join two kingdoms, and five leaders stand."""


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    with headless_chromium(1200, 1000) as driver:
        yield driver


def _shots(tmp_path: Path) -> Path:
    if os.environ.get("TIGEUPH_SHOTS"):
        folder = ROOT / "build-shots"
        folder.mkdir(exist_ok=True)
        return folder
    return tmp_path


def _seeded(url: str, seed: int, actions: str, game: str = "tigris") -> tuple[str, dict[str, str]]:
    """A game of two people dealt from *seed*, *actions* played through the API by whichever
    seat is to move; its id and tokens."""
    body = {"game": game, "players": 2, "seats": ["human"] * 2, "seed": seed}
    made = httpx.post(f"{url}/api/games", json=body).json()
    for action in actions.split():
        status = httpx.get(f"{url}/api/games/{made['id']}/wait", params={"timeout": 0}).json()
        token = made["tokens"][str(status["to_move"])]
        played = {"action": action, "version": status["version"]}
        headers = {"Authorization": f"Bearer {token}"}
        answer = httpx.post(f"{url}/api/games/{made['id']}/actions", headers=headers, json=played)
        assert answer.status_code == 200, answer.text
    return made["id"], made["tokens"]


def _open_seat(driver: webdriver.Chrome, url: str, game: str, seat: int, token: str) -> None:
    driver.get(f"{url}/#game={game}&seat={seat}&token={token}")
    _until_drawn(driver)


def _until_drawn(driver: webdriver.Chrome) -> None:
    """Wait until the page shows the board and asks nothing more of the server."""
    WebDriverWait(driver, 30, poll_frequency=0.05).until(
        lambda d: (
            d.find_elements(By.CSS_SELECTOR, "#board svg")
            and d.execute_script("return !game.busy && refreshing === null && !!game.data")
        )
    )


def _toggles(driver: webdriver.Chrome) -> dict[str, WebElement]:
    """The aids' boxes under the board, by their labels' words."""
    labels = driver.find_elements(By.CSS_SELECTOR, "#aids label")
    return {str(label.text): label for label in labels}


def _tinted(driver: webdriver.Chrome) -> set[str]:
    """The cells the board's picture tints as a kingdom's (read at once: the page may draw
    the picture anew at any moment)."""
    script = 'return [...document.querySelectorAll("#board svg rect.aid.kingdom")]'
    return set(driver.execute_script(script + ".map((rect) => rect.dataset.cell)"))


def _pictures_asked(driver: webdriver.Chrome) -> list[str]:
    """The picture's URLs the page asked for since the last look."""
    urls = []
    for entry in log(driver, "performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if "/board.svg" in url:
                urls.append(url.partition("/board.svg")[2])
    return urls


def _kingdom_cells(seed: int, actions: str, seat: int) -> set[str]:
    """The cells the main game's picture of *seat*'s view tints as kingdoms."""
    state = TIGRIS.new_game(2, seed=seed)
    for action in actions.split():
        state = TIGRIS.apply(state, TIGRIS.parse_action(action))
    picture = TIGRIS.presentation.picture(TIGRIS.view(state, seat), aids=["kingdoms"])
    return set(re.findall(r'class="aid kingdom" data-cell="(\w+)"', picture))


def test_ticking_kingdoms_tints_them_and_a_reload_keeps_it(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """The page offers a box for each of the main game's aids, labelled by its name and
    titled by what it shows, none ticked at first. Ticking *Kingdoms* asks for the picture
    with ``aids=kingdoms``, whose kingdoms are tinted as the game's picture of the view tints
    them; the choice is kept in localStorage and a reload draws it again; unticking it asks for
    the plain picture."""
    seed, actions = TWO_KINGDOMS
    expected = _kingdom_cells(seed, actions, 1)
    assert len(expected) > 8
    with live_server(tmp_path / "games.sqlite") as url:
        game, tokens = _seeded(url, seed, actions)
        _open_seat(browser, url, game, 1, tokens["1"])
        offered = TIGRIS.presentation.aids
        toggles = _toggles(browser)
        assert list(toggles) == [name.capitalize() for name in offered]
        titles = [str(label.get_attribute("title")) for label in toggles.values()]
        assert titles == [f"{words[0].upper()}{words[1:]}." for words in offered.values()]
        assert not any(
            box.is_selected() for box in browser.find_elements(By.CSS_SELECTOR, "#aids input")
        )
        assert _tinted(browser) == set()
        _pictures_asked(browser)

        toggles["Kingdoms"].click()
        WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda d: _tinted(d))
        _until_drawn(browser)
        assert _tinted(browser) == expected
        assert "?aids=kingdoms" in _pictures_asked(browser)
        stored = browser.execute_script("return localStorage.getItem('tigeuph-aids:tigris')")
        assert json.loads(stored) == ["kingdoms"]

        browser.refresh()
        _until_drawn(browser)
        assert browser.find_element(By.ID, "aid-kingdoms").is_selected()
        assert _tinted(browser) == expected
        assert not browser.find_element(By.ID, "aid-sites").is_selected()

        _toggles(browser)["Kingdoms"].click()
        WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda d: not _tinted(d))
        assert "" in _pictures_asked(browser)  # the plain picture's path: no query
        browser.get("about:blank")  # close the event stream before the server stops


def test_a_game_without_aids_shows_no_box(browser: webdriver.Chrome, tmp_path: Path) -> None:
    """Babel's pictures draw no aid: its page has no box, and asks for the plain picture even
    with the main game's aids kept by this browser."""
    with live_server(tmp_path / "games.sqlite") as url:
        game, tokens = _seeded(url, 3, "", game="babel")
        browser.get(url + "/")
        browser.execute_script("localStorage.setItem('tigeuph-aids:tigris', '[\"kingdoms\"]')")
        _open_seat(browser, url, game, 0, tokens["0"])
        assert not browser.find_element(By.ID, "aids").is_displayed()
        assert _toggles(browser) == {}
        assert set(_pictures_asked(browser)) == {""}
        browser.get("about:blank")


_SMALL = """
return [...document.querySelectorAll("#aids label, #aids input")]
  .filter((e) => e.getBoundingClientRect().height < 40)
  .map((e) => e.outerHTML.slice(0, 60));
"""
_PAST_THE_EDGE = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll("#aids, #aids *")]
  .filter((e) => e.getBoundingClientRect().right > width + 0.5)
  .map((e) => e.outerHTML.slice(0, 60));
"""


@pytest.mark.parametrize("width", [1200, 390])
def test_every_aid_on_a_wide_screen_and_a_phone(
    browser: webdriver.Chrome, tmp_path: Path, width: int
) -> None:
    """With every aid ticked the picture draws each (kingdoms, strengths, unions, sites); on a
    phone each box is at least 40 pixels high and none passes the screen's edge. A screenshot
    of each width is taken for people to look at."""
    seed, actions = MONUMENT_OFFERED
    metrics = {"width": width, "height": 844 if width < 600 else 1000}
    metrics |= {"deviceScaleFactor": 1, "mobile": width < 600}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    with live_server(tmp_path / "games.sqlite") as url:
        game, tokens = _seeded(url, seed, actions)
        browser.get(url + "/")
        every = json.dumps(list(TIGRIS.presentation.aids))
        browser.execute_script(f"localStorage.setItem('tigeuph-aids:tigris', '{every}')")
        _open_seat(browser, url, game, 0, tokens["0"])
        boxes = browser.find_elements(By.CSS_SELECTOR, "#aids input")
        assert len(boxes) == 4 and all(box.is_selected() for box in boxes)
        script = 'return [...document.querySelectorAll("#board svg g.aid")]'
        drawn = set(browser.execute_script(script + ".map((g) => g.getAttribute('class'))"))
        assert drawn >= {f"aid {name}" for name in TIGRIS.presentation.aids}  # a group each
        for each in ("kingdom", "strength", "union", "site"):
            assert browser.find_elements(By.CSS_SELECTOR, f"#board svg .aid.{each}"), each
        assert browser.execute_script(_SMALL) == [] or width >= 600
        assert browser.execute_script(_PAST_THE_EDGE) == []
        browser.execute_script(
            "arguments[0].scrollIntoView({block: 'end'})", browser.find_element(By.ID, "aids")
        )
        browser.save_screenshot(str(_shots(tmp_path) / f"aids-{width}.png"))
        browser.get("about:blank")
