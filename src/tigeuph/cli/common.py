"""What the subcommands share: reading a position or record file, errors (the rules options
are every command's: :mod:`tigeuph.tools.options`).

Every file a subcommand reads goes through :func:`read_file`, which keeps to the library's
:class:`~tigeuph.Limits` before it reads: a file, a pipe or ``/dev/zero`` over the limit is one
line of error, never a program out of memory.

Every subcommand names the same idea with the same option: ``--players``, ``--seed``,
``--board``, ``--variant``, ``--player`` (whose view), ``--move`` (a point in a record).
"""

from __future__ import annotations

import os
import re
import stat
import sys
from typing import Any, Final

from ..core.errors import JsonError, TigeuphError
from ..core.limits import DEFAULT_LIMITS, load_json
from ..games import GAMES, AnyGame, game_of_position, game_of_record

__all__ = ["at_move", "file_name", "load_game", "read_file"]


def read_file(path: str) -> str:
    """The text of the file at *path* (``-`` reads standard input), read within the library's
    default :class:`~tigeuph.Limits`, which its readers then apply.

    At most one byte more than the larger of ``max_json_bytes`` and ``max_text_bytes`` is
    read, so that a pipe, a FIFO or ``/dev/zero`` (whose size nothing says beforehand) is
    refused as soon as it runs over. The text must be UTF-8; a byte-order mark at its start is
    dropped. Which of the two limits applies depends on what the file holds, JSON (it starts
    with ``{``) or text, so it is checked once the file is decoded.

    Raises:
        TigeuphError: the file cannot be read, is not UTF-8, or is over its limit; the
            message names the file and the limit.
    """
    name, limits = file_name(path), DEFAULT_LIMITS
    cap, cap_field = max(
        (limits.max_json_bytes, "max_json_bytes"), (limits.max_text_bytes, "max_text_bytes")
    )
    try:
        if path == "-":
            raw, size = _read_stdin(cap + 1), None
        else:
            with open(path, "rb") as file:
                raw = file.read(cap + 1)
                status = os.fstat(file.fileno())
                size = status.st_size if stat.S_ISREG(status.st_mode) else None
    except OSError as err:
        raise TigeuphError(f"cannot read {name}: {err.strerror or err}") from None
    except MemoryError:
        raise TigeuphError(f"cannot read {name}: out of memory") from None
    if len(raw) > cap:
        shown = f"{size:,} bytes" if size is not None else f"more than {cap:,} bytes"
        raise TigeuphError(
            f"{name}: {shown}, over the limit of {cap:,} bytes for any file (Limits.{cap_field})"
        )
    if raw.startswith(_BOM):
        raw = raw[len(_BOM) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TigeuphError(f"{name}: not UTF-8 text ({err.reason} at byte {err.start:,})") from None
    allowed, limit = (
        (limits.max_json_bytes, "max_json_bytes")
        if _is_json(text)
        else (limits.max_text_bytes, "max_text_bytes")
    )
    if len(raw) > allowed:
        kind = "JSON" if limit == "max_json_bytes" else "text"
        raise TigeuphError(
            f"{name}: {len(raw):,} bytes, over the limit of {allowed:,} for {kind} (Limits.{limit})"
        )
    return text


_BOM: Final = b"\xef\xbb\xbf"
"""UTF-8's byte-order mark, which some editors write at the start of a file."""


def _read_stdin(count: int) -> bytes:
    """At most *count* bytes of standard input (its text, encoded, when it has no bytes)."""
    stream = sys.stdin
    binary = getattr(stream, "buffer", None)
    if binary is not None:
        data: bytes = binary.read(count)
        return data
    return stream.read(count).encode("utf-8", "surrogateescape")


def _is_json(text: str) -> bool:
    return text.lstrip().startswith("{")


def unwrap_record(text: str, name: str) -> str:
    """*text*, or the record inside it when it is a game server's answer to ``GET
    /api/games/ID/record`` (``{"version": N, "record": "..."}``, docs/server.rst), so that the
    answer can be piped to a command as it comes (``curl ... | tigeuph verify -``).

    Raises:
        TigeuphError: it looks like that answer (JSON with a ``record``) but its record is not
            text.
    """
    if not _is_json(text) or '"record"' not in text:
        return text
    try:
        document = load_json(text, DEFAULT_LIMITS, name)
    except TigeuphError:
        return text  # not JSON the readers take: the reader of records says why
    if not isinstance(document, dict) or set(document) != {"version", "record"}:
        return text
    record = document["record"]
    if not isinstance(record, str):
        raise TigeuphError(f"{name}: the server's answer holds no record text")
    return record


def load_game(path: str) -> tuple[AnyGame, object]:
    """The game of the file at *path* (``-`` reads standard input) and what it holds, for any
    game of :data:`tigeuph.GAMES`: a position in its notation (its first line says the game),
    a text or JSON record (its ``Game`` tag or ``format`` says), or a position or a player's
    view as JSON (the game whose reader takes it); read by :func:`read_file`.

    Raises:
        TigeuphError: the file cannot be read, is over the limits, or holds none of these.
    """
    name = file_name(path)
    text = unwrap_record(read_file(path), name)
    try:
        if _is_json(text):
            return _from_json(text)
        lines = [line.strip() for line in text.splitlines()]
        first = next((line for line in lines if line and not line.startswith("#")), "")
        if first in {game.facts.position_title for game in GAMES.values()}:
            game = game_of_position(first)
            return game, game.from_text(text)
        game = game_of_record(text)
        return game, game.records.record_from_text(text)
    except (RecursionError, MemoryError):  # the readers bound their input: a last guard
        raise _too_much(name) from None


def _from_json(text: str) -> tuple[AnyGame, object]:
    """A JSON record of the game its ``format`` names, else the first game whose state or
    view reader takes *text*; the main game's complaint when none does."""
    game = game_of_record(text)
    kind = _JSON_KIND.search(text[:4096])
    if kind is not None and kind.group(1) == game.facts.record_format:
        return game, game.records.record_from_json(text)
    refusals: list[JsonError] = []
    for each in GAMES.values():
        for reader in (each.state_from_json, each.view_from_json):
            try:
                return each, reader(text)
            except JsonError as err:
                refusals.append(err)
    raise refusals[0]


_JSON_KIND: Final = re.compile(r'"format"\s*:\s*"([a-z-]{1,64})"')
"""A JSON document's ``format``, looked for in its head as ``game_of_record`` looks."""


def _too_much(name: str) -> TigeuphError:
    return TigeuphError(f"{name}: too deeply nested or too large to read")


def file_name(path: str) -> str:
    """*path* as messages name it: ``-`` is standard input."""
    return "standard input" if path == "-" else path


def at_move(game: AnyGame, loaded: Any, move: int | None) -> tuple[Any, Any, Any]:
    """The position after *move* actions of a record (its end without one), the
    action that led to it and the state it was played in (``None`` for a position, or at a
    record's start).

    Raises:
        TigeuphError: *move* is given for a position, or is out of the game's range.
    """
    if not isinstance(loaded, game.facts.record_type):
        if move is not None:
            raise TigeuphError("--move needs a game record, not a position")
        return loaded, None, None
    states, actions = loaded.states, loaded.actions
    index = len(states) - 1 if move is None else move
    if not 0 <= index < len(states):
        raise TigeuphError(f"--move {move}: the game has moves 0 to {len(states) - 1}")
    if index == 0:
        return states[0], None, None
    return states[index], actions[index - 1], states[index - 1]
