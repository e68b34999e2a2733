"""The main game's own capabilities behind the interface (issue 38): what its players weigh
(:mod:`tigeuph.tigris.analysis`), what the soak and the simulator measure
(:mod:`tigeuph.tigris.measures`), what it promises beyond its shapes (its checks and
invariants), and how people see it (its descriptions, explanations and pictures)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ...core.interface.evaluation import Evaluation
from ...core.interface.invariants import Invariants
from ...core.interface.measures import Measures
from ...core.interface.presentation import Presentation
from .. import measures
from ..analysis.candidates import scores
from ..analysis.repeats import repeats
from ..analysis.rollout import evaluation, rollout_action, weighted_action
from ..checks import check_state
from ..describe.conflicts import decision_summary
from ..describe.screen import KINDS_BY_USE, action_kind, describe_view, notation_help
from ..describe.words import won_on_the_tie_break
from ..explain import explain
from ..explain.gains import gains
from ..invariants import state_problems, step_problems
from ..model.actions import Action
from ..model.ranking import rank
from ..model.state import End, GameState
from ..pictures import board, leader_arrows
from ..pictures.aids import AIDS
from ..records import Game
from ..views import PlayerView

__all__ = ["TigrisEvaluation", "TigrisInvariants", "TigrisMeasures", "TigrisPresentation"]

_ENDINGS: Final = {End.TREASURES: "two treasures or fewer were left", End.BAG: "the bag ran out"}


class TigrisEvaluation(Evaluation[GameState, PlayerView, Action]):
    """The main game's heuristic (:mod:`tigeuph.tigris.analysis`)."""

    search_scale = 6.0
    evaluate = staticmethod(evaluation)  # heuristic.evaluate, or what a rollout weighed already
    rollout_action = staticmethod(rollout_action)
    weighted_action = staticmethod(weighted_action)
    repeats = staticmethod(repeats)  # leaders moved back to where a turn of the player began

    def action_values(self, state: GameState, legal: Sequence[Action], seat: int) -> list[float]:
        return scores(state, legal, seat)

    def centred_search(self, state: GameState) -> bool:
        # Far from 0 the logistic is flat, and a plan's point or two (a cross grown) would move
        # a reward less than the exploration term (issue 23): only with a variant on.
        return state.rules.wonder or state.rules.buildings


class TigrisMeasures(Measures[GameState, Game]):
    """The main game's endings, events and features (:mod:`tigeuph.tigris.measures`)."""

    endings = measures.ENDINGS
    event_headings = measures.EVENT_HEADINGS
    features = measures.FEATURES

    def ending(self, state: GameState) -> str | None:
        return measures.ending(state)

    def leaders(self, state: GameState) -> tuple[int, ...]:
        return measures.leaders(state)

    def events(self, record: Game) -> tuple[int, dict[str, int]]:
        return measures.events(record)


class TigrisInvariants(Invariants[GameState, Action]):
    """The main game's shapes (:mod:`tigeuph.tigris.checks`) and promises (spec R0, R30)."""

    check_state = staticmethod(check_state)
    state_problems = staticmethod(state_problems)
    step_problems = staticmethod(step_problems)


class TigrisPresentation(Presentation[GameState, PlayerView, Action]):
    """The main game in words (:mod:`tigeuph.tigris.describe`, :mod:`tigeuph.tigris.explain`)
    and pictures (:mod:`tigeuph.tigris.pictures`)."""

    action_kind = staticmethod(action_kind)
    kinds_by_use = KINDS_BY_USE
    aids = AIDS
    decision_summary = staticmethod(decision_summary)
    gains = staticmethod(gains)

    def result_text(self, state: GameState) -> str:
        if state.ended is None:
            return "the game goes on"
        game = self.game
        winners, scores = game.winners(state), game.scores(state)
        seats = " and ".join(f"seat {s}" for s in winners)
        told = " - ".join(map(str, scores))
        how = " on the next colours up" if won_on_the_tie_break(state) else ""
        return f"{_ENDINGS[state.ended]}: won by {seats}{how} ({told})"

    def score_text(self, state: GameState, seat: int) -> str:
        results = rank(state.points, state.treasures_taken)
        own = results[seat]
        if not any(o.score == own.score for o in results if o.player != seat):
            return f"score {own.score}"
        # A shared score is broken by the next colours up (spec R27).
        colours = " ".join(map(str, own.vector))
        return f"score {own.score}, colours {colours} after treasures (ties: next colour up, R27)"

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

    def picture(
        self,
        position: GameState | PlayerView,
        *,
        size: float | None = None,
        last: Action | None = None,
        before: GameState | PlayerView | None = None,
        coordinates: bool = True,
        panel: bool = True,
        aids: Iterable[str] = (),
    ) -> str:
        asked = self.asked_aids(aids)
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
            kingdoms="kingdoms" in asked,
            strengths="strengths" in asked,
            unions="unions" in asked,
            sites="sites" in asked,
        )

    def explain(self, state: GameState, action: Action) -> str:
        return str(explain(state, action))
