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
record's text, are every game's (``tigeuph.core.records.history``): only dealing, the rules,
the position notation and the tags are Babel's own (:data:`BABEL_RECORDS`, which
:class:`BabelGame` names), and its JSON record is the text record in an envelope, the default
of :class:`~tigeuph.core.records.keeping.Records`.

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
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..core.errors import ArgumentError, IllegalActionError, NotationError, TigeuphError, expect
from ..core.events import Event
from ..core.limits import DEFAULT_LIMITS, Limits
from ..core.records.history import History
from ..core.records.keeping import RecordFormat, Records
from .engine import outcome, transition
from .model.actions import Action, parse_action
from .model.state import BabelState, new_game
from .notation import TITLE, from_text, to_text
from .views import BabelView, view

__all__ = ["BABEL_RECORDS", "RECORD", "BabelGame", "BabelRecords"]

RECORD: Final = "tigeuph-babel-record"
WRITTEN: Final = ("Game", "Seed", "Result", "Termination")
"""The tags a Babel game writes itself; every other tag is free."""


class BabelRecords(Records[BabelState, Action, BabelView, "BabelGame"]):
    """Babel's records: see the module."""

    format = RecordFormat(
        class_name="BabelGame",
        title=TITLE,
        json_format=RECORD,
        written_tags=WRITTEN,
        leading_tags=(("Game", "babel"),),
        blank_before_position=False,
        noun="a Babel record",
        stall_rule="a game of Babel never stalls: its decks run out (spec B30)",
    )
    state_type = BabelState

    def deal(self, start: BabelState, seed: int) -> BabelState:
        return new_game(seed)

    def transition(
        self, before: BabelState, action: Action
    ) -> tuple[BabelState, tuple[Event, ...]]:
        return transition(before, action)

    def parse(self, text: str) -> Action:
        return parse_action(text)

    def position_text(self, state: BabelState) -> str:
        return to_text(state)

    def turn_changed(self, before: BabelState, after: BabelState) -> bool:
        return after.turn != before.turn

    def result_tags(self, state: BabelState) -> dict[str, str]:
        result = outcome(state)
        if result is None:
            return {"Result": "*"}
        winner = "draw" if result.winner is None else str(result.winner)
        return {"Result": winner, "Termination": result.reason.value}

    def nothing_to_undo(self) -> TigeuphError:
        return IllegalActionError("B58", "undo: no action to take back")

    def start_of(
        self, tags: dict[str, str], seed: int | None, position: str | None, limits: Limits
    ) -> BabelState:
        if tags.get("Game", "babel") != "babel":
            raise NotationError("the Game tag of a Babel record is babel")
        if position is not None:
            return from_text(position, limits=limits)
        if seed is None:
            raise NotationError("a record needs a Seed tag or a position after its tags")
        return new_game(seed)

    def view(
        self,
        states: Sequence[BabelState],
        actions: Sequence[Action],
        events: Sequence[tuple[Event, ...]],
        player: int,
    ) -> BabelView:
        return view(states[-1], player)  # every action is public: no history (spec B28)

    def new_record(
        self,
        players: int,
        *,
        seed: int | None = None,
        rules: Any = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> BabelGame:
        check_players(players, rules)
        return BabelGame.new(seed, tags, limits=limits)


def check_players(players: int, rules: object) -> None:
    """Refuse a game of Babel for other than 2 *players* or under *rules* (it has none).

    Raises:
        ArgumentError: either is asked for.
    """
    if players != 2:
        raise ArgumentError(f"babel: a game for 2 players, not {players}")
    if rules is not None:
        raise ArgumentError("babel: the game has no variants (rules must be None)")


BABEL_RECORDS: Final = BabelRecords()
"""Babel's records: :attr:`BabelGame.kept_by`, ``GAMES["babel"].records``."""


class BabelGame(History[BabelState, Action, BabelView]):
    """A game of Babel's history: its first state, the actions played, every state since.

    Playing, commenting, undoing, stopping and the records are
    :class:`tigeuph.core.records.history.History`'s, as for the main game's :class:`tigeuph.Game`.
    A game keeps to its ``limits`` (:class:`~tigeuph.Limits`): it refuses a tag, a comment or an
    action beyond them, so that whatever it writes reads back under the same limits.
    """

    __slots__ = ()

    kept_by = BABEL_RECORDS

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
