"""*Tigris & Euphrates* behind the one game interface: :data:`TIGRIS`, ``GAMES["tigris"]``: its
required members here, its capabilities in :mod:`~tigeuph.tigris.interface.capabilities`,
:mod:`~tigeuph.tigris.interface.variants`, :mod:`~tigeuph.tigris.interface.client` and its
records' :mod:`~tigeuph.tigris.records.keeping`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cached_property
from typing import Any, Final

from attrs import evolve

from ...core.events import Event
from ...core.interface.facts import GameFacts
from ...core.interface.protocol import GameInterface
from ..engine.apply import apply, outcome, refusal, transition
from ..engine.legal import legal_actions
from ..model.action_text import parse_action
from ..model.actions import Action
from ..model.ranking import rank
from ..model.state import GameState, new_game
from ..notation import from_text, to_text
from ..notation.fields import TITLE
from ..records import Game
from ..records.document import RECORD
from ..records.keeping import TIGRIS_RECORDS, TigrisRecords, fitted_rules
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
from ..stall import standing
from ..views import PlayerView, PublicAction, public_action, sample_state, scoring, view
from .capabilities import TigrisEvaluation, TigrisInvariants, TigrisMeasures, TigrisPresentation
from .client import TIGRIS_CLIENT, TigrisClient
from .variants import TigrisVariants

__all__ = ["TIGRIS", "Tigris"]


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
    """The main game (spec R0-R32) through :class:`~tigeuph.GameInterface`, with every
    capability its own."""

    facts = GameFacts(
        name="tigris",
        title="Tigris & Euphrates",
        players=range(2, 5),
        default_players=2,
        state_type=GameState,
        view_type=PlayerView,
        action_type=Action,
        position_title=TITLE,
        record_type=Game,
        record_format=RECORD,
        turn_clause="R5",
        public_history=True,
        may_stall=True,
        cells=True,
        learning=True,
    )

    def __repr__(self) -> str:
        return "GAMES['tigris']"

    def new_game(self, players: int, *, seed: int, rules: Any = None) -> GameState:
        return new_game(players, seed=seed, rules=fitted_rules(players, rules))

    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    transition = staticmethod(transition)
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

    # --- its capabilities, all its own -------------------------------------------------------

    @cached_property
    def variants(self) -> TigrisVariants:
        return TigrisVariants(self)

    @cached_property
    def records(self) -> TigrisRecords:
        return TIGRIS_RECORDS

    @cached_property
    def invariants(self) -> TigrisInvariants:
        return TigrisInvariants(self)

    @cached_property
    def evaluation(self) -> TigrisEvaluation:
        return TigrisEvaluation(self)

    @cached_property
    def measures(self) -> TigrisMeasures:
        return TigrisMeasures(self)

    @cached_property
    def presentation(self) -> TigrisPresentation:
        return TigrisPresentation(self)

    @cached_property
    def client(self) -> TigrisClient:
        return TIGRIS_CLIENT


TIGRIS: Final = Tigris()
"""Tigris & Euphrates, ``GAMES["tigris"]``."""
