"""What a game is, said once and never computed: :class:`GameFacts`, in the spirit of
OpenSpiel's ``GameType`` (issue 38).

The registry, the command line and the server read a game's name, its numbers of players, the
types of its positions and records and the first line of its notation here; the few places
that must know more than the interface's defaults tell ask its flags (``public_history``,
``may_stall``, ``cells``, ``learning``) and ``own``, the capabilities the game implements
itself, as OpenSpiel's algorithms ask ``provides_observation_tensor``.
"""

from __future__ import annotations

from typing import Any, Final

from attrs import Factory, field, frozen

__all__ = ["CAPABILITIES", "GameFacts"]

CAPABILITIES: Final = (
    "variants",
    "records",
    "invariants",
    "evaluation",
    "measures",
    "presentation",
    "client",
)
"""The capabilities of :class:`~tigeuph.GameInterface`, each an attribute that always holds an
object: the game's own, or the interface's default."""


def _record_format(facts: GameFacts) -> str:
    return f"tigeuph-{facts.name}-record"


def _record_type(facts: GameFacts) -> type[Any]:
    from ..records.history import History

    return History


@frozen(kw_only=True)
class GameFacts:
    """A game's static facts: see the module."""

    name: str
    """Its name in the registry, the command line and records: ``tigris``, ``babel``."""
    title: str
    """Its name for people: ``Tigris & Euphrates``, ``Babel``."""
    players: range
    """The numbers of players it takes."""
    default_players: int
    """The number of players when none is asked for."""
    state_type: type[Any]
    """The class of its states."""
    view_type: type[Any]
    """The class of one player's view."""
    action_type: Any
    """The class of its actions, or the union of their classes (``tigeuph.Action``)."""
    position_title: str
    """The first line of its position notation (``tigeuph position``, ``babel position``),
    which tells a position's game and starts a record's first position."""
    record_type: type[Any] = field(default=Factory(_record_type, takes_self=True))
    """The class of its records (:class:`~tigeuph.Game`); a game that keeps its records with
    the interface's default keeps them in :class:`~tigeuph.core.records.history.History`."""
    record_format: str = field(default=Factory(_record_format, takes_self=True))
    """The ``format`` of its JSON records (``tigeuph-record``, ``tigeuph-babel-record``; by
    default ``tigeuph-NAME-record``)."""
    turn_clause: str = "turn order"
    """The clause of its rules that says whose turn it is (``R5``, ``B5``), which a refusal
    of an action out of turn cites."""
    public_history: bool = False
    """Whether a player's view carries a public history (the main game's: each action as the
    viewer may know it, spec R4), which ``seat_views`` keeps up; else every action is public
    and a view is the position's alone (Babel's)."""
    may_stall: bool = False
    """Whether play may stall (spec D8): ``records.stall_watch`` may then say so."""
    cells: bool = False
    """Whether its events name cells and ``client.grid`` gives a board to click (the main
    game's)."""
    learning: bool = False
    """Whether action ids and observation arrays exist for it (``tigeuph.adapters``: the main
    game's)."""
    own: frozenset[str] = frozenset()
    """The capabilities (of :data:`CAPABILITIES`) the game implements itself; the rest are
    the interface's defaults. Filled in when the game's interface class is made, from the
    capabilities it overrides: a game does not list them."""
