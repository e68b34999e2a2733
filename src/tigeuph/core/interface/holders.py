"""What the states, views and records of every game offer their callers directly (issue 25):
who is to move and whether the game is over (:class:`Position`), a view's player and legal
actions (:class:`SeatView`), a record's history (:class:`Record`), and each seat's view kept up
as a game goes on (:class:`SeatViews`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from ..events import Event
from ..limits import Limits

if TYPE_CHECKING:
    from ..stops import Stop

__all__ = ["Position", "Record", "SeatView", "SeatViews"]

S_in = TypeVar("S_in", contravariant=True)
V_out = TypeVar("V_out", covariant=True)
A_in = TypeVar("A_in", contravariant=True)


@runtime_checkable
class Position(Protocol):
    """What every state and every view says of itself."""

    @property
    def to_move(self) -> int | None:
        """The seat that decides next; ``None`` once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...


@runtime_checkable
class SeatView(Position, Protocol):
    """One player's view: his seat and, when he is to move, his legal actions."""

    @property
    def player(self) -> int:
        """The seat whose view this is."""
        ...

    @property
    def legal(self) -> Sequence[Any]:
        """The player's legal actions when he is to move, else nothing."""
        ...


@runtime_checkable
class Record(Protocol):
    """A game's history as both games' record classes keep it (:class:`~tigeuph.Game`,
    :class:`~tigeuph.babel.BabelGame`): play, undo, the states and actions so far, a seat's
    view, the record as text or JSON, and stopping a game that will not end."""

    seed: int | None
    tags: dict[str, str]
    limits: Limits

    @property
    def state(self) -> Any:
        """The state now."""
        ...

    @property
    def states(self) -> tuple[Any, ...]:
        """Every state from the first."""
        ...

    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions played, in order."""
        ...

    @property
    def events(self) -> tuple[tuple[Event, ...], ...]:
        """``events[i]``: what ``actions[i]`` did (:mod:`tigeuph.tigris.events`), hidden colours
        included."""
        ...

    def play(self, action: Any) -> Any:
        """Play *action* (or its notation); the new state."""
        ...

    def undo(self) -> Any:
        """Take back the last action; the action taken back."""
        ...

    def view(self, player: int) -> Any:
        """What *player* may know now, his public history included."""
        ...

    @property
    def stopped(self) -> Stop | None:
        """Why the game was stopped before its end; ``None`` when it was not."""
        ...

    def stop(self, reason: Stop) -> None:
        """Stop the game before its end, for *reason*; the record keeps it."""
        ...

    def to_record(self, *, narrate: bool = False) -> str:
        """The record as text; with *narrate*, each action's public events as a comment."""
        ...

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as a JSON document."""
        ...


class SeatViews(Protocol[S_in, V_out, A_in]):
    """Each seat's view as a game goes on, kept up action by action: a view with a public
    history would otherwise rebuild that history from the first action at every decision."""

    def view(self, state: S_in, seat: int) -> V_out:
        """What *seat* may know of *state*, with the history seen so far."""
        ...

    def saw(
        self, before: S_in, action: A_in, after: S_in, events: Sequence[Event] | None = None
    ) -> None:
        """Every seat has seen *action* lead from *before* to *after*, doing *events* (the
        game tells them again when they are not given: a record that kept them saves that)."""
        ...
