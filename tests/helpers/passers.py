"""An agent that passes whenever it may, named ``helpers.passers:Passer`` in agent
specifications: two of them stall a game at once (spec D8)."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

import tigeuph

if TYPE_CHECKING:
    from tigeuph.server.agents import Task


class Passer:
    """Passes whenever passing is legal (in any game whose notation has ``pass``), else plays
    the first legal action: a table of these stalls (spec D8)."""

    def __repr__(self) -> str:
        return "Passer()"

    def act(self, view: tigeuph.PlayerView, rng: random.Random) -> tigeuph.Action:
        passing = [action for action in view.legal if str(action) == "pass"]
        return (passing or list(view.legal))[0]


def think(task: Task) -> str:
    """A server's agent move (``tigeuph.server.agents.think``) by a :class:`Passer`, whatever
    the seat's agent: tests put it in the place of the server's own to stall a game."""
    assert task.game == "tigris"
    return str(Passer().act(task.view, random.Random(0)))


def never(task: Task) -> str:
    """A server's agent move that never comes: tests put it in the place of the server's own
    (``tigeuph.server.agents.think``) to see a worker overrun its budget."""
    time.sleep(3600)
    return "pass"


def fails(task: Task) -> str:
    """A server's agent move that raises, as a broken agent would."""
    raise RuntimeError("this agent is broken")


def illegal(task: Task) -> str:
    """A server's agent move the rules refuse: a tile on a cell that does not exist."""
    return "rZ99"


def slow_search(task: Task) -> str:
    """A server's agent move: a random legal action, after a second's thought for a search
    (``mcts``) and at once for any other agent; tests put it in the place of the server's own
    to see whose moves wait for whose."""
    if task.spec.startswith("mcts"):
        time.sleep(1.0)
    return str(random.Random(task.seed).choice(task.view.legal))
