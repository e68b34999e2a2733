"""Random play for Babel that still builds: :func:`builder`, the policy the soak, the simulator
and the search player's rollouts use (issue 19)."""

from __future__ import annotations

import random
from typing import Final

from .actions import Action, Build, Colonise, Destroy, Expel, Halve, SkipBuild, Steal, Switch
from .engine import legal_actions
from .state import BabelState

__all__ = ["builder"]

_BUILDS: Final = (Build, SkipBuild, Steal, Destroy, Expel, Switch, Halve)


def builder(state: BabelState, rng: random.Random) -> Action:
    """A legal action drawn from *rng* that builds or uses an ability when it can, else
    colonises four times in five: random play that still reaches wins by score."""
    legal = legal_actions(state)
    if state.pending is None:
        builds = [a for a in legal if isinstance(a, _BUILDS)]
        if builds:
            return rng.choice(builds)
        settle = [a for a in legal if isinstance(a, Colonise)]
        if settle and rng.randrange(5) < 4:
            return rng.choice(settle)
    return rng.choice(legal)
