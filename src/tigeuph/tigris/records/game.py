"""The :class:`Game`: a game's history, undo and replay, and its records as text or JSON (the
format is described in ``tigeuph.tigris.records``). The history itself, shared with Babel's games,
is ``tigeuph.core.records.history.History``; this module gives the main game's own parts."""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping
from typing import ClassVar, Final

from attrs import evolve

from ...core.errors import (
    IllegalActionError,
    JsonError,
    NotationError,
    RecordError,
    TigeuphError,
    UndoError,
    expect,
)
from ...core.events import Event
from ...core.limits import DEFAULT_LIMITS, Limits, check_limits
from ...core.records.history import History
from ...core.records.text import check_comment
from ...core.stops import STALL_ROUNDS
from ..engine.apply import outcome, transition
from ..model.action_text import parse_action
from ..model.actions import Action
from ..model.ruleset import Rules
from ..model.state import GameState, new_game, release
from ..notation.fields import TITLE, parse_rules, rules_text
from ..notation.position import from_text, to_text
from ..stall import is_stalled
from ..views import PlayerView, history, view
from .document import WRITTEN, check_events, check_result, read_json, write_json

__all__ = ["Game"]

_DEFAULT_RULES: Final = Rules()


class Game(History[GameState, Action, PlayerView]):
    """A game's history: its first state, the actions played, every state since.

    Build one with :meth:`new` (from a seed, so that records stay short) or from any state;
    :meth:`play` an action, :meth:`undo` the last one. ``tags`` are the record's free header
    (``Date``, ``Player0``...). Unlike a state, a game changes as it is played.

    A game keeps to its ``limits`` (:class:`~tigeuph.Limits`): it refuses a tag, a comment or an
    action beyond them, so that whatever it writes reads back under the same limits.
    """

    __slots__ = ()

    _name: ClassVar[str] = "Game"
    _state_type: ClassVar[type] = GameState
    _written_tags: ClassVar[tuple[str, ...]] = WRITTEN
    _title: ClassVar[str] = TITLE
    _stall_rule: ClassVar[str] = (
        f"nothing but points must change for {STALL_ROUNDS} whole rounds (spec D8)"
    )

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
    def comments(self) -> tuple[str | None, ...]:
        """``comments[i]`` follows the *i*-th action; ``comments[0]`` comes before the first."""
        return tuple(self._comments)

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
        return self._play(action, comment)

    def annotate(self, comment: str | None) -> None:
        """Set the comment after the last action, or before the first when none is played.

        Raises:
            ArgumentTypeError: *comment* is neither a string nor ``None``.
            ArgumentError: *comment* holds a ``}``.
            LimitError: *comment* is longer than ``limits.max_comment_chars``.
        """
        check_comment(comment, self.limits)
        self._comments[-1] = comment

    def view(self, player: int) -> PlayerView:
        """What *player* may know now, with the public history (spec R4, R32).

        Raises:
            ArgumentTypeError: *player* is not an int.
            ArgumentError: *player* is not a seat of the game.
        """
        public = history(self._states, self._actions, player, self._events)
        return evolve(view(self.state, player), history=public)

    # --- the main game's parts of the history ------------------------------------------------

    _parse = staticmethod(parse_action)
    _position_text = staticmethod(to_text)

    @classmethod
    def _deal(cls, start: GameState, seed: int) -> GameState:
        return new_game(start.players, seed=seed, rules=start.rules)

    def _transition(self, before: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        after, events = transition(before, action)
        release(before)  # the history keeps states, not their lists of legal actions
        return after, events

    def _turn_changed(self, before: GameState, after: GameState) -> bool:
        return after.active != before.active

    def _rules_tags(self) -> dict[str, str]:
        return {"Rules": rules_text(self.start.rules)}

    def _result_tags(self) -> dict[str, str]:
        result = outcome(self.state)
        if result is None:
            return {"Result": "*"}
        return {"Result": ",".join(map(str, result.winners)), "Termination": result.end.value}

    def _is_stalled(self) -> bool:
        return is_stalled(self._states)

    def _nothing_to_undo(self) -> TigeuphError:
        return UndoError("no action to undo: none has been played")

    @classmethod
    def _start_of(
        cls, tags: dict[str, str], seed: int | None, position: str | None, limits: Limits
    ) -> GameState:
        try:
            rules = parse_rules(tags["Rules"]) if "Rules" in tags else None
        except ValueError as err:
            raise NotationError(f"header: {err}") from None
        if position is not None:
            start = from_text(position, limits=limits)
            if rules is not None and rules != start.rules:
                raise NotationError("the Rules tag disagrees with the first position")
            return start
        if seed is None or rules is None:
            raise NotationError("a record needs a Seed and a Rules tag, or a first position")
        return new_game(rules.players, seed=seed, rules=rules)

    # --- JSON records ------------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as a ``tigeuph-record`` JSON document: tags, seed or first state, moves
        with their comments and events (:attr:`events`, without their words), result.

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
            JsonError: *text* is not such a document, its result or the events of a move
                disagree with the game, or *verify* is on and it starts from a state.
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
            check_events(ply, move, game._events[-1])
        check_result(document, game.state)
        if document.stopped is not None:
            game._read_stop(document.stopped.value, lambda why: JsonError("$.stopped", why))
        return game
