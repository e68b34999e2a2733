"""Cheap play for the main game that still builds: the search player's rollout policy and
weighted random play (``random:weighted=true``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..actions import Action, BuildMonument, BuildWonder, PlaceBuilding, PlaceTile
from ..decisions import BuildingChoice, MonumentChoice, TreasureChoice, WonderChoice, WonderPoint
from ..engine import apply
from ..state import GameState
from ..views import PlayerView
from .heuristic import evaluate

__all__ = ["rollout_action", "weighted_action"]

_BUILDS: Final = (BuildingChoice, MonumentChoice, TreasureChoice, WonderChoice, WonderPoint)
"""The decisions a rollout answers by weighing every answer."""


def rollout_action(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """The rollout policy: a tile placement four times in five when one is legal and no
    decision is pending, else any legal action; the best-evaluated of two draws. A decision
    to build (a monument, a building, the wonder) or take a treasure weighs every answer, as
    :func:`~tigeuph.evaluation.settle.settle` does: a rollout that completes a cross builds the
    wonder when it pays, not one time in two."""
    seat = state.to_move
    assert seat is not None
    if state.pending is None:
        if rng.random() < 0.8:
            tiles = [a for a in legal if type(a) is PlaceTile]
            if tiles:
                legal = tuple(tiles)
    elif type(state.pending) in _BUILDS:
        return max(legal, key=lambda a: evaluate(apply(state, a))[seat])
    a, b = rng.choice(legal), rng.choice(legal)
    if a == b:
        return a
    return a if evaluate(apply(state, a))[seat] >= evaluate(apply(state, b))[seat] else b


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
