"""The bot protocol's messages: one JSON object a line, both ways (``docs/protocol.rst``).

Every message is a JSON object on one line, with a ``"type"``: the host (tigeuph) sends
``hello``, ``new_game``, ``decide``, ``end`` and ``quit``; the bot sends ``hello`` and
``action``. This module builds and checks them, for both ends: the host
(:class:`~tigeuph.agents.ExternalAgent`) and tigeuph's own players served to other hosts
(``tigeuph engine``).
"""

from __future__ import annotations

import importlib.metadata
import json
from collections.abc import Mapping
from typing import Any, Final

from attrs import frozen

from ..core.errors import TigeuphError
from ..games import GAMES

__all__ = [
    "MAX_BOT_LINE",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "VIEW_FORMATS",
    "BotHello",
    "ProtocolError",
    "decode",
    "encode",
    "read_hello",
    "tigeuph_version",
]

PROTOCOL_VERSION: Final = 1
"""The protocol's version, sent in both ``hello`` messages; it changes when a message does."""

VIEW_FORMATS: Final = ("json", "notation")
"""How a bot may ask to see its view: the JSON view document, or position notation."""

MAX_LINE: Final = 4 << 20
"""The longest line of the protocol in bytes, its newline included: what a bot must be ready to
read. A ``decide`` is a few kilobytes, up to some 100 KB with the history of a long game; the
view of a record of 10,000 actions, the most a record holds, is about 3 MB."""

MAX_BOT_LINE: Final = 64 << 10
"""The longest line a host reads from a bot, in bytes, its newline included: a bot's ``hello``
and ``action`` are a few hundred bytes at most, and a host keeps no more than this of a bot's
output in memory."""


def tigeuph_version() -> str:
    """tigeuph's version, as installed, for the ``hello`` messages."""
    try:
        return importlib.metadata.version("tigeuph")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - run from a checkout
        return "unknown"


class ProtocolError(TigeuphError, ValueError):
    """A line that is not a message of the bot protocol, or a message out of place."""


def encode(message: Mapping[str, Any]) -> bytes:
    """*message* as one line of UTF-8 JSON, its newline included (JSON escapes every newline
    inside strings, so a message is always exactly one line)."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def decode(line: bytes | str) -> dict[str, Any]:
    """The message one line holds: a JSON object with a string ``type``.

    Raises:
        ProtocolError: the line is not that (the message quotes its start).
    """
    try:
        found = json.loads(line)
    except (ValueError, RecursionError):
        raise ProtocolError(f"not a JSON line: {_quote(line)}") from None
    if not isinstance(found, dict) or not isinstance(found.get("type"), str):
        raise ProtocolError(f'not a JSON object with a "type": {_quote(line)}')
    return found


def _quote(line: bytes | str) -> str:
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    text = text.rstrip("\n")
    return repr(text[:80] + ("..." if len(text) > 80 else ""))


@frozen
class BotHello:
    """What a bot said of itself in its handshake."""

    name: str
    version: str
    games: tuple[str, ...]
    """The names of the games it plays (of :data:`tigeuph.GAMES`)."""
    view: str
    """How it sees its view: ``json`` (the JSON view document) or ``notation``."""
    history: bool = False
    """Whether its JSON view documents carry the public history (they grow with the game)."""

    def to_message(self) -> dict[str, Any]:
        """The bot's ``hello`` message."""
        return {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "name": self.name,
            "version": self.version,
            "games": list(self.games),
            "view": self.view,
            "history": self.history,
        }


def read_hello(message: Mapping[str, Any]) -> BotHello:
    """The bot's ``hello`` message read and checked.

    Raises:
        ProtocolError: it is no ``hello``, speaks another version of the protocol, names no
            game of tigeuph's, or asks for an unknown view format.
    """
    if message.get("type") != "hello":
        raise ProtocolError(f"expected the bot's hello, not a {message.get('type')!r} message")
    if message.get("protocol") != PROTOCOL_VERSION:
        raise ProtocolError(
            f"the bot speaks protocol {message.get('protocol')!r}, tigeuph speaks "
            f"{PROTOCOL_VERSION}"
        )
    name, version = message.get("name"), message.get("version", "")
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise ProtocolError(f"hello: name must be a name of 1 to 100 characters, not {name!r:.40}")
    if not isinstance(version, str) or len(version) > 100:
        raise ProtocolError(f"hello: version must be text, not {version!r:.40}")
    games = message.get("games")
    if (
        not isinstance(games, list)
        or not games
        or not all(isinstance(g, str) and g in GAMES for g in games)
    ):
        raise ProtocolError(
            f"hello: games must list games of tigeuph ({', '.join(GAMES)}), not {games!r:.60}"
        )
    view = message.get("view", "json")
    if view not in VIEW_FORMATS:
        raise ProtocolError(
            f"hello: view must be one of {', '.join(VIEW_FORMATS)}, not {view!r:.40}"
        )
    history = message.get("history", False)
    if not isinstance(history, bool):
        raise ProtocolError(f"hello: history must be true or false, not {history!r:.40}")
    return BotHello(
        name=name,
        version=version,
        games=tuple(dict.fromkeys(games)),
        view=view,
        history=history,
    )
