"""The agents' queue, shared fairly between clients: :class:`FairQueue`.

A worker thinks one move at a time, so whoever fills the queue decides who waits: with one
queue served first come first served, a client with 64 searching games made a person wait
145 seconds for his agent's move. So each client (the one that made the game,
:mod:`tigeuph.server.clients`) has a queue of its own, which holds at most
``ServerLimits.agent_queue_per_client`` of its games (queued or being played), and the next
move is the one that leaves its client's use of the workers least: the client's worker time,
remembered with a half-life of :data:`HALF_LIFE` seconds, and the time the move is expected
to take (its game's last move's, or the caller's guess before the first: a search takes its
budget, a greedy move a moment). A person who has just come has used nothing, and his agent's
move is the next one thought once the move under way is done, even among clients that came
before him and have not been served yet, whose moves are searches; clients that all keep the
workers busy get equal shares of their time. Of clients that would have used as much, the one
served longest ago goes first (with several workers, the clients with the fewest moves under
way go first), and a client's own games take turns.

Every game is in the queue once, queued or being played; one asked for again while it is being
played is queued again once its move is stored. ``ServerLimits.agent_queue`` bounds the games
of all clients together, as a last resort.

A :class:`FairQueue` is not thread-safe: :class:`~tigeuph.server.agents.AgentPool` holds its
lock around every call.
"""

from __future__ import annotations

import math
import time
from collections import Counter, deque
from collections.abc import Callable
from typing import Final

__all__ = ["HALF_LIFE", "FairQueue"]

HALF_LIFE: Final = 60.0
"""Seconds after which a client's use of the workers counts half as much."""
_FORGOTTEN: Final = 0.01
"""Seconds of use below which an idle client is forgotten: it counts as a newcomer again."""


class FairQueue:
    """The games waiting for an agent's move, each client's apart: at most *total* of all
    clients, at most *per_client* of each; *clock* gives the time in seconds."""

    def __init__(
        self, total: int, per_client: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.total = total
        self.per_client = per_client
        self._clock = clock
        self._queues: dict[str, deque[str]] = {}  # client -> its games waiting, in turn
        self._client_of: dict[str, str] = {}  # every game held -> its client
        self._cost: dict[str, float] = {}  # every game held -> seconds its move should take
        self._held: Counter[str] = Counter()  # client -> its games held
        self._playing: dict[str, tuple[float, bool]] = {}  # game -> (since, asked again)
        self._used: dict[str, tuple[float, float]] = {}  # client -> (seconds, at)
        self._served: dict[str, int] = {}  # client -> the number of its last turn
        self._turns = 0

    def has_room(self, client: str) -> bool:
        """Whether *client* may add one more game."""
        return len(self._client_of) < self.total and self._held[client] < self.per_client

    def held(self) -> int:
        """Games queued or being played, of all clients."""
        return len(self._client_of)

    def holds(self, client: str) -> int:
        """Games of *client* queued or being played."""
        return self._held[client]

    def ready(self) -> bool:
        """Whether a game is queued (not being played)."""
        return bool(self._queues)

    def request(self, game_id: str, client: str, cost: float) -> bool:
        """Queue *game_id* of *client*, whose move should take *cost* seconds until one is
        timed, at the end of its client's queue, unless it is held already (a game being
        played is queued again once its move is stored); whether it is held now (``False``:
        no room)."""
        if game_id in self._playing:
            since, _ = self._playing[game_id]
            self._playing[game_id] = (since, True)
            return True
        if game_id in self._client_of:
            return True
        if not self.has_room(client):
            return False
        self._client_of[game_id] = client
        self._cost[game_id] = cost
        self._held[client] += 1
        self._queue(game_id, client)
        return True

    def take(self) -> str | None:
        """The next game to play a move of (``None``: none is queued), held as being played
        until :meth:`done`."""
        if not self._queues:
            return None
        now = self._clock()
        playing = Counter(self._client_of[game] for game in self._playing)

        def order(client: str) -> tuple[int, float, int]:
            after = self._used_by(client, now) + self._cost[self._queues[client][0]]
            return playing[client], after, self._served.get(client, -1)

        client = min(self._queues, key=order)
        waiting = self._queues[client]
        game_id = waiting.popleft()
        if not waiting:
            del self._queues[client]
        self._served[client] = self._turns
        self._turns += 1
        self._playing[game_id] = (now, False)
        return game_id

    def done(self, game_id: str, again: bool) -> bool:
        """Count the time *game_id*'s move took to its client; queue the game again at the end
        of its client's queue if *again* or it was asked for while being played, else let it
        go; whether it is queued again."""
        since, asked = self._playing.pop(game_id)
        client = self._client_of[game_id]
        now = self._clock()
        took = max(0.0, now - since)
        self._used[client] = (self._used_by(client, now) + took, now)
        if again or asked:
            self._cost[game_id] = took
            self._queue(game_id, client)
            return True
        del self._client_of[game_id], self._cost[game_id]
        self._held[client] -= 1
        if self._held[client] <= 0:
            del self._held[client]
        if len(self._used) > 2 * self.total:
            self._forget(now)
        return False

    def _queue(self, game_id: str, client: str) -> None:
        self._queues.setdefault(client, deque()).append(game_id)

    def _used_by(self, client: str, now: float) -> float:
        """*client*'s worker time, each second counted less as it grows old."""
        seconds, at = self._used.get(client, (0.0, now))
        return seconds * math.pow(0.5, (now - at) / HALF_LIFE)

    def _forget(self, now: float) -> None:
        """Forget the clients that hold no game and have used next to nothing lately."""
        for client in list(self._used):
            if client not in self._held and self._used_by(client, now) < _FORGOTTEN:
                del self._used[client]
                self._served.pop(client, None)
