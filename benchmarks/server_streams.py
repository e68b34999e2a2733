"""Hold many event streams open on a game server, in a process of their own.

    python benchmarks/server_streams.py --url http://127.0.0.1:8000 --streams 1000 --games ID,ID

``benchmarks/server_load.py`` starts it so that a thousand open streams load the server without
the load test's own threads (and their GIL) slowing down its measurements. Stream *i* is
``GET /api/games/{ID}/events`` on the *i*-th game round-robin, each on its own connection,
spoken over raw asyncio sockets (lighter than an HTTP client). Once every stream has been
answered (or has failed) it prints one JSON line, ``{"ready": ...}``; it then reads them until
a line (or the end) arrives on its standard input, and prints the final figures as one JSON
line: how many streams the server accepted (200), refused (by status) or failed to answer, how
many were still open, how many ended after their game's end or were dropped before it, and how
many events they received. A stream the server ends is not reopened.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
from collections import Counter
from typing import Any, Final
from urllib.parse import urlsplit

ANSWER_SECONDS: Final = 60.0
"""Seconds a stream may wait for its response's headers before it counts as failed."""
OPENING_AT_ONCE: Final = 64
"""Streams being opened at once (the rest wait their turn), so the opening is not a flood."""
_OVER: Final = re.compile(rb'"over":\s*true')


class Tally:
    """What the streams saw, counted as it happens."""

    def __init__(self) -> None:
        self.statuses: Counter[str] = Counter()  # "200", "503", ... or "failed: why"
        self.open = 0
        self.ended_over = 0
        self.dropped = 0
        self.events = 0
        self.bytes = 0

    def figures(self) -> dict[str, Any]:
        refused = {k: v for k, v in self.statuses.items() if k != "200" and k.isdigit()}
        failed = {k: v for k, v in self.statuses.items() if not k.isdigit()}
        return {
            "accepted": self.statuses["200"],
            "refused": sum(refused.values()),
            "refused_by_status": refused,
            "failed": sum(failed.values()),
            "failed_by_reason": failed,
            "open": self.open,
            "ended_over": self.ended_over,
            "dropped": self.dropped,
            "events": self.events,
            "bytes": self.bytes,
        }


async def _answer(
    host: str, port: int, path: str
) -> tuple[str, asyncio.StreamReader, asyncio.StreamWriter]:
    """Send the request; its status and the connection, the headers read."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n"
        "Cache-Control: no-cache\r\n\r\n".encode()
    )
    await writer.drain()
    status_line = await reader.readline()
    parts = status_line.split()
    status = parts[1].decode() if len(parts) > 1 else "failed: no status line"
    while (await reader.readline()) not in (b"\r\n", b"\n", b""):
        pass
    return status, reader, writer


async def hold(host: str, port: int, game: str, tally: Tally, opening: asyncio.Semaphore) -> None:
    """Open one stream on *game* and read it until the server ends it or the task is
    cancelled; every block with a ``data:`` line is an event (comments are not)."""
    async with opening:
        try:
            status, reader, writer = await asyncio.wait_for(
                _answer(host, port, f"/api/games/{game}/events"), ANSWER_SECONDS
            )
        except (OSError, TimeoutError) as err:
            tally.statuses[f"failed: {type(err).__name__}"] += 1
            return
        tally.statuses[status] += 1
    if status != "200":
        writer.close()
        return
    tally.open += 1
    over = False
    buffer = b""
    try:
        while data := await reader.read(65_536):
            tally.bytes += len(data)
            buffer += data
            *blocks, buffer = buffer.split(b"\n\n")
            for block in blocks:
                if b"data:" in block:
                    tally.events += 1
                    over = over or _OVER.search(block) is not None
        tally.open -= 1
        if over:
            tally.ended_over += 1
        else:
            tally.dropped += 1
    except OSError:
        tally.open -= 1
        tally.dropped += 1
    finally:
        writer.close()


async def main_async(url: str, streams: int, games: list[str]) -> None:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    tally = Tally()
    opening = asyncio.Semaphore(OPENING_AT_ONCE)
    start = time.perf_counter()
    tasks = [
        asyncio.create_task(hold(host, port, games[i % len(games)], tally, opening))
        for i in range(streams)
    ]
    while sum(tally.statuses.values()) < streams and not all(t.done() for t in tasks):
        await asyncio.sleep(0.05)
    ready = {"ready": tally.figures(), "open_seconds": time.perf_counter() - start}
    print(json.dumps(ready), flush=True)
    held = time.perf_counter()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps({**tally.figures(), "held_seconds": time.perf_counter() - held}), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/server_streams.py", description=__doc__)
    parser.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--streams", type=int, required=True, help="streams to open")
    parser.add_argument("--games", required=True, help="the games' ids, separated by commas")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    if not games:
        parser.error("--games names no game")
    asyncio.run(main_async(args.url, args.streams, games))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
