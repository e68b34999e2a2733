"""What every event is, in every game: a frozen value that says what one action did, in fields
and in words.

An event's fields name the players and numbers it concerns, and whatever else its game's pieces
are (the main game's cells and colours, :mod:`tigeuph.tigris.events.base`); each field carries its
*role* in its metadata, so that a client can ask which players any event concerns, or light
every cell of it, without knowing its kind. :meth:`Event.text` words it for people, with the
players' names when given; ``str(event)`` words it with seat numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from attrs import evolve, fields, frozen

__all__ = ["NUMBER", "PLAYER", "PRIVATE", "ROLE", "Event", "names_for"]

ROLE: Final = "role"
"""The metadata key naming what a field holds: ``player``, ``number``, ``private``, or a role
of the game's own (the main game's ``cell`` and ``colour``)."""


PLAYER: Final = {ROLE: "player"}
"""A field holding a seat (or ``None``, or a tuple of seats): ``field(metadata=PLAYER)``."""
NUMBER: Final = {ROLE: "number"}
"""A field holding a count, a strength or points."""
PRIVATE: Final = {ROLE: "private"}
"""A field only the event's player may see (the colours of tiles drawn or exchanged, spec R4):
``None`` in the event as the others know it."""


_NAMED: dict[tuple[type, str], tuple[str, ...]] = {}


def _named(kind: type, role: str) -> tuple[str, ...]:
    """The fields of the event class *kind* that hold *role*, read once per class."""
    found = _NAMED.get((kind, role))
    if found is None:
        found = _NAMED[kind, role] = tuple(
            f.name for f in fields(kind) if f.metadata.get(ROLE) == role
        )
    return found


def _flat(value: object) -> tuple[Any, ...]:
    if value is None:
        return ()
    return tuple(value) if isinstance(value, tuple) else (value,)


@frozen
class Event:
    """Something one action did (a tile placed, a revolt won, a tile drawn), as a value.

    Each kind of event is a subclass with its own fields. ``kind`` names it in writing (JSON,
    the server's history), ``clause`` is the spec's clause that decided it, and :meth:`text`
    says it in an English sentence. Events compare, hash and pickle by value.
    """

    kind: ClassVar[str] = "event"
    """The kind's name in writing, such as ``"tile-placed"``."""

    rule: ClassVar[str] = ""
    """The clause that decides every event of this kind, for a kind that has one."""

    @property
    def clause(self) -> str:
        """The clause of the specification that decided this event (``R13``): the kind's
        :attr:`~tigeuph.Event.rule`, or one that depends on the event (a revolt's or a war's)."""
        return self.rule

    def text(self, names: Sequence[str] | None = None) -> str:
        """The event in an English sentence, calling the players by *names* (seat order)
        when given, ``seat 0``, ``seat 1``... otherwise."""
        raise NotImplementedError  # pragma: no cover (every kind says)

    def __str__(self) -> str:
        return self.text()

    def values(self, role: str) -> tuple[Any, ...]:
        """What this event's fields of *role* hold, in the fields' order, each once: its seats
        for ``"player"``, the main game's cells for ``"cell"``; nothing for a role it has no
        field of."""
        out: list[Any] = []
        for name in _named(type(self), role):
            out.extend(x for x in _flat(getattr(self, name)) if x not in out)
        return tuple(out)

    @property
    def players(self) -> tuple[int, ...]:
        """The seats this event concerns, in its fields' order; a kind with a secret names its
        owner first, the one :meth:`seen_by` shows it to."""
        return self.values("player")

    @property
    def numbers(self) -> dict[str, int]:
        """The counts, strengths and points of this event, by field name."""
        return {name: getattr(self, name) for name in _named(type(self), "number")}

    @classmethod
    def public_fields(cls) -> tuple[str, ...]:
        """The fields only the event's own player may see (``None`` in :meth:`public`)."""
        return _named(cls, "private")

    @property
    def is_public(self) -> bool:
        """Whether every player may know all of this event (no hidden colours)."""
        return all(getattr(self, name) is None for name in _named(type(self), "private"))

    def public(self) -> Event:
        """This event as every player may know it: hidden colours left out (spec R4)."""
        if self.is_public:
            return self
        return evolve(self, **dict.fromkeys(_named(type(self), "private")))

    def seen_by(self, seat: int | None) -> Event:
        """This event as *seat* may know it (``None``: an onlooker): whole for the player it
        concerns first, :meth:`public` for the others."""
        if not _named(type(self), "private"):
            return self  # most kinds hide nothing
        players = self.players
        return self if players and players[0] == seat else self.public()


# --- words shared by the kinds of every game -----------------------------------------------


def names_for(players: int, viewer: int | None) -> list[str]:
    """The names to tell *viewer* the events with (:meth:`Event.text`): ``you`` for him,
    ``seat N`` for the others; every seat by its number for an onlooker (``None``)."""
    return ["you" if seat == viewer else f"seat {seat}" for seat in range(players)]


def seat(names: Sequence[str] | None, player: int) -> str:
    """*player*'s name in a sentence."""
    return names[player] if names is not None and 0 <= player < len(names) else f"seat {player}"


def possessive(names: Sequence[str] | None, player: int) -> str:
    """``seat 1's``, ``Ada's``; ``your`` for a player named ``you``."""
    name = seat(names, player)
    return "your" if name.lower() == "you" else f"{name}'s"


def own(names: Sequence[str] | None, player: int) -> str:
    """``their``, or ``your`` for a player named ``you``: whose leader *player* moves."""
    return "your" if seat(names, player).lower() == "you" else "their"


def verb(names: Sequence[str] | None, player: int, third: str, second: str) -> str:
    """The verb after *player*'s name: *second* for ``you`` (``you place``), else *third*."""
    return second if seat(names, player).lower() == "you" else third


def does(names: Sequence[str] | None, player: int, third: str, second: str) -> str:
    """``seat 0 places``, ``you place``: *player* and his verb."""
    return f"{seat(names, player)} {verb(names, player, third, second)}"


def sentence(text: str) -> str:
    """*text* with a capital first letter and a full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def plural(n: int, word: str) -> str:
    """``1 red point``, ``2 red points``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
