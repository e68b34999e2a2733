"""Agents as a bounded service: every agent move of every game, thought out in worker
processes, so that people's requests never wait on a search.

An MCTS move takes seconds of pure Python; run in the server's own process it would hold the
interpreter's lock and every person's request would wait behind it. So :class:`AgentPool`
keeps ``ServerLimits.agent_workers`` worker processes, each fed by one thread of the server:

- a game whose agent is to move is *requested* (after a person's action, when the game is
  made, looked at or waited on, and by the store's sweep); it joins the queue of the client
  that made it, each game in it once, at most ``ServerLimits.agent_queue_per_client`` games a
  client and ``ServerLimits.agent_queue`` in all (:mod:`tigeuph.server.fairness`);
- a feeding thread takes the next game, from the client that has used the workers least
  lately, sends the agent's view to its worker, waits at most the move's budget, plays the
  move through the store (a compare-and-swap, as a person's), and puts the game back at the
  end of its client's queue while an agent is still to move, so that searching games take
  turns rather than one running to its end, and no client's games hold up another's;
- a search is cut to ``ServerLimits.agent_seconds`` (the MCTS agent's own ``seconds``), and an
  external bot is told it has that long (its ``time_ms``) and loses the move when it has not
  answered by then; a worker that has not answered by twice that, plus a margin, is killed and
  replaced, its bots' process groups with it (the worker tells the feeding thread of each bot
  it starts), and the move is a random legal action (logged), so that no game waits for ever;
- a game whose play stalls is stopped by the store (spec D8), and no agent is asked after.

The queue is bounded, so a flood of agent games cannot grow it: :meth:`AgentPool.has_room`
says whether a client may make a new game with agents (else ``429`` for its share, ``503``
when all are full), and a game dropped when the queue was full is requested again by the
sweep.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import random
import signal
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, Final, NamedTuple

from attrs import frozen

from ..agents import AGENT_NAMES, ExternalAgent, make_agent
from ..agents.child import kill_group, watch_groups
from ..agents.factory import EXTERNAL, agents_for_seats, parse_spec, release_bots
from ..core.errors import IllegalActionError, NotationError
from ..games import AnyGame
from .errors import RateLimited, ServerBusy
from .fairness import FairQueue
from .limits import ServerLimits

__all__ = [
    "QUICK",
    "AgentPool",
    "Task",
    "Turn",
    "budgeted",
    "expected_seconds",
    "random_move",
    "think",
]

_LOG: Final = logging.getLogger(__name__)
_MARGIN: Final = 5.0
"""Seconds a worker may run past twice its budget before it is killed (a slow machine)."""

_BOT_SECONDS: Final = [ServerLimits().agent_seconds]
"""The seconds an external bot is told it has for a move, and has: the server's budget, which a
worker's parent sends with each task (:meth:`_Worker.ask`)."""

QUICK: Final = 0.1
"""Seconds a move of an agent that does not search is expected to take, until one is timed."""


class Task(NamedTuple):
    """What a worker needs for one move."""

    spec: str
    """The seat's agent specification."""
    view: Any
    """The seat's view with its public history, built in memory from the store's replay
    (``tigeuph.server.stops.Replay``) and sent to the worker as it is (pickled by the
    pipe, several times cheaper than the game's JSON view document)."""
    seat: int
    """The seat to move."""
    seed: str
    """The seed of the move's random choices."""
    game: str
    """The game's name."""


def budgeted(spec: str, seconds: float) -> str:
    """*spec* with its search cut to *seconds* a move (only the search has a budget to cut;
    another agent is cut by its worker's deadline)."""
    name, kwargs = parse_spec(spec)
    if name != "mcts":
        return spec
    kwargs["seconds"] = min(float(kwargs.get("seconds", seconds)), seconds)
    return name + ":" + ",".join(f"{key}={value}" for key, value in kwargs.items())


def expected_seconds(spec: str, seconds: float) -> float:
    """How long a move of the agent *spec* should take, for the queue's order until one is
    timed: the budget *seconds* of a search or an external bot, a moment for another."""
    name = spec.partition(":")[0]
    return QUICK if name in AGENT_NAMES and name != "mcts" else seconds


def think(task: Task) -> str:
    """The move, in notation, that the agent of *task* plays: what a worker process runs."""
    spec, name, seed, seen = task.spec, task.game, task.seed, task.view
    if parse_spec(spec)[0] == EXTERNAL:
        # The worker keeps the bot running; it moves between games, so each move is a game
        # of its own to the bot (new_game, decide), with no end. Its start and its move both
        # end before the worker's own deadline, twice the budget and a margin.
        bot = agents_for_seats([spec], game=name)[0]
        assert isinstance(bot, ExternalAgent)
        bot.move_time = _BOT_SECONDS[0]
        bot.start_time = _BOT_SECONDS[0] + _MARGIN / 2
        bot.forget_game()
        return str(bot.act(seen, random.Random(seed)))
    return str(make_agent(spec, game=name).act(seen, random.Random(seed)))


def _work(conn: Connection, choose: Callable[[Task], str]) -> None:
    """A worker process: answer each task with *choose*'s move, until the pipe closes; then
    stop its bots. It tells its parent of each bot process group it starts or stops, before
    the move, so that a parent that kills it can kill them."""
    watch_groups(lambda group, running: conn.send(("group", group, running)))
    # multiprocessing terminates a daemonic worker at its parent's exit: stop the bots first
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while True:
            try:
                task, seconds = conn.recv()
            except EOFError:
                return
            _BOT_SECONDS[0] = seconds
            try:
                conn.send(("move", choose(task)))
            except Exception as err:
                conn.send(("error", f"{type(err).__name__}: {err}"))
    finally:
        release_bots()


class _Worker:
    """One worker process and its pipe; replaced when it dies or overruns."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self.conn, child = context.Pipe()
        # think is looked up now, so a test may put its own (importable) function in its place
        self.process = context.Process(target=_work, args=(child, think), daemon=True)
        self.process.start()
        child.close()
        self.groups: set[int] = set()
        """The process groups of the bots the worker runs, as it has told."""

    def ask(self, task: tuple[Any, ...], timeout: float, *, seconds: float) -> str | None:
        """The move, or ``None`` if the worker did not answer in *timeout* seconds; an external
        bot is told it has *seconds*, and has them.

        Raises:
            RuntimeError: the agent failed (its message).
        """
        self.conn.send((task, seconds))
        end = time.monotonic() + timeout
        while self.conn.poll(max(0.0, end - time.monotonic())):
            kind, *said = self.conn.recv()
            if kind == "group":
                self._heard(*said)
            elif kind == "error":
                raise RuntimeError(said[0])
            else:
                answer: str = said[0]
                return answer
        return None

    def stop(self, grace: float = 0.0) -> None:
        """Stop the worker: given *grace* seconds, one that still listens stops its external
        bots and exits; else it is killed, and so are the process groups of its bots."""
        with contextlib.suppress(EOFError, OSError):
            while self.conn.poll(0):  # groups told while no one listened
                kind, *said = self.conn.recv()
                if kind == "group":
                    self._heard(*said)
        self.conn.close()
        self.process.join(grace)
        stopped_its_bots = self.process.exitcode == 0
        self.process.kill()
        self.process.join(5)
        if not stopped_its_bots:
            for group in self.groups:
                kill_group(group)
        self.groups.clear()

    def _heard(self, group: int, running: bool) -> None:
        if running:
            self.groups.add(group)
        else:
            self.groups.discard(group)


@frozen
class Turn:
    """An agent's turn in a queued game, as the store gives it: the *task* to think, the
    *game* that reads its move, and *play*, which stores the move (``None``: a random legal
    one, for an agent that failed) and says whether an agent is to move again."""

    task: Task
    game: AnyGame
    play: Callable[[Any], bool]


class AgentPool:
    """The worker processes, their feeding threads and the bounded queue of games, shared
    fairly between clients."""

    def __init__(self, limits: ServerLimits, turn: Callable[[str], Turn | None]) -> None:
        self.limits = limits
        self._turn = turn
        self._queue = FairQueue(limits.agent_queue, limits.agent_queue_per_client)
        self._ready = threading.Condition()
        self._closed = False
        self._threads = [
            threading.Thread(target=self._feed, name=f"agent-{n}", daemon=True)
            for n in range(limits.agent_workers)
        ]
        for thread in self._threads:
            thread.start()

    def has_room(self, client: str = "") -> bool:
        """Whether the queue can take one more game of *client*."""
        with self._ready:
            return self._queue.has_room(client)

    def check_room(self, client: str = "") -> None:
        """Refuse a new game with agents of *client* if the queue could not take it.

        Raises:
            RateLimited: *client* holds its share of the queue.
            ServerBusy: the queue is full.
        """
        with self._ready:
            held = self._queue.holds(client)
            total = self._queue.held()
        if held >= self.limits.agent_queue_per_client:
            raise RateLimited(
                f"this client has {held} games waiting for the agents: try again later", 30
            )
        if total >= self.limits.agent_queue:
            raise ServerBusy("the agents are busy: try again later", 30)

    def waiting(self) -> int:
        """Games queued or being played."""
        with self._ready:
            return self._queue.held()

    def request(self, game_id: str, client: str = "", seat: str | None = None) -> bool:
        """Ask for *game_id*'s agent moves, the game being *client*'s and its seat to move
        *seat* (an agent's specification); whether the game is (or already was) queued.

        Never blocks; a game being played is looked at again once its move is stored, since a
        person may have moved since the feeding thread last looked."""
        budget = self.limits.agent_seconds
        cost = budget if seat is None else expected_seconds(seat, budget)
        with self._ready:
            queued = self._queue.request(game_id, client, cost)
            if queued:
                self._ready.notify()
            return queued

    def close(self) -> None:
        """Stop the feeding threads and their workers (at the server's shutdown)."""
        with self._ready:
            self._closed = True
            self._ready.notify_all()
        for thread in self._threads:
            thread.join(10)

    def _take(self) -> str | None:
        with self._ready:
            while not self._queue.ready() and not self._closed:
                self._ready.wait()
            if self._closed:
                return None
            return self._queue.take()

    def _done(self, game_id: str, again: bool) -> None:
        """Release *game_id*; queue it again at the end of its client's queue if an agent is
        still to move, or if it was requested while being played."""
        with self._ready:
            if self._queue.done(game_id, again and not self._closed) and not self._closed:
                self._ready.notify()

    def _feed(self) -> None:
        worker = _Worker()
        try:
            while (game_id := self._take()) is not None:
                again = False
                try:
                    again, worker = self._one_move(game_id, worker)
                except Exception:  # a broken game must not stop the pool: log, and go on
                    _LOG.exception("game %s: the agent could not play", game_id)
                self._done(game_id, again)
        finally:
            worker.stop(grace=3.0)

    def _one_move(self, game_id: str, worker: _Worker) -> tuple[bool, _Worker]:
        """Think and play one agent move of *game_id*; whether an agent is to move again, and
        the worker to use next."""
        turn = self._turn(game_id)
        if turn is None:
            return False, worker
        spec = turn.task.spec
        budget = self.limits.agent_seconds
        why = ""
        try:
            cut = budgeted(spec, budget)
            move = worker.ask(turn.task._replace(spec=cut), 2 * budget + _MARGIN, seconds=budget)
            if move is None:
                why = "it overran its budget"
        except (EOFError, OSError):
            move, why = None, "its worker died"
        except RuntimeError as err:  # the worker is sound: the agent raised
            move, why = None, f"it failed ({err})"
        if why and not why.startswith("it failed"):
            worker.stop()
            worker = _Worker()
        if move is not None:
            try:
                return turn.play(turn.game.parse_action(move)), worker
            except (IllegalActionError, NotationError) as err:
                why = f"its move was refused ({err})"
        _LOG.warning("game %s: the agent's move is a random one: %s", game_id, why)
        return turn.play(None), worker


def random_move(game: AnyGame, state: Any, seed: str) -> Any:
    """A random legal action of *game* in *state*: the move of an agent that failed or
    overran its budget."""
    return random.Random(seed).choice(game.legal_actions(state))
