"""The browser board in a real headless Chromium: a whole game against an agent, by clicking;
each seat's token kept in its own tab; the page under the server's Content-Security-Policy.

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them). Screenshots of
the start, the middle and the end go to ``build-shots/`` when ``TIGEUPH_SHOTS`` is set (they
are for people to look at, not committed), else to the test's temporary folder.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from attrs import evolve
from helpers.chromium import headless_chromium, log, shots_folder
from helpers.live_server import TESTING, live_server
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

import tigeuph
from tigeuph.core.dynasties import dynasty
from tigeuph.core.events import names_for

pytestmark = pytest.mark.slow  # the quick loop (pytest -m "not slow") leaves this module out


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    with headless_chromium(1400, 1000) as driver:
        yield driver


def _csp_reports(driver: webdriver.Chrome) -> list[str]:
    """The console's Content-Security-Policy messages since the last look."""
    return [
        entry["message"]
        for entry in log(driver, "browser")
        if "Content Security Policy" in entry["message"]
    ]


def _request_urls(driver: webdriver.Chrome) -> list[str]:
    """The URLs the browser requested since the last look."""
    urls = []
    for entry in log(driver, "performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def _traffic(driver: webdriver.Chrome) -> tuple[list[str], list[tuple[str, int]]]:
    """The methods and URLs the browser requested since the last look (``"POST /api/..."``),
    and the URLs and statuses of the answers it got."""
    asked, answered = [], []
    for entry in log(driver, "performance"):
        message = json.loads(entry["message"])["message"]
        params = message["params"]
        if message["method"] == "Network.requestWillBeSent":
            asked.append(f"{params['request']['method']} {params['request']['url']}")
        elif message["method"] == "Network.responseReceived":
            answered.append((params["response"]["url"], int(params["response"]["status"])))
    return asked, answered


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
    shots = shots_folder(tmp_path)
    for name in ("start.png", "middle.png", "decision.png", "end.png"):
        (shots / name).unlink(missing_ok=True)
    rng = random.Random(5)
    with live_server(tmp_path / "games.sqlite") as url:
        browser.get(url + "/")
        Select(browser.find_element(By.ID, "players")).select_by_value("2")
        Select(browser.find_element(By.ID, "seat1")).select_by_value("random")
        variants = browser.find_elements(By.CSS_SELECTOR, "#variants label:not([hidden])")
        assert [label.text for label in variants] == [
            switch["label"] for switch in tigeuph.GAMES["tigris"].client.words["switches"]
        ]
        browser.find_element(By.NAME, "tigris.buildings").click()
        browser.find_element(By.NAME, "tigris.board").click()
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
        rules = replayed.state.rules
        assert replayed.state.is_over and rules.buildings and not rules.wonder
        assert rules.board.name == "advanced"
        # The end dialog tells each seat's score as the game does (a shared one's tie-break).
        tigris, final = tigeuph.GAMES["tigris"], replayed.state
        ranked = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#over-text li")]
        told = [
            f"rank {rank}, {tigris.presentation.score_text(final, seat)}"
            for seat, rank in sorted(enumerate(tigris.ranks(final)), key=lambda s: s[1])
        ]
        assert [line.partition(": ")[2] for line in ranked] == told
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
    shots = shots_folder(tmp_path)
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
    """The page offers Babel; its game is played with the legal moves' buttons, in words (and a
    move typed in notation, and a travel or colonise clicked on the picture), its picture shown
    without a grid, to the end and its result."""
    shots = shots_folder(tmp_path)
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
        assert not browser.find_elements(By.CSS_SELECTOR, "#board rect.hit[data-cell]")
        assert browser.find_element(By.ID, "hand-panel").get_attribute("hidden") is not None
        browser.save_screenshot(str(shots / "babel-start.png"))
        typed = middle = clicked = False
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
            moves = browser.execute_script("return game.data.moves")
            assert [button.text for button in buttons] == [move["label"] for move in moves]
            assert all(move["label"] != move["action"] for move in moves)
            targets = browser.find_elements(By.CSS_SELECTOR, "#board rect.hit.target")
            aimed = {move["action"] for move in moves if "target" in move}
            assert {str(t.get_attribute("data-action")) for t in targets} == aimed
            if targets and not clicked:  # a travel or a colonise, clicked on the picture
                _click(browser, rng.choice(targets))
                clicked = True
            elif not typed:  # the first move typed, in lower case: the server reads notation
                field = browser.find_element(By.ID, "action-text")
                field.send_keys(rng.choice(shown).lower())
                browser.find_element(By.ID, "action-send").click()
                typed = True
            else:
                _click(browser, rng.choice(buttons))
            wait.until(_moved_past(before))
        assert _turn(browser) == "over" and typed and clicked
        wait.until(lambda d: d.find_element(By.ID, "over").get_attribute("open") is not None)
        wait.until(lambda d: "Result:" in d.find_element(By.ID, "over-text").text)
        browser.save_screenshot(str(shots / "babel-end.png"))
        game = browser.execute_script("return game.id")
        record = httpx.get(f"{url}/api/games/{game}/record").json()["record"]
        replayed = tigeuph.GAMES["babel"].records.record_from_text(record)
        assert replayed.state.is_over
        assert len(browser.find_elements(By.CSS_SELECTOR, "#history li")) == len(replayed.actions)
        assert _csp_reports(browser) == []
        browser.get("about:blank")  # close the event stream before the server stops


# --- the story of a game: a revolt, a war and a catastrophe, told --------------------------

REVOLT = (19, "KO2 gL5 KP3")
"""Seed and actions of two players after which seat 1's king on P3 revolts against seat 0's
king on O2; seat 1 holds two red tiles, seat 0 none."""
WAR = (
    2497,
    "rD9 BB9 BF9 kP1 rJ1 RE9 kN8 bD8 rB5 gP3 RI6 gA3 KJ2 gK2 kA6 gC5 KO8 rG7 rG2 gH3 bB7 rC9",
)
"""Seed and actions after which C9 unites seat 0's farmer on B9 and seat 1's on F9: a blue war,
seat 0 attacking; both hold three blue tiles."""
CATASTROPHE = (208, "rJ5 KI5")
"""Seed and actions after which seat 1 may drop a catastrophe on J5, the only temple beside seat
0's king on I5."""
TIGRIS = tigeuph.GAMES["tigris"]


def _seeded(url: str, seed: int, actions: str) -> tuple[str, dict[str, str]]:
    """A game of two people dealt from *seed*, *actions* played through the API by whichever
    seat is to move; its id and tokens."""
    made = httpx.post(f"{url}/api/games", json={"players": 2, "seats": ["human"] * 2, "seed": seed})
    game, tokens = made.json()["id"], made.json()["tokens"]
    for action in actions.split():
        _act(url, game, tokens, action)
    return game, tokens


def _act(url: str, game: str, tokens: dict[str, str], action: str) -> None:
    status = httpx.get(f"{url}/api/games/{game}/wait", params={"timeout": 0}).json()
    headers = {"Authorization": f"Bearer {tokens[str(status['to_move'])]}"}
    body = {"action": action, "version": status["version"]}
    answer = httpx.post(f"{url}/api/games/{game}/actions", headers=headers, json=body)
    assert answer.status_code == 200, answer.text


def _state(seed: int, actions: str) -> Any:
    state = TIGRIS.new_game(2, seed=seed)
    for action in actions.split():
        state = TIGRIS.apply(state, TIGRIS.parse_action(action))
    return state


def _told(state: Any, action: str, seat: int) -> list[str]:
    """What *action* did in *state*, in the sentences the page tells *seat*."""
    _, events = TIGRIS.transition(state, TIGRIS.parse_action(action))
    names = names_for(2, seat)
    return [event.seen_by(seat).text(names) for event in events]


def _open_seat(driver: webdriver.Chrome, url: str, game: str, seat: int, token: str) -> None:
    driver.get(f"{url}/#game={game}&seat={seat}&token={token}")
    _open_board(driver)


def _cell_classes(driver: webdriver.Chrome, cell: str) -> set[str]:
    rect = driver.find_element(By.CSS_SELECTOR, f"#board rect.hit[data-cell='{cell}']")
    return set(str(rect.get_attribute("class")).split())


_TINTED = """
return [...document.querySelectorAll("#board rect.hit")]
  .filter((rect) => {
    const style = getComputedStyle(rect);
    const clear = style.fill === "none" || style.fill === "rgba(0, 0, 0, 0)";
    return !clear && Number(style.fillOpacity) > 0;
  })
  .map((rect) => rect.dataset.cell);
"""
_DRAWN = """
return [...document.querySelectorAll("#board rect.hit")]
  .filter((rect) => getComputedStyle(rect).stroke !== "none")
  .map((rect) => rect.dataset.cell);
"""


def _hand_drawn(driver: webdriver.Chrome) -> dict[str, str]:
    """Each piece of the hand panel: the id of the symbol its icon draws, if the page holds
    that symbol."""
    return dict(
        driver.execute_script(
            "return [...document.querySelectorAll('#hand-panel button.piece')].map((b) => {"
            " const use = b.querySelector('svg.piece-icon use');"
            " const id = use ? use.getAttribute('href').slice(1) : '';"
            " return [b.dataset.piece, document.getElementById(id) ? id : ''];"
            "})"
        )
    )


def _dialog_open(driver: webdriver.Chrome) -> bool:
    dialog = driver.find_element(By.ID, "decision")
    return _idle(driver) and dialog.get_attribute("open") is not None


def _title(driver: webdriver.Chrome) -> str:
    """The decision dialog's title as written (its style shows it in capitals)."""
    return str(driver.find_element(By.ID, "decision-title").get_attribute("textContent"))


def _lines(driver: webdriver.Chrome, selector: str) -> list[str]:
    return [line.text for line in driver.find_elements(By.CSS_SELECTOR, selector)]


def _strengths(driver: webdriver.Chrome) -> dict[str, tuple[str, str]]:
    """The support dialog's strengths: each side's board strength and support."""
    rows = driver.find_elements(By.CSS_SELECTOR, "#conflict tr[data-side]")
    return {
        str(row.get_attribute("data-side")): (
            row.find_element(By.CSS_SELECTOR, ".strength").text,
            row.find_element(By.CSS_SELECTOR, ".support").text,
        )
        for row in rows
    }


def test_a_revolt_is_told_with_both_strengths_and_its_leaders_lit(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """The attacker's support dialog names the revolt's colour, shows both sides' temples and
    what each choice makes, and lights both kings and their kingdom; once the defender has
    answered, the page tells who won and lights the loser's square."""
    shots = shots_folder(tmp_path)
    seed, actions = REVOLT
    with live_server(tmp_path / "games.sqlite") as url:
        game, tokens = _seeded(url, seed, actions)
        _open_seat(browser, url, game, 1, tokens["1"])
        wait = WebDriverWait(browser, 30, poll_frequency=0.05)
        wait.until(_dialog_open)
        assert _title(browser) == "Black revolt"
        assert _strengths(browser) == {
            "attacker": ("1 temple", "you decide now"),
            "defender": ("1 temple", "not yet"),
        }
        assert "you may add 0 to 2 red tiles" in browser.find_element(By.ID, "conflict").text
        choices = _lines(browser, "#decision-buttons button")
        assert choices[2] == "Commit 2 tiles as support → 3 against 1 + what Seat 0 adds"
        for cell in ("P3", "O2"):
            assert {"conflict-leader", "conflict-kingdom"} <= _cell_classes(browser, cell)
        # the picture frames the conflict: the page draws nothing over it, and tints nothing
        assert browser.execute_script(_DRAWN) == [] and browser.execute_script(_TINTED) == []
        browser.save_screenshot(str(shots / "revolt-support.png"))
        before = _version(browser)
        _click(browser, browser.find_element(By.CSS_SELECTOR, "[data-action='+2']"))
        wait.until(_moved_past(before))
        state = _state(seed, actions + " +2")
        _act(url, game, tokens, "+0")  # the defender holds no red tile
        wait.until(_moved_past(before + 1))
        told = _told(state, "+0", 1)
        assert any("win the black revolt, 3 to 1" in line for line in told)
        assert _lines(browser, "#history li")[-1].splitlines()[1:] == told
        assert set(told) <= set(_lines(browser, "#news-lines li"))
        assert "told" in _cell_classes(browser, "O2")  # the loser's king left it
        browser.save_screenshot(str(shots / "revolt.png"))
        assert _csp_reports(browser) == []
        browser.get("about:blank")


def _dialog_closed(name: str) -> Callable[[webdriver.Chrome], bool]:
    def closed(driver: webdriver.Chrome) -> bool:
        return _idle(driver) and driver.find_element(By.ID, name).get_attribute("open") is None

    return closed


def test_a_dialog_closes_once_its_decision_is_gone(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """The support dialog open on the attacker's page closes as soon as the support is committed
    elsewhere (through the API with the seat's token); the exchange dialog closes once the seat
    has moved elsewhere; the page sends no action of a decision that is gone, and gets no
    refusal."""
    seed, actions = REVOLT
    with live_server(tmp_path / "games.sqlite") as url:
        game, tokens = _seeded(url, seed, actions)
        _open_seat(browser, url, game, 1, tokens["1"])
        wait = WebDriverWait(browser, 30, poll_frequency=0.05)
        wait.until(_dialog_open)
        assert browser.find_elements(By.CSS_SELECTOR, "#decision-buttons [data-action='+2']")
        _traffic(browser)  # forget the loading's requests
        before = _version(browser)
        _act(url, game, tokens, "+2")  # seat 1 commits from elsewhere: seat 0 decides now
        wait.until(_moved_past(before))
        wait.until(_dialog_closed("decision"))
        assert _turn(browser) == "theirs"
        _act(url, game, tokens, "+0")  # seat 0 answers: seat 1's turn goes on, no dialog
        wait.until(_moved_past(before + 1))
        assert _turn(browser) == "mine"
        assert browser.find_element(By.ID, "decision").get_attribute("open") is None

        _click(browser, browser.find_element(By.ID, "exchange-open"))
        assert browser.find_element(By.ID, "exchange").get_attribute("open") is not None
        _act(url, game, tokens, "pass")  # seat 1 ends an action from another tab
        wait.until(_moved_past(before + 2))
        wait.until(_dialog_closed("exchange"))
        asked, answered = _traffic(browser)
        assert not [line for line in asked if line.startswith("POST")]
        assert not [answer for answer in answered if answer[1] >= 400]
        assert _csp_reports(browser) == []
        browser.get("about:blank")


def test_a_war_is_told_with_its_sides_lit_and_the_defenders_outcomes(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """The defender's dialog names the war's colour, shows both sides' blue tiles and the
    attacker's support, and says which choices win (ties go to the defender); each side's
    kingdom is lit apart, the unification tile in neither; the tiles the war removes are
    told and lit."""
    shots = shots_folder(tmp_path)
    seed, actions = WAR
    with live_server(tmp_path / "games.sqlite") as url:
        game, tokens = _seeded(url, seed, actions)
        _open_seat(browser, url, game, 1, tokens["1"])
        _act(url, game, tokens, "+1")  # the attacker commits one blue tile
        wait = WebDriverWait(browser, 30, poll_frequency=0.05)
        wait.until(_dialog_open)
        assert _title(browser) == "Blue war"
        assert _strengths(browser) == {
            "attacker": ("1 blue tile", "1"),
            "defender": ("1 blue tile", "you decide now"),
        }
        choices = _lines(browser, "#decision-buttons button")
        assert choices[0].endswith("→ 1 against 2: you lose")
        assert choices[1].endswith("→ 2 against 2: you win (ties go to the defender)")
        assert {"conflict-leader", "side-attacker"} <= _cell_classes(browser, "B9")
        assert {"conflict-leader", "side-defender"} <= _cell_classes(browser, "F9")
        assert not {"side-attacker", "side-defender"} & _cell_classes(browser, "C9")
        browser.save_screenshot(str(shots / "war-support.png"))
        before = _version(browser)
        state = _state(seed, actions + " +1")
        _click(browser, browser.find_element(By.CSS_SELECTOR, "[data-action='+0']"))
        wait.until(_moved_past(before))
        told = _told(state, "+0", 1)
        assert any("wins the blue war, 2 to 1" in line for line in told)
        assert _lines(browser, "#history li")[-1].splitlines()[1:] == told
        assert set(told) <= set(_lines(browser, "#news-lines li"))
        _, events = TIGRIS.transition(state, TIGRIS.parse_action("+0"))
        resolved = next(event for event in events if event.kind == "conflict-resolved")
        lit = [_cell_classes(browser, tigeuph.cell_name(c)) for c in resolved.values("cell")]
        assert len(lit) > 1 and all("told" in classes for classes in lit)
        browser.save_screenshot(str(shots / "war.png"))
        assert _csp_reports(browser) == []
        browser.get("about:blank")


def test_a_catastrophe_is_explained_on_hover_and_told_after(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """Hovering the catastrophe's square says what it would do, as Explain does when asked;
    Hint names a legal move and says why; once dropped, the page tells the tile destroyed and
    the king sent home, and lights both squares. The page links the rules, has help, heads
    each colour of the score table apart, and names each seat's dynasty on its colour."""
    shots = shots_folder(tmp_path)
    seed, actions = CATASTROPHE
    state = _state(seed, actions)
    explained = str(TIGRIS.presentation.explain(state, TIGRIS.parse_action("xJ5")))
    with live_server(tmp_path / "games.sqlite") as url:
        game, tokens = _seeded(url, seed, actions)
        _open_seat(browser, url, game, 1, tokens["1"])
        wait = WebDriverWait(browser, 30, poll_frequency=0.05)
        heads = _lines(browser, "#players-table th .pt")
        assert heads == ["red", "blue", "green", "black"]
        crests = browser.find_elements(By.CSS_SELECTOR, "#players-table .dynasty")
        assert [c.text for c in crests] == [dynasty(seat).name for seat in range(len(crests))]
        grounds = {c.value_of_css_property("background-color") for c in crests}
        assert len(crests) == 2 and len(grounds) == 2  # each seat on its own colour
        rules = browser.find_element(By.ID, "rules-link")
        assert str(rules.get_attribute("href")).endswith("/static/rules.html#tigris")
        assert httpx.get(str(rules.get_attribute("href"))).status_code == 200
        _click(browser, browser.find_element(By.ID, "help-open"))
        assert "Hint" in browser.find_element(By.ID, "help").text
        _click(browser, browser.find_element(By.ID, "help-close"))

        field = browser.find_element(By.ID, "explain-text")
        field.send_keys("xJ5")
        _click(browser, browser.find_element(By.ID, "explain-send"))
        wait.until(lambda d: d.find_element(By.ID, "advice").text)
        assert browser.find_element(By.ID, "advice").text == f"xJ5: {explained}"
        _click(browser, browser.find_element(By.ID, "hint"))
        wait.until(lambda d: "would play" in d.find_element(By.ID, "advice").text)
        hinted = browser.find_element(By.ID, "advice").text
        legal = {str(action) for action in TIGRIS.legal_actions(state)}
        assert hinted.startswith("A greedy player would play ")
        assert hinted.split()[5].rstrip(":") in legal and "Legal" in hinted

        drawn = _hand_drawn(browser)
        assert drawn == {
            **{c: f"hand-tile-{c}" for c in "rbgk"},
            **{c: f"hand-leader-1-{c.lower()}" for c in "RBGK"},
            "x": "hand-catastrophe",
        }
        _click(browser, browser.find_element(By.CSS_SELECTOR, "#hand [data-piece='x']"))
        lit = {
            str(rect.get_attribute("data-cell")): "open" in str(rect.get_attribute("class"))
            for rect in browser.find_elements(By.CSS_SELECTOR, "#board rect.hit.legal")
        }
        xs = {str(a)[1:] for a in TIGRIS.legal_actions(state) if str(a).startswith("x")}
        assert set(lit) == xs and len(xs) < 176  # not the king's cell, nor a treasure's
        assert "I5" not in lit and lit["J5"] is False  # the red tile it may take, in bold
        assert sum(lit.values()) == len(xs) - 1  # each empty cell faint (one tile on board)
        assert browser.execute_script(_TINTED) == []  # outlines: the tiles keep their colours
        cell = browser.find_element(By.CSS_SELECTOR, "#board rect.hit.legal[data-cell='J5']")
        ActionChains(browser).move_to_element(cell).perform()
        wait.until(lambda d: d.find_element(By.ID, "hover-note").text)
        note = browser.find_element(By.ID, "hover-note").text
        assert note == f"Place a catastrophe on J5: {explained}"
        assert "returns to supply" in note
        browser.save_screenshot(str(shots / "catastrophe-hover.png"))
        before = _version(browser)
        _click(browser, cell)
        wait.until(_moved_past(before))
        told = _told(state, "xJ5", 1)
        assert told[:2] == [
            "You drop a catastrophe on J5, destroying the red tile there.",
            "Seat 0's king on I5 has no temple beside it any more and goes back to supply.",
        ]
        assert told == _lines(browser, "#news-lines li")
        assert {"told"} <= _cell_classes(browser, "J5") & _cell_classes(browser, "I5")
        browser.save_screenshot(str(shots / "catastrophe.png"))
        assert _csp_reports(browser) == []
        browser.get("about:blank")


_PAST_THE_EDGE = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll("body *")]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > width + 0.5)
  .filter((e) => !e.closest("#board svg"))  // the zoomed board scrolls inside its own box
  .map((e) => `${e.tagName} #${e.id} ${Math.round(e.getBoundingClientRect().right)}`);
"""
_SMALL_TARGETS = """
return [...document.querySelectorAll("button, a, input, select")]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 40)
  .map((e) => `${e.tagName} #${e.id} ${e.textContent.trim().slice(0, 20)}`);
"""


def _phone(driver: webdriver.Chrome, width: int, height: int) -> None:
    """Make the page *width* by *height* CSS pixels, as a phone's (a headless window is at
    least 500 wide)."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def _in_sight(driver: webdriver.Chrome, element: WebElement) -> bool:
    """Scrolled to, *element* lies wholly within the viewport's width and height."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    box = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]",
        element,
    )
    left, top, right, bottom, width, height = box
    inside = left >= 0 and top >= 0 and right <= width and bottom <= height
    return bool(element.is_displayed() and inside)


@pytest.mark.parametrize("width", [360, 390, 412])
def test_a_phone_gets_one_column_a_zoomable_board_and_targets_a_finger_hits(
    browser: webdriver.Chrome, tmp_path: Path, width: int
) -> None:
    """At a phone's width no element passes the screen's right edge (the start page's and
    the game's), Hint and the players' table are in sight once scrolled to, every button,
    link and field is at least 40 pixels high, and zooming in makes the board's cells as big
    as a fingertip, the board scrolling in its own box."""
    seed, actions = CATASTROPHE
    _phone(browser, width, 844)
    with live_server(tmp_path / "games.sqlite") as url:
        browser.get(url + "/")
        WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "seat0"))
        assert browser.execute_script("return document.documentElement.clientWidth") == width
        assert browser.execute_script(_PAST_THE_EDGE) == []
        assert browser.execute_script(_SMALL_TARGETS) == []
        game, tokens = _seeded(url, seed, actions)
        _open_seat(browser, url, game, 1, tokens["1"])
        browser.save_screenshot(str(shots_folder(tmp_path) / f"phone-{width}.png"))
        assert browser.execute_script(_PAST_THE_EDGE) == []
        assert browser.execute_script(_SMALL_TARGETS) == []
        assert _in_sight(browser, browser.find_element(By.ID, "hint"))
        assert _in_sight(browser, browser.find_element(By.ID, "players-table"))
        cell = browser.find_element(By.CSS_SELECTOR, "#board rect.hit[data-cell='J5']")
        assert cell.rect["height"] < 40
        for _ in range(2):
            _click(browser, browser.find_element(By.ID, "zoom-in"))
        assert cell.rect["height"] >= 40
        assert browser.execute_script(_PAST_THE_EDGE) == []
        board = browser.find_element(By.ID, "board")
        assert browser.execute_script("return arguments[0].scrollWidth", board) > width
        _click(browser, browser.find_element(By.CSS_SELECTOR, "#hand [data-piece='x']"))
        _click(
            browser, browser.find_element(By.CSS_SELECTOR, "#board rect.hit.legal[data-cell='J5']")
        )
        WebDriverWait(browser, 30, poll_frequency=0.05).until(_moved_past(len(actions.split())))
        assert _csp_reports(browser) == []
        browser.get("about:blank")


def _live_note(driver: webdriver.Chrome) -> str:
    """The line above the board about live updates ("" while it is hidden)."""
    note = driver.find_element(By.ID, "live-note")
    return str(note.text) if note.is_displayed() else ""


def test_a_refused_stream_falls_back_to_polling_and_returns(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """While this client holds its share of streams (here one, held by the test from the same
    address), the page's event stream is refused: it says so on a line above the board, and
    still sees the other seat's move by polling, honouring Retry-After. Once the share is free
    it goes back to the stream and the line goes. The page shows the deal's commitment."""
    limits = evolve(TESTING, streams_per_client=1)
    with live_server(tmp_path / "games.sqlite", limits) as url, httpx.Client(base_url=url) as http:
        game, tokens = _seeded(url, 5, "")
        commitment = http.get(f"/api/games/{game}").json()["deal_commitment"]
        with http.stream("GET", f"/api/games/{game}/events") as held:
            assert held.status_code == 200
            browser.get(f"{url}/#game={game}&seat=1&token={tokens['1']}")
            browser.execute_script("STREAM_AGAIN.fill(2)")  # try the stream again sooner
            _open_board(browser)
            wait = WebDriverWait(browser, 60, poll_frequency=0.1)
            wait.until(lambda d: "too busy to send live updates" in _live_note(d))
            assert browser.find_element(By.ID, "deal-commitment").text == commitment
            assert commitment in browser.find_element(By.ID, "deal-verify").text
            _act(url, game, tokens, "pass")  # seat 0 moves: the page learns of it all the same
            wait.until(_moved_past(0))
            assert _live_note(browser)
        wait.until(lambda d: _live_note(d) == "")  # back on the stream once it was free
        assert browser.execute_script("return game.source && game.source.readyState") == 1
        _act(url, game, tokens, "pass")
        wait.until(_moved_past(1))
        assert _csp_reports(browser) == []
        browser.get("about:blank")
