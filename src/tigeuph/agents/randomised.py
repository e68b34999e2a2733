"""The random player: a baseline that knows the rules and nothing else.

Named ``randomised`` so as not to shadow the standard library's :mod:`random`.
"""

from __future__ import annotations

import random

from ..actions import Action, BuildMonument, BuildWonder, PlaceBuilding, PlaceTile
from ..decisions import BuildingChoice, MonumentChoice, WonderChoice
from ..views import PlayerView

__all__ = ["RandomAgent"]

_BUILD_CHOICES = (BuildingChoice, WonderChoice, MonumentChoice)
_BUILDS = (PlaceBuilding, BuildWonder, BuildMonument)


class RandomAgent:
    """Plays a legal action drawn from *rng*: uniformly, or with *weighted* as a builder, which
    builds whenever a building, the wonder or a monument is offered and otherwise places a tile
    four times in five when it may (``random:weighted=true`` to the simulator and the arena).

    Strength: the floor; :class:`~tigeuph.agents.GreedyAgent` beats it in nearly every game.
    Speed: the cost of listing the legal actions, well under a millisecond a move.

    >>> import random, tigeuph
    >>> view = tigeuph.Game.new(2, seed=5).view(0)
    >>> RandomAgent().act(view, random.Random(1)) in view.legal
    True
    """

    __slots__ = ("weighted",)

    def __init__(self, weighted: bool = False) -> None:
        self.weighted = weighted

    def __repr__(self) -> str:
        return f"RandomAgent(weighted={self.weighted})"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """A legal action of *view*, drawn from *rng*."""
        legal = view.legal
        if not self.weighted:
            return rng.choice(legal)
        if isinstance(view.pending, _BUILD_CHOICES):
            builds = [a for a in legal if isinstance(a, _BUILDS)]
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
