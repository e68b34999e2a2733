"""The registry: the games of the library and their one interface (issues 25 and 38).

:data:`GAMES` maps each game's name to its :class:`GameInterface`; it is the only list of
games in the code, and this the one module that names both games (the lookups it answers are
the core's :class:`~tigeuph.core.interface.registry.Registry`). Everything written once for
every game (the play loop, the players, the soak, the simulator, the arena, the command line,
the server) takes a game's name, looks it up here with :func:`game_named`, and asks the
interface the rest.

>>> import random
>>> from tigeuph import GAMES
>>> sorted(GAMES)
['babel', 'tigris']
>>> babel = GAMES["babel"]
>>> state, rng = babel.new_game(babel.facts.default_players, seed=4), random.Random(0)
>>> while not state.is_over:
...     state = babel.apply(state, rng.choice(babel.legal_actions(state)))
>>> babel.winners(state) in ((0,), (1,), (0, 1))
True

A new game joins by implementing :class:`GameInterface` and one
``GAMES.register(game)`` (:meth:`Registry.register
<tigeuph.core.interface.registry.Registry.register>`; ``docs/architecture.rst``).
"""

from __future__ import annotations

from typing import Final

from .babel.interface import BABEL
from .core.interface.client import NO_EXTRAS, ClientExtras
from .core.interface.evaluation import Evaluation
from .core.interface.facts import CAPABILITIES, GameFacts
from .core.interface.holders import Position, Record, SeatView, SeatViews
from .core.interface.invariants import Invariants
from .core.interface.measures import Measures
from .core.interface.presentation import Presentation
from .core.interface.protocol import AnyGame, GameInterface
from .core.interface.records import InterfaceRecords
from .core.interface.registry import Registry, player_counts
from .core.interface.variants import RuleOption, Variants
from .core.records.keeping import RecordFormat, Records
from .tigris.interface import TIGRIS

__all__ = [
    "CAPABILITIES",
    "GAMES",
    "NO_EXTRAS",
    "AnyGame",
    "ClientExtras",
    "Evaluation",
    "GameFacts",
    "GameInterface",
    "InterfaceRecords",
    "Invariants",
    "Measures",
    "Position",
    "Presentation",
    "Record",
    "RecordFormat",
    "Records",
    "RuleOption",
    "SeatView",
    "SeatViews",
    "Variants",
    "game_named",
    "game_of",
    "game_of_position",
    "game_of_record",
    "player_counts",
]

GAMES: Final = Registry(TIGRIS, BABEL)
"""Every game of the library by name, the main game first, then the games registered."""

DEFAULT_GAME: Final = GAMES.default
"""The game a caller gets when he names none."""


def game_named(name: object, where: str = "game") -> AnyGame:
    """The game called *name* in :data:`tigeuph.GAMES`.

    Raises:
        ArgumentTypeError: *name* is not a string.
        ArgumentError: no game has that name (the message lists the games).
    """
    return GAMES.named(name, where)


def game_of(thing: object) -> AnyGame:
    """The game a state, a view or a record belongs to.

    Raises:
        ArgumentTypeError: *thing* is no state, view or record of any game.
    """
    return GAMES.of(thing)


def game_of_record(text: str | bytes) -> AnyGame:
    """The game a record (text or JSON) says it is of: its ``Game`` tag or its JSON
    ``format``; a record that names no game is of the main game. Only the header is looked at:
    reading the record itself is the game's reader's job, with its limits.

    Raises:
        ArgumentTypeError: *text* is neither ``str`` nor ``bytes``.
        ArgumentError: the record names a game the library does not have.
    """
    return GAMES.of_record(text)


def game_of_position(text: str) -> AnyGame:
    """The game whose position notation *text* is, by its first line (its title).

    Raises:
        ArgumentTypeError: *text* is not a string.
        ArgumentError: the first line is no game's title (the message lists them).
    """
    return GAMES.of_position(text)
