"""The server's moving parts, apart from HTTP: the store, the agents' pool, the changes the
streams wait on, the creation and advice buckets, who each request's client is, and the upkeep
that keeps the database bounded.

:class:`Service` starts its threads and worker processes on first use, not when it is made, so
that an application can be built (and its routes listed) without starting anything; ``close``
stops them at the server's shutdown.
"""

from __future__ import annotations

import logging
import threading
from typing import Final

from .admission import Creations
from .agents import AgentPool
from .clients import Clients
from .limits import ServerLimits
from .store import Store
from .streams import Changes

__all__ = ["UPKEEP_EVERY", "Service"]

UPKEEP_EVERY: Final = 5.0
"""Seconds between two rounds of upkeep: expiring games, asking again for agents' moves that a
full queue dropped (and those of games left waiting by a restart)."""
_EXPIRE_EVERY: Final = 12
"""Rounds of upkeep between two expiries (once a minute)."""
_LOG: Final = logging.getLogger(__name__)


class Service:
    """Everything a server runs for the games in *db*, within *limits*."""

    def __init__(self, db: str, limits: ServerLimits) -> None:
        self.limits = limits
        self.store = Store(db, limits)
        self.changes = Changes(limits, self.store.statuses)
        self.store.on_change = self.changes.changed
        self.clients = Clients(limits.trusted_proxies)
        """Who each request's client is (``tigeuph.server.clients``)."""
        self.creations = Creations(limits.creations)
        self.advice = Creations(limits.advice, doing="ask for {n} explanations and hints")
        self.hinting = threading.BoundedSemaphore(1)
        """Held while a hint is worked out: one at a time (``tigeuph.server.advice``)."""
        self._pool: AgentPool | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._upkeep: threading.Thread | None = None

    def start(self) -> None:
        """Start the upkeep, if it is not running: at the server's startup, and on the first
        game made (an application served without a lifespan)."""
        with self._lock:
            if self._upkeep is None and not self._stopping.is_set():
                self._upkeep = threading.Thread(target=self._keep_up, name="upkeep", daemon=True)
                self._upkeep.start()

    @property
    def pool(self) -> AgentPool:
        """The agents' pool, started on first use (a server of people alone never starts
        its worker processes)."""
        with self._lock:
            if self._pool is None:
                self._pool = AgentPool(self.limits, self.store.agent_turn)
            pool = self._pool
        self.start()
        return pool

    def ask_agents(self, game_id: str, client: str, seat: str) -> None:
        """Queue *game_id*'s agent moves, the game being *client*'s and *seat* the agent to
        move (a full queue drops it: the upkeep asks again)."""
        self.pool.request(game_id, client, seat)

    def close(self) -> None:
        """Stop the upkeep and the agents' pool."""
        self._stopping.set()
        with self._lock:
            pool = self._pool  # kept, closed: a late request queues to nobody
        if pool is not None:
            pool.close()
        if self._upkeep is not None:
            self._upkeep.join(10)

    def _keep_up(self) -> None:
        rounds = 0
        while not self._stopping.wait(0 if rounds == 0 else UPKEEP_EVERY):
            try:
                if rounds % _EXPIRE_EVERY == 0:
                    deleted = self.store.expire()
                    if deleted:
                        _LOG.info("expired %d games", deleted)
                waiting = self.store.waiting_for_agents()
                if waiting:  # after a restart, the pool starts here
                    pool = self.pool
                    for game_id, client, seat in waiting:  # a full share is skipped
                        pool.request(game_id, client, seat)
            except Exception:  # a busy database: the next round tries again
                _LOG.exception("the server's upkeep failed")
            rounds += 1
