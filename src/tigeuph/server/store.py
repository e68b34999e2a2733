"""Games in SQLite: one row per game, every write a compare-and-swap on its version.

A row holds the game's record (text, its moves appended as they are played), the current state
as a ``tigeuph-state`` JSON document, the public history (one entry per action, exchanges with
their colours: :meth:`Store.history` hides them from other seats), the version (the number of
actions played), each seat's kind (``"human"`` or an agent specification) and the SHA-256
of each human seat's token. Tokens themselves are never stored: they are returned once, when
the game is created.

Reading a view parses the stored state (cached per version) and never replays the game, so its
cost does not grow with the game's length. Playing an action is one transaction: the row is
updated only ``WHERE id = ? AND version = ?``, the version the action was based on; a request
that lost a race gets :class:`StaleVersion` and changes nothing. At the end of a game the
record is replayed once and must give the stored state back; the finished record (with its
``Result`` tag) replaces the running one. A game whose play stalls (spec D8) or that reaches
``ServerLimits.actions`` is stopped the same way (:mod:`tigeuph.server.stops`): its record,
rewritten with a ``Termination`` tag, replaces the running one, and the row's ``stopped``
column keeps the reason, so no action is taken and no agent asked after it, even after a
restart.

This module holds the SQLite table, its connections and the rows' reads and writes; a game's
seats and tokens are :mod:`tigeuph.server.seats`, its public history and record
:mod:`tigeuph.server.history`, the errors :mod:`tigeuph.server.errors` (all importable from here
too). It uses only the standard library and tigeuph's public API; :mod:`tigeuph.server.app`
puts HTTP in front of it.
"""

from __future__ import annotations

import json
import logging
import random
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import Any, Final

from attrs import evolve, frozen

from .. import (
    Action,
    Game,
    GameState,
    PlayerView,
    Rules,
    apply,
    state_from_json,
    state_to_json,
    view,
)
from ..agents import make_agent
from ..stall import StallWatch, Stop
from .errors import GameNotFound, GameStopped, NotYourSeat, ServerLimitError, StaleVersion
from .history import append_to_record, history_entry, project, public_actions
from .limits import ServerLimits
from .seats import HUMAN, check_seats, new_tokens, seat_of
from .stops import Watches, settled_record

__all__ = [
    "HUMAN",
    "GameNotFound",
    "GameRow",
    "GameStopped",
    "NotYourSeat",
    "ServerLimitError",
    "ServerLimits",
    "StaleVersion",
    "Store",
    "check_seats",
]

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL,
    record TEXT NOT NULL,
    move INTEGER NOT NULL,
    state TEXT NOT NULL,
    history TEXT NOT NULL,
    to_move INTEGER,
    over INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    stopped TEXT
)
"""
_COLUMNS: Final = (
    "id, version, seed, seats, tokens, record, move, state, history, to_move, over, created,"
    " updated, stopped"
)
_LOG: Final = logging.getLogger(__name__)


@frozen
class GameRow:
    """One stored game, as read."""

    id: str
    version: int
    seed: int
    seats: tuple[str, ...]
    tokens: tuple[str | None, ...]
    record: str
    move: int
    state_json: str
    history_json: str
    to_move: int | None
    """Who is to move; ``None`` once the game is over or stopped."""
    over: bool
    """Whether the game has ended by the rules (spec R26)."""
    stopped: Stop | None = None
    """Why the server stopped the game before its end (spec D8), or ``None``."""

    @property
    def done(self) -> bool:
        """Whether no more actions will be played: the game is over or stopped."""
        return self.over or self.stopped is not None


class Store:
    """The games in the SQLite database at *path*; safe to share between threads (each thread
    opens its own connection)."""

    def __init__(self, path: str, limits: ServerLimits | None = None) -> None:
        self.path = path
        self.limits = limits or ServerLimits()
        self._local = threading.local()
        self._states: OrderedDict[tuple[str, int], GameState] = OrderedDict()
        self._lock = threading.Lock()
        self._advancing: dict[str, bool] = {}  # game -> asked again while advancing
        self._watches = Watches()
        with self._connect() as conn:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(_SCHEMA)
            columns = {info[1] for info in conn.execute("PRAGMA table_info(games)")}
            if "stopped" not in columns:  # a database from before stopped games: add it
                try:
                    conn.execute("ALTER TABLE games ADD COLUMN stopped TEXT")
                except sqlite3.OperationalError as err:  # another process added it first
                    if "duplicate column" not in str(err):
                        raise

    def _connect(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            conn.execute("PRAGMA busy_timeout=30000")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._local.conn = conn
        return conn

    # --- reading -----------------------------------------------------------------------------

    def row(self, game_id: str) -> GameRow:
        """The stored game *game_id*.

        Raises:
            GameNotFound: there is none.
        """
        found = (
            self._connect()
            .execute(
                "SELECT id, version, seed, seats, tokens, record, move, state, history, to_move,"
                " over, stopped FROM games WHERE id = ?",
                (game_id,),
            )
            .fetchone()
        )
        if found is None:
            raise GameNotFound(f"no game {game_id[:40]!r}")
        gid, version, seed, seats, tokens, record, move, state, hist, to_move, over, stop = found
        return GameRow(
            gid,
            version,
            seed,
            tuple(json.loads(seats)),
            tuple(json.loads(tokens)),
            record,
            move,
            state,
            hist,
            to_move,
            bool(over),
            None if stop is None else Stop(stop),
        )

    def status(self, game_id: str) -> tuple[int, int | None, bool, Stop | None]:
        """The game's version, who is to move, whether it is over and why it was stopped, if
        it was: a cheap read for polling.

        Raises:
            GameNotFound: there is no such game.
        """
        found = (
            self._connect()
            .execute("SELECT version, to_move, over, stopped FROM games WHERE id = ?", (game_id,))
            .fetchone()
        )
        if found is None:
            raise GameNotFound(f"no game {game_id[:40]!r}")
        return found[0], found[1], bool(found[2]), None if found[3] is None else Stop(found[3])

    def state(self, row: GameRow) -> GameState:
        """The row's state, parsed once per version and kept in a small cache."""
        key = (row.id, row.version)
        with self._lock:
            cached = self._states.get(key)
            if cached is not None:
                self._states.move_to_end(key)
                return cached
        state = state_from_json(row.state_json)
        with self._lock:
            self._states[key] = state
            while len(self._states) > 512:
                self._states.popitem(last=False)
        return state

    def seat_of(self, row: GameRow, token: str | None) -> int:
        """The seat whose token *token* is.

        Raises:
            NotYourSeat: no seat's.
        """
        return seat_of(row.tokens, token)

    def view(self, row: GameRow, seat: int, *, with_history: bool = False) -> PlayerView:
        """What *seat* may know now; with the public history only when asked (agents)."""
        seen = view(self.state(row), seat)
        if with_history:
            seen = evolve(seen, history=public_actions(json.loads(row.history_json), seat))
        return seen

    def history(self, row: GameRow, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The public history from entry *since*, as *seat* (``None``: anyone) may see it."""
        entries: list[dict[str, Any]] = json.loads(row.history_json)[since:]
        return project(entries, seat)

    # --- writing -----------------------------------------------------------------------------

    def create(
        self, rules: Rules, seats: Sequence[str], seed: int | None = None
    ) -> tuple[str, dict[int, str]]:
        """Store a new game; its id and each human seat's token (returned only here)."""
        seats = check_seats(seats, rules.players)
        game = Game.new(rules.players, seed=seed, rules=rules)
        assert game.seed is not None
        tokens, hashes = new_tokens(seats)
        game_id = secrets.token_urlsafe(9)
        now = time.time()
        self._connect().execute(
            f"INSERT INTO games ({_COLUMNS}) VALUES"
            " (?, 0, ?, ?, ?, ?, 1, ?, '[]', ?, 0, ?, ?, NULL)",
            (
                game_id,
                game.seed,
                json.dumps(list(seats)),
                json.dumps(hashes),
                game.to_record(),
                state_to_json(game.state),
                game.state.to_move,
                now,
                now,
            ),
        )
        return game_id, tokens

    def play(self, row: GameRow, action: Action) -> GameRow:
        """Play *action* on *row*'s game and store it, if the game is still at *row*'s version.
        A game that has stalled then (spec D8), or reached the action cap, is stored stopped.

        Raises:
            GameStopped: the game was stopped before this action.
            IllegalActionError: the rules forbid *action* now.
            ServerLimitError: the game has passed the action cap (a game stored before the cap
                stopped games) or the record's length.
            StaleVersion: another action was stored first; nothing changed.
        """
        if row.stopped is not None:
            raise GameStopped(f"the game was stopped ({row.stopped.value}): no action is taken")
        if row.version >= self.limits.actions:
            raise ServerLimitError(
                f"this game has reached the cap of {self.limits.actions} actions"
            )
        before = self.state(row)
        after = apply(before, action)
        record = append_to_record(row.record, row.move, action)
        if len(record) > self.limits.record:
            raise ServerLimitError(f"the record would pass {self.limits.record} characters")
        entries = json.loads(row.history_json)
        entries.append(history_entry(before, action))
        move = row.move + (after.active != before.active)
        stopped, watch = self._stop(row, after)
        if after.is_over or stopped is not None:
            record = settled_record(row.id, record, after, stopped)
        to_move = None if stopped is not None else after.to_move
        state_json = state_to_json(after)
        conn = self._connect()
        conn.execute("BEGIN IMMEDIATE")
        try:
            changed = conn.execute(
                "UPDATE games SET version = ?, record = ?, move = ?, state = ?, history = ?,"
                " to_move = ?, over = ?, updated = ?, stopped = ? WHERE id = ? AND version = ?",
                (
                    row.version + 1,
                    record,
                    move,
                    state_json,
                    json.dumps(entries, separators=(",", ":")),
                    to_move,
                    int(after.is_over),
                    time.time(),
                    None if stopped is None else stopped.value,
                    row.id,
                    row.version,
                ),
            ).rowcount
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        if changed != 1:
            raise StaleVersion(
                f"version {row.version} is stale: another action came first", row.version
            )
        with self._lock:
            self._states[(row.id, row.version + 1)] = after
        if watch is not None:
            self._watches.keep(row.id, row.version + 1, watch)
        return evolve(
            row,
            version=row.version + 1,
            record=record,
            move=move,
            state_json=state_json,
            history_json=json.dumps(entries),
            to_move=to_move,
            over=after.is_over,
            stopped=stopped,
        )

    def _stop(self, row: GameRow, after: GameState) -> tuple[Stop | None, StallWatch | None]:
        """Why the game must stop once an action on *row* has led to *after*: a stall (spec
        D8) or the action cap; ``None`` while it may go on. And the stall watch to keep for
        the next version, once the action is stored (``None`` at the end)."""
        if after.is_over:
            return None, None
        stalled, watch = self._watches.see(row.id, row.version, row.record, after)
        if stalled:
            return Stop.STALLED, watch
        if row.version + 1 >= self.limits.actions:
            return Stop.ACTION_LIMIT, watch
        return None, watch

    def agent_to_move(self, row: GameRow) -> bool:
        """Whether the game waits for a seat played by an agent (never once it is stopped)."""
        return row.stopped is None and row.to_move is not None and row.seats[row.to_move] != HUMAN

    def advance(self, game_id: str) -> int:
        """Play the agents' seats until a person is to move or the game ends; the number of
        actions played. Bounded by ``limits.actions``; one advance per game at a time in
        this process, and a race with another process simply stops it (compare-and-swap).

        An advance asked for while one runs is not lost: the running one looks again before
        it stops, since the person may have moved after it last looked."""
        with self._lock:
            if game_id in self._advancing:
                self._advancing[game_id] = True
                return 0
            self._advancing[game_id] = False
        played = 0
        try:
            while True:
                played += self._play_agents(game_id, self.limits.actions - played)
                with self._lock:
                    if not self._advancing[game_id] or played >= self.limits.actions:
                        break
                    self._advancing[game_id] = False
        except Exception:  # an advance runs after the response: log, and let a later one retry
            _LOG.exception("game %s: the agents could not play", game_id)
        finally:
            with self._lock:
                del self._advancing[game_id]
        return played

    def _play_agents(self, game_id: str, steps: int) -> int:
        """Play at most *steps* agent actions of *game_id*; how many were played."""
        played = 0
        row = self.row(game_id)
        while played < steps and self.agent_to_move(row):
            assert row.to_move is not None
            agent = make_agent(row.seats[row.to_move])
            rng = random.Random(f"{row.seed}/{row.version}")
            action = agent.act(self.view(row, row.to_move, with_history=True), rng)
            try:
                row = self.play(row, action)
            except StaleVersion:
                break
            played += 1
        return played

    def games(self) -> Iterator[str]:
        """Every stored game's id, oldest first."""
        for (gid,) in self._connect().execute("SELECT id FROM games ORDER BY created"):
            yield gid
