"""How a game's records are kept (issue 38): :class:`Records`, the one strategy a game gives
its record history, and the capability its interface exposes as ``game.records``.

The history itself is :class:`~tigeuph.core.records.history.History`, one concrete class for
every game: it asks its ``keeping`` for the few parts that are the game's own (dealing from a
seed, playing and reading an action, its position notation, the tags it writes itself, a
seat's view, its JSON document) and does everything else alike. A record class names its
game's strategy (``Game.kept_by``); a game with no record class of its own keeps its records
in :class:`History` itself, through the interface's default strategy
(:class:`~tigeuph.core.interface.records.InterfaceRecords`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from attrs import frozen

from ..errors import JsonError, LimitError, NotationError, RecordError, TigeuphError, UndoError
from ..events import Event
from ..limits import DEFAULT_LIMITS, Limits
from ..serialise.converter import strict_converter
from ..serialise.documents import dump_document, load_document
from .reading import read_record

if TYPE_CHECKING:
    from .history import History

__all__ = ["RecordFormat", "Records"]


class _Position(Protocol):
    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=_Position)  # the game's state
A = TypeVar("A")  # the game's action
V = TypeVar("V")  # one player's view
G = TypeVar("G", bound="History[Any, Any, Any]")  # the game's record


@frozen(kw_only=True)
class RecordFormat:
    """What a game's records say of themselves, in their text and their errors."""

    class_name: str
    """The record class's public name, which its errors give (``Game``, ``BabelGame``)."""
    title: str
    """The first line of the game's position notation, which starts a record's position."""
    json_format: str
    """The ``format`` of its JSON records (``tigeuph-record``, ``tigeuph-babel-record``)."""
    written_tags: tuple[str, ...]
    """The tags the game writes itself; every other tag is free."""
    leading_tags: tuple[tuple[str, str], ...] = ()
    """Tags written before the free ones, always the same (Babel's ``Game``), as pairs."""
    blank_before_position: bool = True
    """Whether a blank line parts the tags from a first position in a record."""
    noun: str = "a record"
    """What a record is called in the errors of a record too large."""
    stall_rule: str = "the game always ends"
    """What a stall is, for the errors that refuse one (spec D8)."""


class Records(ABC, Generic[S, A, V, G]):
    """How a game's records are kept: the parts of a record that are the game's own, which
    :class:`~tigeuph.core.records.history.History` asks for, and the capability's face, which
    the game's callers use (``game.records.new_record(...)``).

    The abstract methods are the game's own words; the others have defaults that fit a game
    whose turn changes with the player to move, that writes no rules in its tags, never
    stalls, and keeps its JSON record as its text record in an envelope.
    """

    format: RecordFormat
    """What its records say of themselves."""
    state_type: type[S]
    """The type of the game's states."""
    record_type: type[G]
    """The game's record class: the one whose ``kept_by`` names this strategy, bound when that
    class is made (:class:`~tigeuph.core.records.history.History` itself for a game without
    one)."""

    # --- the game's own parts ----------------------------------------------------------------

    @abstractmethod
    def deal(self, start: S, seed: int) -> S:
        """The state *seed* deals, under *start*'s rules and for its players."""

    @abstractmethod
    def transition(self, before: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The state after *action* and the events it caused (raising
        ``IllegalActionError`` if the rules refuse it)."""

    @abstractmethod
    def parse(self, text: str) -> A:
        """The action *text* writes (raising ``NotationError``)."""

    @abstractmethod
    def position_text(self, state: S) -> str:
        """*state* in the game's position notation."""

    @abstractmethod
    def start_of(
        self, tags: dict[str, str], seed: int | None, position: str | None, limits: Limits
    ) -> S:
        """The state a record starts from: dealt from *seed* under the rules its *tags* give,
        or read from *position* (never both).

        Raises:
            NotationError: the tags or the position do not give one first state.
        """

    @abstractmethod
    def result_tags(self, state: S) -> dict[str, str]:
        """``Result`` of the game whose state is *state*, and ``Termination`` once it is
        over."""

    @abstractmethod
    def view(
        self,
        states: Sequence[S],
        actions: Sequence[A],
        events: Sequence[tuple[Event, ...]],
        player: int,
    ) -> V:
        """What *player* may know of the game whose *states*, *actions* and *events* these
        are (``actions[i]`` led from ``states[i]`` to ``states[i + 1]`` doing ``events[i]``):
        the view of its last state, with the public history when the game's views carry one.

        Raises:
            ArgumentError: *player* is not a seat of the game.
        """

    @abstractmethod
    def new_record(
        self,
        players: int,
        *,
        seed: int | None = None,
        rules: Any = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> G:
        """A new game's record (a seed is drawn from the system's secure source, and kept,
        when none is given).

        Raises:
            ArgumentError: the game takes no such number of players or such rules.
        """

    # --- with defaults -----------------------------------------------------------------------

    def turn_changed(self, before: S, after: S) -> bool:
        """Whether a new turn (a new move number) begins between *before* and *after*; by
        default, when another player is to move (the game's end begins none)."""
        return after.to_move is not None and after.to_move != before.to_move

    def rules_tags(self, start: S) -> dict[str, str]:
        """The tags the game writes itself before ``Seed`` for a game from *start*; by
        default none."""
        return {}

    def stall_watch(self, rounds: int) -> Callable[[S], bool] | None:
        """A watch that answers, state after state, whether play has stalled for *rounds*
        rounds (spec D8); by default ``None``: the game always ends by itself."""
        return None

    def nothing_to_undo(self) -> TigeuphError:
        """The error ``undo`` raises when no action has been played."""
        return UndoError("no action to undo: none has been played")

    def to_json(self, record: History[S, A, V], indent: int | None) -> str:
        """*record* as the game's JSON record document; by default its text record in an
        envelope (``{"format": ..., "version": 1, "record": "..."}``).

        Raises:
            ArgumentTypeError: *indent* is not an int or ``None``.
            ArgumentError: *indent* is not 0 to 80.
        """
        kind = self.format.json_format
        return dump_document(kind, _Envelope(record.to_record()), _Envelope, indent, _CONV)

    def from_json(
        self, record_class: type[G], text: str | bytes, *, verify: bool, limits: Limits
    ) -> G:
        """The game in the JSON record document *text*, replayed into a *record_class*; by
        default the text record in an envelope, read as
        :meth:`~tigeuph.core.records.history.History.from_record` reads it.

        Raises:
            LimitError: the document or its record is over one of *limits*.
            JsonError: *text* is not such a document, its record cannot be read, or *verify*
                is on and the record starts from a position.
            RecordError: an action cannot be read or played.
        """
        kind = self.format.json_format
        record = load_document(kind, text, _Envelope, limits, converter=_CONV).record
        try:
            return read_record(record_class, self, record, verify=verify, limits=limits)
        except (RecordError, LimitError):
            raise
        except NotationError as err:
            raise JsonError("$.record", str(err)) from None

    # --- the capability's face ---------------------------------------------------------------

    def record_from_text(
        self, text: str, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> G:
        """The game a text record holds, replayed (``verify``: only from a seed), as
        :meth:`~tigeuph.core.records.history.History.from_record` reads it."""
        return read_record(self.record_type, self, text, verify=verify, limits=limits)

    def record_from_json(
        self, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> G:
        """The game a JSON record holds, replayed (``verify``: only from a seed)."""
        return self.from_json(self.record_type, text, verify=verify, limits=limits)


@frozen
class _Envelope:
    record: str


_CONV: Final = strict_converter()
