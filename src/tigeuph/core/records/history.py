"""One game history for both games' records: the first state, the actions, every state since,
move numbers, undo, stopping a game that will not end, and the text record (tags, first
position, numbered moves with comments) written and read back.

:class:`tigeuph.Game` and :class:`tigeuph.babel.BabelGame` are thin subclasses of
:class:`History`: each gives the few parts that are its game's own (dealing from a seed,
applying and reading an action, its position notation, the tags it writes itself, its view,
its JSON document) as the small hooks below. Nothing here knows either game, so both
``tigris/records/`` and ``babel/`` may build on it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import ClassVar, Final, Generic, Protocol, Self, TypeVar

from ..errors import ArgumentError, LimitError, NotationError, TigeuphError, expect
from ..events import Event
from ..limits import DEFAULT_LIMITS, Limits, check_limits, check_text
from ..stops import Stop
from .text import (
    SEED,
    check_comment,
    check_tag,
    check_written,
    escape,
    move_lines,
    narrated,
    replay,
    split_record,
)

__all__ = ["History"]


class _Position(Protocol):
    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=_Position)  # the game's state
A = TypeVar("A")  # the game's action
V = TypeVar("V")  # one player's view

STOPS: Final = tuple(stop.value for stop in Stop)
"""The ``Termination`` tags of a game stopped before its end."""


class History(ABC, Generic[S, A, V]):
    """A game's history: its first state, the actions played, every state since, the move
    number of each, and whether whoever ran it stopped it (:meth:`stop`).

    A history keeps to its ``limits`` (:class:`~tigeuph.Limits`): it refuses a tag, a comment
    or an action beyond them, so that whatever it writes reads back under the same limits.
    """

    __slots__ = (
        "_actions",
        "_comments",
        "_events",
        "_moves",
        "_states",
        "limits",
        "seed",
        "stopped",
        "tags",
    )

    _name: ClassVar[str]
    """The class's public name, which its errors give."""
    _state_type: ClassVar[type]
    """The type of the game's states."""
    _written_tags: ClassVar[tuple[str, ...]]
    """The tags the game writes itself; every other tag is free."""
    _title: ClassVar[str]
    """The first line of the game's position notation, which starts a record's position."""
    _leading_tags: ClassVar[Mapping[str, str]] = {}
    """Tags written before the free ones, always the same (Babel's ``Game``)."""
    _blank_before_position: ClassVar[bool] = True
    """Whether a blank line parts the tags from a first position in a record."""
    _record_noun: ClassVar[str] = "a record"
    """What a record is called in the errors of a record too large."""
    _stall_rule: ClassVar[str]
    """What a stall is, for the errors that refuse one (spec D8)."""

    def __init__(
        self,
        start: S,
        *,
        seed: int | None = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        """A game from *start*; *seed*, when given, must be the seed that dealt *start*.

        Raises:
            ArgumentTypeError: an argument is not of its type, or a tag not a string.
            ArgumentError: *seed* does not deal *start*, or a tag is not a free header tag.
            LimitError: a tag is longer than ``limits.max_tag_chars``.
        """
        where = self._name
        self.limits = check_limits(limits, where)
        """The largest tags, comments and number of actions the game takes."""
        kind = self._state_type
        expect(start, kind, f"a {kind.__name__}", f"{where}: start")
        expect(seed, (int, type(None)), "an int or None", f"{where}: seed")
        expect(tags, (Mapping, type(None)), "a mapping of str to str or None", f"{where}: tags")
        if seed is not None and self._deal(start, seed) != start:
            raise ArgumentError(f"seed {seed} does not deal this state")
        self.seed = seed
        """The seed that dealt the first state, or ``None`` for a game from a position."""
        self.tags = {
            name: check_tag(name, value, self._written_tags, limits)
            for name, value in (tags or {}).items()
        }
        """The record's free tags (``Event``, ``Date``, ``Player0``...)."""
        self._states = [start]
        self._actions: list[A] = []
        self._events: list[tuple[Event, ...]] = []
        self._comments: list[str | None] = [None]
        self._moves = [1]
        self.stopped: Stop | None = None
        """Why whoever ran the game stopped it before its end (:meth:`stop`), or ``None``."""

    # --- the game's own parts ----------------------------------------------------------------

    @classmethod
    @abstractmethod
    def _deal(cls, start: S, seed: int) -> S:
        """The state *seed* deals, under *start*'s rules."""

    @abstractmethod
    def _transition(self, before: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The state after *action* and the events it caused (raising
        ``IllegalActionError`` if the rules refuse it)."""

    @staticmethod
    @abstractmethod
    def _parse(text: str) -> A:
        """The action *text* writes (raising ``NotationError``)."""

    @abstractmethod
    def _turn_changed(self, before: S, after: S) -> bool:
        """Whether a new turn (a new move number) begins between *before* and *after*."""

    @staticmethod
    @abstractmethod
    def _position_text(state: S) -> str:
        """*state* in the game's position notation."""

    @abstractmethod
    def _rules_tags(self) -> dict[str, str]:
        """The tags the game writes itself before ``Seed``."""

    @abstractmethod
    def _result_tags(self) -> dict[str, str]:
        """``Result``, and ``Termination`` once the game is over."""

    @abstractmethod
    def _is_stalled(self) -> bool:
        """Whether the game has stalled (spec D8)."""

    @abstractmethod
    def _nothing_to_undo(self) -> TigeuphError:
        """The error :meth:`undo` raises when no action has been played."""

    @classmethod
    @abstractmethod
    def _start_of(
        cls, tags: dict[str, str], seed: int | None, position: str | None, limits: Limits
    ) -> S:
        """The state a record starts from: dealt from *seed* under the rules its *tags* give,
        or read from *position* (never both).

        Raises:
            NotationError: the tags or the position do not give one first state.
        """

    # --- the history -------------------------------------------------------------------------

    @property
    def start(self) -> S:
        """The first state."""
        return self._states[0]

    @property
    def state(self) -> S:
        """The state now."""
        return self._states[-1]

    @property
    def states(self) -> tuple[S, ...]:
        """Every state from the first; ``states[i + 1]`` follows ``actions[i]``."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[A, ...]:
        """The actions played, in order."""
        return tuple(self._actions)

    @property
    def events(self) -> tuple[tuple[Event, ...], ...]:
        """``events[i]``: what ``actions[i]`` did, in order (:mod:`tigeuph.tigris.events`). They
        tell everything, hidden colours too: a seat's view carries what it may know."""
        return tuple(self._events)

    @property
    def move(self) -> int:
        """The number of the turn going on now (the record's move number), from 1."""
        return self._moves[-1]

    def play(self, action: A | str) -> S:
        """Play *action* (or its notation) for the player to move; the new state.

        Raises:
            NotationError: *action* is a string but not action notation.
            IllegalActionError: the rules forbid *action* now; the game is unchanged.
            LimitError: the game already holds ``limits.max_record_actions`` actions.
            ArgumentError: the game was stopped (:meth:`stop`).
        """
        return self._play(action, None)

    def _play(self, action: A | str, comment: str | None) -> S:
        """Play *action*, then *comment* after it, once both are checked."""
        if self.stopped is not None:
            raise ArgumentError(f"the game was stopped ({self.stopped.value}): undo to go on")
        if len(self._actions) >= self.limits.max_record_actions:
            allowed = self.limits.max_record_actions
            raise LimitError("max_record_actions", allowed + 1, allowed, "a game")
        if isinstance(action, str):
            action = self._parse(action)
        check_comment(comment, self.limits)
        before = self._states[-1]
        after, events = self._transition(before, action)
        self._states.append(after)
        self._actions.append(action)
        self._events.append(events)
        self._comments.append(comment)
        self._moves.append(self._moves[-1] + self._turn_changed(before, after))
        return after

    def undo(self) -> A:
        """Take back the last action and return it; a stopped game goes on.

        Raises:
            UndoError: no action has been played (an ``IndexError`` too); a Babel game
                raises :class:`~tigeuph.core.errors.IllegalActionError` (clause B58).
        """
        if not self._actions:
            raise self._nothing_to_undo()
        self.stopped = None
        self._states.pop()
        self._comments.pop()
        self._moves.pop()
        self._events.pop()
        return self._actions.pop()

    @abstractmethod
    def view(self, player: int) -> V:
        """What *player* may know now."""

    def stop(self, reason: Stop) -> None:
        """Mark the game as stopped before its end for *reason*: a stall (spec D8, checked
        here) or its runner's bound on actions. The record says so in its ``Termination``
        tag; :meth:`undo` lifts the mark.

        Raises:
            ArgumentError: the game is over, or *reason* is a stall and it has not stalled.
        """
        where = f"{self._name}.stop"
        expect(reason, Stop, "a tigeuph.core.stops.Stop", f"{where}: reason")
        if self.state.is_over:
            raise ArgumentError(f"{where}: the game is over")
        if reason is Stop.STALLED and not self._is_stalled():
            raise ArgumentError(f"{where}: the game has not stalled: {self._stall_rule}")
        self.stopped = reason

    def _read_stop(self, termination: str | None, error: Callable[[str], Exception]) -> None:
        """Mark the game stopped as a record's ``Termination`` says, if it says so of a game
        that goes on; a stall is checked (spec D8)."""
        if termination is None or self.state.is_over:
            return
        if termination not in STOPS:
            raise error(
                f"the Termination tag says {termination!r} of a game that goes on, which "
                f"only {', '.join(STOPS[:-1])} or {STOPS[-1]} may stop"
            )
        if termination == Stop.STALLED.value and not self._is_stalled():
            raise error(f"the game has not stalled: {self._stall_rule}")
        self.stopped = Stop(termination)

    # --- text records ------------------------------------------------------------------------

    def to_record(self, *, narrate: bool = False) -> str:
        """The game as a text record, ending with a newline: the tags, the first position when
        the game has no seed, and the numbered moves (the format is described in
        ``tigeuph.tigris.records`` and ``tigeuph.babel.records``).

        With *narrate*, each action stands on a line of its own, followed by a comment telling
        what it did: its :attr:`events` as every player may know them (:meth:`Event.public
        <tigeuph.Event.public>`), in sentences, after the action's own comment if it has one.
        The record reads back as any other, the sentences as the actions' comments; narrating
        it again adds nothing to a comment that already ends with them.

        The record is full information: its seed or first position fixes every tile or card to
        come, so it is for the server side only. Send a player ``view(player)``, which holds
        only what he may know.

        Raises:
            ArgumentTypeError: *narrate* is not a bool, or a tag, changed since, not a string.
            NotationError: the rules hold something the notation cannot name.
            ArgumentError: a tag, changed since, is not a free header tag.
            LimitError: a tag, changed since, is longer than ``limits.max_tag_chars``.
        """
        expect(narrate, bool, "True or False", f"{self._name}.to_record: narrate")
        for name, value in self.tags.items():  # tags may have changed since the game was made
            check_tag(name, value, self._written_tags, self.limits)
        tags = {**self._leading_tags, **self.tags, **self._written()}
        lines = [f'[{name} "{escape(value)}"]' for name, value in tags.items()]
        if self.seed is None:
            if self._blank_before_position:
                lines.append("")
            lines += [line for line in self._position_text(self.start).split("\n") if line]
        lines.append("")
        if self._comments[0] is not None:
            lines.append(f"{{{self._comments[0]}}}")
        comments = self._comments[1:]
        if narrate:
            limit = self.limits.max_comment_chars
            comments = [narrated(c, e, limit) for c, e in zip(comments, self._events, strict=True)]
        lines += move_lines(self._actions, self._moves, comments, each_on_its_line=narrate)
        return "\n".join(lines) + "\n"

    def _written(self) -> dict[str, str]:
        """The tags the game writes itself, from what it is."""
        tags = self._rules_tags()
        if self.seed is not None:
            tags["Seed"] = str(self.seed)
        tags.update(self._result_tags())
        if "Termination" not in tags and self.stopped is not None:
            tags["Termination"] = self.stopped.value
        return tags

    @classmethod
    def from_record(
        cls, text: str, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> Self:
        """The game a text record describes, replayed through the engine.

        With *verify* (the default) the record must start from a seed, so that it proves its
        result; ``verify=False`` also reads a record from a first position, which proves only
        that its actions are legal from that position.

        Raises:
            ArgumentTypeError: *text* is not a string.
            LimitError: the record is over one of *limits* (its size, a tag, a comment, the
                number of actions); nothing is replayed.
            NotationError: the header or the first position cannot be read, a tag the game
                writes itself disagrees with the game, or *verify* is on and the record starts
                from a position.
            RecordError: an action cannot be read or is illegal; ``move`` says where.
        """
        where = f"{cls._name}.from_record"
        limits = check_limits(limits, where)
        text = check_text(text, limits, cls._record_noun)
        expect(verify, bool, "True or False", f"{where}: verify")
        tags, position, tokens = split_record(
            text, title=cls._title, written=cls._written_tags, verify=verify, limits=limits
        )
        game = cls._first_game(tags, position, limits)
        replay(game, tokens, game._comment_from_record)
        game._read_stop(tags.get("Termination"), NotationError)
        check_written(tags, game._written())
        return game

    @classmethod
    def _first_game(cls, tags: dict[str, str], position: str | None, limits: Limits) -> Self:
        """The game a record's *tags* and first *position* start, before its moves."""
        seed_text = tags.get("Seed")
        if seed_text is not None and not SEED.match(seed_text):
            raise NotationError(f"header: Seed must be a whole number, not {seed_text[:20]!r}")
        seed = None if seed_text is None else int(seed_text)
        if position is not None and seed is not None:
            raise NotationError("a record gives a Seed or a first position, not both")
        start = cls._start_of(tags, seed, position, limits)
        free = {name: value for name, value in tags.items() if name not in cls._written_tags}
        try:
            return cls(start, seed=seed, tags=free, limits=limits)
        except ArgumentError as err:
            raise NotationError(f"header: {err}") from None

    def _comment_from_record(self, comment: str) -> None:
        """Set the comment a record gives after the last action, the first one there."""
        if self._comments[-1] is not None:
            raise ArgumentError("two comments in a row")
        self._comments[-1] = comment

    # --- JSON records ------------------------------------------------------------------------

    @abstractmethod
    def to_json(self, *, indent: int | None = None) -> str:
        """The game as the game's JSON record document."""

    @classmethod
    @abstractmethod
    def from_json(
        cls, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> Self:
        """The game in a JSON record document, replayed."""
