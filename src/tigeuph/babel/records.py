"""Babel games and game records: history, undo, replay, as text or JSON (spec B58).

A record holds tag pairs (as chess's PGN does), then the actions in action notation, one
numbered line per turn (the halved player's discard belongs to the turn it interrupts)::

    [Game "babel"]
    [Seed "0"]
    [Result "*"]

    1. >H +A #s end
    2. >H +P #s end

``Game`` says which game the record is of; ``Seed`` is the seed that dealt the game (a game that
started from a position has none, and its position follows the tags, in position notation, up to the
first blank line); ``Result`` is ``*`` while the game goes on, else the winner's seat or ``draw``;
``Termination`` is ``score`` or ``deck``, or, for a game its runner stopped before its end
(:meth:`~tigeuph.core.records.history.History.stop`), ``action-limit``. Other tags are free, and are
read and written as the main game's are (``tigeuph.core.records.text``, which both games share): a
tag is a string of valid Unicode, within ``Limits.max_tag_chars``, on one line (no ``\\n`` or
``\\r``), its ``"`` and ``\\`` escaped, so a game always reads its own record. Reading a record
replays it, so an action the rules refuse is reported with its move number
(:class:`~tigeuph.core.errors.RecordError`).

Reading proves what a record says only when it starts from a seed: ``from_record(text)``
(``verify=True``, the default) refuses a record from a position, which anyone can write;
``verify=False`` reads it. A record is full information (its seed fixes every card to come):
keep it on the server side; a player's view is :meth:`BabelGame.view`. The history, and the
record's text, are the main game's (``tigeuph.core.records.history``, which both games' records
subclass): only dealing, the rules, the position notation and the tags are Babel's own.

>>> game = BabelGame.new(seed=0)
>>> for text in ">H +A #s end >H +P #s end".split():
...     _ = game.play(text)
>>> print(game.to_record(), end="")
[Game "babel"]
[Seed "0"]
[Result "*"]
<BLANKLINE>
1. >H +A #s end
2. >H +P #s end
>>> again = BabelGame.from_record(game.to_record())
>>> again.states == game.states, again.move
(True, 3)
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import ClassVar, Final

from attrs import frozen

from ..core.errors import (
    IllegalActionError,
    JsonError,
    LimitError,
    NotationError,
    RecordError,
    TigeuphError,
    expect,
)
from ..core.events import Event
from ..core.limits import DEFAULT_LIMITS, Limits
from ..core.records.history import History
from ..core.serialise.converter import strict_converter
from ..core.serialise.documents import dump_document, load_document
from .engine import outcome, transition
from .model.actions import Action, parse_action
from .model.state import BabelState, new_game
from .notation import TITLE, from_text, to_text
from .views import BabelView, view

__all__ = ["RECORD", "BabelGame"]

RECORD: Final = "tigeuph-babel-record"
WRITTEN: Final = ("Game", "Seed", "Result", "Termination")
"""The tags a Babel game writes itself; every other tag is free."""


class BabelGame(History[BabelState, Action, BabelView]):
    """A game of Babel's history: its first state, the actions played, every state since.

    Playing, undoing, stopping and the text record are
    :class:`tigeuph.core.records.history.History`'s, as for the main game's :class:`tigeuph.Game`. A
    game keeps to its ``limits`` (:class:`~tigeuph.Limits`): it refuses a tag or an action beyond
    them, so that whatever it writes reads back under the same limits. It keeps no comments.
    """

    __slots__ = ()

    _name: ClassVar[str] = "BabelGame"
    _state_type: ClassVar[type] = BabelState
    _written_tags: ClassVar[tuple[str, ...]] = WRITTEN
    _title: ClassVar[str] = TITLE
    _leading_tags: ClassVar[Mapping[str, str]] = {"Game": "babel"}
    _blank_before_position: ClassVar[bool] = False
    _record_noun: ClassVar[str] = "a Babel record"
    _stall_rule: ClassVar[str] = "a game of Babel never stalls: its decks run out (spec B30)"

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        tags: Mapping[str, str] | None = None,
        *,
        limits: Limits = DEFAULT_LIMITS,
    ) -> BabelGame:
        """A new game; without a seed a secure random one is drawn and kept for the record."""
        if seed is None:
            seed = secrets.randbits(63)
        expect(seed, int, "an int or None", "BabelGame.new: seed")
        return cls(new_game(seed), seed=seed, tags=tags, limits=limits)

    def __repr__(self) -> str:
        return f"<BabelGame: seed {self.seed}, {len(self._actions)} actions>"

    def view(self, player: int) -> BabelView:
        """What *player* may know now (spec B28)."""
        return view(self.state, player)

    # --- Babel's parts of the history --------------------------------------------------------

    _parse = staticmethod(parse_action)
    _position_text = staticmethod(to_text)

    @classmethod
    def _deal(cls, start: BabelState, seed: int) -> BabelState:
        return new_game(seed)

    def _transition(
        self, before: BabelState, action: Action
    ) -> tuple[BabelState, tuple[Event, ...]]:
        return transition(before, action)

    def _turn_changed(self, before: BabelState, after: BabelState) -> bool:
        return after.turn != before.turn

    def _rules_tags(self) -> dict[str, str]:
        return {}

    def _result_tags(self) -> dict[str, str]:
        result = outcome(self.state)
        if result is None:
            return {"Result": "*"}
        winner = "draw" if result.winner is None else str(result.winner)
        return {"Result": winner, "Termination": result.reason.value}

    def _is_stalled(self) -> bool:
        return False  # the decks run out: every game of Babel ends (spec B30)

    def _nothing_to_undo(self) -> TigeuphError:
        return IllegalActionError("B58", "undo: no action to take back")

    @classmethod
    def _start_of(
        cls, tags: dict[str, str], seed: int | None, position: str | None, limits: Limits
    ) -> BabelState:
        if tags.get("Game", "babel") != "babel":
            raise NotationError("the Game tag of a Babel record is babel")
        if position is not None:
            return from_text(position, limits=limits)
        if seed is None:
            raise NotationError("a record needs a Seed tag or a position after its tags")
        return new_game(seed)

    # --- JSON records ------------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as a ``tigeuph-babel-record`` JSON document (its text record inside).

        Raises:
            ArgumentTypeError: *indent* is not an int or ``None``.
            ArgumentError: *indent* is not 0 to 80.
        """
        return dump_document(
            RECORD, _RecordDocument(self.to_record()), _RecordDocument, indent, _CONV
        )

    @classmethod
    def from_json(
        cls, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> BabelGame:
        """The game in a ``tigeuph-babel-record`` document, within *limits*; *verify* as in
        :meth:`~tigeuph.core.records.history.History.from_record`.

        Raises:
            LimitError: the document or its record is over one of *limits*.
            JsonError: *text* is not such a document, its record cannot be read, or *verify*
                is on and the record starts from a position.
            RecordError: an action cannot be read or played.
        """
        record = load_document(RECORD, text, _RecordDocument, limits, converter=_CONV).record
        try:
            return cls.from_record(record, verify=verify, limits=limits)
        except (RecordError, LimitError):
            raise
        except NotationError as err:
            raise JsonError("$.record", str(err)) from None


@frozen
class _RecordDocument:
    record: str


_CONV: Final = strict_converter()
