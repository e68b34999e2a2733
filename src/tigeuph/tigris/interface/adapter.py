"""*Tigris & Euphrates* behind the one game interface: :data:`TIGRIS`, ``GAMES["tigris"]``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from attrs import evolve

from ...core.errors import ArgumentError, JsonError, expect
from ...core.events import Event
from ...core.interface.protocol import GameInterface
from ...core.limits import DEFAULT_LIMITS, Limits
from .. import measures
from ..analysis.candidates import scores
from ..analysis.rollout import evaluation, rollout_action, weighted_action
from ..checks import check_state
from ..describe.conflicts import decision_summary
from ..describe.screen import action_kind, describe_view, notation_help
from ..engine.apply import apply, outcome, refusal, transition
from ..engine.legal import legal_actions
from ..explain import explain
from ..invariants import state_problems, step_problems
from ..model.action_text import parse_action
from ..model.actions import Action
from ..model.boards import BUILT_IN, STANDARD
from ..model.ranking import rank
from ..model.ruleset import SWITCHES, Rules
from ..model.state import End, GameState, new_game
from ..notation import from_text, to_text
from ..notation.fields import TITLE
from ..pictures import board, leader_arrows
from ..records import Game
from ..records.document import RECORD
from ..serialise import (
    action_from_json,
    action_to_json,
    json_schema,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from ..serialise.events import event_to_json
from ..stall import StallWatch, standing
from ..views import PlayerView, PublicAction, public_action, sample_state, scoring, view
from .client import TIGRIS_CLIENT

__all__ = ["TIGRIS", "Tigris"]

_ENDINGS: Final = {End.TREASURES: "two treasures or fewer were left", End.BAG: "the bag ran out"}


class _SeatViews:
    """Each seat's view with its public history, grown by one entry an action (rebuilding it
    from the first action at every decision would make a game quadratic)."""

    __slots__ = ("_public",)

    def __init__(self, players: int) -> None:
        self._public: list[list[PublicAction]] = [[] for _ in range(players)]

    def view(self, state: GameState, seat: int) -> PlayerView:
        return evolve(view(state, seat), history=tuple(self._public[seat]))

    def saw(
        self,
        before: GameState,
        action: Action,
        after: GameState,
        events: Sequence[Event] | None = None,
    ) -> None:
        """Every seat has seen *action* lead from *before* to *after*, doing *events* (told
        again by the engine when not given), each seat's entry holding what it may know."""
        told = transition(before, action)[1] if events is None else tuple(events)
        mover = before.to_move
        assert mover is not None
        scored = scoring(told)
        for seat, public in enumerate(self._public):
            public.append(public_action(mover, action, told, scored, seat))


class Tigris(GameInterface[GameState, PlayerView, Action, Game]):
    """The main game (spec R0-R32) through :class:`~tigeuph.GameInterface`."""

    name = "tigris"
    title = "Tigris & Euphrates"
    players = range(2, 5)
    default_players = 2
    state_type = GameState
    view_type = PlayerView
    record_type = Game
    record_format = RECORD
    position_title = TITLE
    client_extras = TIGRIS_CLIENT
    search_scale = 6.0
    play_styles = (("uniform",),)
    endings = measures.ENDINGS
    event_headings = measures.EVENT_HEADINGS
    features = measures.FEATURES

    def __repr__(self) -> str:
        return "GAMES['tigris']"

    def new_game(self, players: int, *, seed: int, rules: Any = None) -> GameState:
        return new_game(players, seed=seed, rules=self._rules(players, rules))

    def _rules(self, players: int, rules: object) -> Rules:
        if rules is None:
            return Rules(players=players)
        expect(rules, Rules, "a Rules or None", "tigris: rules")
        assert isinstance(rules, Rules)
        if rules.players not in (players, Rules().players):
            raise ArgumentError(f"tigris: rules for {rules.players} players, not {players}")
        return evolve(rules, players=players)

    def rules_of(self, state: GameState) -> Rules:
        return state.rules

    def rules_from_json(self, value: object, players: int) -> Rules:
        if not isinstance(value, dict):
            raise JsonError("$.rules", "expected an object of switches")
        switches: dict[str, bool] = {}
        board = STANDARD
        for key, setting in value.items():
            if key == "board":
                if not isinstance(setting, str) or setting not in BUILT_IN:
                    raise JsonError("$.rules.board", f"expected one of {', '.join(BUILT_IN)}")
                board = BUILT_IN[setting]
            elif key in SWITCHES and isinstance(setting, bool):
                switches[key] = setting
            else:
                raise JsonError(
                    f"$.rules.{key!s:.30}", f"expected board or a switch ({', '.join(SWITCHES)})"
                )
        return Rules(players, board, **switches)

    def rules_to_json(self, rules: Rules) -> dict[str, Any]:
        return {"board": rules.board.name, **{name: getattr(rules, name) for name in SWITCHES}}

    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    transition = staticmethod(transition)
    decision_summary = staticmethod(decision_summary)
    event_to_json = staticmethod(event_to_json)
    refusal = staticmethod(refusal)

    def player_count(self, position: GameState | PlayerView) -> int:
        return position.players

    def winners(self, state: GameState) -> tuple[int, ...]:
        result = outcome(state)
        return () if result is None else result.winners

    def ranks(self, state: GameState) -> tuple[int, ...]:
        return tuple(r.rank for r in standing(state))

    def scores(self, state: GameState) -> tuple[int, ...]:
        ranked = rank(state.points, state.treasures_taken)
        return tuple(r.score for r in sorted(ranked, key=lambda r: r.player))

    def result_text(self, state: GameState) -> str:
        if state.ended is None:
            return "the game goes on"
        winners, scores = self.winners(state), self.scores(state)
        seats = " and ".join(f"seat {s}" for s in winners)
        told = " - ".join(map(str, scores))
        # A loser with the winners' score lost on the next colours up (spec R27).
        tied = any(scores[s] == scores[winners[0]] for s in range(len(scores)) if s not in winners)
        how = " on the next colours up" if tied else ""
        return f"{_ENDINGS[state.ended]}: won by {seats}{how} ({told})"

    view = staticmethod(view)

    def seat_views(self, players: int) -> _SeatViews:
        return _SeatViews(players)

    def sample_state(self, view: PlayerView, rng: random.Random) -> GameState:
        return sample_state(view, rng)

    parse_action = staticmethod(parse_action)
    to_text = staticmethod(to_text)
    from_text = staticmethod(from_text)
    state_to_json = staticmethod(state_to_json)
    state_from_json = staticmethod(state_from_json)

    def view_to_json(self, view: PlayerView, *, indent: int | None = None) -> str:
        return view_to_json(view, indent=indent)

    view_from_json = staticmethod(view_from_json)
    action_to_json = staticmethod(action_to_json)
    action_from_json = staticmethod(action_from_json)

    def json_schema(self) -> dict[str, Any]:
        return json_schema()

    def new_record(
        self,
        players: int,
        *,
        seed: int | None = None,
        rules: Any = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Game:
        chosen = self._rules(players, rules)
        return Game.new(players, seed=seed, rules=chosen, tags=tags, limits=limits)

    def record_from_text(
        self, text: str, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> Game:
        return Game.from_record(text, verify=verify, limits=limits)

    def record_from_json(
        self, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> Game:
        return Game.from_json(text, verify=verify, limits=limits)

    check_state = staticmethod(check_state)

    def stall_watch(self, rounds: int) -> Callable[[GameState], bool]:
        return StallWatch(rounds).see

    evaluate = staticmethod(evaluation)  # heuristic.evaluate, or what a rollout weighed already

    def action_values(self, state: GameState, legal: Sequence[Action], seat: int) -> list[float]:
        return scores(state, legal, seat)

    rollout_action = staticmethod(rollout_action)
    weighted_action = staticmethod(weighted_action)

    def centred_search(self, state: GameState) -> bool:
        # Far from 0 the logistic is flat, and a plan's point or two (a cross grown) would move
        # a reward less than the exploration term (issue 23): only with a variant on.
        return state.rules.wonder or state.rules.buildings

    def describe(
        self,
        position: GameState | PlayerView,
        *,
        last: Action | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        return describe_view(position, last=last, names=names)

    def notation_help(self) -> str:
        return notation_help()

    action_kind = staticmethod(action_kind)

    def picture(
        self,
        position: GameState | PlayerView,
        *,
        size: float | None = None,
        last: Action | None = None,
        before: GameState | PlayerView | None = None,
        coordinates: bool = True,
        panel: bool = True,
    ) -> str:
        moved = () if before is None or last is None else leader_arrows(before, last)
        width = None if size is None else round(size)
        return board(
            position,
            size=width,
            lastmove=last,
            arrows=moved,
            before=before,
            coordinates=coordinates,
            panel=panel,
        )

    def explain(self, state: GameState, action: Action) -> str:
        return str(explain(state, action))

    def variants(self, players: int) -> tuple[Rules, ...]:
        return measures.variants(players)

    def make_rules(self, settings: Mapping[str, Any]) -> Rules:
        return measures.make_rules(settings)

    def rules_for(self, rules: Rules, players: int) -> Rules:
        return measures.rules_for(rules, players)

    def ending(self, state: GameState) -> str | None:
        return measures.ending(state)

    def leaders(self, state: GameState) -> tuple[int, ...]:
        return measures.leaders(state)

    def events(self, record: Game) -> tuple[int, dict[str, int]]:
        return measures.events(record)

    state_problems = staticmethod(state_problems)
    step_problems = staticmethod(step_problems)


TIGRIS: Final = Tigris()
"""Tigris & Euphrates, ``GAMES["tigris"]``."""
