"""The documentation's live pages in a real headless Chromium (issue 39): the built site, served
by a static file server, runs every casebook case in a page's "try it" panel and marks each
check; an edited expectation is marked failed and its version travels in the address; an action
tried from a cell of the drawn board is explained and played; on the board that needs no
server, a whole game against the greedy player ends with a record ``tigeuph verify`` accepts.
The engine asks no other host for anything.

The site is built once a session (``sphinx-build``, a minute or two; Pyodide comes from the
npm registry on a first build, then from ``docs/_build/.tryit/``), or taken as built from
``TIGEUPH_SITE``. Needs Debian's ``chromium`` and ``chromium-driver``, and for the build node,
npm and the docs extra (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
from helpers.chromium import headless_chromium, log
from helpers.paths import ROOT
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

from tigeuph import GAMES, casebook
from tigeuph.cli.docs import serve_site

pytestmark = pytest.mark.slow

BOOT = 180
"""Seconds a page may take to start the engine on a loaded machine (a few, usually)."""
WAR = "wars/rulebook-war-second-war-vanishes"
TRAVEL = "babel/actions/travel-needs-the-card"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built documentation site: ``TIGEUPH_SITE``'s, or built here once."""
    given = os.environ.get("TIGEUPH_SITE")
    if given:
        built = Path(given)
    else:
        out = tmp_path_factory.mktemp("site")
        built = out / "html"
        command = [sys.executable, "-m", "sphinx", "-q", "-b", "html"]
        command += ["-d", str(out / "doctrees"), str(ROOT / "docs"), str(built)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr[-3000:]
    assert (built / "_static/tryit/runtime/pyodide.asm.wasm").is_file(), (
        f"{built} has no engine for its live pages (the build's warnings say why)"
    )
    return built


@pytest.fixture(scope="session")
def url(site: Path) -> Iterator[str]:
    """The site served as ``tigeuph docs --serve`` serves it, on a free port."""
    server = serve_site(site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def downloads(tmp_path: Path) -> Path:
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture
def browser(downloads: Path) -> Iterator[webdriver.Chrome]:
    with headless_chromium(1200, 1000, downloads) as driver:
        yield driver


def _requested(driver: webdriver.Chrome) -> list[str]:
    """Every URL the page and its worker asked for since the last look."""
    urls = []
    for entry in log(driver, "performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def _severe(driver: webdriver.Chrome) -> list[str]:
    """The console's errors since the last look (a favicon the site has not aside)."""
    return [
        entry["message"]
        for entry in log(driver, "browser")
        if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]
    ]


def _data(element: WebElement, name: str) -> str:
    return str(element.get_attribute(f"data-{name}") or "")


def _press(driver: webdriver.Chrome, element: WebElement) -> None:
    """Click *element*, brought into view (the theme's bars may cover it where it is)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    try:
        element.click()
    except WebDriverException:
        driver.execute_script(
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element
        )


def _wait(driver: webdriver.Chrome, seconds: float = 60) -> WebDriverWait[webdriver.Chrome]:
    return WebDriverWait(driver, seconds, poll_frequency=0.02)


def _page(case: str) -> str:
    return f"casebook/{case}.html"


def _open_panel(driver: webdriver.Chrome, address: str) -> WebElement:
    """Open a casebook page and wait for its panel's first run."""
    driver.get(address)
    panel = driver.find_element(By.CSS_SELECTOR, "section.tryit")
    driver.execute_script("arguments[0].scrollIntoView()", panel)
    _wait(driver, BOOT).until(lambda d: _data(panel, "state") in ("done", "broken"))
    assert _data(panel, "state") == "done", panel.find_element(By.CLASS_NAME, "tryit-status").text
    return panel


def _run(driver: webdriver.Chrome, panel: WebElement, position: str, lines: str) -> str:
    """Put a case in the panel, run it and answer its verdict."""
    runs = int(_data(panel, "runs"))
    driver.execute_script(
        "const [s, p, l] = arguments;"
        "s.querySelector('textarea.tryit-position').value = p;"
        "s.querySelector('textarea.tryit-lines').value = l;"
        "s.querySelector('button.tryit-run').click();",
        panel,
        position,
        lines,
    )
    _wait(driver).until(lambda d: int(_data(panel, "runs")) > runs)
    return _data(panel, "verdict")


def _marks(panel: WebElement) -> list[tuple[str, str]]:
    """Each check the panel shows: its mark (``pass``, ``fail``) and its line."""
    shown = panel.find_elements(By.CSS_SELECTOR, "li.check")
    return [
        (next(c for c in ("pass", "fail") if c in str(li.get_attribute("class"))), li.text)
        for li in shown
    ]


class _Boxes(HTMLParser):
    """The text of a page's panel's two boxes."""

    def __init__(self) -> None:
        super().__init__()
        self.boxes: dict[str, str] = {}
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "textarea":
            self._in = dict(attrs).get("class")
            self.boxes[str(self._in)] = ""

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in is not None:
            self.boxes[self._in] += data


def _boxes(address: str) -> tuple[str, str]:
    """A casebook page's position and lines, as its panel holds them before any script (a
    browser drops the newline right after ``<textarea>``)."""
    with urlopen(address, timeout=60) as answer:
        parser = _Boxes()
        parser.feed(answer.read().decode("utf-8"))
    position, lines = (parser.boxes[f"tryit-{box}"] for box in ("position", "lines"))
    return position.removeprefix("\n"), lines.removeprefix("\n")


def test_every_case_passes_in_a_live_panel(browser: webdriver.Chrome, url: str) -> None:
    """Each case's page holds its case in its panel; played there, every case of both games
    passes with every check marked passed, each state drawn and each action explained. The
    page and its engine fetch nothing from another host, and the console stays clean."""
    cases = casebook.all_cases()
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    for game in ("tigris", "babel"):
        mine = [case for case in cases if casebook.game_of_case(case).facts.name == game]
        panel = _open_panel(browser, url + _page(mine[0].name))
        assert _data(panel, "verdict") == "passed"
        engine = json.loads(_data(panel, "engine"))
        assert engine["python"].startswith("3.14") and engine["origins"] == [origin]
        failed = []
        for case in mine:
            assert case.path is not None
            position, lines = _boxes(url + _page(case.name))
            own = casebook.halves(case.path.read_text("utf-8"))
            assert (position.rstrip(), lines.rstrip()) == tuple(text.rstrip() for text in own)
            verdict = _run(browser, panel, position, lines)
            marks = _marks(panel)
            states = panel.find_elements(By.CSS_SELECTOR, "li.tryit-state")
            trial = casebook.play(case)
            if verdict != "passed" or [m for m, _ in marks] != ["pass"] * len(trial.checks):
                failed.append((case.name, verdict, marks))
            assert len(states) == len(trial.steps) + 1
            assert all(s.find_elements(By.TAG_NAME, "svg") for s in states)
            explained = panel.find_elements(By.CSS_SELECTOR, "li.tryit-state .tryit-explain")
            assert len(explained) == len(trial.steps)
        assert failed == [], failed
        requested = _requested(browser)  # the page's own (its worker reports its own above)
        assert any("_static/tryit/panel.mjs" in u for u in requested)
        assert [u for u in requested if u.startswith(("http", "ws")) and origin not in u] == []
        assert _severe(browser) == []


def test_an_edited_expectation_is_marked_failed_and_linked(
    browser: webdriver.Chrome, url: str
) -> None:
    """An expectation edited so that it no longer holds is marked failed with what the
    position has instead, the others passed; the address then carries the edited case, and
    opening that address runs the edited case again, failing the same way."""
    panel = _open_panel(browser, url + _page(WAR))
    position, lines = _boxes(url + _page(WAR))
    edited = lines.replace("points 0 = r0 b0 g3 k0", "points 0 = r0 b0 g4 k0", 1)
    assert edited != lines
    assert _run(browser, panel, position, edited) == "failed"
    marks = _marks(panel)
    failed = [text for mark, text in marks if mark == "fail"]
    assert len(failed) == 1 and "g4 k0" in failed[0] and "got r0 b0 g3 k0" in failed[0]
    assert len(marks) > 1 and all(mark == "pass" for mark, text in marks if text != failed[0])
    verdict = panel.find_element(By.CLASS_NAME, "tryit-verdict").text
    assert verdict.startswith("✗ 1 of") and "failed" in verdict
    link = browser.current_url
    assert "#try=" in link
    browser.get("about:blank")
    panel = _open_panel(browser, link)
    assert _data(panel, "verdict") == "failed"
    lines_box = panel.find_element(By.CSS_SELECTOR, "textarea.tryit-lines")
    assert lines_box.get_attribute("value") == edited
    assert [text for mark, text in _marks(panel) if mark == "fail"] == failed
    _press(browser, panel.find_element(By.CSS_SELECTOR, "button.tryit-reset"))
    _wait(browser).until(lambda d: _data(panel, "verdict") == "passed")
    assert "#try=" not in browser.current_url


def test_an_action_tried_from_a_cell_of_the_board(browser: webdriver.Chrome, url: str) -> None:
    """Clicking a highlighted cell of the last position lists the legal actions there, says
    what the first would do as the game explains it, and Play it adds it to the case and runs
    it; a case's refused action gives way to the one played."""
    panel = _open_panel(browser, url + _page(WAR))
    trial = casebook.run(casebook.case_named(WAR))
    cells = panel.find_elements(By.CSS_SELECTOR, ".tryit-board rect.hit.legal")
    assert cells
    cell = random.Random(3).choice(cells)
    name = str(cell.get_attribute("data-cell"))
    browser.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", cell
    )
    chooser = Select(panel.find_element(By.CSS_SELECTOR, "select.tryit-moves"))
    options = [str(o.get_attribute("value")) for o in chooser.options]
    legal = [a for a in trial.game.legal_actions(trial.state) if str(a) in options]
    assert options and len(legal) == len(options) and all(name in o for o in options)
    explained = str(trial.game.presentation.explain(trial.state, legal[0]))
    said = panel.find_element(By.CSS_SELECTOR, ".tryit-chooser .tryit-explain")
    _wait(browser).until(lambda d: said.text == explained)
    runs = int(_data(panel, "runs"))
    _press(browser, panel.find_element(By.CSS_SELECTOR, "button.tryit-play"))
    _wait(browser).until(lambda d: int(_data(panel, "runs")) > runs)
    assert _data(panel, "verdict") == "passed"
    lines = panel.find_element(By.CSS_SELECTOR, "textarea.tryit-lines").get_attribute("value")
    assert str(lines).endswith(f"play: {options[0]}")
    steps = panel.find_elements(By.CSS_SELECTOR, "li.tryit-state h4 code")
    assert [s.text for s in steps][-1] == options[0]

    panel = _open_panel(browser, url + _page(TRAVEL))
    assert _data(panel, "verdict") == "passed"
    chooser = Select(panel.find_element(By.CSS_SELECTOR, "select.tryit-moves"))
    first = str(chooser.options[0].get_attribute("value"))
    chooser.select_by_index(0)
    runs = int(_data(panel, "runs"))
    play = panel.find_element(By.CSS_SELECTOR, "button.tryit-play")
    _wait(browser).until(lambda d: play.is_enabled())
    _press(browser, play)
    _wait(browser).until(lambda d: int(_data(panel, "runs")) > runs)
    lines = str(panel.find_element(By.CSS_SELECTOR, "textarea.tryit-lines").get_attribute("value"))
    assert _data(panel, "verdict") == "passed" and "expect-error" not in lines
    assert lines.endswith(f"play: {first}")
    assert _severe(browser) == []


def _board(driver: webdriver.Chrome) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, "div.tboard")


def _settled(before: int) -> Callable[[webdriver.Chrome], bool]:
    """A wait condition: the board shows a later action and no player is thinking."""

    def settled(driver: webdriver.Chrome) -> bool:
        board = _board(driver)
        return int(_data(board, "actions") or -1) > before and _data(board, "waiting") != "player"

    return settled


def _said(driver: webdriver.Chrome) -> str:
    return str(driver.find_element(By.CSS_SELECTOR, ".tboard-answer").text)


def test_a_whole_game_against_greedy_on_the_board_that_needs_no_server(
    browser: webdriver.Chrome, url: str, downloads: Path
) -> None:
    """The search player, first to move in a game of Babel, thinks in the worker while the move
    indicator says so. Then a person deals a game against the greedy player, asks a hint and an
    explanation, plays from a cell of the board and from the list, undoes, sees the indicator
    while the player moves and the narration of each move, plays to the end and downloads a
    record that ``tigeuph replay`` reads and ``tigeuph verify`` accepts with the commitment
    shown before the first move."""
    rng = random.Random(11)
    browser.get(url + "play.html")
    board = _board(browser)
    _wait(browser, BOOT).until(lambda d: _data(board, "state") in ("setup", "broken"))
    assert _data(board, "state") == "setup"
    # every text the move indicator shows, as it shows it
    browser.execute_script(
        "const board = arguments[0]; window.indicated = [];"
        "new MutationObserver(() => { const turn = board.querySelector('.tboard-turn');"
        "  if (turn) indicated.push(turn.textContent); })"
        ".observe(board, {childList: true, characterData: true, subtree: true});",
        board,
    )
    player = Select(board.find_element(By.CSS_SELECTOR, "select.tboard-player"))
    assert player.first_selected_option.get_attribute("value") == "greedy"
    # Babel, the person in seat 1: the search player moves first, in the worker, and says so
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-game-name")).select_by_value("babel")
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-seat")).select_by_value("1")
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-player")).select_by_value("mcts")
    _press(browser, board.find_element(By.CSS_SELECTOR, "button.tboard-deal"))
    _wait(browser).until(lambda d: _data(board, "waiting") == "you")
    assert "seat 0 (mcts) is thinking…" in browser.execute_script("return indicated")
    assert "you are the bull (seat 1)" in board.find_element(By.CLASS_NAME, "tboard-turn").text

    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-game-name")).select_by_value("tigris")
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-seat")).select_by_value("0")
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-players")).select_by_value("2")
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-player")).select_by_value("greedy")
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-pace")).select_by_value("0")
    _press(browser, board.find_element(By.CSS_SELECTOR, "input[data-rule=buildings]"))
    _press(browser, board.find_element(By.CSS_SELECTOR, "button.tboard-deal"))
    _wait(browser).until(
        lambda d: _data(board, "waiting") == "you" and _data(board, "actions") == "0"
    )
    commitment = board.find_element(By.CLASS_NAME, "tboard-commitment-hex").text
    assert re.fullmatch(r"[0-9a-f]{64}", commitment)

    _press(browser, board.find_element(By.CLASS_NAME, "tboard-hint"))
    _wait(browser).until(lambda d: _said(d).startswith("hint: "))
    listed = board.find_element(By.CSS_SELECTOR, "select.tboard-moves")
    moves = Select(listed)
    hinted = str(moves.first_selected_option.get_attribute("value"))
    assert _said(browser).startswith(f"hint: {hinted},")
    _press(browser, board.find_element(By.CLASS_NAME, "tboard-explain"))
    _wait(browser).until(lambda d: _said(d).startswith("Legal"))

    cells = board.find_elements(By.CSS_SELECTOR, ".tboard-picture rect.hit.legal")
    assert cells
    browser.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", cells[0]
    )
    cell = str(cells[0].get_attribute("data-cell"))
    assert all(cell in str(o.get_attribute("value")) for o in moves.options)
    played = str(moves.first_selected_option.get_attribute("value"))
    _press(browser, board.find_element(By.CLASS_NAME, "tboard-play"))
    _wait(browser).until(_settled(0))
    assert f"{played} You " in board.find_element(By.CLASS_NAME, "tboard-story").text
    _press(browser, board.find_element(By.CLASS_NAME, "tboard-undo"))
    _wait(browser).until(
        lambda d: _data(board, "actions") == "0" and _data(board, "waiting") == "you"
    )
    assert _said(browser).startswith("Took back")

    mine, narrated = 0, []
    deadline = time.monotonic() + 600
    while _data(board, "over") != "true" and time.monotonic() < deadline:
        before = int(_data(board, "actions"))
        browser.execute_script(  # a legal action at random, picked from the list
            "const [list, at] = arguments; list.selectedIndex = Math.floor(at * list.length)",
            listed,
            rng.random(),
        )
        _press(browser, board.find_element(By.CLASS_NAME, "tboard-play"))
        _wait(browser).until(_settled(before))
        mine += 1
        if int(_data(board, "actions")) > before + 1:  # the player answered: it is told
            narrated.append(board.find_element(By.CLASS_NAME, "tboard-story").text)
    assert _data(board, "over") == "true" and mine > 10
    assert any("seat 1 (greedy)\n" in text for text in narrated)
    turn = board.find_element(By.CLASS_NAME, "tboard-turn").text
    assert turn.startswith(("Game over", "The game has stopped"))
    indicated = browser.execute_script("return indicated")
    assert any("(greedy) is thinking" in text for text in indicated)

    _press(browser, board.find_element(By.CLASS_NAME, "tboard-download"))
    _wait(browser).until(lambda d: [p for p in downloads.iterdir() if p.suffix == ".txt"])
    (record,) = [p for p in downloads.iterdir() if p.suffix == ".txt"]
    _wait(browser).until(lambda d: record.stat().st_size > 0 and str(record.name) in _said(d))
    game = GAMES["tigris"].records.record_from_text(record.read_text("utf-8"))
    assert game.state.is_over and game.state.rules.buildings
    assert len(game.actions) == int(_data(board, "actions"))
    if turn.startswith("Game over"):  # each seat's score as the game tells it (R27's tie-break)
        tigris, final = GAMES["tigris"], game.state
        for seat, rank in enumerate(tigris.ranks(final)):
            told = tigris.presentation.score_text(final, seat)
            assert re.search(rf"{rank}\. seat {seat} \([a-z]+\), {re.escape(told)}[;.]", turn)
    for command in (
        ["replay", "--all", str(record)],
        ["verify", str(record), "--commitment", commitment],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "tigeuph", *command],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    assert _severe(browser) == []


def _deal(driver: webdriver.Chrome, game: str) -> WebElement:
    """Deal *game* to the person in seat 0 against greedy players moving at once (a fixed
    seed); the board once it is the person's first turn."""
    board = _board(driver)
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-game-name")).select_by_value(game)
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-seat")).select_by_value("0")
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-pace")).select_by_value("0")
    seed = board.find_element(By.CSS_SELECTOR, "input.tboard-seed")
    seed.clear()
    seed.send_keys("7")
    _press(driver, board.find_element(By.CSS_SELECTOR, "button.tboard-deal"))
    _wait(driver).until(lambda d: _data(board, "waiting") == "you")
    return board


def _tinted(board: WebElement) -> int:
    return len(board.find_elements(By.CSS_SELECTOR, ".tboard-picture rect.aid.kingdom"))


def test_the_aids_on_the_board_that_needs_no_server(browser: webdriver.Chrome, url: str) -> None:
    """Under the main game's picture, a box for each aid its pictures draw, none ticked at
    first. Once a leader stands by a temple, ticking *Kingdoms* draws the picture with his
    kingdom tinted; after a reload the next game is dealt with the box still ticked and drawn
    with the aid; a game of Babel, which draws none, shows no box."""
    browser.get(url + "play.html")
    board = _board(browser)
    _wait(browser, BOOT).until(lambda d: _data(board, "state") in ("setup", "broken"))
    assert _data(board, "state") == "setup"
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-players")).select_by_value("2")
    _deal(browser, "tigris")
    offered = GAMES["tigris"].presentation.aids
    labels = board.find_elements(By.CSS_SELECTOR, ".tboard-aids label")
    assert [label.text for label in labels] == [name.capitalize() for name in offered]
    assert not any(
        box.is_selected() for box in board.find_elements(By.CSS_SELECTOR, ".tboard-aids input")
    )

    listed = Select(board.find_element(By.CSS_SELECTOR, "select.tboard-moves"))
    leader = next(
        str(option.get_attribute("value"))
        for option in listed.options
        if re.fullmatch(r"[RBGK][A-P][0-9]+", str(option.get_attribute("value")))
    )
    listed.select_by_value(leader)
    _press(browser, board.find_element(By.CLASS_NAME, "tboard-play"))
    _wait(browser).until(_settled(0))
    assert _tinted(board) == 0
    _press(browser, labels[0])  # Kingdoms
    _wait(browser).until(lambda d: _data(board, "aids") == "kingdoms" and _tinted(board) > 1)

    browser.refresh()
    board = _board(browser)
    _wait(browser, BOOT).until(lambda d: _data(board, "state") == "setup")
    Select(board.find_element(By.CSS_SELECTOR, "select.tboard-players")).select_by_value("2")
    _deal(browser, "tigris")
    assert board.find_element(By.CSS_SELECTOR, "input[data-aid=kingdoms]").is_selected()
    assert _data(board, "aids") == "kingdoms"
    assert board.find_elements(By.CSS_SELECTOR, ".tboard-picture g.aid.kingdoms")

    _deal(browser, "babel")
    assert not board.find_element(By.CLASS_NAME, "tboard-aids").is_displayed()
    assert _data(board, "aids") == ""
    assert _severe(browser) == []
