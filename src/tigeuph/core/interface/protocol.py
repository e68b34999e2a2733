"""The one interface every game of the library implements (issues 25 and 38).

A game is a stateless object: it deals a position, lists and applies actions, says who won,
hides what a player may not see and guesses it back, and reads and writes its positions and
actions. That is all a game must write: the twenty abstract methods of
:class:`GameInterface`, with its :class:`~tigeuph.core.interface.facts.GameFacts`. Everything
else a tool asks of a game is a *capability*, an attribute that always holds an object: the
game's own when it has one, else the interface's default, which works from the required
members alone (a uniform player's evaluation, records in
:class:`~tigeuph.core.records.history.History`, the position notation as its picture...).
Everything written once (the play loop, the random, greedy and search players, the soak, the
simulator, the arena, the command line, the server and the browser board) asks
:data:`tigeuph.GAMES` for the game by name and talks to it only through this interface, as
OpenSpiel's algorithms talk to any ``pyspiel.Game``.

The positions, views and records themselves carry the few attributes every caller reads
directly (who is to move, whether the game is over: :mod:`tigeuph.core.interface.holders`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from attrs import evolve

from ..errors import IllegalActionError
from ..events import Event
from ..limits import DEFAULT_LIMITS, Limits
from ..records.keeping import Records
from .client import NO_EXTRAS, ClientExtras
from .evaluation import Evaluation
from .facts import CAPABILITIES, GameFacts
from .holders import SeatViews
from .invariants import Invariants
from .measures import Measures
from .presentation import Presentation
from .records import InterfaceRecords
from .variants import Variants
from .views import PlainSeatViews

__all__ = ["AnyGame", "GameInterface"]

S = TypeVar("S")  # the full state
V = TypeVar("V")  # one player's view
A = TypeVar("A")  # an action
G = TypeVar("G")  # a game record


class GameInterface(ABC, Generic[S, V, A, G]):
    """A game of the library: see the module. ``S`` is its state, ``V`` a player's view, ``A``
    an action and ``G`` its record; every method is pure.

    The registry, :data:`tigeuph.GAMES`, maps each game's ``facts.name`` to its interface.
    """

    facts: ClassVar[GameFacts]
    """What the game is: its name, title, players, types and flags. Its ``own`` lists the
    capabilities its class overrides, filled in when the class is made."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        facts = cls.__dict__.get("facts")
        if facts is not None:
            overridden = (
                name
                for name in CAPABILITIES
                if any(name in vars(k) for k in cls.__mro__[: cls.__mro__.index(GameInterface)])
            )
            cls.facts = evolve(facts, own=frozenset(overridden))

    # --- the rules ---------------------------------------------------------------------------

    @abstractmethod
    def new_game(self, players: int, *, seed: int, rules: Any = None) -> S:
        """A new game for *players* dealt from *seed*; *rules* are the game's variants
        (``None``: its standard rules).

        Raises:
            ArgumentError: the game takes no such number of players or such rules.
        """

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the player to move may play; empty once the game is over."""

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after *action*; *state* is never changed.

        Raises:
            IllegalActionError: the rules refuse *action* here.
        """

    @abstractmethod
    def transition(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The state after *action*, equal to :meth:`apply`'s, and the events it caused, in
        order; the events tell everything, and :meth:`Event.seen_by
        <tigeuph.Event.seen_by>` is what one seat may know of each (a game may tell none).

        Raises:
            IllegalActionError: the rules refuse *action* here.
        """

    def refusal(self, state: S, action: A) -> Exception | None:
        """Why the rules refuse *action* in *state* (the error :meth:`apply` would raise), or
        ``None`` when it is legal. By default :meth:`apply`'s ``IllegalActionError``."""
        try:
            self.apply(state, action)
        except IllegalActionError as err:
            return err
        return None

    @abstractmethod
    def player_count(self, position: S | V) -> int:
        """How many players the game of *position* seats."""

    @abstractmethod
    def winners(self, state: S) -> tuple[int, ...]:
        """The seats ranked first (every seat on a full tie); empty while the game goes on."""

    @abstractmethod
    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's score as the game counts it for people (the final score's measure)."""

    def ranks(self, state: S) -> tuple[int, ...]:
        """Each seat's rank (1 is first; equal results share a rank) as the game ranks them
        at its end, tie-breaks included, or as it stands for a game stopped before its end.
        By default the winners first, then the other seats by :meth:`scores`."""
        winners, scores = self.winners(state), self.scores(state)
        keys = [(seat in winners, score) for seat, score in enumerate(scores)]
        return tuple(1 + sum(other > key for other in keys) for key in keys)

    # --- what a player may see ---------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, player: int) -> V:
        """What *player* may know of *state* (no public history)."""

    def seat_views(self, players: int) -> SeatViews[S, V, A]:
        """Each seat's view kept up as a game of *players* goes on
        (:class:`~tigeuph.games.SeatViews`), with its public history when the game's views
        carry one (``facts.public_history``). By default the views of the moment."""
        return PlainSeatViews(self)

    @abstractmethod
    def sample_state(self, view: V, rng: random.Random) -> S:
        """A full state that *view*'s player cannot tell from the real one, drawn from *rng*."""

    # --- notation and JSON -------------------------------------------------------------------

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """An action from its notation (``str(action)`` writes it).

        Raises:
            NotationError: *text* is no action of this game.
        """

    @abstractmethod
    def to_text(self, state: S) -> str:
        """*state* in position notation, its first line ``facts.position_title``."""

    @abstractmethod
    def from_text(self, text: str, *, limits: Limits = DEFAULT_LIMITS) -> S:
        """The state written in position notation by :meth:`to_text` (blank lines left out
        too: a record writes a position without them)."""

    @abstractmethod
    def state_to_json(self, state: S, *, indent: int | None = None) -> str:
        """*state* as the game's JSON state document."""

    @abstractmethod
    def state_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> S:
        """The state of a JSON state document, within *limits* (``JsonError`` naming the bad
        field)."""

    @abstractmethod
    def view_to_json(self, view: V, *, indent: int | None = None) -> str:
        """*view* as the game's JSON view document."""

    @abstractmethod
    def view_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> V:
        """The view of a JSON view document, within *limits*."""

    @abstractmethod
    def action_to_json(self, action: A) -> str:
        """*action* as the game's JSON action document."""

    @abstractmethod
    def action_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> A:
        """The action of a JSON action document, within *limits*."""

    @abstractmethod
    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's documents: its ``$defs`` hold ``state``, ``view`` (an
        object's schema: the server reads its ``properties``), ``action`` (the notation) and
        ``action_document`` at least, which the server's API description refers to."""

    @abstractmethod
    def event_to_json(self, event: Event) -> dict[str, Any]:
        """*event* as a JSON object: its ``kind``, ``clause``, ``text``, the ``players`` and
        ``cells`` it concerns (cell names; none in a game without cells) and its own fields,
        written as the game's documents write them."""

    # --- capabilities: the game's own, or the interface's default ----------------------------

    @cached_property
    def variants(self) -> Variants[S]:
        """Its variants: JSON, rule sets, the command line's switches and options
        (:class:`~tigeuph.core.interface.variants.Variants`; by default none)."""
        return Variants(self)

    @cached_property
    def records(self) -> Records[Any, A, V, Any]:
        """How its records are kept, and made and read
        (:class:`~tigeuph.core.records.keeping.Records`; by default
        :class:`~tigeuph.core.interface.records.InterfaceRecords`, records in
        :class:`~tigeuph.core.records.history.History` itself)."""
        return InterfaceRecords(self)

    @cached_property
    def invariants(self) -> Invariants[S, A]:
        """What it promises of its positions and steps
        (:class:`~tigeuph.core.interface.invariants.Invariants`; by default nothing more)."""
        return Invariants(self)

    @cached_property
    def evaluation(self) -> Evaluation[S, V, A]:
        """What its players weigh (:class:`~tigeuph.core.interface.evaluation.Evaluation`;
        by default who won, and uniform play)."""
        return Evaluation(self)

    @cached_property
    def measures(self) -> Measures[S, G]:
        """What the soak and the simulator measure of it
        (:class:`~tigeuph.core.interface.measures.Measures`; by default its turns and
        result)."""
        return Measures(self)

    @cached_property
    def presentation(self) -> Presentation[S, V, A]:
        """It in words and pictures for people
        (:class:`~tigeuph.core.interface.presentation.Presentation`; by default its
        notation)."""
        return Presentation(self)

    @cached_property
    def client(self) -> ClientExtras:
        """What a client gets beyond the interface (:class:`~tigeuph.games.ClientExtras`; by
        default :data:`~tigeuph.games.NO_EXTRAS`)."""
        return NO_EXTRAS


AnyGame = GameInterface[Any, Any, Any, Any]
"""Any game's interface, whatever its state, view, action and record types."""
