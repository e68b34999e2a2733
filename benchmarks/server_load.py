"""Load test of the game server: many games played to the end at once through HTTP.

    python benchmarks/server_load.py                      # 50 games of 3 players at once
    python benchmarks/server_load.py --games 4 --players 2  # a quick check (CI)
    python benchmarks/server_load.py --agents 1            # the last seat of each game an agent

The server runs as ``tigeuph serve`` in its own process on a free loopback port, with a fresh
SQLite file. Each game has one client thread that plays every human seat with random legal
actions (passing only when nothing else is legal), waiting for agents' seats by long polling;
all games run at once. Every request's latency is timed. At the end each game must be over,
its record must replay to the final view every seat was shown, and its history must hold one
entry per version: a lost or corrupted game fails the run (exit status 1).
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

import tigeuph

STALL = 60.0
"""Seconds an agent may take over a turn before its game counts as failed (not a hang)."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Timed:
    """An HTTP client that records every request's latency in seconds."""

    def __init__(self, url: str, latencies: list[float], lock: threading.Lock) -> None:
        self.http = httpx.Client(base_url=url, timeout=120)
        self.latencies = latencies
        self.lock = lock
        self.requests = 0

    def call(self, method: str, path: str, *, timed: bool = True, **kwargs: Any) -> httpx.Response:
        """One request; its latency is recorded unless *timed* is false (long polls wait on
        purpose, so they count as requests but not in the latency figures)."""
        start = time.perf_counter()
        response = self.http.request(method, path, **kwargs)
        elapsed = time.perf_counter() - start
        with self.lock:
            self.requests += 1
            if timed:
                self.latencies.append(elapsed)
        return response


def play_game(client: Timed, players: int, agents: int, seed: int) -> str | None:
    """Play one game to the end; ``None`` if it checks out, else what went wrong."""
    seats = ["human"] * (players - agents) + ["random"] * agents
    made = client.call(
        "POST", "/api/games", json={"players": players, "seats": seats, "seed": seed}
    )
    if made.status_code != 201:
        return f"create: {made.status_code} {made.text}"
    game, tokens = made.json()["id"], {int(s): t for s, t in made.json()["tokens"].items()}
    rng = random.Random(seed)

    def auth(seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {tokens[seat]}"}

    status = client.call("GET", f"/api/games/{game}/wait").json()
    answer: dict[str, Any] | None = None
    stalled = time.monotonic()
    while not status["over"]:
        seat = status["to_move"]
        if seat not in tokens:
            params = {"after": status["version"], "timeout": 10}
            waited = client.call(
                "GET", f"/api/games/{game}/wait", params=params, timed=False
            ).json()
            if waited != status:
                stalled = time.monotonic()
            elif time.monotonic() > stalled + STALL:
                return f"game {game}: the agent stalled at version {status['version']}"
            status = waited
            continue
        if answer is None or answer["seat"] != seat or answer["version"] != status["version"]:
            answer = client.call("GET", f"/api/games/{game}/view", headers=auth(seat)).json()
        moves = [m for m in answer["moves"] if m["kind"] != "pass"] or answer["moves"]
        body = {"action": rng.choice(moves)["action"], "version": answer["version"]}
        response = client.call("POST", f"/api/games/{game}/actions", headers=auth(seat), json=body)
        if response.status_code != 200:
            return f"game {game}: action answered {response.status_code} {response.text}"
        answer = response.json()
        status = {key: answer[key] for key in ("version", "to_move", "over")}
    record = client.call("GET", f"/api/games/{game}/record").json()["record"]
    replayed = tigeuph.Game.from_record(record)
    for seat in tokens:
        final = client.call("GET", f"/api/games/{game}/view", headers=auth(seat)).json()
        if final["view"] != json.loads(tigeuph.view_to_json(tigeuph.view(replayed.state, seat))):
            return f"game {game}: the record does not replay to seat {seat}'s view"
    history = client.call("GET", f"/api/games/{game}/history").json()
    if len(history["history"]) != history["version"] != len(replayed.actions):
        return f"game {game}: the history does not match the version"
    return None


def run(
    games: int, players: int, agents: int, concurrency: int, say: Callable[[str], None] = print
) -> dict[str, float]:
    """Serve a fresh database, play *games* games (*concurrency* at once); the figures."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite"
        command = [sys.executable, "-m", "tigeuph", "serve", "--db", str(db), "--port", str(port)]
        log = (Path(folder) / "server.log").open("wb")  # a file: a full pipe would block it
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(url + "/", timeout=1)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.1)
            latencies: list[float] = []
            lock = threading.Lock()
            start = time.perf_counter()
            with ThreadPoolExecutor(concurrency) as pool:
                clients = [Timed(url, latencies, lock) for _ in range(games)]
                futures = [
                    pool.submit(play_game, clients[i], players, agents, 1000 + i)
                    for i in range(games)
                ]
                problems = [p for p in (f.result() for f in futures) if p is not None]
            elapsed = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait(10)
            log.close()
            errors = (Path(folder) / "server.log").read_text("utf-8", "replace")
    ordered = sorted(latencies)
    requests = sum(client.requests for client in clients)
    figures = {
        "games": games,
        "failed": len(problems),
        "requests": requests,
        "seconds": elapsed,
        "requests_per_second": requests / elapsed,
        "p50_ms": 1000 * statistics.median(ordered),
        "p95_ms": 1000 * ordered[int(0.95 * (len(ordered) - 1))],
        "p99_ms": 1000 * ordered[int(0.99 * (len(ordered) - 1))],
    }
    for problem in problems:
        say(f"FAILED: {problem}")
    if problems and "Traceback" in errors:
        say("the server logged:\n" + errors[-4000:])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/server_load.py", description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="games to play (default 50)")
    parser.add_argument("--players", type=int, default=3, help="players per game (default 3)")
    parser.add_argument("--agents", type=int, default=0, help="seats per game played by agents")
    parser.add_argument(
        "--concurrency", type=int, help="games under way at once (default: all of them)"
    )
    args = parser.parse_args(argv)
    if not 0 <= args.agents < args.players:
        parser.error("--agents must leave at least one human seat")
    figures = run(args.games, args.players, args.agents, args.concurrency or args.games)
    print(
        f"{figures['games']} games of {args.players} players ({args.agents} agent seats), "
        f"{figures['failed']} failed: {figures['requests']} requests in "
        f"{figures['seconds']:.1f} s = {figures['requests_per_second']:.0f} requests/s; "
        f"latency (long polls left out) p50 {figures['p50_ms']:.1f} ms, "
        f"p95 {figures['p95_ms']:.1f} ms, "
        f"p99 {figures['p99_ms']:.1f} ms"
    )
    return 1 if figures["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
