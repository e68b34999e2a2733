"""What the tools that exercise and measure every game ask of it beyond its rules (issue 38):
the ``measures`` capability, which the soak and the simulator (:mod:`tigeuph.tools`) ask, and
its default, a game measured by its turns and its result alone.

How a game ends, what happens in it and the features a variant may never meet
(:class:`~tigeuph.core.measures.Feature`) are each game's own words; the default says a game
ended ``at its end``, counts no event, and plays it uniformly.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from ..measures import Feature

if TYPE_CHECKING:
    from .protocol import GameInterface

__all__ = ["Measures"]

S = TypeVar("S")  # the game's state
G = TypeVar("G")  # a game record

_ENDED: Final = "end"


class Measures(Generic[S, G]):
    """The ``measures`` capability; this class is also its default: see the module."""

    play_styles: tuple[tuple[str, ...], ...] = (("uniform",),)
    """Ways of playing that together reach every rule of the game, each a player per seat
    repeated in turn: ``uniform`` (every legal action alike), ``weighted`` (the evaluation's
    :meth:`~tigeuph.games.Evaluation.weighted_action`) or an agent
    specification (``greedy``). By default uniform play alone."""
    endings: Mapping[str, str] = {_ENDED: "at its end"}
    """Each way a game ends, by the word :meth:`ending` says, and how people say it (``bag``:
    ``by the bag``). By default one, ``end``."""
    event_headings: Mapping[str, str] = {}
    """The events :meth:`events` counts, in report order, and their headings; by default
    none."""
    features: tuple[Feature, ...] = ()
    """The rule switches whose feature a game may never meet (the main game's wonder), each
    with the event that counts it; by default none."""

    def __init__(self, game: GameInterface[S, Any, Any, G]) -> None:
        self.game = game
        """The game these measures are of."""

    def ending(self, state: S) -> str | None:
        """How the game of *state* ended in a word (a key of :attr:`endings`: ``bag``,
        ``treasures``, ``score``, ``deck``); ``None`` while it goes on. By default ``end``
        once it is over."""
        return _ENDED if state.is_over else None  # type: ignore[attr-defined]

    def leaders(self, state: S) -> tuple[int, ...]:
        """The seats ranked first were the game scored as it stands: its winners once it is
        over, and the leaders of a game stopped before its end (spec D8). By default the seats
        :meth:`~tigeuph.GameInterface.ranks` ranks first."""
        ranks = self.game.ranks(state)
        return tuple(seat for seat, rank in enumerate(ranks) if rank == 1)

    def events(self, record: G) -> tuple[int, dict[str, int]]:
        """The turns begun in the game of *record* (finished or stopped) and how often each
        event of :attr:`event_headings` happened in it. By default the turns the record's
        keeping counts (a new one each time another player is to move), and no event."""
        states = record.states  # type: ignore[attr-defined]
        turn_changed = self.game.records.turn_changed
        turns = 1 + sum(turn_changed(a, b) for a, b in pairwise(states))
        return turns, dict.fromkeys(self.event_headings, 0)
