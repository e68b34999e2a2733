"""What the simulator measures of one game beyond :class:`~tigeuph.GameInterface`: how its
games end, what happens in them, which variant features a game may never meet, and the rule
sets a command line asks for (issue 25).

Each game of :data:`tigeuph.GAMES` has a module ``tigeuph.tools.simulate.<name>_measures`` with
the names of :class:`Measures`; :func:`measures_of` finds it by the game's name, so that the
simulator lists no game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, Protocol, cast

from attrs import frozen

from ...games import AnyGame

__all__ = ["Event", "Feature", "Measures", "measures_of"]


@frozen
class Event:
    """A figure counted in every game: its name (a key of ``GameTally.counts``) and heading."""

    name: str
    heading: str


@frozen
class Feature:
    """What of a rules switch can be counted in a game, and how to say it."""

    switch: str
    counter: str
    """The event (its ``name``) that counts it."""
    happened: str
    """What happened, as in "the wonder was built"."""
    subject: str
    """What the run would say nothing about."""


class Measures(Protocol):
    """One game's measures."""

    PLAYERS: Sequence[int]
    """The player counts a run plays unless told."""
    ENDINGS: Sequence[tuple[Enum, str]]
    """Each way the game ends and its heading (``ended by the bag (%)``)."""
    EVENTS: Sequence[Event]
    """The events counted in every game, in report order."""
    FEATURES: Sequence[Feature]
    """The switches whose feature a game may never meet."""

    def count(self, record: Any) -> tuple[int, dict[str, int]]:
        """The turns of a finished or stopped *record*, and each event's count."""
        ...

    def ending(self, state: Any) -> Enum | None:
        """How the game of *state* ended; ``None`` while it goes on."""
        ...

    def standing(self, state: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's score and the seats ranked first, of a game ended or stopped."""
        ...

    def for_players(self, rules: Any, players: int) -> Any:
        """*rules* for *players* (``ValueError`` when they name another count)."""
        ...

    def describe(self, rules: Any, baseline: Any = None) -> str:
        """A short label for *rules*, or for what differs from *baseline*."""
        ...

    def switch_on(self, rules: Any, switch: str) -> bool:
        """Whether *switch* is on in *rules*."""
        ...

    def rule_sets(self, error: Callable[[str], Any], args: Any) -> Mapping[str, Any]:
        """The baseline and the compared rule sets the command line asks for, by label;
        *error* reports a bad command line."""
        ...


def measures_of(game: AnyGame) -> Measures:
    """The measures module of *game* (``tigeuph.tools.simulate.<name>_measures``)."""
    return cast(Measures, importlib.import_module(f"{__package__}.{game.name}_measures"))
