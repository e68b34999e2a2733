"""The games of the library and their one interface (issue 25).

:data:`GAMES` maps each game's name to its :class:`GameInterface`; it is the only list of
games in the code. Everything written once for every game (the play loop, the players, the
soak, the simulator, the arena, the command line, the server) takes a game's name, looks it up
here with :func:`game_named`, and asks the interface the rest.

>>> import random
>>> from tigeuph import GAMES
>>> sorted(GAMES)
['babel', 'tigris']
>>> babel = GAMES["babel"]
>>> state, rng = babel.new_game(2, seed=4), random.Random(0)
>>> while not state.is_over:
...     state = babel.apply(state, rng.choice(babel.legal_actions(state)))
>>> babel.winners(state) in ((0,), (1,), (0, 1))
True

A new game joins by implementing :class:`GameInterface` and adding one entry to
:data:`GAMES` (``docs/architecture.rst``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from .babel.interface import BABEL
from .core.errors import ArgumentError, ArgumentTypeError, expect
from .core.interface.client import NO_EXTRAS, ClientExtras
from .core.interface.holders import Position, Record, SeatView, SeatViews
from .core.interface.protocol import GameInterface
from .tigris.interface.adapter import TIGRIS

__all__ = [
    "GAMES",
    "NO_EXTRAS",
    "AnyGame",
    "ClientExtras",
    "GameInterface",
    "Position",
    "Record",
    "SeatView",
    "SeatViews",
    "game_named",
    "game_of",
    "game_of_position",
    "game_of_record",
    "player_counts",
]

AnyGame = GameInterface[Any, Any, Any, Any]
"""Any game's interface, whatever its state, view, action and record types."""

GAMES: Final[Mapping[str, AnyGame]] = MappingProxyType({"tigris": TIGRIS, "babel": BABEL})
"""Every game of the library by name, the main game first; read-only."""

DEFAULT_GAME: Final = "tigris"
"""The game a caller gets when he names none."""


def game_named(name: object, where: str = "game") -> AnyGame:
    """The game called *name* in :data:`tigeuph.GAMES`.

    Raises:
        ArgumentTypeError: *name* is not a string.
        ArgumentError: no game has that name (the message lists the games).
    """
    expect(name, str, "a game's name", where)
    assert isinstance(name, str)
    game = GAMES.get(name)
    if game is None:
        raise ArgumentError(f"{where}: unknown game {name!r}: choose from {', '.join(GAMES)}")
    return game


def player_counts(game: AnyGame) -> str:
    """The numbers of players *game* takes, in words: ``2``, ``2 to 4``."""
    first, last = game.players[0], game.players[-1]
    return str(first) if first == last else f"{first} to {last}"


def game_of(thing: object) -> AnyGame:
    """The game a state, a view or a record belongs to.

    Raises:
        ArgumentTypeError: *thing* is no state, view or record of any game.
    """
    for game in GAMES.values():
        if isinstance(thing, game.state_type | game.view_type | game.record_type):
            return game
    raise ArgumentTypeError(
        f"game_of: {type(thing).__name__} is no state, view or record of a game "
        f"({', '.join(GAMES)})"
    )


_TEXT_GAME: Final = re.compile(r'^\[Game "([a-z]{1,32})"\]', re.MULTILINE)
_JSON_FORMAT: Final = re.compile(r'"format"\s*:\s*"([a-z-]{1,64})"')
_LOOK: Final = 4096
"""How far into a record the game's name is looked for: a record names it in its header."""


def game_of_record(text: str | bytes) -> AnyGame:
    """The game a record (text or JSON) says it is of: its ``Game`` tag or its JSON
    ``format``; a record that names no game is of the main game. Only the header is looked at:
    reading the record itself is the game's reader's job, with its limits.

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
        for game in GAMES.values():
            if found is not None and found.group(1) == game.record_format:
                return game
        return GAMES[DEFAULT_GAME]
    tag = _TEXT_GAME.search(head)
    return GAMES[DEFAULT_GAME] if tag is None else game_named(tag.group(1), "record: Game tag")


def game_of_position(text: str) -> AnyGame:
    """The game whose position notation *text* is, by its first line (its title).

    Raises:
        ArgumentTypeError: *text* is not a string.
        ArgumentError: the first line is no game's title (the message lists them).
    """
    expect(text, str, "a position as text", "game_of_position: text")
    first = text[:_LOOK].lstrip().partition("\n")[0].strip()
    for game in GAMES.values():
        if first == game.position_title:
            return game
    titles = ", ".join(repr(game.position_title) for game in GAMES.values())
    raise ArgumentError(f"game_of_position: the first line {first[:40]!r} is none of {titles}")
