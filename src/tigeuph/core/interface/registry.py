"""What a list of games answers (issues 25 and 38): a game by its name, the game a state, a
view or a record belongs to, the game a record's header or a position's first line names; and
how a game joins the list (:meth:`Registry.register`).

The list itself is the registry's, :data:`tigeuph.GAMES` (:mod:`tigeuph.games`), above both
games: the core names no game, it only knows how to look one up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import MappingProxyType
from typing import Final

from ..errors import ArgumentError, ArgumentTypeError, expect
from ..records.history import History
from .protocol import AnyGame, GameInterface

__all__ = ["Registry", "player_counts"]

_TEXT_GAME: Final = re.compile(r'^\[Game "([a-z]{1,32})"\]', re.MULTILINE)
_JSON_FORMAT: Final = re.compile(r'"format"\s*:\s*"([a-z-]{1,64})"')
_LOOK: Final = 4096
"""How far into a record the game's name is looked for: a record names it in its header."""
_NAME: Final = re.compile(r"[a-z]{1,32}")
"""A game's name: what a record's ``Game`` tag can hold (:data:`_TEXT_GAME`)."""


class Registry(Mapping[str, AnyGame]):
    """Games by name, in the order given, then registered; the first is the default game, the
    one a caller gets when he names none and a record that names no game is of.

    A game joins with :meth:`Registry.register <.Registry.register>` (or for a block with
    :meth:`Registry.registered <.Registry.registered>`) and leaves with
    :meth:`Registry.unregister <.Registry.unregister>`; every tool looks its game up when it is
    called, so a game registered before is played like the library's own. A change replaces the
    mapping whole, so a thread iterating the games meanwhile sees them as they were."""

    def __init__(self, *games: AnyGame) -> None:
        self._games = MappingProxyType({game.facts.name: game for game in games})
        self.default: Final = games[0].facts.name
        """The default game's name."""

    def __getitem__(self, name: str) -> AnyGame:
        return self._games[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)

    def __repr__(self) -> str:
        return f"Registry({', '.join(self._games)})"

    def register(self, game: object) -> AnyGame:
        """Add *game*, an instance of a :class:`~tigeuph.GameInterface` subclass, under its
        ``facts.name``; *game* itself is returned.

        Raises:
            ArgumentTypeError: *game* is no game.
            ArgumentError: its name is not 1 to 32 lowercase letters, or its name, its
                position notation's title or its records' format is already another game's.
        """
        if not isinstance(game, GameInterface):
            raise ArgumentTypeError(
                f"register: {type(game).__name__} is no game: a GameInterface subclass's instance"
            )
        facts = game.facts
        if not _NAME.fullmatch(facts.name):
            raise ArgumentError(f"register: a game's name is 1 to 32 a-z, not {facts.name!r}")
        if facts.name in self._games:
            raise ArgumentError(f"register: a game named {facts.name!r} is already registered")
        for other in self._games.values():
            for what in ("position_title", "record_format"):
                if getattr(facts, what) == getattr(other.facts, what):
                    raise ArgumentError(
                        f"register: {facts.name}'s {what} {getattr(facts, what)!r} is "
                        f"{other.facts.name}'s already"
                    )
        self._games = MappingProxyType({**self._games, facts.name: game})
        return game

    def unregister(self, name: str) -> AnyGame:
        """Remove the game called *name*; the game removed.

        The tools keep what they learn of a game by its name (its schemas, its agents), so a
        name that comes back should come back as the same game.

        Raises:
            ArgumentError: no game has that name, or it is the default game.
        """
        game = self.named(name, "unregister")
        if name == self.default:
            raise ArgumentError(f"unregister: {name} is the default game, which stays")
        self._games = MappingProxyType({k: v for k, v in self._games.items() if k != name})
        return game

    @contextmanager
    def registered(self, game: object) -> Iterator[AnyGame]:
        """*game* registered while the block runs (:meth:`register`), then unregistered."""
        added = self.register(game)
        try:
            yield added
        finally:
            self.unregister(added.facts.name)

    def named(self, name: object, where: str = "game") -> AnyGame:
        """The game called *name*.

        Raises:
            ArgumentTypeError: *name* is not a string.
            ArgumentError: no game has that name (the message lists the games).
        """
        expect(name, str, "a game's name", where)
        assert isinstance(name, str)
        game = self._games.get(name)
        if game is None:
            raise ArgumentError(f"{where}: unknown game {name!r}: choose from {', '.join(self)}")
        return game

    def of(self, thing: object) -> AnyGame:
        """The game a state, a view or a record belongs to: a record's by the records that
        keep it (its ``keeping``), a state or a view by its type.

        Raises:
            ArgumentTypeError: *thing* is no state, view or record of any game.
        """
        keeping = thing.keeping if isinstance(thing, History) else None
        for game in self._games.values():
            if keeping is not None:
                if keeping is game.records:
                    return game
            elif isinstance(thing, game.facts.state_type | game.facts.view_type):
                return game
        raise ArgumentTypeError(
            f"game_of: {type(thing).__name__} is no state, view or record of a game "
            f"({', '.join(self)})"
        )

    def of_record(self, text: str | bytes) -> AnyGame:
        """The game a record (text or JSON) says it is of: its ``Game`` tag or its JSON
        ``format``; a record that names no game is of the default game. Only the header is
        looked at: reading the record itself is the game's reader's job, with its limits.

        Raises:
            ArgumentTypeError: *text* is neither ``str`` nor ``bytes``.
            ArgumentError: the record names a game the library does not have.
        """
        expect(text, (str, bytes), "a record as str or bytes", "game_of_record: text")
        head = text[:_LOOK]
        if isinstance(head, bytes):
            head = head.decode("utf-8", errors="replace")
        if head.lstrip().startswith("{"):
            found = _JSON_FORMAT.search(head)
            for game in self._games.values():
                if found is not None and found.group(1) == game.facts.record_format:
                    return game
            return self._games[self.default]
        tag = _TEXT_GAME.search(head)
        if tag is None:
            return self._games[self.default]
        return self.named(tag.group(1), "record: Game tag")

    def of_position(self, text: str) -> AnyGame:
        """The game whose position notation *text* is, by its first line (its title).

        Raises:
            ArgumentTypeError: *text* is not a string.
            ArgumentError: the first line is no game's title (the message lists them).
        """
        expect(text, str, "a position as text", "game_of_position: text")
        first = text[:_LOOK].lstrip().partition("\n")[0].strip()
        for game in self._games.values():
            if first == game.facts.position_title:
                return game
        titles = ", ".join(repr(game.facts.position_title) for game in self._games.values())
        raise ArgumentError(f"game_of_position: the first line {first[:40]!r} is none of {titles}")


def player_counts(game: AnyGame) -> str:
    """The numbers of players *game* takes, in words: ``2``, ``2 to 4``."""
    first, last = game.facts.players[0], game.facts.players[-1]
    return str(first) if first == last else f"{first} to {last}"
