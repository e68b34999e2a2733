"""Agent factories for the tests of ``module:factory`` specifications
(tests/players/test_agents.py)."""

from __future__ import annotations

import random

from helpers.passers import Passer
from tigeuph import Action, PlayerView


class FirstAgent:
    """Plays any legal action but the first *nth* (the first is often ``pass``, and a game of
    passes never ends)."""

    def __init__(self, nth: int = 0) -> None:
        self.nth = nth

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(view.legal[self.nth :] or view.legal)


def make(nth: int = 0) -> FirstAgent:
    """A :class:`FirstAgent`."""
    return FirstAgent(nth)


def not_an_agent() -> str:
    """Something without ``act``."""
    return "hello"


class Broken:
    """Raises on its first decision."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        raise RuntimeError("broken on purpose")


def passer() -> Passer:
    """A :class:`~helpers.passers.Passer`."""
    return Passer()
