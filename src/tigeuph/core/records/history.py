"""One game history for every game's records: the first state, the actions, every state since,
move numbers, comments, undo, stopping a game that will not end, and the text record (tags,
first position, numbered moves with comments) written and read back.

:class:`History` is concrete: the few parts that are a game's own (dealing from a seed,
applying and reading an action, its position notation, the tags it writes itself, its view,
its JSON document) come from its ``keeping``, the game's
:class:`~tigeuph.core.records.keeping.Records` (issue 38). :class:`tigeuph.Game` and
:class:`tigeuph.babel.BabelGame` only name theirs (``kept_by``) and add a constructor; a game
without a record class of its own keeps its records in :class:`History` itself. Nothing here
knows any game, so every game may build on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from ..errors import ArgumentError, LimitError, expect
from ..events import Event
from ..limits import DEFAULT_LIMITS, Limits, check_limits
from ..stops import STALL_ROUNDS, Stop
from .keeping import Records
from .reading import read_record
from .text import check_comment, check_tag, escape, move_lines, narrated

__all__ = ["History"]


class _Position(Protocol):
    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=_Position)  # the game's state
A = TypeVar("A")  # the game's action
V = TypeVar("V")  # one player's view


class History(Generic[S, A, V]):
    """A game's history: its first state, the actions played, every state since, the move
    number of each, the comments between them, and whether whoever ran it stopped it
    (:meth:`stop`).

    A history keeps to its ``limits`` (:class:`~tigeuph.Limits`): it refuses a tag, a comment
    or an action beyond them, so that whatever it writes reads back under the same limits.
    """

    __slots__ = (
        "_actions",
        "_comments",
        "_events",
        "_moves",
        "_states",
        "keeping",
        "limits",
        "seed",
        "stopped",
        "tags",
    )

    kept_by: ClassVar[Records[Any, Any, Any, Any] | None] = None
    """The strategy a record class keeps its game's records by (``Game.kept_by``); ``None``
    for :class:`~tigeuph.core.records.history.History` itself, whose records are each given
    theirs."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        keeping = cls.__dict__.get("kept_by")
        if keeping is not None:  # the strategy builds and reads its records as this class
            keeping.record_type = cls

    def __init__(
        self,
        start: S,
        *,
        seed: int | None = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
        keeping: Records[S, A, V, Any] | None = None,
    ) -> None:
        """A game from *start*; *seed*, when given, must be the seed that dealt *start*.
        *keeping* is the game's records strategy, which a record class names itself
        (:attr:`kept_by`): give it only to :class:`History` itself.

        Raises:
            ArgumentTypeError: an argument is not of its type, or a tag not a string.
            ArgumentError: *seed* does not deal *start*, a tag is not a free header tag, or
                no *keeping* is given to :class:`History` itself.
            LimitError: a tag is longer than ``limits.max_tag_chars``.
        """
        expect(keeping, (Records, type(None)), "a game's records or None", "History: keeping")
        kept = keeping if keeping is not None else type(self).kept_by
        if kept is None:
            raise ArgumentError("History: keeping is the game's records (game.records)")
        self.keeping: Records[S, A, V, Any] = kept
        """The game's records strategy: the parts of the history that are its game's own."""
        written = kept.format
        where = written.class_name
        self.limits = check_limits(limits, where)
        """The largest tags, comments and number of actions the game takes."""
        kind = kept.state_type
        expect(start, kind, f"a {kind.__name__}", f"{where}: start")
        expect(seed, (int, type(None)), "an int or None", f"{where}: seed")
        expect(tags, (Mapping, type(None)), "a mapping of str to str or None", f"{where}: tags")
        if seed is not None and kept.deal(start, seed) != start:
            raise ArgumentError(f"seed {seed} does not deal this state")
        self.seed = seed
        """The seed that dealt the first state, or ``None`` for a game from a position."""
        self.tags = {
            name: check_tag(name, value, written.written_tags, limits)
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
    def comments(self) -> tuple[str | None, ...]:
        """``comments[i]`` follows the *i*-th action; ``comments[0]`` comes before the first."""
        return tuple(self._comments)

    @property
    def move(self) -> int:
        """The number of the turn going on now (the record's move number), from 1."""
        return self._moves[-1]

    def play(self, action: A | str, comment: str | None = None) -> S:
        """Play *action* (or its notation) for the player to move, then *comment* after it;
        the new state.

        Raises:
            ArgumentTypeError: *action* is neither an action nor a string, or *comment* is
                neither a string nor ``None``.
            NotationError: *action* is a string but not action notation.
            IllegalActionError: the rules forbid *action* now; the game is unchanged.
            ArgumentError: *comment* holds a ``}``, which would end it early in a record, or
                the game was stopped (:meth:`stop`).
            LimitError: the game already holds ``limits.max_record_actions`` actions, or
                *comment* is longer than ``limits.max_comment_chars``.
        """
        if self.stopped is not None:
            raise ArgumentError(f"the game was stopped ({self.stopped.value}): undo to go on")
        if len(self._actions) >= self.limits.max_record_actions:
            allowed = self.limits.max_record_actions
            raise LimitError("max_record_actions", allowed + 1, allowed, "a game")
        keeping = self.keeping
        if isinstance(action, str):
            action = keeping.parse(action)
        check_comment(comment, self.limits)
        before = self._states[-1]
        after, events = keeping.transition(before, action)
        self._states.append(after)
        self._actions.append(action)
        self._events.append(events)
        self._comments.append(comment)
        self._moves.append(self._moves[-1] + keeping.turn_changed(before, after))
        return after

    def annotate(self, comment: str | None) -> None:
        """Set the comment after the last action, or before the first when none is played.

        Raises:
            ArgumentTypeError: *comment* is neither a string nor ``None``.
            ArgumentError: *comment* holds a ``}``.
            LimitError: *comment* is longer than ``limits.max_comment_chars``.
        """
        check_comment(comment, self.limits)
        self._comments[-1] = comment

    def undo(self) -> A:
        """Take back the last action and return it; a stopped game goes on.

        Raises:
            UndoError: no action has been played (an ``IndexError`` too); a Babel game
                raises :class:`~tigeuph.core.errors.IllegalActionError` (clause B58).
        """
        if not self._actions:
            raise self.keeping.nothing_to_undo()
        self.stopped = None
        self._states.pop()
        self._comments.pop()
        self._moves.pop()
        self._events.pop()
        return self._actions.pop()

    def view(self, player: int) -> V:
        """What *player* may know now, with his public history when the game's views carry
        one (the main game's, spec R4, R32).

        Raises:
            ArgumentTypeError: *player* is not an int.
            ArgumentError: *player* is not a seat of the game.
        """
        return self.keeping.view(self._states, self._actions, self._events, player)

    def stop(self, reason: Stop) -> None:
        """Mark the game as stopped before its end for *reason*: a stall (spec D8, checked
        here) or its runner's bound on actions. The record says so in its ``Termination``
        tag; :meth:`undo` lifts the mark.

        Raises:
            ArgumentError: the game is over, or *reason* is a stall and it has not stalled.
        """
        where = f"{self.keeping.format.class_name}.stop"
        expect(reason, Stop, "a tigeuph.core.stops.Stop", f"{where}: reason")
        if self.state.is_over:
            raise ArgumentError(f"{where}: the game is over")
        if reason is Stop.STALLED and not self._is_stalled():
            raise ArgumentError(
                f"{where}: the game has not stalled: {self.keeping.format.stall_rule}"
            )
        self.stopped = reason

    def _is_stalled(self) -> bool:
        """Whether the game has stalled by its last state (spec D8): its stall watch, run over
        every state."""
        watch = self.keeping.stall_watch(STALL_ROUNDS)
        stalled = False
        if watch is not None:
            for state in self._states:
                stalled = watch(state)
        return stalled

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
        written = self.keeping.format
        expect(narrate, bool, "True or False", f"{written.class_name}.to_record: narrate")
        for name, value in self.tags.items():  # tags may have changed since the game was made
            check_tag(name, value, written.written_tags, self.limits)
        tags = {**dict(written.leading_tags), **self.tags, **self._written()}
        lines = [f'[{name} "{escape(value)}"]' for name, value in tags.items()]
        if self.seed is None:
            if written.blank_before_position:
                lines.append("")
            lines += [line for line in self.keeping.position_text(self.start).split("\n") if line]
        lines.append("")
        if self._comments[0] is not None:
            lines.append(f"{{{self._comments[0]}}}")
        comments = self._comments[1:]
        if narrate:
            limit = self.limits.max_comment_chars
            comments = [narrated(c, e, limit) for c, e in zip(comments, self._events, strict=True)]
        lines += move_lines(self._actions, self._moves, comments, each_on_its_line=narrate)
        return "\n".join(lines) + "\n"

    def _comment_from_record(self, comment: str) -> None:
        """Set the comment a record gives after the last action, the first one there."""
        if self._comments[-1] is not None:
            raise ArgumentError("two comments in a row")
        self._comments[-1] = comment

    def _written(self) -> dict[str, str]:
        """The tags the game writes itself, from what it is."""
        tags = self.keeping.rules_tags(self.start)
        if self.seed is not None:
            tags["Seed"] = str(self.seed)
        tags.update(self.keeping.result_tags(self.state))
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
        return read_record(cls, cls._class_keeping(), text, verify=verify, limits=limits)

    @classmethod
    def _class_keeping(cls) -> Records[Any, Any, Any, Any]:
        """The strategy of a record class (:attr:`kept_by`)."""
        if cls.kept_by is None:
            raise ArgumentError(
                f"{cls.__name__} keeps no game's records: read them with game.records"
            )
        return cls.kept_by

    # --- JSON records ------------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as its game's JSON record document (the main game's ``tigeuph-record``:
        tags, seed or first state, moves with their comments and events, result; another
        game's text record in an envelope, unless it writes its own).

        Like :meth:`to_record`, the document is full information (the seed or first state fixes
        every tile or card to come): it is for the server side only. A player's public record
        is in ``view(player)``.

        Raises:
            ArgumentTypeError: *indent* is not an int or ``None``, or a tag not a string.
            ArgumentError: a tag is not a free header tag, or *indent* is not 0 to 80.
            LimitError: a tag, changed since, is longer than ``limits.max_tag_chars``.
        """
        return self.keeping.to_json(self, indent)

    @classmethod
    def from_json(
        cls, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> Self:
        """The game in its game's JSON record document, replayed through the engine; *verify*
        as in :meth:`from_record`.

        Raises:
            ArgumentTypeError: *text* is not ``str`` or ``bytes``.
            LimitError: the document is over one of *limits*; nothing is replayed.
            JsonError: *text* is not such a document, it disagrees with the game it replays
                (a result, a move's events), or *verify* is on and it starts from a position.
            PositionError: the first state cannot happen.
            RecordError: an action cannot be read or is illegal; ``move`` says where.
        """
        game = cls._class_keeping().from_json(cls, text, verify=verify, limits=limits)
        assert isinstance(game, cls)
        return game
