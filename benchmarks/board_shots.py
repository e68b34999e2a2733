"""Screenshots of the browser board for people to look at (issue 40): a revolt, a war, a
catastrophe, a monument, a treasure, the end and a Babel game, each at 1200 and 390 CSS pixels
wide, taken in headless Chromium from a live server.

    python benchmarks/board_shots.py OUT_DIR

Each position is dealt from a seed and reached through the HTTP API (the revolt, the war and
the catastrophe are the browser tests' own; the monument and treasure decisions, the end and
the Babel game come from random play of a fixed seed), then opened as the seat who decides. The
phone's width is emulated (a headless window is at least 500 wide). Needs Debian's ``chromium``
and ``chromium-driver``; nothing here is measured.
"""

from __future__ import annotations

import argparse
import random
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import tigeuph
from tigeuph.server import ServerLimits, create_app

TIGRIS = tigeuph.GAMES["tigris"]
BABEL = tigeuph.GAMES["babel"]
WIDTHS = (1200, 390)
REVOLT = (19, "KO2 gL5 KP3")
WAR = (
    2497,
    "rD9 BB9 BF9 kP1 rJ1 RE9 kN8 bD8 rB5 gP3 RI6 gA3 KJ2 gK2 kA6 gC5 KO8 rG7 rG2 gH3 bB7 rC9",
)
CATASTROPHE = (208, "rJ5 KI5")


def _random_until(
    game: Any, seed: int, wanted: Callable[[Any], bool], rng: random.Random
) -> list[str] | None:
    """The actions of a random game from *seed* up to the first state *wanted* holds of (or
    to its end, when *wanted* is the end), or ``None`` if it never does."""
    state = game.new_game(2, seed=seed)
    actions: list[str] = []
    while not wanted(state):
        legal = game.legal_actions(state)
        if not legal:
            return None
        action = rng.choice(legal)
        actions.append(str(action))
        state = game.apply(state, action)
    return actions


def _deciding(kind: str) -> Callable[[Any], bool]:
    def deciding(state: Any) -> bool:
        return bool(state.pending is not None and type(state.pending).__name__ == kind)

    return deciding


def _found(game: Any, wanted: Callable[[Any], bool]) -> tuple[int, list[str]]:
    for seed in range(200):
        actions = _random_until(game, seed, wanted, random.Random(seed))
        if actions is not None:
            return seed, actions
    raise SystemExit("no random game reached it")


@contextmanager
def _server(db: Path) -> Iterator[str]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    limits = ServerLimits(client_seeds=True, creations=10_000)
    config = uvicorn.Config(create_app(str(db), limits=limits), log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(5)


def _seeded(url: str, name: str, seed: int, actions: list[str]) -> tuple[str, dict[str, str]]:
    body = {"game": name, "players": 2, "seats": ["human"] * 2, "seed": seed}
    made = httpx.post(f"{url}/api/games", json=body).json()
    game, tokens = made["id"], made["tokens"]
    for action in actions:
        status = httpx.get(f"{url}/api/games/{game}/wait", params={"timeout": 0}).json()
        seat = str(status["to_move"])
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        answer = httpx.post(
            f"{url}/api/games/{game}/actions",
            headers=headers,
            json={"action": action, "version": status["version"]},
        )
        answer.raise_for_status()
    return game, tokens


def _browser() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.add_argument("--window-size=1200,1000")
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def _shoot(
    driver: webdriver.Chrome, url: str, game: str, seat: str, token: str, out: Path, name: str
) -> None:
    for width in WIDTHS:
        metrics = {"width": width, "height": 1000 if width > 600 else 844}
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {**metrics, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        driver.get("about:blank")
        driver.get(f"{url}/#game={game}&seat={seat}&token={token}")
        WebDriverWait(driver, 30).until(
            lambda d: (
                d.execute_script("return !!game.data && refreshing === null")
                and d.find_elements(By.CSS_SELECTOR, "#board svg")
            )
        )
        time.sleep(0.6)  # the dialogs open after the view
        if name.endswith("-cells"):  # a piece chosen: its cells outlined
            piece = "x" if "catastrophe" in name else "r"
            driver.find_element(By.CSS_SELECTOR, f"#hand [data-piece='{piece}']").click()
        driver.save_screenshot(str(out / f"{name}-{width}.png"))
        if width < 600:  # the whole page, scrolled, as a phone's user reads it
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
            )
            driver.save_screenshot(str(out / f"{name}-{width}-page.png"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    positions: list[tuple[str, str, int, list[str]]] = [
        ("revolt", "tigris", REVOLT[0], REVOLT[1].split()),
        ("war", "tigris", WAR[0], [*WAR[1].split(), "+1"]),
        ("catastrophe-cells", "tigris", CATASTROPHE[0], CATASTROPHE[1].split()),
        ("tiles-cells", "tigris", CATASTROPHE[0], CATASTROPHE[1].split()),
    ]
    for name, kind in (("monument", "MonumentChoice"), ("treasure", "TreasureChoice")):
        positions.append((name, "tigris", *_found(TIGRIS, _deciding(kind))))
    positions.append(("end", "tigris", *_found(TIGRIS, lambda s: s.is_over)))
    babel = _random_until(BABEL, 3, lambda s: s.turn >= 12 and s.pending is None, random.Random(3))
    positions.append(("babel", "babel", 3, babel or []))
    with tempfile.TemporaryDirectory() as folder, _server(Path(folder) / "g.sqlite") as url:
        driver = _browser()
        try:
            for name, game_name, seed, actions in positions:
                game, tokens = _seeded(url, game_name, seed, actions)
                status = httpx.get(f"{url}/api/games/{game}/wait", params={"timeout": 0}).json()
                seat = str(status["to_move"] if status["to_move"] is not None else 0)
                _shoot(driver, url, game, seat, tokens[seat], out, name)
                print(f"{name}: seed {seed}, {len(actions)} actions, seat {seat}")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
