"""The random player: a baseline that knows the rules and nothing else, in every game.

Named ``randomised`` so as not to shadow the standard library's :mod:`random`.
"""

from __future__ import annotations

import random
from typing import Any

from ..games import game_of

__all__ = ["RandomAgent"]


class RandomAgent:
    """Plays a legal action drawn from *rng*: uniformly, or with *weighted* as the game's
    builder plays (its ``weighted_action``, :class:`~tigeuph.GameInterface`): in the main game
    it builds whenever a building, the wonder or a monument is offered and otherwise places a
    tile four times in five when it may; in Babel it builds or uses an ability whenever it can
    and otherwise colonises four times in five (``random:weighted=true`` to the simulator and
    the arena).

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

    def act(self, view: Any, rng: random.Random) -> Any:
        """A legal action of *view*, drawn from *rng*."""
        if not self.weighted:
            return rng.choice(view.legal)
        return game_of(view).evaluation.weighted_action(view, rng)
