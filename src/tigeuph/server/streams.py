"""Waiting for a game to change, cheaply and within bounds: the event streams and long polls.

A thousand open streams must cost the server almost nothing while nothing happens. So no
stream reads the database in a loop: :class:`Changes` keeps each watched game's latest
:class:`~tigeuph.server.rows.Status`, the store tells it of every action it stores (from any
thread), and the waiters of that game wake at once. Actions stored by another server process
on the same SQLite file are found by one read a second for all watched games together.

Streams and long polls are counted per client (:mod:`tigeuph.server.clients`), per game and
in all: one past ``ServerLimits.streams_per_client`` is refused with ``429``
(``rate-limited``: that client holds its share), one past ``ServerLimits.streams_per_game`` or
``ServerLimits.streams`` with ``503`` (``busy``); both say when to try again (``Retry-After``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Final

from .errors import GameNotFound, RateLimited, ServerBusy
from .limits import ServerLimits
from .rows import Status

__all__ = ["Changes"]

OTHERS_EVERY: Final = 1.0
"""Seconds between two reads of the watched games' statuses, for other processes' actions."""
RETRY_AFTER: Final = 5
"""Seconds a refused stream is told to wait before it asks again."""
_LOG: Final = logging.getLogger(__name__)


class Changes:
    """The watched games' statuses and their waiters, on one event loop."""

    def __init__(
        self, limits: ServerLimits, read: Callable[[Sequence[str]], dict[str, Status]]
    ) -> None:
        self.limits = limits
        self._read = read
        self._loop: asyncio.AbstractEventLoop | None = None
        self._latest: dict[str, Status] = {}
        self._woken: dict[str, asyncio.Event] = {}
        self._open: Counter[str] = Counter()
        self._by_client: Counter[str] = Counter()
        self._poller: asyncio.Task[None] | None = None

    def changed(self, game_id: str, status: Status) -> None:
        """Tell the waiters of *game_id* its new *status*; safe from any thread."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._publish, game_id, status)

    def _publish(self, game_id: str, status: Status) -> None:
        known = self._latest.get(game_id)
        if game_id in self._open and (known is None or status.version > known.version):
            self._latest[game_id] = status
            self._woken.pop(game_id, asyncio.Event()).set()

    @asynccontextmanager
    async def watching(self, game_id: str, client: str = "") -> AsyncIterator[Status]:
        """Count one stream or long poll of *client* on *game_id* while the block runs; the
        block gets the game's status, read once the game is counted as watched, so that no
        action stored meanwhile is told to nobody.

        Raises:
            RateLimited: *client* has as many open as its share allows.
            ServerBusy: the server or the game has as many open as its limits allow.
            GameNotFound: there is no such game.
        """
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        if self._poller is None or self._poller.done():
            self._poller = asyncio.create_task(self._poll_others())
        share = self.limits.streams_per_client
        if self._by_client[client] >= share:
            raise RateLimited(f"this client holds {share} streams open already", RETRY_AFTER)
        if self._open[game_id] >= self.limits.streams_per_game:
            raise ServerBusy(
                f"{self.limits.streams_per_game} streams are open on this game", RETRY_AFTER
            )
        if self._open.total() >= self.limits.streams:
            raise ServerBusy(f"{self.limits.streams} streams are open on this server", RETRY_AFTER)
        self._open[game_id] += 1
        self._by_client[client] += 1
        try:
            found = await asyncio.to_thread(self._read, [game_id])
            if game_id not in found:
                raise GameNotFound(f"no game {game_id[:40]!r}")
            self._publish(game_id, found[game_id])
            yield found[game_id]
        finally:
            self._by_client[client] -= 1
            if self._by_client[client] <= 0:
                del self._by_client[client]
            self._open[game_id] -= 1
            if self._open[game_id] <= 0:
                del self._open[game_id]
                self._latest.pop(game_id, None)
                self._woken.pop(game_id, None)

    async def after(self, game_id: str, version: int, timeout: float) -> Status | None:
        """*game_id*'s status once its version passes *version*, or ``None`` after *timeout*
        seconds; inside :meth:`watching` only."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            known = self._latest.get(game_id)
            if known is not None and known.version > version:
                return known
            left = deadline - loop.time()
            if left <= 0:
                return None
            event = self._woken.setdefault(game_id, asyncio.Event())
            try:
                await asyncio.wait_for(event.wait(), left)
            except TimeoutError:
                return None

    async def _poll_others(self) -> None:
        """Read the watched games' statuses every :data:`OTHERS_EVERY` seconds, for the actions
        another process stored, while any is watched."""
        while self._open:
            await asyncio.sleep(OTHERS_EVERY)
            watched = list(self._open)
            try:
                found = await asyncio.to_thread(self._read, watched)
            except Exception:  # a busy database: the next round tries again
                _LOG.exception("reading the watched games failed")
                continue
            for game_id, status in found.items():
                self._publish(game_id, status)
