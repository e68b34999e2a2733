"""The games table: its schema (and the columns added since), a row as read, and the queries
that keep the table bounded.

One row per game, of any game of :data:`tigeuph.GAMES` (the ``game`` column names it), with
the client that created it (``client``, :mod:`tigeuph.server.clients`) and when a person last
played in it (``acted``). Columns added after the first release (``stopped``, ``commitment``,
``game``, ``client``, ``acted``) are added to an existing database when a store opens it; a
database made before ``game`` holds only games of the main game, and its history entries gain
the flag saying which actions the other seats do not see, and its games count as played
(:func:`migrate`). The ``move`` column is no longer read: the record is replayed instead. A
game is *live* while it is neither over nor stopped; :func:`expire` deletes live games in
which no person has played ``unplayed_after`` seconds after their creation, live games nobody
has played for ``abandon_after`` seconds, finished ones after ``keep_finished``, and the
oldest finished ones beyond ``stored_games``, so the table holds at most ``live_games`` +
``stored_games`` rows.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Final

from attrs import frozen

from ..core.stops import Stop
from ..games import DEFAULT_GAME
from .errors import RateLimited, ServerBusy
from .limits import ServerLimits
from .seats import HUMAN

__all__ = [
    "COLUMNS",
    "HIDDEN",
    "GameRow",
    "Status",
    "check_room",
    "expire",
    "live_games",
    "migrate",
    "read_row",
    "waiting_for_agents",
]

_GAME_COLUMN: Final = f"TEXT NOT NULL DEFAULT '{DEFAULT_GAME}'"
"""The ``game`` column: a row stored before it is the main game's."""
_SCHEMA: Final = f"""
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
    stopped TEXT,
    commitment TEXT,
    game {_GAME_COLUMN},
    client TEXT,
    acted REAL
)
"""
_ADDED: Final = {
    "stopped": "TEXT",
    "commitment": "TEXT",
    "game": _GAME_COLUMN,
    "client": "TEXT",
    "acted": "REAL",
}
"""Columns added since the first release, with their types."""
COLUMNS: Final = (
    "id, version, seed, seats, tokens, record, move, state, history, to_move, over, stopped,"
    " commitment, game, client"
)
"""The columns :func:`read_row` reads, in its order."""
_LIVE: Final = "over = 0 AND stopped IS NULL"
HIDDEN: Final = "hidden"
"""The key of a stored history entry saying that only its player sees its action (never
answered: :func:`tigeuph.server.history.project` reads it)."""


def migrate(conn: sqlite3.Connection) -> None:
    """Create the table, or add the columns an older database lacks."""
    conn.execute(_SCHEMA)
    conn.execute("CREATE INDEX IF NOT EXISTS games_updated ON games (over, updated)")
    have = {info[1] for info in conn.execute("PRAGMA table_info(games)")}
    for column, kind in _ADDED.items():
        if column not in have:
            try:
                conn.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")
            except sqlite3.OperationalError as err:  # another process added it first
                if "duplicate column" not in str(err):
                    raise
                continue
            if column == "game":
                _flag_hidden(conn)
            if column == "acted":  # a game from before is not deleted as unplayed
                conn.execute("UPDATE games SET acted = updated")
    conn.execute("CREATE INDEX IF NOT EXISTS games_client ON games (client, over)")


def _flag_hidden(conn: sqlite3.Connection) -> None:
    """Give each history entry of a database made before the ``game`` column its
    :data:`HIDDEN` flag: its games are all of the main game, whose only action the other seats
    do not see is an exchange (spec R4), the entry's ``exchanged`` count."""
    for gid, history in conn.execute("SELECT id, history FROM games").fetchall():
        entries = [{**entry, HIDDEN: bool(entry.get("exchanged"))} for entry in json.loads(history)]
        conn.execute(
            "UPDATE games SET history = ? WHERE id = ?",
            (json.dumps(entries, separators=(",", ":")), gid),
        )


@frozen
class Status:
    """What a client polls for: the version, who is to move, whether the game is over (or
    stopped) and why it was stopped."""

    version: int
    to_move: int | None
    over: bool
    stopped: Stop | None

    def to_json(self) -> dict[str, object]:
        """As the API answers it; a stopped game is ``over`` too, so that waiting stops."""
        return {
            "version": self.version,
            "to_move": self.to_move,
            "over": self.over or self.stopped is not None,
            "stopped": None if self.stopped is None else self.stopped.value,
        }


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
    """No longer read (the record is replayed): ``1``."""
    state_json: str
    history_json: str
    to_move: int | None
    """Who is to move; ``None`` once the game is over or stopped."""
    over: bool
    """Whether the game has ended by the rules (spec R26)."""
    stopped: Stop | None = None
    """Why the server stopped the game before its end (spec D8), or ``None``."""
    commitment: str | None = None
    """The commitment to the game's deal (:func:`tigeuph.verify_deal`); ``None`` for a game stored
    before commitments."""
    game: str = DEFAULT_GAME
    """The game's name in :data:`tigeuph.GAMES`."""
    client: str = ""
    """The client that created the game (``tigeuph.server.clients``); empty for a game
    stored before clients were kept."""

    @property
    def done(self) -> bool:
        """Whether no more actions will be played: the game is over or stopped."""
        return self.over or self.stopped is not None


def read_row(found: tuple[object, ...]) -> GameRow:
    """The row that ``SELECT`` :data:`COLUMNS` found."""
    gid, version, seed, seats, tokens, record, _, state, hist, to_move, over, stop, *rest = found
    deal, game, client = rest
    assert isinstance(seats, str) and isinstance(tokens, str)
    return GameRow(
        str(gid),
        int(version),  # type: ignore[call-overload]
        int(seed),  # type: ignore[call-overload]
        tuple(json.loads(seats)),
        tuple(json.loads(tokens)),
        str(record),
        1,
        str(state),
        str(hist),
        None if to_move is None else int(to_move),  # type: ignore[call-overload]
        bool(over),
        None if stop is None else Stop(stop),
        None if deal is None else str(deal),
        str(game),
        "" if client is None else str(client),
    )


def live_games(conn: sqlite3.Connection, client: str | None = None) -> int:
    """How many games are neither over nor stopped (of those *client* created, if given)."""
    if client is None:
        found: int = conn.execute(f"SELECT COUNT(*) FROM games WHERE {_LIVE}").fetchone()[0]
    else:
        query = f"SELECT COUNT(*) FROM games WHERE client = ? AND {_LIVE}"
        found = conn.execute(query, (client,)).fetchone()[0]
    return found


def check_room(conn: sqlite3.Connection, limits: ServerLimits, client: str) -> None:
    """Refuse one more live game of *client* beyond its share or the server's bound (inside
    the transaction that would store it).

    Raises:
        RateLimited: *client* has ``limits.live_games_per_client`` live games.
        ServerBusy: the server has ``limits.live_games``.
    """
    share = limits.live_games_per_client
    if live_games(conn, client) >= share:
        raise RateLimited(
            f"this client already has {share} unfinished games: play or finish one (a game "
            f"in which nobody plays is deleted after {limits.unplayed_after / 60:g} minutes)",
            retry_after=60,
        )
    if live_games(conn) >= limits.live_games:
        raise ServerBusy(
            f"this server already holds {limits.live_games} unfinished games", retry_after=60
        )


def expire(conn: sqlite3.Connection, limits: ServerLimits, now: float) -> int:
    """Delete unplayed and abandoned live games, finished games past their keeping, and the
    oldest finished games beyond ``stored_games``; how many rows were deleted."""
    deleted = conn.execute(
        f"DELETE FROM games WHERE {_LIVE} AND acted IS NULL AND created < ?",
        (now - limits.unplayed_after,),
    ).rowcount
    deleted += conn.execute(
        f"DELETE FROM games WHERE {_LIVE} AND updated < ?", (now - limits.abandon_after,)
    ).rowcount
    deleted += conn.execute(
        f"DELETE FROM games WHERE NOT ({_LIVE}) AND updated < ?", (now - limits.keep_finished,)
    ).rowcount
    deleted += conn.execute(
        f"DELETE FROM games WHERE id IN (SELECT id FROM games WHERE NOT ({_LIVE})"
        " ORDER BY updated DESC LIMIT -1 OFFSET ?)",
        (limits.stored_games,),
    ).rowcount
    return deleted


def waiting_for_agents(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
    """The live games whose seat to move is an agent's, each with the client that created
    it and that agent's specification."""
    found = conn.execute(f"SELECT id, seats, to_move, client FROM games WHERE {_LIVE}")
    out = []
    for gid, seats, to_move, client in found:
        seat = json.loads(seats)[to_move] if to_move is not None else HUMAN
        if seat != HUMAN:
            out.append((gid, client or "", seat))
    return out
