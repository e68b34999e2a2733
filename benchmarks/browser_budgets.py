"""The live pages' budgets (issue 39), measured in headless Chromium on the built site:

- the first "try it" run of a casebook page done within 6 s of the page's load, on a warm
  disk (a new browser on a profile that has loaded the site once); the cold load (a fresh
  profile) and what it downloads are reported beside it;
- a re-run of a case (the panel's Run: the engine plays it, the page draws every state) within
  200 ms;
- a greedy move on the board that needs no server within 50 ms (the ``step`` call as the page
  gets it: the player's decision, then the position drawn for the person and the story told);
  the decision alone (a hint) is reported beside it;
- what a page downloads to run the engine (Pyodide, the standard library, tigeuph and its
  dependencies, and the pages' scripts: every file under ``_static/tryit/``) within 8 MB
  gzipped (MB: a million bytes).

    python benchmarks/browser_budgets.py                  # the site in docs/_build/html
    python benchmarks/browser_budgets.py --site DIR --loads 7 --json budgets.json

Build the site first (``tigeuph docs``). It is served as ``tigeuph docs --serve`` serves it
(Python's static file server on 127.0.0.1, no compression: the gzipped size is what a server
that compresses would send). Each figure is the median of several runs, with its range. It
prints PASSED or FAILED (exit status 1). Needs Debian's ``chromium`` and ``chromium-driver``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from figures import cpu_model
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tigeuph.cli.docs import serve_site

ROOT = Path(__file__).resolve().parent.parent
CASE = "casebook/wars/rulebook-war-second-war-vanishes.html#try-it"
"""A case's page, opened at its panel (which starts the engine when it comes into view)."""
BUDGETS = {"first_run_ms": 6000, "rerun_ms": 200, "greedy_ms": 50, "download_mb": 8.0}
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1200,1000",
)

# One game against the greedy player through the page's engine (engine.mjs, the board's own
# worker): the person plays the hint; each of the player's moves and each hint is timed.
GAME = """
const [base, game, seed, done] = arguments;
(async () => {
  const engine = await import(base + "_static/tryit/engine.mjs");
  const steps = [], hints = [];
  let shown = await engine.call("start", {game, seats: ["human", "greedy"], seed});
  while (shown.waiting) {
    const began = performance.now();
    if (shown.waiting === "you") {
      const hint = await engine.call("hint");
      hints.push(performance.now() - began);
      shown = await engine.call("play", {action: hint.action});
    } else {
      shown = await engine.call("step");
      steps.push(performance.now() - began);
    }
  }
  done({steps, hints});
})().catch((err) => done({error: String(err)}));
"""

RERUN = """
const done = arguments[arguments.length - 1];
const panel = document.querySelector("section.tryit").panel;
const began = performance.now();
panel.run().then(() => done(performance.now() - began), (err) => done(String(err)));
"""


@contextmanager
def served(site: Path) -> Iterator[str]:
    server = serve_site(site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium(profile: Path) -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.set_script_timeout(600)
    try:
        yield driver
    finally:
        driver.quit()


def first_run(driver: webdriver.Chrome, url: str) -> dict[str, Any]:
    """Open the case's page; when its panel's first run is done, ms since navigation began
    and what the page and its worker downloaded."""
    driver.get(url + CASE)
    panel = driver.find_element(By.CSS_SELECTOR, "section.tryit")
    WebDriverWait(driver, 300, poll_frequency=0.02).until(
        lambda d: (
            panel.get_attribute("data-first-run-at")
            or panel.get_attribute("data-state") == "broken"
        )
    )
    if panel.get_attribute("data-state") == "broken":
        raise SystemExit(panel.find_element(By.CLASS_NAME, "tryit-status").text)
    engine = json.loads(str(panel.get_attribute("data-engine")))
    page_bytes = driver.execute_script(
        "return performance.getEntriesByType('resource').concat(performance.getEntriesByType"
        "('navigation')).reduce((n, e) => n + (e.transferSize || 0), 0)"
    )
    return {
        "first_run_ms": int(str(panel.get_attribute("data-first-run-at"))),
        "engine_ms": engine["load_ms"] + engine["warm_ms"],
        "bytes": engine["bytes"] + page_bytes,
        "origins": engine["origins"],
    }


def sizes(site: Path) -> dict[str, int]:
    """Every file under the site's ``_static/tryit/``: its bytes, raw and gzipped (level 9)."""
    raw = packed = 0
    for path in sorted((site / "_static" / "tryit").rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 9, mtime=0))
    return {"raw": raw, "gzip": packed}


def spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 1),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
        "min": round(ordered[0], 1),
        "max": round(ordered[-1], 1),
        "n": len(ordered),
    }


def machine() -> dict[str, Any]:
    version = subprocess.run(
        ["/usr/bin/chromium", "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "load": round(os.getloadavg()[0], 2),
        "chromium": version,
    }


def measure(site: Path, url: str, loads: int, reruns: int, games: int) -> dict[str, Any]:
    profile = Path(tempfile.mkdtemp(prefix="tigeuph-budgets-"))
    try:
        with chromium(profile) as driver:
            cold = first_run(driver, url)
        warm: list[dict[str, Any]] = []
        for load in range(loads):
            with chromium(profile) as driver:
                warm.append(first_run(driver, url))
                if load == loads - 1:
                    driver.execute_async_script(RERUN)  # one untimed
                    again = [float(driver.execute_async_script(RERUN)) for _ in range(reruns)]
                    driver.get(url + "play.html")
                    WebDriverWait(driver, 120, poll_frequency=0.05).until(
                        lambda d: (
                            d.find_element(By.CSS_SELECTOR, "div.tboard").get_attribute(
                                "data-state"
                            )
                            == "setup"
                        )
                    )
                    played: dict[str, list[float]] = {"tigris": [], "babel": []}
                    hinted: list[float] = []
                    for game in played:
                        for seed in range(1, games + 1):
                            found = driver.execute_async_script(GAME, url, game, seed)
                            if "error" in found:
                                raise SystemExit(f"the game failed: {found['error']}")
                            played[game] += found["steps"]
                            if game == "tigris":
                                hinted += found["hints"]
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return {
        "machine": machine(),
        "size": sizes(site),
        "cold": cold,
        "first_run_ms": spread([w["first_run_ms"] for w in warm]),
        "engine_ms": spread([w["engine_ms"] for w in warm]),
        "warm_bytes": spread([w["bytes"] for w in warm]),
        "rerun_ms": spread(again),
        "greedy_ms": spread(played["tigris"]),
        "greedy_decision_ms": spread(hinted),
        "babel_greedy_ms": spread(played["babel"]),
        "origins": sorted({o for w in [cold, *warm] for o in w["origins"]}),
    }


def report(found: dict[str, Any]) -> bool:
    """Print the figures and each budget's verdict; whether every budget holds."""
    m = found["machine"]
    print(f"machine: {m['cpu']}, {m['cores']} cores, load {m['load']}; {m['chromium']}")
    size, cold = found["size"], found["cold"]
    print(
        f"what a page downloads to run the engine: {size['gzip'] / 1e6:.2f} MB gzipped "
        f"({size['raw'] / 1e6:.2f} MB raw)"
    )
    print(
        f"cold load (fresh profile): first run done {cold['first_run_ms']} ms after load, "
        f"engine started in {cold['engine_ms']} ms, {cold['bytes'] / 1e6:.2f} MB downloaded "
        "(uncompressed server)"
    )

    def line(name: str, what: str) -> None:
        s = found[name]
        print(
            f"{what}: median {s['median']} ms (p90 {s['p90']}, {s['min']}-{s['max']}, n={s['n']})"
        )

    line("first_run_ms", "warm load: first run done after load")
    line("engine_ms", "warm load: engine started (loadPyodide, imports, warm-up)")
    line("rerun_ms", "re-run of the case (Run, drawn)")
    line("greedy_ms", "greedy move, main game (the page's step: decision, picture, story)")
    line("greedy_decision_ms", "greedy decision alone, main game (a hint)")
    line("babel_greedy_ms", "greedy move, Babel")
    print(f"origins the engine fetched from: {', '.join(found['origins'])}")
    checks = {
        "first run within 6 s": found["first_run_ms"]["median"] <= BUDGETS["first_run_ms"],
        "re-run within 200 ms": found["rerun_ms"]["median"] <= BUDGETS["rerun_ms"],
        "greedy move within 50 ms": found["greedy_ms"]["median"] <= BUDGETS["greedy_ms"],
        "download within 8 MB gzipped": size["gzip"] / 1e6 <= BUDGETS["download_mb"],
        "nothing from another host": len(found["origins"]) == 1,
    }
    for name, ok in checks.items():
        print(f"  {'ok  ' if ok else 'OVER'} {name}")
    print("PASSED" if all(checks.values()) else "FAILED")
    return all(checks.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--site", type=Path, default=ROOT / "docs" / "_build" / "html")
    parser.add_argument("--loads", type=int, default=5, help="warm loads (default 5)")
    parser.add_argument("--reruns", type=int, default=20, help="re-runs of the case (20)")
    parser.add_argument("--games", type=int, default=3, help="games of each game (3)")
    parser.add_argument("--json", type=Path, help="write the figures here as JSON")
    args = parser.parse_args(argv)
    if not (args.site / "_static" / "tryit" / "runtime").is_dir():
        print(f"{args.site} holds no built site with its engine: run tigeuph docs", file=sys.stderr)
        return 2
    with served(args.site) as url:
        found = measure(args.site, url, args.loads, args.reruns, args.games)
    if args.json:
        args.json.write_text(json.dumps(found, indent=1) + "\n")
    return 0 if report(found) else 1


if __name__ == "__main__":
    sys.exit(main())
