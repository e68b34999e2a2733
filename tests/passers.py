"""An agent that passes whenever it may, named ``passers:Passer`` in agent specifications: two
of them stall a game at once (spec D8)."""

from __future__ import annotations

import random

import tigeuph

PASS = tigeuph.parse_action("pass")


class Passer:
    """Ends its turn at once; answers every other decision with its first legal action."""

    def __repr__(self) -> str:
        return "Passer()"

    def act(self, view: tigeuph.PlayerView, rng: random.Random) -> tigeuph.Action:
        return PASS if PASS in view.legal else view.legal[0]
