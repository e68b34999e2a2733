"""How the main game's records are kept: :data:`TIGRIS_RECORDS`, the strategy its record class,
:class:`~tigeuph.Game`, names, and the ``records`` capability of its interface. The history
itself is every game's (:class:`~tigeuph.core.records.history.History`); this module gives the
main game's parts of it: dealing by the rules in the ``Rules`` tag, the turn as the active
player's, the result and its end, the stall of spec D8 and the ``tigeuph-record`` JSON
document (:mod:`tigeuph.tigris.records.document`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from attrs import evolve

from ...core.errors import (
    ArgumentError,
    IllegalActionError,
    JsonError,
    NotationError,
    RecordError,
    expect,
)
from ...core.events import Event
from ...core.limits import DEFAULT_LIMITS, Limits, check_limits
from ...core.records.history import History
from ...core.records.keeping import RecordFormat, Records
from ...core.records.reading import read_stop
from ...core.stops import STALL_REPEATS, STALL_ROUNDS
from ..engine.apply import outcome, transition
from ..model.action_text import parse_action
from ..model.actions import Action
from ..model.ruleset import Rules
from ..model.state import GameState, new_game, release
from ..notation.fields import TITLE, parse_rules, rules_text
from ..notation.position import from_text, to_text
from ..stall import StallWatch
from ..views import PlayerView, history, view
from .document import RECORD, WRITTEN, check_events, check_result, read_json, write_json

if TYPE_CHECKING:
    from .game import Game

__all__ = ["TIGRIS_RECORDS", "TigrisRecords", "fitted_rules"]

_FORMAT: Final = RecordFormat(
    class_name="Game",
    title=TITLE,
    json_format=RECORD,
    written_tags=WRITTEN,
    stall_rule=(
        f"nothing but points must change for {STALL_ROUNDS} whole rounds, or a turn begin for "
        f"the {STALL_REPEATS}th time in the same position but for points (spec D8)"
    ),
)


def fitted_rules(players: int, rules: object) -> Rules:
    """*rules* (``None``: the standard rules) for a game of *players*.

    Raises:
        ArgumentTypeError: *rules* is neither a :class:`~tigeuph.Rules` nor ``None``.
        ArgumentError: *rules* name another number of players.
    """
    if rules is None:
        return Rules(players=players)
    expect(rules, Rules, "a Rules or None", "tigris: rules")
    assert isinstance(rules, Rules)
    if rules.players not in (players, Rules().players):
        raise ArgumentError(f"tigris: rules for {rules.players} players, not {players}")
    return evolve(rules, players=players)


class TigrisRecords(Records[GameState, Action, PlayerView, "Game"]):
    """The main game's records: see the module."""

    format = _FORMAT
    state_type = GameState

    def deal(self, start: GameState, seed: int) -> GameState:
        return new_game(start.players, seed=seed, rules=start.rules)

    def transition(self, before: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        after, events = transition(before, action)
        release(before)  # the history keeps states, not their lists of legal actions
        return after, events

    def parse(self, text: str) -> Action:
        return parse_action(text)

    def position_text(self, state: GameState) -> str:
        return to_text(state)

    def turn_changed(self, before: GameState, after: GameState) -> bool:
        return after.active != before.active

    def rules_tags(self, start: GameState) -> dict[str, str]:
        return {"Rules": rules_text(start.rules)}

    def result_tags(self, state: GameState) -> dict[str, str]:
        result = outcome(state)
        if result is None:
            return {"Result": "*"}
        return {"Result": ",".join(map(str, result.winners)), "Termination": result.end.value}

    def stall_watch(self, rounds: int) -> Callable[[GameState], bool]:
        return StallWatch(rounds).see

    def start_of(
        self, tags: dict[str, str], seed: int | None, position: str | None, limits: Limits
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

    def view(
        self,
        states: Sequence[GameState],
        actions: Sequence[Action],
        events: Sequence[tuple[Event, ...]],
        player: int,
    ) -> PlayerView:
        public = history(states, actions, player, events)
        return evolve(view(states[-1], player), history=public)

    def new_record(
        self,
        players: int,
        *,
        seed: int | None = None,
        rules: Any = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Game:
        chosen = fitted_rules(players, rules)
        return self.record_type.new(players, seed=seed, rules=chosen, tags=tags, limits=limits)

    def to_json(self, record: History[GameState, Action, PlayerView], indent: int | None) -> str:
        return write_json(record, indent)

    def from_json(
        self, record_class: type[Game], text: str | bytes, *, verify: bool, limits: Limits
    ) -> Game:
        limits = check_limits(limits, "Game.from_json")
        expect(verify, bool, "True or False", "Game.from_json: verify")
        document, start = read_json(text, verify=verify, limits=limits)
        game = record_class(start, seed=document.seed, tags=document.tags, limits=limits)
        game.annotate(document.comment)
        for ply, move in enumerate(document.moves, start=1):
            try:
                game.play(move.action, move.comment)
            except IllegalActionError as err:
                raise RecordError(game.move, ply, str(err)) from None
            check_events(ply, move, game.events[-1])
        check_result(document, game.state)
        if document.stopped is not None:
            read_stop(game, document.stopped.value, lambda why: JsonError("$.stopped", why))
        return game


TIGRIS_RECORDS: Final = TigrisRecords()
"""The main game's records: :attr:`tigeuph.Game.kept_by`, ``GAMES["tigris"].records``."""
