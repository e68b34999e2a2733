"""The :class:`Game`: a game's history, undo and replay, and its records as text or JSON (the
format is described in ``tigeuph.records``)."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Mapping
from typing import Final

from attrs import evolve

from ..action_text import parse_action
from ..actions import Action
from ..engine import apply, outcome
from ..errors import (
    ArgumentError,
    IllegalActionError,
    JsonError,
    LimitError,
    NotationError,
    RecordError,
    UndoError,
    expect,
)
from ..legal import release
from ..limits import DEFAULT_LIMITS, Limits, check_limits, check_text
from ..notation.fields import TITLE, rules_text
from ..notation.position import to_text
from ..record_text import check_comment, check_tag, check_written, escape, replay, split_record
from ..ruleset import Rules
from ..stall import STALL_ROUNDS, Stop, is_stalled
from ..state import GameState, new_game
from ..views import PlayerView, history, view
from .document import check_result, read_json, write_json
from .text import WRITTEN, first_state

__all__ = ["Game"]

_DEFAULT_RULES: Final = Rules()
STOPS: Final = tuple(stop.value for stop in Stop)
_STALL: Final = f"nothing but points must change for {STALL_ROUNDS} whole rounds (spec D8)"


class Game:
    """A game's history: its first state, the actions played, every state since.

    Build one with :meth:`new` (from a seed, so that records stay short) or from any state;
    :meth:`play` an action, :meth:`undo` the last one. ``tags`` are the record's free header
    (``Date``, ``Player0``...). Unlike a state, a game changes as it is played.

    A game keeps to its ``limits`` (:class:`~tigeuph.Limits`): it refuses a tag, a comment or an
    action beyond them, so that whatever it writes reads back under the same limits.
    """

    __slots__ = ("_actions", "_comments", "_moves", "_states", "limits", "seed", "stopped", "tags")

    def __init__(
        self,
        start: GameState,
        *,
        seed: int | None = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        """A game from *start*; *seed*, when given, must be the seed that dealt *start*.

        Raises:
            ArgumentTypeError: an argument is not of its type.
            ArgumentError: *seed* does not deal *start*, or a tag is not a free header tag.
            LimitError: a tag is longer than ``limits.max_tag_chars``.
        """
        self.limits = check_limits(limits, "Game")
        """The largest tags, comments and number of actions the game takes."""
        expect(start, GameState, "a GameState", "Game: start")
        expect(seed, (int, type(None)), "an int or None", "Game: seed")
        expect(tags, (Mapping, type(None)), "a mapping of str to str or None", "Game: tags")
        if seed is not None and new_game(start.players, seed=seed, rules=start.rules) != start:
            raise ArgumentError(f"seed {seed} does not deal this state")
        self.seed = seed
        """The seed that dealt the first state, or ``None`` for a game from a position."""
        self.tags = {
            name: check_tag(name, value, WRITTEN, limits) for name, value in (tags or {}).items()
        }
        self._states = [start]
        self._actions: list[Action] = []
        self._comments: list[str | None] = [None]
        self._moves = [1]
        self.stopped: Stop | None = None
        """Why whoever ran the game stopped it before its end (:meth:`stop`), or ``None``."""

    @classmethod
    def new(
        cls,
        players: int = 4,
        *,
        seed: int | None = None,
        rules: Rules = _DEFAULT_RULES,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Game:
        """A new game, as :func:`~tigeuph.new_game` deals it; without a seed one is drawn and
        kept, so that the record can replay the game. The tags start with ``Date``, today's
        date in ISO format (``2025-01-31``), unless *tags* give one.

        The seed drawn comes from the system's secure source (``random.SystemRandom``),
        63 bits of it, so nobody can guess the bag; a small seed given here could be found by a
        player trying seeds against his own draws.
        """
        expect(tags, (Mapping, type(None)), "a mapping of str to str or None", "Game.new: tags")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        dated = {"Date": datetime.date.today().isoformat(), **(tags or {})}
        return cls(new_game(players, seed=seed, rules=rules), seed=seed, tags=dated, limits=limits)

    def __repr__(self) -> str:
        seed = "" if self.seed is None else f", seed {self.seed}"
        return f"<Game: {self.start.players} players{seed}, {len(self._actions)} actions>"

    @property
    def start(self) -> GameState:
        """The first state."""
        return self._states[0]

    @property
    def state(self) -> GameState:
        """The state now."""
        return self._states[-1]

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every state from the first; ``states[i + 1]`` follows ``actions[i]``."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions played, in order."""
        return tuple(self._actions)

    @property
    def comments(self) -> tuple[str | None, ...]:
        """``comments[i]`` follows the *i*-th action; ``comments[0]`` comes before the first."""
        return tuple(self._comments)

    @property
    def move(self) -> int:
        """The number of the turn going on now (the record's move number), from 1."""
        return self._moves[-1]

    def stop(self, reason: Stop) -> None:
        """Mark the game as stopped before its end for *reason*: a stall (spec D8, checked
        here) or its runner's bound on actions. The record says so in its ``Termination``
        tag; :meth:`undo` lifts the mark.

        Raises:
            ArgumentError: the game is over, or *reason* is a stall and it has not stalled.
        """
        expect(reason, Stop, "a tigeuph.stall.Stop", "Game.stop: reason")
        if self.state.is_over:
            raise ArgumentError("Game.stop: the game is over")
        if reason is Stop.STALLED and not is_stalled(self._states):
            raise ArgumentError(f"Game.stop: the game has not stalled: {_STALL}")
        self.stopped = reason

    def play(self, action: Action | str, comment: str | None = None) -> GameState:
        """Play *action* (or its notation) for the player to move; the new state.

        Raises:
            ArgumentTypeError: *action* is neither an action nor a string, or *comment* is
                neither a string nor ``None``.
            NotationError: *action* is a string but not action notation.
            IllegalActionError: the rules forbid *action* now; the game is unchanged.
            ArgumentError: *comment* holds a ``}``, which would end it early in a record.
            LimitError: the game already holds ``limits.max_record_actions`` actions, or
                *comment* is longer than ``limits.max_comment_chars``.
            ArgumentError: the game was stopped (:meth:`stop`).
        """
        if self.stopped is not None:
            raise ArgumentError(f"the game was stopped ({self.stopped.value}): undo to go on")
        if len(self._actions) >= self.limits.max_record_actions:
            allowed = self.limits.max_record_actions
            raise LimitError("max_record_actions", allowed + 1, allowed, "a game")
        if isinstance(action, str):
            action = parse_action(action)
        check_comment(comment, self.limits)
        before = self._states[-1]
        after = apply(before, action)
        release(before)  # the history keeps states, not their lists of legal actions
        self._states.append(after)
        self._actions.append(action)
        self._comments.append(comment)
        self._moves.append(self._moves[-1] + (after.active != before.active))
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

    def undo(self) -> Action:
        """Take back the last action and return it.

        Raises:
            UndoError: no action has been played (an ``IndexError`` too).
        """
        if not self._actions:
            raise UndoError("no action to undo: none has been played")
        self.stopped = None
        self._states.pop()
        self._comments.pop()
        self._moves.pop()
        return self._actions.pop()

    def view(self, player: int) -> PlayerView:
        """What *player* may know now, with the public history (spec R4, R32).

        Raises:
            ArgumentTypeError: *player* is not an int.
            ArgumentError: *player* is not a seat of the game.
        """
        return evolve(
            view(self.state, player), history=history(self._states, self._actions, player)
        )

    # --- text records ------------------------------------------------------------------------

    def to_record(self) -> str:
        """The game as a record (see the module docstring), ending with a newline.

        The record is full information: with its Seed or first position it fixes the bag and
        every hand, so it is for the server side only. Send a player ``view(player)``, whose
        ``history`` is the public record.

        Raises:
            NotationError: the rules hold something the notation cannot name.
            ArgumentError: a tag is not a free header tag.
            LimitError: a tag, changed since, is longer than ``limits.max_tag_chars``.
        """
        for name, value in self.tags.items():  # tags may have changed since the game was made
            check_tag(name, value, WRITTEN, self.limits)
        tags = {**self.tags, **self._written()}
        lines = [f'[{name} "{escape(value)}"]' for name, value in tags.items()]
        lines.append("")
        if self.seed is None:
            lines += [line for line in to_text(self.start).split("\n") if line]
            lines.append("")
        if self._comments[0] is not None:
            lines.append(f"{{{self._comments[0]}}}")
        words: list[str] = []
        for i, action in enumerate(self._actions):
            if i == 0 or self._moves[i] != self._moves[i - 1]:
                if words:
                    lines.append(" ".join(words))
                words = [f"{self._moves[i]}."]
            words.append(str(action))
            comment = self._comments[i + 1]
            if comment is not None:
                words.append(f"{{{comment}}}")
        if words:
            lines.append(" ".join(words))
        return "\n".join(lines) + "\n"

    def _written(self) -> dict[str, str]:
        """The tags the game writes itself, from what it is."""
        tags = {"Rules": rules_text(self.start.rules)}
        if self.seed is not None:
            tags["Seed"] = str(self.seed)
        result = outcome(self.state)
        tags["Result"] = "*" if result is None else ",".join(map(str, result.winners))
        if result is not None:
            tags["Termination"] = result.end.value
        elif self.stopped is not None:
            tags["Termination"] = self.stopped.value
        return tags

    @classmethod
    def from_record(
        cls, text: str, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> Game:
        """The game a record describes, replayed through the engine.

        With *verify* (the default) the record must start from a seed: its game is dealt by
        :func:`~tigeuph.new_game` from the ``Seed`` and ``Rules`` tags, so the record proves
        its result. ``verify=False`` also reads a record from a first position, which proves
        only that its actions are legal from that position.

        Raises:
            ArgumentTypeError: *text* is not a string.
            LimitError: the record is over one of *limits* (its size, a tag, a comment, the
                number of actions); nothing is replayed.
            NotationError: the header or the first position cannot be read, a tag the game
                writes itself disagrees with the game, or *verify* is on and the record starts
                from a position.
            RecordError: an action cannot be read or is illegal; ``move`` says where.
        """
        limits = check_limits(limits, "Game.from_record")
        text = check_text(text, limits, "a record")
        expect(verify, bool, "True or False", "Game.from_record: verify")
        tags, position, tokens = split_record(
            text, title=TITLE, written=WRITTEN, verify=verify, limits=limits
        )
        start, seed, free = first_state(tags, position, limits)
        game = cls(start, seed=seed, tags=free, limits=limits)
        replay(game, tokens, game._comment_from_record)
        game._read_stop(tags.get("Termination"), NotationError)
        check_written(tags, game._written())
        return game

    def _read_stop(self, termination: str | None, error: Callable[[str], Exception]) -> None:
        """Mark the game stopped as a record's ``Termination`` says, if it says so of a game
        that goes on; a stall is checked (spec D8)."""
        if termination is None or self.state.is_over:
            return
        if termination not in STOPS:
            raise error(
                f"the Termination tag says {termination!r} of a game that goes on, which "
                f"only {' or '.join(STOPS)} may stop"
            )
        if termination == Stop.STALLED.value and not is_stalled(self._states):
            raise error(f"the game has not stalled: {_STALL}")
        self.stopped = Stop(termination)

    def _comment_from_record(self, comment: str) -> None:
        """Set the comment a record gives after the last action, the first one there."""
        if self._comments[-1] is not None:
            raise ArgumentError("two comments in a row")
        self._comments[-1] = comment

    # --- JSON records ------------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as a ``tigeuph-record`` JSON document: tags, seed or first state, moves.

        Like :meth:`to_record`, the document is full information (the seed or first state fixes
        the bag and every hand): it is for the server side only. A player's public record is
        ``view(player).history``, which :func:`~tigeuph.view_to_json` writes.

        Raises:
            ArgumentTypeError: *indent* is not an int or ``None``, or a tag not a string.
            ArgumentError: a tag is not a free header tag, or *indent* is not 0 to 80.
            LimitError: a tag, changed since, is longer than ``limits.max_tag_chars``.
        """
        return write_json(self, indent)

    @classmethod
    def from_json(
        cls, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> Game:
        """The game in a ``tigeuph-record`` JSON document, replayed through the engine.

        *verify* (the default) accepts only documents whose game starts from a ``seed``, as
        :meth:`from_record` does; ``verify=False`` also reads one from a first state.

        Raises:
            ArgumentTypeError: *text* is not ``str`` or ``bytes``.
            LimitError: the document is over one of *limits*; nothing is replayed.
            JsonError: *text* is not such a document, its result disagrees with the game, or
                *verify* is on and it starts from a state.
            PositionError: the first state cannot happen.
            RecordError: an action is illegal; ``move`` says where.
        """
        limits = check_limits(limits, "Game.from_json")
        expect(verify, bool, "True or False", "Game.from_json: verify")
        document, start = read_json(text, verify=verify, limits=limits)
        game = cls(start, seed=document.seed, tags=document.tags, limits=limits)
        game._comments[0] = document.comment
        for ply, move in enumerate(document.moves, start=1):
            try:
                game.play(move.action, move.comment)
            except IllegalActionError as err:
                raise RecordError(game.move, ply, str(err)) from None
        check_result(document, game.state)
        if document.stopped is not None:
            game._read_stop(document.stopped.value, lambda why: JsonError("$.stopped", why))
        return game
