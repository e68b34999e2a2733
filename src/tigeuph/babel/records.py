"""Babel games and game records: history, undo, replay, as text or JSON (spec B58).

A record holds tag pairs (as chess's PGN does), then the actions in action notation, one
numbered line per turn (the halved player's discard belongs to the turn it interrupts)::

    [Game "babel"]
    [Seed "0"]
    [Result "*"]

    1. >H +A #s end
    2. >H +P #s end

``Game`` says which game the record is of; ``Seed`` is the seed that dealt the game (a game
that started from a position has none, and its position follows the tags, in position
notation, up to the first blank line); ``Result`` is ``*`` while the game goes on, else the
winner's seat or ``draw``; ``Termination`` is ``score`` or ``deck``. Other tags are free, and
are read and written as the main game's are (``tigeuph.record_text``, which both games share):
a tag is a string of valid Unicode, within ``Limits.max_tag_chars``, on one line (no ``\\n`` or
``\\r``), its ``"`` and ``\\`` escaped, so a game always reads its own record. Reading a record
replays it, so an action the rules refuse is reported with its move number
(:class:`~tigeuph.errors.RecordError`).

Reading proves what a record says only when it starts from a seed: ``from_record(text)``
(``verify=True``, the default) refuses a record from a position, which anyone can write;
``verify=False`` reads it. A record is full information (its seed fixes every card to come):
keep it on the server side; a player's view is :meth:`BabelGame.view`.

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
from typing import Final

from attrs import frozen

from ..errors import (
    ArgumentError,
    IllegalActionError,
    JsonError,
    LimitError,
    NotationError,
    RecordError,
    expect,
)
from ..limits import DEFAULT_LIMITS, Limits, check_limits, check_text
from ..record_text import SEED, check_tag, check_written, escape, replay, split_record
from ..serialise import dump_document, load_document, strict_converter
from .actions import Action, parse_action
from .engine import apply, outcome
from .position import TITLE, from_text, to_text
from .state import BabelState, new_game
from .views import BabelView, view

__all__ = ["RECORD", "BabelGame"]

RECORD: Final = "tigeuph-babel-record"
WRITTEN: Final = ("Game", "Seed", "Result", "Termination")
"""The tags a Babel game writes itself; every other tag is free."""


class BabelGame:
    """A game of Babel's history: its first state, the actions played, every state since.

    A game keeps to its ``limits`` (:class:`~tigeuph.Limits`): it refuses a tag beyond them,
    so that whatever it writes reads back under the same limits.
    """

    __slots__ = ("_actions", "_moves", "_states", "limits", "seed", "tags")

    def __init__(
        self,
        start: BabelState,
        *,
        seed: int | None = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        """A game from *start*; *seed*, when given, must be the seed that dealt *start*.

        Raises:
            ArgumentTypeError: an argument is not of its type, or a tag not a string.
            ArgumentError: *seed* does not deal *start*, or a tag is not a free tag (one the
                game writes itself, a name not of letters, digits and ``_``, a value on more
                than one line or holding a lone surrogate).
            LimitError: a tag is longer than ``limits.max_tag_chars``.
        """
        self.limits = check_limits(limits, "BabelGame")
        """The longest tags the game takes."""
        expect(start, BabelState, "a BabelState", "BabelGame: start")
        expect(seed, (int, type(None)), "an int or None", "BabelGame: seed")
        expect(tags, (Mapping, type(None)), "a mapping of str to str or None", "BabelGame: tags")
        if seed is not None and new_game(seed) != start:
            raise ArgumentError(f"seed {seed} does not deal this state")
        self.seed = seed
        self.tags = {
            name: check_tag(name, value, WRITTEN, limits) for name, value in (tags or {}).items()
        }
        self._states = [start]
        self._actions: list[Action] = []
        self._moves = [1]

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

    @property
    def state(self) -> BabelState:
        """The state now."""
        return self._states[-1]

    @property
    def states(self) -> tuple[BabelState, ...]:
        """Every state from the first; ``states[i + 1]`` follows ``actions[i]``."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions played, in order."""
        return tuple(self._actions)

    @property
    def move(self) -> int:
        """The number of the turn going on now, from 1."""
        return self._moves[-1]

    def play(self, action: Action | str) -> BabelState:
        """Play *action* (or its notation) for the player to move; the new state.

        Raises:
            NotationError: *action* is text but no action.
            IllegalActionError: the rules forbid it now; the game is unchanged.
        """
        if isinstance(action, str):
            action = parse_action(action)
        before = self._states[-1]
        after = apply(before, action)
        self._states.append(after)
        self._actions.append(action)
        self._moves.append(self._moves[-1] + (after.turn != before.turn))
        return after

    def undo(self) -> Action:
        """Take back the last action and return it.

        Raises:
            IllegalActionError: no action has been played (clause B58).
        """
        if not self._actions:
            raise IllegalActionError("B58", "undo: no action to take back")
        self._states.pop()
        self._moves.pop()
        return self._actions.pop()

    def view(self, player: int) -> BabelView:
        """What *player* may know now (spec B28)."""
        return view(self.state, player)

    def _result(self) -> dict[str, str]:
        result = outcome(self.state)
        if result is None:
            return {"Result": "*"}
        winner = "draw" if result.winner is None else str(result.winner)
        return {"Result": winner, "Termination": result.reason.value}

    def to_record(self) -> str:
        """The game as a text record (see the module's documentation).

        Raises:
            ArgumentTypeError: a tag, changed since, is not a string.
            ArgumentError: a tag, changed since, is not a free tag.
            LimitError: a tag, changed since, is longer than ``limits.max_tag_chars``.
        """
        for name, value in self.tags.items():  # tags may have changed since the game was made
            check_tag(name, value, WRITTEN, self.limits)
        tags = {"Game": "babel", **self.tags}
        if self.seed is not None:
            tags["Seed"] = str(self.seed)
        tags.update(self._result())
        lines = [f'[{name} "{escape(value)}"]' for name, value in tags.items()]
        if self.seed is None:
            lines += to_text(self._states[0]).splitlines()
        lines.append("")
        turns: dict[int, list[str]] = {}
        for move, action in zip(self._moves, self._actions, strict=False):
            turns.setdefault(move, []).append(str(action))
        lines += [f"{move}. {' '.join(actions)}" for move, actions in turns.items()]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_record(
        cls, text: str, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> BabelGame:
        """The game a text record holds, replayed; the record must fit *limits* (its size, its
        tags' length and its number of actions), as the main game's records do.

        With *verify* (the default) the record must start from a seed, so that it proves its
        result; ``verify=False`` also reads a record from a first position, which proves only
        that its actions are legal from there.

        Raises:
            ArgumentTypeError: *text* is not a string.
            LimitError: the record is over one of *limits*; nothing is replayed.
            NotationError: the header or the position cannot be read, a tag the game writes
                itself disagrees with the game, or *verify* is on and the record starts from a
                position.
            RecordError: an action cannot be read or played; it names the move.
        """
        limits = check_limits(limits, "BabelGame.from_record")
        text = check_text(text, limits, "a Babel record")
        expect(verify, bool, "True or False", "BabelGame.from_record: verify")
        tags, position, tokens = split_record(
            text, title=TITLE, written=WRITTEN, verify=verify, limits=limits
        )
        if tags.get("Game", "babel") != "babel":
            raise NotationError("the Game tag of a Babel record is babel")
        seed_text = tags.get("Seed")
        if seed_text is not None and not SEED.match(seed_text):
            raise NotationError(f"Seed {seed_text[:20]!r} is not a whole number")
        free = {name: value for name, value in tags.items() if name not in WRITTEN}
        try:
            if position is not None:
                if seed_text is not None:
                    raise NotationError("a record gives a Seed or a first position, not both")
                game = cls(from_text(position, limits=limits), tags=free, limits=limits)
            elif seed_text is not None:
                game = cls.new(int(seed_text), tags=free, limits=limits)
            else:
                raise NotationError("a record needs a Seed tag or a position after its tags")
        except ArgumentError as err:
            raise NotationError(f"header: {err}") from None
        replay(game, tokens, _no_comment)
        check_written(tags, game._result())
        return game

    def to_json(self) -> str:
        """The game as a ``tigeuph-babel-record`` JSON document (its text record inside)."""
        return dump_document(
            RECORD, _RecordDocument(self.to_record()), _RecordDocument, None, _CONV
        )

    @classmethod
    def from_json(
        cls, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> BabelGame:
        """The game in a ``tigeuph-babel-record`` document, within *limits*; *verify* as in
        :meth:`from_record`.

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


def _no_comment(comment: str) -> None:
    """Refuse a comment in a record: a Babel game keeps none."""
    raise ArgumentError(f"a Babel record holds no comments: {{{comment[:40]}}}")
