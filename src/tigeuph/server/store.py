"""Games in SQLite: one row per game, of any game of :data:`tigeuph.GAMES`, every write a
compare-and-swap on its version.

A row holds its game's name, the game's record (the game's own text record), the current state
as the game's state document, the public history (one entry per action, each as its player
sees it: :meth:`Store.history` hides from other seats what only he may see,
:mod:`tigeuph.server.history`), the version (the number of actions played), each seat's kind
(``"human"`` or an agent specification) and the SHA-256 of each human seat's token. Tokens
themselves are never stored: they are returned once, when the game is created. The store
talks to each game through :class:`tigeuph.GameInterface` alone.

Reading a view parses the stored state (cached per version) and never replays the game, so its
cost does not grow with the game's length. Playing an action is one transaction: the row is
updated only ``WHERE id = ? AND version = ?``, the version the action was based on; a request
that lost a race gets :class:`StaleVersion` and changes nothing. Every action is played on the
game's record, kept from one action to the next (:mod:`tigeuph.server.stops`), so the stored
record always proves itself, and carries its ``Result`` at the end. A game whose play stalls
(spec D8), that reaches ``ServerLimits.actions``, or whose record comes within
:data:`RECORD_ROOM` characters of ``ServerLimits.record`` is stopped: its record is stopped
too (a ``Termination`` tag) and the row's ``stopped`` column keeps the reason, so no action is
taken and no agent asked after it, even after a restart.

Each game keeps the client that created it (:mod:`tigeuph.server.clients`), who may hold
``ServerLimits.live_games_per_client`` live games at once, and when a person last played in it,
so that a game no person ever played in goes after ``ServerLimits.unplayed_after``.

This module holds the SQLite table, its connections and the rows' reads and writes; a game's
seats and tokens are :mod:`tigeuph.server.seats`, its public history
:mod:`tigeuph.server.history`, the errors :mod:`tigeuph.server.errors` (all importable from here
too). It uses only the standard library and tigeuph's public API; :mod:`tigeuph.server.app`
puts HTTP in front of it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from attrs import evolve

from ..core.deals import COMMITMENT_TAG, SALT_TAG, deal_commitment, new_salt
from ..core.limits import Limits
from ..core.stops import Stop
from ..games import DEFAULT_GAME, AnyGame, game_named
from .agents import Task, Turn, random_move
from .errors import (
    GameNotFound,
    GameStopped,
    NotYourSeat,
    ServerLimitError,
    StaleVersion,
)
from .history import history_entry, project
from .limits import ServerLimits
from .rows import (
    COLUMNS,
    GameRow,
    Status,
    check_room,
    expire,
    migrate,
    read_row,
    waiting_for_agents,
)
from .seats import HUMAN, check_seats, new_tokens, seat_of
from .stops import Replay, Watches

__all__ = [
    "HUMAN",
    "RECORD_ROOM",
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

_LOG: Final = logging.getLogger(__name__)
RECORD_ROOM: Final = 256
"""Characters a game's record keeps free below ``ServerLimits.record``: room for one more
action (about 30 at most) and the ``Termination`` tag of a game stopped when it is short of
room, so that the record of a game made under the bound never passes it and no action is ever
refused for it."""


class Store:
    """The games in the SQLite database at *path*; safe to share between threads (each thread
    opens its own connection)."""

    def __init__(self, path: str, limits: ServerLimits | None = None) -> None:
        self.path = path
        self.limits = limits or ServerLimits()
        self._local = threading.local()
        self._states: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._lock = threading.Lock()
        replaying = Limits(max_text_bytes=max(self.limits.record, Limits().max_text_bytes))
        self._replays = Watches(replaying)
        self.on_change: Callable[[str, Status], None] | None = None
        """Told each game's new status once an action is stored (the event streams)."""
        with self._connect() as conn:
            conn.execute("PRAGMA journal_mode=WAL")
            migrate(conn)

    def _connect(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            conn.execute("PRAGMA busy_timeout=30000")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._local.conn = conn
        return conn

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection inside ``BEGIN IMMEDIATE``: committed when the block ends,
        rolled back when it raises."""
        conn = self._connect()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # --- reading -----------------------------------------------------------------------------

    def row(self, game_id: str) -> GameRow:
        """The stored game *game_id*.

        Raises:
            GameNotFound: there is none.
        """
        found = (
            self._connect()
            .execute(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,))
            .fetchone()
        )
        if found is None:
            raise GameNotFound(f"no game {game_id[:40]!r}")
        return read_row(found)

    def status(self, game_id: str) -> Status:
        """The game's :class:`~tigeuph.server.rows.Status`: a cheap read for polling.

        Raises:
            GameNotFound: there is no such game.
        """
        found = self.statuses([game_id]).get(game_id)
        if found is None:
            raise GameNotFound(f"no game {game_id[:40]!r}")
        return found

    def statuses(self, game_ids: Sequence[str]) -> dict[str, Status]:
        """The status (:class:`~tigeuph.server.rows.Status`) of each of *game_ids* there is."""
        out: dict[str, Status] = {}
        for start in range(0, len(game_ids), 500):  # SQLite's bound on parameters
            some = game_ids[start : start + 500]
            marks = ", ".join("?" * len(some))
            for gid, version, to_move, over, stop in self._connect().execute(
                f"SELECT id, version, to_move, over, stopped FROM games WHERE id IN ({marks})",
                tuple(some),
            ):
                out[gid] = Status(
                    version, to_move, bool(over), None if stop is None else Stop(stop)
                )
        return out

    def game(self, row: GameRow) -> AnyGame:
        """The row's game, from :data:`tigeuph.GAMES`."""
        return game_named(row.game, "a stored game")

    def state(self, row: GameRow) -> Any:
        """The row's state, parsed once per version and kept in a small cache."""
        key = (row.id, row.version)
        with self._lock:
            cached = self._states.get(key)
            if cached is not None:
                self._states.move_to_end(key)
                return cached
        state = self.game(row).state_from_json(row.state_json)
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

    def view(self, row: GameRow, seat: int) -> Any:
        """What *seat* may know now, without the public history (which an agent's view gets
        in its worker: ``tigeuph.server.agents.think``)."""
        return self.game(row).view(self.state(row), seat)

    def history(self, row: GameRow, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The public history from entry *since*, as *seat* (``None``: anyone) may see it."""
        entries: list[dict[str, Any]] = json.loads(row.history_json)[since:]
        return project(entries, seat)

    # --- writing -----------------------------------------------------------------------------

    def create(
        self,
        rules: Any,
        seats: Sequence[str],
        seed: int | None = None,
        *,
        game: str = DEFAULT_GAME,
        client: str = "",
    ) -> tuple[str, dict[int, str]]:
        """Store a new game of *game* (a name of :data:`tigeuph.GAMES`) under *rules* (the
        game's variants, ``None`` for its standard rules), one player a seat, made by *client*
        (``tigeuph.server.clients``); its id and each human seat's token (returned only
        here).

        The seed is drawn here unless *seed* is given (a server lets clients give one only
        with ``ServerLimits.client_seeds``); the record keeps it with the salt of the deal's
        commitment (:func:`tigeuph.verify_deal`), and is public only once the game is over.

        Raises:
            ArgumentError: no game has that name, or it takes no such players or rules.
            ServerLimitError: a seat is no person's nor a built-in agent's, or every seat is an
                agent's and ``ServerLimits.agent_games`` does not allow it.
            RateLimited: *client* has ``ServerLimits.live_games_per_client`` live games.
            ServerBusy: ``ServerLimits.live_games`` games are live already.
        """
        played = game_named(game, "Store.create: game")
        seats = check_seats(seats, len(seats), game, external=self.limits.external_agents)
        if HUMAN not in seats and not self.limits.agent_games:
            raise ServerLimitError(
                "a game needs at least one person: this server plays no games of agents alone"
            )
        salt = new_salt()
        record = played.records.new_record(len(seats), seed=seed, rules=rules)
        assert record.seed is not None
        commitment = deal_commitment(record.seed, salt)
        record.tags.update({COMMITMENT_TAG: commitment, SALT_TAG: salt})
        text = record.to_record()
        if len(text) + RECORD_ROOM > self.limits.record:
            raise ServerLimitError(
                f"a game's record may hold {self.limits.record} characters here, too few to play"
            )
        tokens, hashes = new_tokens(seats)
        game_id = secrets.token_urlsafe(9)
        now = time.time()
        with self._transaction() as conn:
            check_room(conn, self.limits, client)
            conn.execute(
                "INSERT INTO games (id, version, seed, seats, tokens, record, move, state,"
                " history, to_move, over, created, updated, stopped, commitment, game, client,"
                " acted) VALUES (?, 0, ?, ?, ?, ?, 1, ?, '[]', ?, 0, ?, ?, NULL, ?, ?, ?, ?)",
                (
                    game_id,
                    record.seed,
                    json.dumps(list(seats)),
                    json.dumps(hashes),
                    text,
                    played.state_to_json(record.state),
                    record.state.to_move,
                    now,
                    now,
                    commitment,
                    played.facts.name,
                    client,
                    None if HUMAN in seats else now,  # agents alone: nobody is to play first
                ),
            )
        return game_id, tokens

    def expire(self, now: float | None = None) -> int:
        """Delete the games the limits no longer keep (``tigeuph.server.rows.expire``);
        how many."""
        with self._transaction() as conn:
            return expire(conn, self.limits, time.time() if now is None else now)

    def waiting_for_agents(self) -> list[tuple[str, str, str]]:
        """The live games whose seat to move is an agent's, each with its client and that
        agent's specification."""
        return waiting_for_agents(self._connect())

    def play(self, row: GameRow, action: Any) -> GameRow:
        """Play *action* on *row*'s game and store it, if the game is still at *row*'s version.
        A game that has stalled then (spec D8), reached the action cap, or whose record is
        within ``RECORD_ROOM`` characters of its bound is stored stopped.

        Raises:
            GameStopped: the game was stopped before this action.
            IllegalActionError: the rules forbid *action* now.
            ServerLimitError: the game has passed the action cap (a game stored before the cap
                stopped games).
            StaleVersion: another action was stored first; nothing changed.
        """
        if row.stopped is not None:
            raise GameStopped(f"the game was stopped ({row.stopped.value}): no action is taken")
        if row.version >= self.limits.actions:
            raise ServerLimitError(
                f"this game has reached the cap of {self.limits.actions} actions"
            )
        game = self.game(row)
        played = self._replays.take(game, row.id, row.version, row.record)
        before = played.record.state
        try:
            after = played.play(action)
        except Exception:
            self._replays.keep(row.id, row.version, played)  # the rules refused: unchanged
            raise
        stopped = self._stop(row, played)
        if stopped is not None:
            played.record.stop(stopped)
        record = played.record.to_record()
        short = len(record) + RECORD_ROOM > self.limits.record
        if short and stopped is None and not after.is_over:
            # One more action might not fit: stop while this one does (a game stored under a
            # larger bound is stopped at its next action, its record as it is).
            stopped = Stop.RECORD_LIMIT
            played.record.stop(stopped)
            record = played.record.to_record()
        entries = json.loads(row.history_json)
        # The record keeps what each action did: the events come from the rules' own work.
        events = played.record.events[-1]
        entries.append(history_entry(game, before, action, after, events))
        to_move = None if stopped is not None else after.to_move
        state_json = game.state_to_json(after)
        history_json = json.dumps(entries, separators=(",", ":"))
        now = time.time()
        by_person = row.to_move is not None and row.seats[row.to_move] == HUMAN
        with self._transaction() as conn:
            changed = conn.execute(
                "UPDATE games SET version = ?, record = ?, state = ?, history = ?,"
                " to_move = ?, over = ?, updated = ?, stopped = ?,"
                " acted = CASE WHEN ? THEN ? ELSE acted END WHERE id = ? AND version = ?",
                (
                    row.version + 1,
                    record,
                    state_json,
                    history_json,
                    to_move,
                    int(after.is_over),
                    now,
                    None if stopped is None else stopped.value,
                    by_person,
                    now,
                    row.id,
                    row.version,
                ),
            ).rowcount
        if changed != 1:
            raise StaleVersion(
                f"version {row.version} is stale: another action came first", row.version
            )
        with self._lock:
            self._states[(row.id, row.version + 1)] = after
        if not after.is_over and stopped is None:
            self._replays.keep(row.id, row.version + 1, played)
        if self.on_change is not None:
            self.on_change(row.id, Status(row.version + 1, to_move, after.is_over, stopped))
        return evolve(
            row,
            version=row.version + 1,
            record=record,
            state_json=state_json,
            history_json=history_json,
            to_move=to_move,
            over=after.is_over,
            stopped=stopped,
        )

    def _stop(self, row: GameRow, played: Replay) -> Stop | None:
        """Why the game must stop once an action on *row* has been *played*: a stall (spec
        D8) or the action cap; ``None`` while it may go on."""
        if played.record.state.is_over:
            return None
        if played.stalled:
            return Stop.STALLED
        if row.version + 1 >= self.limits.actions:
            return Stop.ACTION_LIMIT
        return None

    def agent_to_move(self, row: GameRow) -> bool:
        """Whether the game waits for a seat played by an agent (never once it is stopped)."""
        return row.stopped is None and row.to_move is not None and row.seats[row.to_move] != HUMAN

    def agent_turn(self, game_id: str) -> Turn | None:
        """The agent's turn in *game_id*, for the :class:`~tigeuph.server.agents.AgentPool`:
        ``None`` unless an agent is to move. Its move is stored as a person's is (a
        compare-and-swap on the version); its random choices are seeded by the game's seed and
        version, so a game with searches cut by iterations alone replays exactly."""
        row = self.row(game_id)
        if not self.agent_to_move(row):
            return None
        seat = row.to_move
        assert seat is not None
        seed = f"{row.seed}/{row.version}"
        game = self.game(row)

        def play(action: Any) -> bool:
            try:
                after = self.play(row, action or random_move(game, self.state(row), seed))
            except StaleVersion:  # someone else stored an action first: look again
                return True
            return self.agent_to_move(after)

        played = self._replays.take(game, row.id, row.version, row.record)
        try:
            seen = played.view(seat)
        finally:
            self._replays.keep(row.id, row.version, played)
        task = Task(row.seats[seat], seen, seat, seed, row.game)
        return Turn(task, game, play)

    def games(self) -> Iterator[str]:
        """Every stored game's id, oldest first."""
        for (gid,) in self._connect().execute("SELECT id FROM games ORDER BY created"):
            yield gid
