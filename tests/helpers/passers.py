"""An agent that passes whenever it may, named ``helpers.passers:Passer`` in agent
specifications: two of them stall a game at once (spec D8)."""

from __future__ import annotations

import random
import time

import tigeuph


class Passer:
    """Passes whenever passing is legal (in any game whose notation has ``pass``), else plays
    the first legal action: a table of these stalls (spec D8)."""

    def __repr__(self) -> str:
        return "Passer()"

    def act(self, view: tigeuph.PlayerView, rng: random.Random) -> tigeuph.Action:
        passing = [action for action in view.legal if str(action) == "pass"]
        return (passing or list(view.legal))[0]


Task = tuple[str, str, str, int, str, str]
"""A server's agent task (``tigeuph.server.agents.Task``)."""


def think(task: Task) -> str:
    """A server's agent move (``tigeuph.server.agents.think``) by a :class:`Passer`, whatever
    the seat's agent: tests put it in the place of the server's own to stall a game."""
    _, state_json, _, seat, _, game = task
    assert game == "tigris"
    seen = tigeuph.view(tigeuph.state_from_json(state_json), seat)
    return str(Passer().act(seen, random.Random(0)))


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
    spec, state_json, _, _, seed, name = task
    if spec.startswith("mcts"):
        time.sleep(1.0)
    game = tigeuph.GAMES[name]
    return str(random.Random(seed).choice(game.legal_actions(game.state_from_json(state_json))))
