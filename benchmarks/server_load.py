"""Load test of the game server through HTTP, in two modes.

Games played to the end (the default mode)::

    python benchmarks/server_load.py                      # 50 games of 3 players at once
    python benchmarks/server_load.py --games 4 --players 2  # a quick check (CI)
    python benchmarks/server_load.py --agents 1            # the last seat of each game an agent
    python benchmarks/server_load.py --game babel --players 2  # games of Babel

Each game has one client thread that plays every human seat with random legal actions (passing
only when nothing else is legal), waiting for agents' seats by long polling; all games run at
once. Every request's latency is timed. At the end each game must be over, its record must
replay to the final view every seat was shown, and its history must hold one entry per version.

A person's view under agents' work and open streams (issue 24, ``server_people.py``)::

    python benchmarks/server_load.py --mcts-games 35 --streams 1000 --seconds 60

It creates the games, each a person against ``--agent-spec`` (``mcts``; the server cuts every
search to ``--agent-seconds``), with a client thread per game playing the person's seat with
random legal actions as soon as it is his turn (long polling while the agent thinks); it opens
the streams, spread over the games, in a process of their own (``server_streams.py``), and holds
them open for the whole run; then, for ``--seconds``, a prober apart from the players asks for
a person's view every ``--probe-every`` seconds, round-robin over the games, and times each
answer. It reports that latency's p50, p95, p99 and maximum, the streams accepted, refused and
the events they received, the agents' moves per second and the games finished. Then it stops
the server and opens its SQLite file: every game's record must replay to its stored state, a
finished one's with verification, in as many actions as its version ("nothing is lost").

In both modes the server runs as ``tigeuph serve`` in its own process on a free loopback port,
with a fresh SQLite file and every limit the run depends on given as an option; every request
comes from one address, so its shares (``--live-games-per-client``, ``--streams-per-client``,
``--agent-queue-per-client``) are lifted: ``server_fair.py`` measures many addresses. A lost or
corrupted game, a failed request, or (second mode) a p95 over ``--p95-target`` milliseconds
fails the run (exit status 1); the figures are printed either way, and written as JSON with
``--json FILE``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from server_people import (
    PeopleRun,
    Server,
    failures,
    percentile,
    run_people,
    server_options,
    summary,
)

import tigeuph

STALL = 60.0
"""Seconds an agent may take over a turn before its game counts as failed (not a hang)."""


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


def play_game(
    client: Timed, players: int, agents: int, seed: int, name: str = "tigris"
) -> str | None:
    """Play one game of *name* to the end; ``None`` if it checks out, else what went wrong."""
    played = tigeuph.GAMES[name]
    seats = ["human"] * (players - agents) + ["random"] * agents
    body = {"game": name, "players": players, "seats": seats, "seed": seed}
    made = client.call("POST", "/api/games", json=body)
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
        moves = [m for m in answer["moves"] if m.get("kind") != "pass"] or answer["moves"]
        body = {"action": rng.choice(moves)["action"], "version": answer["version"]}
        response = client.call("POST", f"/api/games/{game}/actions", headers=auth(seat), json=body)
        if response.status_code != 200:
            return f"game {game}: action answered {response.status_code} {response.text}"
        answer = response.json()
        status = {key: answer[key] for key in ("version", "to_move", "over")}
    record = client.call("GET", f"/api/games/{game}/record").json()["record"]
    replayed = played.records.record_from_text(record)
    for seat in tokens:
        final = client.call("GET", f"/api/games/{game}/view", headers=auth(seat)).json()
        if final["view"] != json.loads(played.view_to_json(played.view(replayed.state, seat))):
            return f"game {game}: the record does not replay to seat {seat}'s view"
    history = client.call("GET", f"/api/games/{game}/history").json()
    return history_problem(game, history, len(replayed.actions))


def history_problem(game: str, history: dict[str, Any], actions: int) -> str | None:
    """What is wrong with a finished game's ``/history`` answer, if anything: it must hold one
    entry per version, and its version must be the record's number of *actions*."""
    if not len(history["history"]) == history["version"] == actions:
        return (
            f"game {game}: {len(history['history'])} history entries, version "
            f"{history['version']}, {actions} actions in the record"
        )
    return None


def run(
    games: int,
    players: int,
    agents: int,
    concurrency: int,
    say: Callable[[str], None] = print,
    name: str = "tigris",
) -> dict[str, float]:
    """Serve a fresh database, play *games* games of *name* (*concurrency* at once); the
    figures."""
    with tempfile.TemporaryDirectory() as folder:
        # Every game is played from this one address: its shares are lifted (issue 37).
        options = server_options(
            client_seeds=True,
            creations=100_000,
            live_games_per_client=100_000,
            streams_per_client=100_000,
            agent_queue_per_client=256,
        )
        server = Server(Path(folder), options)
        with server.running() as url:
            latencies: list[float] = []
            lock = threading.Lock()
            start = time.perf_counter()
            with ThreadPoolExecutor(concurrency) as pool:
                clients = [Timed(url, latencies, lock) for _ in range(games)]
                futures = [
                    pool.submit(play_game, clients[i], players, agents, 1000 + i, name)
                    for i in range(games)
                ]
                problems = [p for p in (f.result() for f in futures) if p is not None]
            elapsed = time.perf_counter() - start
    ordered = sorted(latencies)
    requests = sum(client.requests for client in clients)
    figures = {
        "games": games,
        "failed": len(problems),
        "requests": requests,
        "seconds": elapsed,
        "requests_per_second": requests / elapsed,
        "p50_ms": 1000 * percentile(ordered, 0.5),
        "p95_ms": 1000 * percentile(ordered, 0.95),
        "p99_ms": 1000 * percentile(ordered, 0.99),
    }
    for problem in problems:
        say(f"FAILED: {problem}")
    if problems and "Traceback" in server.log:
        say("the server logged:\n" + server.log[-4000:])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="benchmarks/server_load.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--games", type=int, default=50, help="games to play (default 50)")
    parser.add_argument(
        "--game", choices=list(tigeuph.GAMES), default="tigris", help="the game (default tigris)"
    )
    parser.add_argument("--players", type=int, default=3, help="players per game (default 3)")
    parser.add_argument("--agents", type=int, default=0, help="seats per game played by agents")
    parser.add_argument(
        "--concurrency", type=int, help="games under way at once (default: all of them)"
    )
    people = parser.add_argument_group("a person's view under load (issue 24)")
    people.add_argument(
        "--mcts-games", type=int, help="run this mode with this many games of a person and an agent"
    )
    people.add_argument("--agent-spec", default="mcts", help="the agent's seat (default mcts)")
    people.add_argument(
        "--agent-seconds", type=float, default=2.0, help="the server's --agent-seconds (default 2)"
    )
    people.add_argument("--streams", type=int, default=1000, help="event streams (default 1000)")
    people.add_argument(
        "--server-streams", type=int, default=2000, help="the server's --streams (default 2000)"
    )
    people.add_argument(
        "--streams-per-game", type=int, default=32, help="the server's cap per game (default 32)"
    )
    people.add_argument("--seconds", type=float, default=60.0, help="probing time (default 60)")
    people.add_argument(
        "--probe-every", type=float, default=0.05, help="seconds between views (default 0.05)"
    )
    people.add_argument(
        "--p95-target", type=float, default=200.0, help="the view's p95 to reach, ms (default 200)"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 8192:  # a socket per stream, in both processes
        wanted = 8192 if hard == resource.RLIM_INFINITY else min(8192, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    if args.mcts_games is not None:
        if args.mcts_games < 1 or args.streams < 0:
            parser.error("--mcts-games must be 1 or more and --streams 0 or more")
        figures = run_people(
            PeopleRun(
                args.mcts_games,
                args.agent_spec,
                args.agent_seconds,
                args.streams,
                args.server_streams,
                args.streams_per_game,
                args.seconds,
                args.probe_every,
                args.p95_target,
            )
        )
        print(summary(figures))
        failed = bool(failures(figures))
    else:
        if not 0 <= args.agents < args.players:
            parser.error("--agents must leave at least one human seat")
        concurrency = args.concurrency or args.games
        figures = run(args.games, args.players, args.agents, concurrency, name=args.game)
        print(
            f"{figures['games']} games of {args.game}, {args.players} players "
            f"({args.agents} agent seats), "
            f"{figures['failed']} failed: {figures['requests']} requests in "
            f"{figures['seconds']:.1f} s = {figures['requests_per_second']:.0f} requests/s; "
            f"latency (long polls left out) p50 {figures['p50_ms']:.1f} ms, "
            f"p95 {figures['p95_ms']:.1f} ms, "
            f"p99 {figures['p99_ms']:.1f} ms"
        )
        failed = bool(figures["failed"])
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", "utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
