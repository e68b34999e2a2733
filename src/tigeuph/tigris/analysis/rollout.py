"""Cheap play for the main game that still builds: the search player's rollout policy and
weighted random play (``random:weighted=true``)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final, overload

from ..engine.apply import apply
from ..engine.legal import LegalActions
from ..model.actions import Action, BuildMonument, BuildWonder, PlaceBuilding, PlaceTile
from ..model.decisions import (
    BuildingChoice,
    MonumentChoice,
    TreasureChoice,
    WonderChoice,
    WonderPoint,
)
from ..model.state import GameState
from ..views import PlayerView
from .heuristic import evaluate

__all__ = ["RolloutPolicy", "evaluation", "rollout_action", "weighted_action"]

_BUILDS: Final = (BuildingChoice, MonumentChoice, TreasureChoice, WonderChoice, WonderPoint)
"""The decisions a rollout answers by weighing every answer."""


class RolloutPolicy:
    """The rollout policy (:meth:`__call__`), which keeps the last choice it weighed: the state
    the chosen action leads to and its evaluation, for :meth:`next_state` and
    :meth:`evaluation`. The search player applies that action next, and may evaluate its state:
    it asks the policy (``next_state``) instead of the engine, and the game's ``evaluate`` is
    :meth:`evaluation`. :data:`rollout_action` is the one the main game's interface offers."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        # The last choice: (state, action, the state it leads to, its evaluation). One tuple,
        # replaced whole, so that a thread reads either the old or the new, never a mix; the
        # readers test identities, and the tuple keeps its states and action alive, so that
        # no other object can take their ids.
        self._kept: tuple[GameState, Action, GameState, list[float]] | None = None

    def __call__(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        """A tile placement four times in five when one is legal and no decision is pending,
        else any legal action; the best-evaluated of two draws. A decision to build (a
        monument, a building, the wonder) or take a treasure weighs every answer, as
        :func:`~tigeuph.tigris.analysis.settle.settle` does: a rollout that completes a cross
        builds the wonder when it pays, not one time in two."""
        seat = state.to_move
        assert seat is not None
        if state.pending is None:
            if rng.random() < 0.8:
                tiles = _tile_placements(legal)
                if tiles:
                    legal = tiles
        elif type(state.pending) in _BUILDS:
            best: tuple[float, Action, GameState, list[float]] | None = None
            for action in legal:  # the first of the best, as max() would find it
                after = apply(state, action)
                weighed = evaluate(after)
                if best is None or weighed[seat] > best[0]:
                    best = weighed[seat], action, after, weighed
            assert best is not None
            self._kept = (state, best[1], best[2], best[3])
            return best[1]
        a, b = rng.choice(legal), rng.choice(legal)
        if a == b:
            return a
        after_a, after_b = apply(state, a), apply(state, b)
        weighed_a, weighed_b = evaluate(after_a), evaluate(after_b)
        if weighed_a[seat] >= weighed_b[seat]:
            self._kept = (state, a, after_a, weighed_a)
            return a
        self._kept = (state, b, after_b, weighed_b)
        return b

    def next_state(self, state: GameState, action: Action) -> GameState:
        """``apply(state, action)``, or the state this policy kept when it has just weighed
        that very action from that very state: a rollout applies the action its policy chose,
        and the policy applied it already to weigh it."""
        kept = self._kept
        if kept is not None and kept[0] is state and kept[1] is action:
            return kept[2]
        return apply(state, action)

    def evaluation(self, state: GameState) -> list[float]:
        """``evaluate(state)``, or a copy of the evaluation this policy kept when *state* is
        the state its last choice led to: a rollout's last state was weighed by the policy
        already."""
        kept = self._kept
        if kept is not None and kept[2] is state:
            return list(kept[3])
        return evaluate(state)


rollout_action: Final = RolloutPolicy()
"""The main game's rollout policy, as its interface offers it (``rollout_action``)."""
evaluation: Final = rollout_action.evaluation
"""``evaluate``, or what :data:`rollout_action` weighed already: the interface's ``evaluate``."""


class _Run(Sequence[Action]):
    """*count* actions of a sequence from *start* on, read in place (``rng.choice`` asks only
    for the length and one index: the same draw as from a list of them)."""

    __slots__ = ("_count", "_legal", "_start")

    def __init__(self, legal: LegalActions, start: int, count: int) -> None:
        self._legal = legal
        self._start = start
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if type(index) is int and 0 <= index < self._count:
            return self._legal[self._start + index]
        return tuple(self)[index]

    def __iter__(self) -> Iterator[Action]:
        legal = self._legal
        return (legal[i] for i in range(self._start, self._start + self._count))


def _tile_placements(legal: Sequence[Action]) -> Sequence[Action]:
    """The tile placements of *legal*, in its order. Those of a :class:`LegalActions` are read
    in place: between actions, ending the turn comes first, then every tile placement (the
    order :func:`~tigeuph.legal_actions` gives, :meth:`LegalActions.tile_count` of them)."""
    if type(legal) is LegalActions:
        count = legal.tile_count()
        return _Run(legal, 1, count) if count else ()
    return tuple([a for a in legal if type(a) is PlaceTile])


_BUILD_CHOICES: Final = (BuildingChoice, WonderChoice, MonumentChoice)
_BUILD_ACTIONS: Final = (PlaceBuilding, BuildWonder, BuildMonument)


def weighted_action(view: PlayerView, rng: random.Random) -> Action:
    """A legal action of *view* drawn from *rng* as a builder plays: it builds whenever a
    building, the wonder or a monument is offered, and otherwise places a tile four times in
    five when it may."""
    legal = view.legal
    if isinstance(view.pending, _BUILD_CHOICES):
        builds = [a for a in legal if isinstance(a, _BUILD_ACTIONS)]
        return rng.choice(builds or legal)
    if view.pending is not None:  # support, war order, treasure, the wonder's colour
        return rng.choice(legal)
    tiles: list[Action] = []
    others: list[Action] = []
    for a in legal:
        (tiles if isinstance(a, PlaceTile) else others).append(a)
    if tiles and (not others or rng.randrange(5) < 4):
        return rng.choice(tiles)
    return rng.choice(others)
