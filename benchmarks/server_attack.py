"""An attacker of a game server on many loopback addresses, in a process of its own.

    python benchmarks/server_attack.py --url http://127.0.0.1:8000 --addresses 26

``benchmarks/server_fair.py`` starts it (issue 37). From each of its addresses, 127.0.0.2 on
(Linux routes all of 127.0.0.0/8 to the loopback; its sockets are bound to those addresses),
it does what the issue's attacker did, at once:

- it tries to create games over and over, ``--rate`` tries a second: every other one a
  person against ``--agent`` (the agent moves first), the others of two people;
- on each of its games with an agent it opens an event stream, and plays a random legal move
  for its person as soon as the stream says it is his turn, so that its games keep the
  agents' worker busy;
- once the server refuses it a game, it opens event streams on its games until it holds
  ``--streams`` (beyond its share they are refused), and holds them.

It prints one JSON line once every address has started, then attacks until a line (or the
end) arrives on its standard input, and prints what happened as one JSON line: each kind of
request by answer, the events its streams received and the moves its persons played.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
from collections import Counter
from typing import Final
from urllib.parse import urlsplit

import httpx

ANSWER_SECONDS: Final = 60.0
"""Seconds a stream may wait for its answer's headers before it counts as failed."""


class Tally:
    """What the attack did, by kind of request and answer (``"create 201"``, ...)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def count(self, kind: str, answer: object) -> None:
        self.counts[f"{kind} {answer}"] += 1


class Address:
    """The attack from one address on the server at *url*."""

    def __init__(self, url: str, address: str, args: argparse.Namespace, tally: Tally) -> None:
        self.url = url
        self.address = address
        self.args = args
        self.tally = tally
        self.games: list[str] = []
        self.streams = 0
        self.rng = random.Random(address)
        self.tasks: set[asyncio.Task[None]] = set()
        transport = httpx.AsyncHTTPTransport(local_address=address)
        self.http = httpx.AsyncClient(base_url=url, transport=transport, timeout=60)

    async def run(self, stop: asyncio.Event) -> None:
        """Create games and open streams until *stop* is set."""
        tries = 0
        try:
            while not stop.is_set():
                tries += 1
                made = await self.create(with_agent=tries % 2 == 1)
                while not made and self.streams < self.args.streams and self.games:
                    self.hold(self.rng.choice(self.games), token=None)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 1 / self.args.rate)
        finally:
            for task in self.tasks:
                task.cancel()
            await asyncio.gather(*self.tasks, return_exceptions=True)
            await self.http.aclose()

    async def create(self, *, with_agent: bool) -> bool:
        """Try to create a game; whether it was made."""
        seats = [self.args.agent, "human"] if with_agent else ["human", "human"]
        try:
            made = await self.http.post("/api/games", json={"players": 2, "seats": seats})
        except httpx.HTTPError as err:
            self.tally.count("create", f"failed: {type(err).__name__}")
            return False
        self.tally.count("create", made.status_code)
        if made.status_code != 201:
            return False
        game = made.json()["id"]
        self.games.append(game)
        if with_agent and self.streams < self.args.streams:
            self.hold(game, token=made.json()["tokens"]["1"])
        return True

    def hold(self, game: str, token: str | None) -> None:
        """Open a stream on *game* and hold it; with *token*, play the person's seat 1."""
        self.streams += 1
        task = asyncio.create_task(self._stream(game, token))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _stream(self, game: str, token: str | None) -> None:
        parts = urlsplit(self.url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, local_addr=(self.address, 0)), ANSWER_SECONDS
            )
            writer.write(
                f"GET /api/games/{game}/events HTTP/1.1\r\nHost: {host}:{port}\r\n"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            status_line = await asyncio.wait_for(reader.readline(), ANSWER_SECONDS)
        except (OSError, TimeoutError) as err:
            self.tally.count("stream", f"failed: {type(err).__name__}")
            return
        status = status_line.split()[1].decode() if len(status_line.split()) > 1 else "?"
        self.tally.count("stream", status)
        try:
            if status == "200":
                await self._read(reader, game, token)
        except OSError:
            pass
        finally:
            writer.close()

    async def _read(self, reader: asyncio.StreamReader, game: str, token: str | None) -> None:
        """Read the stream's events; play the person's turn when it comes (with *token*)."""
        while line := await reader.readline():
            if not line.startswith(b"data:"):
                continue
            self.tally.count("event", "received")
            told = json.loads(line[5:])
            if token is not None and told["to_move"] == 1 and not told["over"]:
                await self._play(game, token)

    async def _play(self, game: str, token: str) -> None:
        """Play the person's whole turn with random legal actions (passing only when nothing
        else is legal)."""
        auth = {"Authorization": f"Bearer {token}"}
        try:
            answer = await self.http.get(f"/api/games/{game}/view", headers=auth)
            while answer.status_code == 200 and answer.json()["to_move"] == 1:
                seen = answer.json()
                if seen["over"]:
                    return
                moves = [m for m in seen["moves"] if m.get("kind") != "pass"] or seen["moves"]
                body = {"action": self.rng.choice(moves)["action"], "version": seen["version"]}
                answer = await self.http.post(f"/api/games/{game}/actions", headers=auth, json=body)
                self.tally.count("action", answer.status_code)
        except httpx.HTTPError as err:
            self.tally.count("action", f"failed: {type(err).__name__}")


def addresses(count: int) -> list[str]:
    """The attacker's *count* loopback addresses: 127.0.0.2, 127.0.0.3, ..."""
    if not 1 <= count <= 250:
        raise ValueError("from 1 to 250 addresses")
    return [f"127.0.0.{2 + n}" for n in range(count)]


async def main_async(args: argparse.Namespace) -> None:
    tally = Tally()
    stop = asyncio.Event()
    attackers = [Address(args.url, address, args, tally) for address in addresses(args.addresses)]
    runs = [asyncio.create_task(attacker.run(stop)) for attacker in attackers]
    print(json.dumps({"started": len(runs)}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    stop.set()
    await asyncio.gather(*runs, return_exceptions=True)
    print(json.dumps(dict(sorted(tally.counts.items()))), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/server_attack.py", description=__doc__)
    parser.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--addresses", type=int, default=26, help="addresses (default 26)")
    parser.add_argument(
        "--rate", type=float, default=2.0, help="creations tried a second per address (2)"
    )
    parser.add_argument("--streams", type=int, default=40, help="streams per address (40)")
    parser.add_argument("--agent", default="mcts", help="the agent of its games (mcts)")
    args = parser.parse_args(argv)
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
