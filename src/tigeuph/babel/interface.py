"""*Babel* behind the one game interface: :data:`BABEL`, ``GAMES["babel"]``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..babel import invariants, measures
from ..babel.checks import check_state
from ..babel.describe import action_kind, describe, notation_help, result_text
from ..babel.engine import apply, legal_actions, outcome, transition
from ..babel.explain import explain
from ..babel.records import RECORD, BabelGame
from ..babel.serialise import (
    action_from_json,
    action_to_json,
    event_to_json,
    json_schema,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from ..babel.views import BabelView, sample_state, view
from ..core.errors import ArgumentError, IllegalActionError, JsonError
from ..core.events import Event
from ..core.interface.client import NO_EXTRAS
from ..core.interface.protocol import GameInterface
from ..core.limits import DEFAULT_LIMITS, Limits
from .analysis.evaluation import evaluate
from .analysis.policies import choose
from .model.actions import Action, parse_action
from .model.state import BabelState, new_game
from .notation import TITLE, from_text, to_text
from .pictures import picture

__all__ = ["BABEL", "Babel"]


class _SeatViews:
    """Babel's views have no public history: each is the view of the moment."""

    __slots__ = ()

    view = staticmethod(view)

    def saw(
        self,
        before: BabelState,
        action: Action,
        after: BabelState,
        events: Sequence[Event] | None = None,
    ) -> None:
        pass


class Babel(GameInterface[BabelState, BabelView, Action, BabelGame]):
    """Babel (spec B0-B60) through :class:`~tigeuph.GameInterface`: two players, no
    variants."""

    name = "babel"
    title = "Babel"
    players = range(2, 3)
    default_players = 2
    state_type = BabelState
    view_type = BabelView
    record_type = BabelGame
    record_format = RECORD
    position_title = TITLE
    client_extras = NO_EXTRAS
    search_scale = 20.0
    play_styles = measures.PLAY_STYLES
    endings = measures.ENDINGS
    event_headings = measures.EVENT_HEADINGS
    features = ()

    def __repr__(self) -> str:
        return "GAMES['babel']"

    def _check(self, players: int, rules: object) -> None:
        if players != 2:
            raise ArgumentError(f"babel: a game for 2 players, not {players}")
        if rules is not None:
            raise ArgumentError("babel: the game has no variants (rules must be None)")

    def new_game(self, players: int, *, seed: int, rules: Any = None) -> BabelState:
        self._check(players, rules)
        return new_game(seed)

    def rules_of(self, state: BabelState) -> None:
        return None

    def rules_from_json(self, value: object, players: int) -> None:
        if value != {}:
            raise JsonError("$.rules", "Babel has no variants: expected {}")
        return None

    def rules_to_json(self, rules: None) -> dict[str, Any]:
        return {}

    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    transition = staticmethod(transition)
    event_to_json = staticmethod(event_to_json)

    def refusal(self, state: BabelState, action: Action) -> Exception | None:
        try:
            apply(state, action)
        except IllegalActionError as err:
            return err
        return None

    def player_count(self, position: BabelState | BabelView) -> int:
        return 2

    def winners(self, state: BabelState) -> tuple[int, ...]:
        result = outcome(state)
        if result is None:
            return ()
        return (0, 1) if result.winner is None else (result.winner,)

    def ranks(self, state: BabelState) -> tuple[int, ...]:
        # At its end the outcome's winner (spec B30, B31); before, the scores as they stand.
        firsts = self.winners(state) or measures.leaders(state)
        return tuple(1 if seat in firsts else 2 for seat in (0, 1))

    def scores(self, state: BabelState) -> tuple[int, ...]:
        return state.scores

    def result_text(self, state: BabelState) -> str:
        result = outcome(state)
        return "the game goes on" if result is None else result_text(result)

    view = staticmethod(view)

    def seat_views(self, players: int) -> _SeatViews:
        return _SeatViews()

    def sample_state(self, view: BabelView, rng: random.Random) -> BabelState:
        return sample_state(view, rng)

    parse_action = staticmethod(parse_action)
    to_text = staticmethod(to_text)
    from_text = staticmethod(from_text)
    state_to_json = staticmethod(state_to_json)
    state_from_json = staticmethod(state_from_json)

    def view_to_json(self, view: BabelView, *, indent: int | None = None) -> str:
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
    ) -> BabelGame:
        self._check(players, rules)
        return BabelGame.new(seed, tags, limits=limits)

    def record_from_text(
        self, text: str, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> BabelGame:
        return BabelGame.from_record(text, verify=verify, limits=limits)

    def record_from_json(
        self, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> BabelGame:
        return BabelGame.from_json(text, verify=verify, limits=limits)

    check_state = staticmethod(check_state)

    def stall_watch(self, rounds: int) -> None:
        return None  # the decks run out: every game of Babel ends (spec B30)

    def evaluate(self, state: BabelState) -> Sequence[float]:
        return (evaluate(state, 0), evaluate(state, 1))

    def action_values(self, state: BabelState, legal: Sequence[Action], seat: int) -> list[float]:
        return [evaluate(apply(state, action), seat) for action in legal]

    def rollout_action(
        self, state: BabelState, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return choose(legal, state.pending, rng)

    def weighted_action(self, view: BabelView, rng: random.Random) -> Action:
        return choose(view.legal, view.pending, rng)

    def centred_search(self, state: BabelState) -> bool:
        return False

    def describe(
        self,
        position: BabelState | BabelView,
        *,
        last: Action | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        return describe(position, last=last, names=names)

    def notation_help(self) -> str:
        return notation_help()

    action_kind = staticmethod(action_kind)

    def picture(
        self,
        position: BabelState | BabelView,
        *,
        size: float | None = None,
        last: Action | None = None,
        before: BabelState | BabelView | None = None,
        coordinates: bool = True,
        panel: bool = True,
    ) -> str:
        # Babel's panels are part of its table: there is no board without them.
        return picture(position, size=size, last=last, before=before, coordinates=coordinates)

    explain = staticmethod(explain)

    def decision_summary(
        self, position: BabelState | BabelView, *, names: Sequence[str] | None = None
    ) -> str | None:
        return None  # Babel's halving is all in its view: nothing to weigh beside it

    def variants(self, players: int) -> tuple[None]:
        return (None,)

    def make_rules(self, settings: Mapping[str, Any]) -> None:
        return measures.make_rules(settings)

    def rules_for(self, rules: None, players: int) -> None:
        return measures.rules_for(rules, players)

    def ending(self, state: BabelState) -> str | None:
        return measures.ending(state)

    def leaders(self, state: BabelState) -> tuple[int, ...]:
        return measures.leaders(state)

    def events(self, record: BabelGame) -> tuple[int, dict[str, int]]:
        return measures.events(record)

    def state_problems(self, state: BabelState) -> list[str]:
        return invariants.state_problems(state)

    def step_problems(self, before: BabelState, action: Action, after: BabelState) -> list[str]:
        return invariants.step_problems(before, action, after)


BABEL: Final = Babel()
"""Babel, ``GAMES["babel"]``."""
