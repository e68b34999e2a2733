"""A real uvicorn server on 127.0.0.1 (a free port, in a thread) for the server's tests, and a
client that plays seats through HTTP only."""

from __future__ import annotations

import random
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from tigeuph.server import ServerLimits, create_app

TESTING = ServerLimits(client_seeds=True, creations=10_000, agent_seconds=1.0)
"""The limits of the tests' servers unless a test gives others: seeded deals, and no limit on
creation that a test would meet by accident."""


@contextmanager
def live_server(db: Path, limits: ServerLimits | None = None) -> Iterator[str]:
    """Serve *db* on a free loopback port while the block runs (with :data:`TESTING` limits
    unless given others); yields the base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(str(db), limits=limits or TESTING),
        log_level="warning",
        log_config=None,  # keep the test process's logging (absl's handler under OpenSpiel)
        timeout_graceful_shutdown=1,
        proxy_headers=False,  # as tigeuph.server.serve: the application trusts its own proxies
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


STALL = 60.0
"""Seconds an agent may take over a turn before a test fails instead of waiting forever."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def wait_while_agent_moves(http: httpx.Client, game: str, within: float = STALL) -> dict[str, Any]:
    """Long-poll *game*, which starts with seat 0 (an agent) to move, until seat 0's turn is
    over; the status then. Fails after *within* seconds rather than waiting for ever."""
    status: dict[str, Any] = {"version": 0, "to_move": 0}
    deadline = time.monotonic() + within
    while status["to_move"] == 0:
        assert time.monotonic() < deadline, "the agent never moved"
        params = {"after": status["version"], "timeout": 20}
        status = http.get(f"/api/games/{game}/wait", params=params).json()
    return status


def play_to_end(
    client: httpx.Client, game: str, tokens: dict[str, str], rng: random.Random
) -> dict[int, dict[str, Any]]:
    """Play every human seat of *game* with random legal moves (passing only when nothing else
    is legal), waiting for agents through long polling; each seat's final view answer."""
    seats = {int(seat): token for seat, token in tokens.items()}
    status = client.get(f"/api/games/{game}/wait").json()
    answer: dict[str, Any] | None = None
    stalled = time.monotonic()
    while not status["over"]:
        seat = status["to_move"]
        if seat not in seats:  # an agent's turn: wait for the server to play it
            waited = client.get(
                f"/api/games/{game}/wait", params={"after": status["version"], "timeout": 10}
            ).json()
            assert waited != status or time.monotonic() < stalled + STALL, "the agent stalled"
            if waited != status:
                stalled = time.monotonic()
            status = waited
            continue
        if answer is None or answer["seat"] != seat or answer["version"] != status["version"]:
            answer = client.get(f"/api/games/{game}/view", headers=bearer(seats[seat])).json()
        moves = [m for m in answer["moves"] if m.get("kind") != "pass"] or answer["moves"]
        move = rng.choice(moves)
        body = {"action": move["action"], "version": answer["version"]}
        response = client.post(f"/api/games/{game}/actions", headers=bearer(seats[seat]), json=body)
        assert response.status_code == 200, response.text
        answer = response.json()
        status = {key: answer[key] for key in ("version", "to_move", "over")}
    return {
        seat: client.get(f"/api/games/{game}/view", headers=bearer(token)).json()
        for seat, token in seats.items()
    }


def create_game(client: httpx.Client, **body: object) -> tuple[str, dict[str, str]]:
    """Make a game with *body* (``POST /api/games``, which must answer 201); its id and its
    seats' tokens. Starlette's TestClient is an httpx client, so both kinds of test call it."""
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    answer = response.json()
    return answer["id"], answer["tokens"]


def pass_until_over(
    client: httpx.Client, game: str, tokens: dict[str, str], *, actions: int = 1000
) -> list[int]:
    """Every seat of *tokens* passes whenever it is to move, waiting for agents through long
    polling, until the game is over (a stall stops it, spec D8); the status code of each pass.
    Fails after *actions* passes rather than going on for ever."""
    codes: list[int] = []
    status = client.get(f"/api/games/{game}/wait").json()
    while not status["over"]:
        assert len(codes) < actions, "the game never ended"
        if str(status["to_move"]) not in tokens:  # an agent's turn
            after = {"after": status["version"], "timeout": 10}
            status = client.get(f"/api/games/{game}/wait", params=after).json()
            continue
        body = {"action": "pass", "version": status["version"]}
        token = bearer(tokens[str(status["to_move"])])
        reply = client.post(f"/api/games/{game}/actions", headers=token, json=body)
        codes.append(reply.status_code)
        status = {key: reply.json()[key] for key in ("version", "to_move", "over")}
    return codes
