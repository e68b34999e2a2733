"""Random play for Babel that still builds: :func:`builder`, the policy of the soak, the
simulator, weighted random play and the search player's rollouts (issue 19)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..engine import legal_actions
from ..model.actions import Action, Build, Colonise, Destroy, Expel, Halve, SkipBuild, Steal, Switch
from ..model.state import BabelState, Halving

__all__ = ["builder", "choose"]

_BUILDS: Final = (Build, SkipBuild, Steal, Destroy, Expel, Switch, Halve)


def choose(legal: Sequence[Action], pending: Halving | None, rng: random.Random) -> Action:
    """An action of *legal* drawn from *rng* that builds or uses an ability when it can, else
    colonises four times in five: random play that still reaches wins by score. *pending* is
    the decision the position waits for (a halved player's discard), answered at random."""
    if pending is None:
        builds = [a for a in legal if isinstance(a, _BUILDS)]
        if builds:
            return rng.choice(builds)
        settle = [a for a in legal if isinstance(a, Colonise)]
        if settle and rng.randrange(5) < 4:
            return rng.choice(settle)
    return rng.choice(legal)


def builder(state: BabelState, rng: random.Random) -> Action:
    """:func:`choose` among *state*'s legal actions."""
    return choose(legal_actions(state), state.pending, rng)
