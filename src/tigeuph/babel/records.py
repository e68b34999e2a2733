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
winner's seat or ``draw``; ``Termination`` is ``score`` or ``deck``. Other tags are free. Reading
a record replays it, so an action the rules refuse is reported with its move number
(:class:`~tigeuph.errors.RecordError`). A record is full information (its seed fixes every
card to come): keep it on the server side; a player's view is :meth:`BabelGame.view`.

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

import re
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
)
from ..limits import DEFAULT_LIMITS, Limits, check_chars, check_limits, check_text
from ..serialise import dump_document, load_document, strict_converter
from .actions import Action, parse_action
from .engine import apply, outcome
from .position import TITLE, from_text, to_text
from .state import BabelState, new_game
from .views import BabelView, view

__all__ = ["RECORD", "BabelGame"]

RECORD: Final = "tigeuph-babel-record"
_WRITTEN: Final = ("Game", "Seed", "Result", "Termination")
_TAG: Final = re.compile(r'\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]\Z')
_NUMBER: Final = re.compile(r"([0-9]+)\.\Z")


class BabelGame:
    """A game of Babel's history: its first state, the actions played, every state since."""

    __slots__ = ("_actions", "_moves", "_states", "seed", "tags")

    def __init__(
        self, start: BabelState, *, seed: int | None = None, tags: Mapping[str, str] | None = None
    ) -> None:
        """A game from *start*; *seed*, when given, must be the seed that dealt *start*.

        Raises:
            ArgumentError: *seed* does not deal *start*, or a tag is one the game writes
                itself.
        """
        if seed is not None and new_game(seed) != start:
            raise ArgumentError(f"seed {seed} does not deal this state")
        for name, value in (tags or {}).items():
            if name in _WRITTEN or not re.fullmatch(r"[A-Za-z0-9_]+", name) or "\n" in value:
                raise ArgumentError(
                    f"{name[:40]!r} is not a free tag name, or its value holds a newline"
                )
        self.seed = seed
        self.tags = dict(tags or {})
        self._states = [start]
        self._actions: list[Action] = []
        self._moves = [1]

    @classmethod
    def new(cls, seed: int | None = None, tags: Mapping[str, str] | None = None) -> BabelGame:
        """A new game; without a seed a secure random one is drawn and kept for the record."""
        if seed is None:
            seed = secrets.randbits(63)
        return cls(new_game(seed), seed=seed, tags=tags)

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
        """The game as a text record (see the module's documentation)."""
        tags = {"Game": "babel", **self.tags}
        if self.seed is not None:
            tags["Seed"] = str(self.seed)
        tags.update(self._result())
        lines = [f'[{k} "{v}"]' for k, v in tags.items()]
        if self.seed is None:
            lines += to_text(self._states[0]).splitlines()
        lines.append("")
        turns: dict[int, list[str]] = {}
        for move, action in zip(self._moves, self._actions, strict=False):
            turns.setdefault(move, []).append(str(action))
        lines += [f"{move}. {' '.join(actions)}" for move, actions in turns.items()]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_record(cls, text: str, *, limits: Limits = DEFAULT_LIMITS) -> BabelGame:
        """The game a text record holds, replayed; the record must fit *limits* (its size, its
        tags' length and its number of actions), as the main game's records do.

        Raises:
            ArgumentTypeError: *text* is not a string.
            LimitError: the record is over one of *limits*.
            NotationError: the header or the position cannot be read.
            RecordError: an action cannot be read or played; it names the move.
        """
        limits = check_limits(limits, "BabelGame.from_record")
        text = check_text(text, limits, "a Babel record")
        lines = text.splitlines()
        tags: dict[str, str] = {}
        i = 0
        while i < len(lines) and lines[i].startswith("["):
            found = _TAG.fullmatch(lines[i].strip())
            if found is None:
                raise NotationError(f"line {i + 1}: {lines[i][:60]!r} is not a tag pair")
            name, value = found[1], found[2]
            check_chars(name, limits.max_tag_chars, "max_tag_chars", f"line {i + 1}: a tag name")
            check_chars(
                value, limits.max_tag_chars, "max_tag_chars", f"line {i + 1}: tag {name[:20]}"
            )
            tags[name] = value
            i += 1
        if tags.pop("Game", "babel") != "babel":
            raise NotationError("the Game tag of a Babel record is babel")
        position = []
        while i < len(lines) and lines[i].strip():
            position.append(lines[i])
            i += 1
        seed_text = tags.pop("Seed", None)
        written = {k: tags.pop(k) for k in ("Result", "Termination") if k in tags}
        if seed_text is not None:
            if not re.fullmatch(r"-?[0-9]+", seed_text):
                raise NotationError(f"Seed {seed_text!r} is not a whole number")
            game = cls.new(int(seed_text), tags=tags)
        elif position and position[0].strip() == TITLE:
            game = cls(from_text("\n".join(position), limits=limits), tags=tags)
        else:
            raise NotationError("a record needs a Seed tag or a position after its tags")
        move, ply = 1, 0
        for token in " ".join(lines[i:]).split():
            number = _NUMBER.fullmatch(token)
            if number:
                if int(number[1]) != game.move:
                    raise RecordError(game.move, ply + 1, f"move {number[1]} is numbered wrong")
                continue
            ply += 1
            if ply > limits.max_record_actions:
                allowed = limits.max_record_actions
                raise LimitError("max_record_actions", ply, allowed, "a Babel record")
            move = game.move
            try:
                game.play(token)
            except (NotationError, IllegalActionError) as err:
                raise RecordError(move, ply, str(err)) from None
        if written and written != game._result():
            raise NotationError(f"the record says {written}, the game {game._result()}")
        return game

    def to_json(self) -> str:
        """The game as a ``tigeuph-babel-record`` JSON document (its text record inside)."""
        return dump_document(
            RECORD, _RecordDocument(self.to_record()), _RecordDocument, None, _CONV
        )

    @classmethod
    def from_json(cls, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> BabelGame:
        """The game in a ``tigeuph-babel-record`` document, within *limits*.

        Raises:
            LimitError: the document or its record is over one of *limits*.
            JsonError: *text* is not such a document.
            RecordError: an action cannot be read or played.
        """
        record = load_document(RECORD, text, _RecordDocument, limits, converter=_CONV).record
        try:
            return cls.from_record(record, limits=limits)
        except (RecordError, LimitError):
            raise
        except NotationError as err:
            raise JsonError("$.record", str(err)) from None


@frozen
class _RecordDocument:
    record: str


_CONV: Final = strict_converter()
