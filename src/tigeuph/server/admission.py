"""How many games each client may create, and how much advice it may ask for: a token bucket
per client (an address, or an IPv6 /64: :mod:`tigeuph.server.clients`).

Each client may create ``ServerLimits.creations`` games at once and then one more every
``60 / creations`` seconds; past that it is answered ``429`` with ``Retry-After``, the seconds
until it may create again. The buckets are kept in memory, and a full bucket is forgotten, so
their number stays bounded by the clients that created a game in the last minute.

Behind a reverse proxy every request comes from the proxy's address: list the proxy with
``--trust-proxy`` so that the client its ``X-Forwarded-For`` names is the one counted
(``docs/server.rst``, "On the open internet").
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import Final

from .errors import RateLimited

__all__ = ["Creations"]

_PER: Final = 60.0
"""The limit is per this many seconds."""


class Creations:
    """The buckets of every client for one kind of request (*doing*: ``create {n} games``,
    where ``{n}`` is the limit); safe to share between threads."""

    def __init__(
        self,
        per_minute: int,
        clock: Callable[[], float] = time.monotonic,
        *,
        doing: str = "create {n} games",
    ) -> None:
        self.per_minute = per_minute
        self.doing = doing
        self._clock = clock
        self._rate = per_minute / _PER
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, at)
        self._lock = threading.Lock()

    def take(self, address: str) -> None:
        """Count one request by the client *address*.

        Raises:
            RateLimited: the client has asked as often as the limit allows for now.
        """
        now = self._clock()
        with self._lock:
            tokens, at = self._buckets.get(address, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - at) * self._rate)
            if tokens < 1:
                wait = math.ceil((1 - tokens) / self._rate)
                doing = self.doing.format(n=self.per_minute)
                raise RateLimited(f"this client may {doing} a minute", retry_after=wait)
            self._buckets[address] = (tokens - 1, now)
            if len(self._buckets) > 10_000:
                self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        """Forget the buckets that have filled up again: they say nothing a new one would not."""
        for address, (tokens, at) in list(self._buckets.items()):
            if tokens + (now - at) * self._rate >= self.per_minute:
                del self._buckets[address]
