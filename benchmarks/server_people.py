"""A person's view under agents' work and open streams (issue 24), for ``server_load.py``.

``benchmarks/server_load.py --mcts-games 35 --streams 1000 --seconds 60`` runs :func:`run_people`:
it serves a fresh database, creates the games (a person against an agent each), plays every
person's seat from a thread of its own, holds the streams open from another process
(``server_streams.py``), times a prober's requests for a person's view, then stops the server
and checks every stored game (:func:`check_store`). :class:`Server` starts ``tigeuph serve``
for both of ``server_load.py``'s modes.
"""

from __future__ import annotations

import json
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import httpx
from attrs import frozen

import tigeuph

PERSON = 0
"""The person's seat in the second mode's games: he moves first."""
PROBE_TIMEOUT = 60.0
"""Seconds the prober waits for a view before it counts as failed."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def percentile(ordered: list[float], fraction: float) -> float:
    """The value below which *fraction* of the sorted *ordered* lies (nearest rank), or 0."""
    return ordered[int(fraction * (len(ordered) - 1))] if ordered else 0.0


class Server:
    """A ``tigeuph serve`` process on a fresh database; its log once it has stopped."""

    def __init__(self, folder: Path, options: list[str]) -> None:
        self.db = folder / "load.sqlite"
        self.url = f"http://127.0.0.1:{_free_port()}"
        self.options = options
        self.log_path = folder / "server.log"
        self.log = ""

    @contextmanager
    def running(self) -> Iterator[str]:
        """Serve until the block ends; its URL."""
        port = self.url.rsplit(":", 1)[1]
        command = [sys.executable, "-m", "tigeuph", "serve", "--db", str(self.db), "--port", port]
        log = self.log_path.open("wb")  # a file: a full pipe would block the server
        process = subprocess.Popen([*command, *self.options], stdout=subprocess.DEVNULL, stderr=log)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(self.url + "/", timeout=1)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.1)
            yield self.url
        finally:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()
            self.log = self.log_path.read_text("utf-8", "replace")


def server_options(**limits: object) -> list[str]:
    """``tigeuph serve`` options: each limit its option; ``True`` a flag."""
    options: list[str] = []
    for name, value in limits.items():
        option = "--" + name.replace("_", "-")
        options += [option] if value is True else [option, str(value)]
    return options


@frozen
class PeopleRun:
    """What the second mode runs: the options of ``server_load.py`` it reads."""

    games: int
    agent_spec: str = "mcts"
    agent_seconds: float = 2.0
    """The server's ``--agent-seconds``."""
    streams: int = 1000
    server_streams: int = 2000
    """The server's ``--streams``."""
    streams_per_game: int = 32
    """The server's ``--streams-per-game``."""
    seconds: float = 60.0
    probe_every: float = 0.05
    p95_target: float = 200.0


class Tally:
    """What the second mode's players and prober did, shared between their threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.person_actions = 0
        self.finished = 0
        self.problems: list[str] = []
        self.views: list[float] = []
        self.view_errors: list[str] = []

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)


class Refused(Exception):
    """A request of a person's that the server did not answer with 200."""


def _answer(response: httpx.Response) -> Any:
    if response.status_code != 200:
        raise Refused(
            f"{response.request.method} {response.url.path}: {response.status_code} "
            f"{response.text[:200]}"
        )
    return response.json()


def keep_playing(url: str, game: str, token: str, seed: int, tally: Tally) -> None:
    """Play the person's seat of *game* with random legal actions until it ends or the run
    stops, waiting on ``/wait`` while the agent thinks."""
    rng = random.Random(seed)
    auth = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=url, timeout=120) as http:
        try:
            status = _answer(http.get(f"/api/games/{game}/wait"))
            while not status["over"] and not tally.stop.is_set():
                if status["to_move"] != PERSON:
                    params = {"after": status["version"], "timeout": 5}
                    status = _answer(http.get(f"/api/games/{game}/wait", params=params))
                    continue
                answer = _answer(http.get(f"/api/games/{game}/view", headers=auth))
                if answer["to_move"] == PERSON and not answer["over"]:
                    moves = [m for m in answer["moves"] if m["kind"] != "pass"] or answer["moves"]
                    body = {"action": rng.choice(moves)["action"], "version": answer["version"]}
                    path = f"/api/games/{game}/actions"
                    answer = _answer(http.post(path, headers=auth, json=body))
                    with tally.lock:
                        tally.person_actions += 1
                status = {key: answer[key] for key in ("version", "to_move", "over")}
            if status["over"]:
                with tally.lock:
                    tally.finished += 1
        except (httpx.HTTPError, Refused, ValueError, KeyError) as err:
            if not tally.stop.is_set():
                tally.problem(f"game {game}: {type(err).__name__}: {err}")


def probe_views(url: str, seats: list[tuple[str, str]], every: float, tally: Tally) -> None:
    """Ask for a person's view every *every* seconds, round-robin over *seats* (game, token),
    one request at a time, until the run stops; time each answer."""
    with httpx.Client(base_url=url, timeout=PROBE_TIMEOUT) as http:
        due = time.monotonic()
        for turn in range(sys.maxsize):
            if tally.stop.is_set():
                return
            game, token = seats[turn % len(seats)]
            start = time.perf_counter()
            try:
                got = http.get(
                    f"/api/games/{game}/view", headers={"Authorization": f"Bearer {token}"}
                )
                error = None if got.status_code == 200 else f"{got.status_code} {got.text[:80]}"
            except httpx.HTTPError as err:
                error = f"{type(err).__name__}: {err}"
            with tally.lock:
                tally.views.append(time.perf_counter() - start)
                if error is not None:
                    tally.view_errors.append(error)
            due = max(due + every, time.monotonic())
            tally.stop.wait(due - time.monotonic())


def check_store(db: Path, created: list[str]) -> list[str]:
    """What is wrong with the stored games: each created game must be there, its record must
    replay (a finished or stopped one's with verification) to its stored state, in as many
    actions as its version, and say how it ended (over, or stopped and why)."""
    problems = []
    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute("SELECT id, record, state, version, over, stopped FROM games")
        stored = {row[0]: row[1:] for row in rows}
    for game in created:
        if game not in stored:
            problems.append(f"game {game}: not in the database")
            continue
        record, state, version, over, stopped = stored[game]
        done = bool(over) or stopped is not None
        try:
            replayed = tigeuph.Game.from_record(record, verify=done)
        except tigeuph.TigeuphError as err:
            problems.append(f"game {game}: its record does not read: {err}")
            continue
        if replayed.state != tigeuph.state_from_json(state):
            problems.append(f"game {game}: its record does not replay to its stored state")
        if len(replayed.actions) != version:
            problems.append(f"game {game}: version {version}, {len(replayed.actions)} actions")
        if bool(over) != replayed.state.is_over or (over and "[Result " not in record):
            problems.append(f"game {game}: over is {bool(over)}, which its record does not say")
        if (None if replayed.stopped is None else replayed.stopped.value) != stopped:
            problems.append(f"game {game}: stopped is {stopped}, which its record does not say")
    return problems


def logged_errors(log: str) -> dict[str, int]:
    """How often each exception ended a traceback in the server's log (its last line)."""
    found: Counter[str] = Counter()
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Traceback"):
            ending = next((x for x in lines[i + 1 :] if x and not x[0].isspace()), "?")
            found[ending[:160]] += 1
    return dict(found)


def stored_actions(db: Path) -> int:
    """The actions stored in every game of *db* (read beside the running server)."""
    with closing(sqlite3.connect(db, timeout=30)) as conn:
        total: int = conn.execute("SELECT coalesce(sum(version), 0) FROM games").fetchone()[0]
        return total


def _streams(url: str, games: list[str], count: int) -> subprocess.Popen[str]:
    holder = Path(__file__).with_name("server_streams.py")
    command = [sys.executable, str(holder), "--url", url, "--streams", str(count)]
    return subprocess.Popen(
        [*command, "--games=" + ",".join(games)],  # an id may begin with "-"
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def run_people(run: PeopleRun) -> dict[str, Any]:
    """The second mode: a person's view under agents' work and open streams; the figures."""
    options = server_options(
        agent_seconds=run.agent_seconds,
        streams=run.server_streams,
        streams_per_game=run.streams_per_game,
        live_games=max(500, run.games),
        creations=100_000,
        client_seeds=True,
        live_games_per_client=max(500, run.games),  # one address plays every game
        streams_per_client=run.server_streams,
        agent_queue_per_client=256,
    )
    tally = Tally()
    streams: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), options)
        with server.running() as url, httpx.Client(base_url=url, timeout=120) as http:
            seats: list[tuple[str, str]] = []
            for i in range(run.games):
                body = {"players": 2, "seats": ["human", run.agent_spec], "seed": 1000 + i}
                made = http.post("/api/games", json=body)
                if made.status_code != 201:
                    raise RuntimeError(f"create: {made.status_code} {made.text}")
                seats.append((made.json()["id"], made.json()["tokens"][str(PERSON)]))
            games = [game for game, _ in seats]
            players = [
                threading.Thread(target=keep_playing, args=(url, g, t, i, tally), daemon=True)
                for i, (g, t) in enumerate(seats)
            ]
            for player in players:
                player.start()
            holder = _streams(url, games, run.streams) if run.streams else None
            if holder is not None:
                assert holder.stdout is not None
                streams["ready"] = json.loads(holder.stdout.readline() or "{}")
            prober = threading.Thread(
                target=probe_views, args=(url, seats, run.probe_every, tally), daemon=True
            )
            before = (stored_actions(server.db), tally.person_actions, time.perf_counter())
            prober.start()
            time.sleep(run.seconds)
            tally.stop.set()
            after = (stored_actions(server.db), tally.person_actions, time.perf_counter())
            prober.join(PROBE_TIMEOUT + 5)
            if holder is not None:
                out, _ = holder.communicate("stop\n", timeout=120)
                last = out.strip().splitlines()[-1:] or ['{"failed": "the holder said nothing"}']
                streams.update(json.loads(last[0]))
            for player in players:
                player.join(30)
        problems = check_store(server.db, games)
    ordered = sorted(tally.views)
    probed = after[2] - before[2]
    agent_moves = (after[0] - before[0]) - (after[1] - before[1])
    return {
        "games": run.games,
        "agent_spec": run.agent_spec,
        "agent_seconds": run.agent_seconds,
        "seconds": probed,
        "view_probes": len(ordered),
        "view_errors": len(tally.view_errors),
        "view_p50_ms": 1000 * percentile(ordered, 0.5),
        "view_p95_ms": 1000 * percentile(ordered, 0.95),
        "view_p99_ms": 1000 * percentile(ordered, 0.99),
        "view_max_ms": 1000 * (ordered[-1] if ordered else 0.0),
        "p95_target_ms": run.p95_target,
        "streams_asked": run.streams,
        "streams_open_seconds": streams.get("ready", {}).get("open_seconds"),
        "streams": {k: v for k, v in streams.items() if k != "ready"},
        "agent_moves": agent_moves,
        "agent_moves_per_second": agent_moves / probed,
        "person_actions": after[1] - before[1],
        "games_finished": tally.finished,
        "problems": tally.problems + tally.view_errors[:10] + problems,
        "lost": len(problems),
        "server_tracebacks": server.log.count("Traceback"),
        "server_errors": logged_errors(server.log),
    }


def failures(figures: dict[str, Any]) -> list[str]:
    """Why the second mode's run fails the figure of issue 24 (none: it passes)."""
    reasons = []
    if figures["view_p95_ms"] > figures["p95_target_ms"]:
        reasons.append(f"the view's p95 is over {figures['p95_target_ms']:g} ms")
    if figures["lost"]:
        reasons.append(f"{figures['lost']} problems in the stored games")
    if figures["problems"]:
        reasons.append(f"{len(figures['problems'])} failed requests or games")
    accepted = figures["streams"].get("accepted", 0)
    if accepted < figures["streams_asked"]:
        reasons.append(f"only {accepted} of {figures['streams_asked']} streams were accepted")
    return reasons


def summary(figures: dict[str, Any]) -> str:
    """The second mode's figures, as a few lines to read."""
    f, streams = figures, figures["streams"]
    refused = ", ".join(
        f"{n} answered {s}" for s, n in streams.get("refused_by_status", {}).items()
    )
    lines = [
        f"{f['games']} games of a person against {f['agent_spec']} (agent seconds "
        f"{f['agent_seconds']:g}), {f['streams_asked']} streams asked, {f['seconds']:.0f} s:",
        f"  a person's view: {f['view_probes']} probes, p50 {f['view_p50_ms']:.1f} ms, "
        f"p95 {f['view_p95_ms']:.1f} ms, p99 {f['view_p99_ms']:.1f} ms, "
        f"max {f['view_max_ms']:.1f} ms (target p95 <= {f['p95_target_ms']:g} ms), "
        f"{f['view_errors']} failed",
        f"  streams: {streams.get('accepted', 0)} accepted, {streams.get('refused', 0)} refused"
        f"{' (' + refused + ')' if refused else ''}, {streams.get('failed', 0)} failed, "
        f"{streams.get('open', 0)} open at the end ({streams.get('ended_over', 0)} ended with "
        f"their game, {streams.get('dropped', 0)} dropped before), "
        f"{streams.get('events', 0):,} events",
        f"  while probing: {f['agent_moves']} agent moves = {f['agent_moves_per_second']:.2f}/s, "
        f"{f['person_actions']} people's actions; {f['games_finished']} games finished",
        f"  store: {f['games'] - f['lost']} of {f['games']} games checked out "
        f"(record replays to the stored state, version = actions)",
    ]
    lines += [f"  problem: {problem}" for problem in f["problems"][:20]]
    if f["server_tracebacks"]:
        lines.append(f"  the server logged {f['server_tracebacks']} tracebacks:")
        lines += [f"    {n} x {error}" for error, n in f["server_errors"].items()]
    reasons = failures(f)
    lines.append("FAILED: " + "; ".join(reasons) if reasons else "PASSED")
    return "\n".join(lines)
