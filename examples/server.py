"""A client of tigeuph's game server: one person's seat played through HTTP, against agents.

The server itself is :mod:`tigeuph.server` (``tigeuph serve --db games.sqlite``; see
``docs/server.rst``): games in SQLite, a secret token per seat, compare-and-swap on every
action, agents played on the server. This example starts it on a free loopback port (or uses
``--url``), makes a game where seat 0 is a person and the others are agents, and plays seat 0
with random legal actions using only the standard library's ``urllib``: get the view, post an
action with the version it was based on, long-poll while the agents play. At the end it prints
the outcome and the game record, which the server gives out only once the game is over (or
stopped: a game whose play stalls, spec D8, ends with ``"over": true`` and ``"stopped"``), and
checks that the record's deal is the one the server committed to when the game was made
(:func:`tigeuph.verify_deal`, as ``tigeuph verify RECORD --commitment HEX`` does).

The server deals each game itself; ``--seed`` asks for a given deal, which the server started
here allows (``ServerLimits(client_seeds=True)``) and a public server refuses.

    python examples/server.py                           # 3 players, a deal the server draws
    python examples/server.py --players 2 --seed 7 --agent random
    python examples/server.py --url http://127.0.0.1:8000   # a server already running
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any


def call(url: str, method: str = "GET", body: object = None, token: str | None = None) -> Any:
    """One JSON request to the server; its JSON answer."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def start_server(db: Path) -> str:
    """Serve *db* in this process, on a free loopback port; the base URL. Clients may choose
    their deal (``--seed``): this server is the example's own."""
    import uvicorn

    from tigeuph.server import ServerLimits, create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    # log_config=None: leave this process's logging as it is (uvicorn's own configuration
    # would close the handlers other libraries set up, such as absl's under OpenSpiel).
    app = create_app(str(db), limits=ServerLimits(client_seeds=True))
    config = uvicorn.Config(app, log_level="warning", log_config=None)
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{sock.getsockname()[1]}"


def play(url: str, players: int, seed: int | None, agent: str) -> int:
    """Make a game and play seat 0 to the end; the number of actions seat 0 played."""
    seats = ["human"] + [agent] * (players - 1)
    body: dict[str, Any] = {"players": players, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    made = call(f"{url}/api/games", "POST", body)
    game, token = f"{url}/api/games/{made['id']}", made["tokens"]["0"]
    promised = call(game)["deal_commitment"]  # before the first move
    print(f"the server committed to the deal {promised}")
    rng = random.Random(seed)
    played = 0
    while True:
        answer = call(f"{game}/view", token=token)
        if answer["over"]:
            break
        if answer["to_move"] != answer["seat"]:  # the agents' turn: wait for a new version
            call(f"{game}/wait?after={answer['version']}&timeout=10")
            continue
        moves = [m for m in answer["moves"] if m["kind"] != "pass"] or answer["moves"]
        move = rng.choice(moves)
        call(
            f"{game}/actions",
            "POST",
            {"action": move["action"], "version": answer["version"]},
            token,
        )
        played += 1
    result = call(f"{game}/outcome")
    if result["stopped"]:  # stalled (spec D8) or at the server's bound on actions: no winner
        print(f"seat 0 played {played} actions; the server stopped the game ({result['stopped']})")
    else:
        print(f"seat 0 played {played} actions; the game is over ({result['end']})")
    for entry in result["results"]:
        print(f"player {entry['player']}: rank {entry['rank']}, score {entry['score']}")
    record = call(f"{game}/record")["record"]
    print(record, end="")
    import tigeuph  # only to check the deal: the client itself needs nothing but urllib

    tigeuph.verify_deal(tigeuph.Game.from_record(record), promised)
    print("the record's deal is the one the server committed to")
    return played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, help="the deal (default: the server draws one)")
    parser.add_argument("--agent", default="greedy", help="the agent of the other seats")
    parser.add_argument("--url", help="a running server (default: start one here)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or start_server(Path(folder) / "games.sqlite")
        play(url, args.players, args.seed, args.agent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
