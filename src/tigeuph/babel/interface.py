"""*Babel* behind the one game interface: :data:`BABEL`, ``GAMES["babel"]``: its required
members, and the capabilities it has of its own (its records are
:mod:`tigeuph.babel.records`')."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any, Final

from ..babel import invariants, measures
from ..babel.checks import check_state
from ..babel.describe import KINDS_BY_USE, action_kind, describe, notation_help, result_text
from ..babel.engine import apply, legal_actions, outcome, transition
from ..babel.explain import explain, gains
from ..babel.records import BABEL_RECORDS, RECORD, BabelGame, BabelRecords, check_players
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
from ..core.interface.evaluation import Evaluation
from ..core.interface.facts import GameFacts
from ..core.interface.invariants import Invariants
from ..core.interface.measures import Measures
from ..core.interface.presentation import Presentation
from ..core.interface.protocol import GameInterface
from .analysis.evaluation import evaluate
from .analysis.policies import choose
from .client import BABEL_CLIENT, BabelClient
from .model.actions import Action, parse_action
from .model.state import BabelState, new_game
from .notation import TITLE, from_text, to_text
from .pictures import picture

__all__ = [
    "BABEL",
    "Babel",
    "BabelEvaluation",
    "BabelInvariants",
    "BabelMeasures",
    "BabelPresentation",
]


class BabelEvaluation(Evaluation[BabelState, BabelView, Action]):
    """What Babel's players weigh (:mod:`tigeuph.babel.analysis`)."""

    search_scale = 20.0

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


class BabelMeasures(Measures[BabelState, BabelGame]):
    """Babel's play styles, endings and events (:mod:`tigeuph.babel.measures`)."""

    play_styles = measures.PLAY_STYLES
    endings = measures.ENDINGS
    event_headings = measures.EVENT_HEADINGS

    def ending(self, state: BabelState) -> str | None:
        return measures.ending(state)

    def leaders(self, state: BabelState) -> tuple[int, ...]:
        return measures.leaders(state)

    def events(self, record: BabelGame) -> tuple[int, dict[str, int]]:
        return measures.events(record)


class BabelInvariants(Invariants[BabelState, Action]):
    """Babel's shapes (:mod:`tigeuph.babel.checks`) and promises
    (:mod:`tigeuph.babel.invariants`)."""

    check_state = staticmethod(check_state)
    state_problems = staticmethod(invariants.state_problems)
    step_problems = staticmethod(invariants.step_problems)


class BabelPresentation(Presentation[BabelState, BabelView, Action]):
    """Babel in words (:mod:`tigeuph.babel.describe`, :mod:`tigeuph.babel.explain`) and
    pictures (:mod:`tigeuph.babel.pictures`); its halving is all in its view, so it has no
    decision summary beside it."""

    action_kind = staticmethod(action_kind)
    kinds_by_use = KINDS_BY_USE
    explain = staticmethod(explain)
    gains = staticmethod(gains)

    def result_text(self, state: BabelState) -> str:
        result = outcome(state)
        return "the game goes on" if result is None else result_text(result)

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

    def picture(
        self,
        position: BabelState | BabelView,
        *,
        size: float | None = None,
        last: Action | None = None,
        before: BabelState | BabelView | None = None,
        coordinates: bool = True,
        panel: bool = True,
        aids: Iterable[str] = (),
    ) -> str:
        self.asked_aids(aids)  # it draws none
        # Babel's panels are part of its table: there is no board without them.
        return picture(position, size=size, last=last, before=before, coordinates=coordinates)


class Babel(GameInterface[BabelState, BabelView, Action, BabelGame]):
    """Babel (spec B0-B60) through :class:`~tigeuph.GameInterface`: two players, no
    variants (the default ``variants``), its moves in words for clients; its views carry no
    history, and
    every game ends (spec B30), so its records never stall."""

    facts = GameFacts(
        name="babel",
        title="Babel",
        players=range(2, 3),
        default_players=2,
        state_type=BabelState,
        view_type=BabelView,
        action_type=Action,
        position_title=TITLE,
        record_type=BabelGame,
        record_format=RECORD,
        turn_clause="B5",
    )

    def __repr__(self) -> str:
        return "GAMES['babel']"

    def new_game(self, players: int, *, seed: int, rules: Any = None) -> BabelState:
        check_players(players, rules)
        return new_game(seed)

    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    transition = staticmethod(transition)
    event_to_json = staticmethod(event_to_json)

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

    view = staticmethod(view)

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

    # --- its own capabilities; its variants are the defaults ---------------------------------

    @cached_property
    def records(self) -> BabelRecords:
        return BABEL_RECORDS

    @cached_property
    def invariants(self) -> BabelInvariants:
        return BabelInvariants(self)

    @cached_property
    def evaluation(self) -> BabelEvaluation:
        return BabelEvaluation(self)

    @cached_property
    def measures(self) -> BabelMeasures:
        return BabelMeasures(self)

    @cached_property
    def presentation(self) -> BabelPresentation:
        return BabelPresentation(self)

    @cached_property
    def client(self) -> BabelClient:
        return BABEL_CLIENT


BABEL: Final = Babel()
"""Babel, ``GAMES["babel"]``."""
