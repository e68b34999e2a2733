"""Tigris & Euphrates as a single-agent Gymnasium environment: one seat against built-in agents.

Importing this module registers ``tigeuph/TigrisEuphrates-v0``:

>>> import gymnasium as gym
>>> import tigeuph.adapters.gymnasium
>>> env = gym.make("tigeuph/TigrisEuphrates-v0", players=3, opponents="greedy")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].shape, int(info["action_mask"].sum()) > 0
((7142,), (3400,), True)

The learner plays seat ``seat`` (default 0); the other seats are agents of
:mod:`tigeuph.agents`, given as specifications (``"random"``, ``"greedy"``,
``"mcts:iterations=100"``, see :func:`~tigeuph.agents.make_agent`) or as agent objects, one
for all or one per other seat. Each step plays the learner's action, then the opponents' until
the learner must decide again (his own decisions, such as committing support, come back to
him) or the game ends. Opponents see their own view with its public history, as in
:func:`tigeuph.play`, and draw their randomness from generators seeded from the episode's seed.

Observations are :func:`tigeuph.observation` of the learner's view (float32,
``docs/adapters.rst``). Actions are the ids of :mod:`tigeuph.tigris.learning.encoding`; the legal
ones are in ``info["action_mask"]`` (int8) and :meth:`TigrisEuphratesEnv.action_masks` (bool, the
form MaskablePPO of sb3-contrib reads). An illegal action ends the episode with a reward of -1 and
``info["illegal_action"]`` set. The reward is 0 until the end, then the learner's
:func:`tigeuph.returns`. The episode is truncated after ``max_moves`` actions of all players
(default 1000). Needs the ``gymnasium`` extra.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from attrs import evolve

from ..agents import Agent, make_agent
from ..agents.match import agent_rng
from ..core.extras import require
from ..tigris.engine.apply import transition
from ..tigris.engine.legal import legal_actions
from ..tigris.learning.encoding import ACTION_COUNT, id_to_action, legal_mask
from ..tigris.learning.tensors import observation, observation_size, returns
from ..tigris.model.actions import Action
from ..tigris.model.state import GameState, new_game
from ..tigris.notation import to_text
from ..tigris.views import PublicAction, history, view
from .common import make_rules

require("numpy", "gymnasium")  # a missing extra raises one TigeuphError naming it
require("gymnasium", "gymnasium")
import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

__all__ = ["ENV_ID", "TigrisEuphratesEnv"]

ENV_ID: Final = "tigeuph/TigrisEuphrates-v0"
HIGH: Final = float(np.finfo(np.float32).max)

Observation = Any  # a float32 array, see tigeuph.tigris.learning.tensors


class TigrisEuphratesEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a game against built-in agents (see the module's docstring).

    Keyword arguments: ``players`` (2 to 4, default 2), ``seat`` (the learner's, default 0),
    ``opponents`` (a specification or agent, or one per other seat in seat order; default
    ``"random"``), ``board`` (``"standard"``, ``"advanced"`` or a board file's path), the
    rules switches (``english_reinforcement``, ``buildings``, ``wonder``, ``open_scoring``,
    spec R28-R32), ``max_moves`` and ``render_mode`` (``"ansi"``).

    Raises:
        ValueError: *seat* is not a seat of the game, or the opponents are not one or one
            per other seat.
        AgentSpecError: an opponent's specification cannot be read.
        BoardError: the board is neither standard nor advanced.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (read from the class)

    def __init__(
        self,
        players: int = 2,
        seat: int = 0,
        opponents: str | Agent | Sequence[str | Agent] = "random",
        board: str = "standard",
        *,
        english_reinforcement: bool = False,
        buildings: bool = False,
        wonder: bool = False,
        open_scoring: bool = False,
        max_moves: int = 1000,
        render_mode: str | None = None,
    ) -> None:
        self.rules = make_rules(
            players,
            board,
            english_reinforcement=english_reinforcement,
            buildings=buildings,
            wonder=wonder,
            open_scoring=open_scoring,
        )
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player game")
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        given = [opponents] if isinstance(opponents, str | Agent) else list(opponents)
        if len(given) == 1:
            given = given * len(others)
        if len(given) != len(others):
            raise ValueError(f"{len(given)} opponents for {len(others)} other seats")
        self.opponents: dict[int, Agent] = {
            s: make_agent(a) if isinstance(a, str) else a
            for s, a in zip(others, given, strict=True)
        }
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            0.0, HIGH, (observation_size(self.rules.board),), np.float32
        )
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self.state: GameState = new_game(players, seed=0, rules=self.rules)
        self.moves = 0
        self._rngs: dict[int, random.Random] = {}
        self._public: list[list[PublicAction]] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game, dealt from the environment's generator (seeded by *seed*); the
        opponents before the learner play their turns first."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self.state = new_game(self.rules.players, seed=game_seed, rules=self.rules)
        self.moves = 0
        self._rngs = {s: agent_rng(game_seed, s) for s in self.opponents}
        self._public = [[] for _ in range(self.rules.players)]
        self._opponents_play()
        return self._observe(), self._info()

    def step(self, action: int | np.int64) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the opponents' until the learner must decide."""
        chosen = id_to_action(int(action))
        if chosen not in legal_actions(self.state):
            info = {**self._info(), "illegal_action": True}
            return self._observe(), -1.0, True, False, info
        self._play(chosen)
        self._opponents_play()
        over = self.state.is_over
        reward = returns(self.state)[self.seat] if over else 0.0
        truncated = not over and self.moves >= self.max_moves
        return self._observe(), reward, over, truncated, self._info()

    def action_masks(self) -> Any:
        """The legal actions now, as a bool array over the action ids."""
        return np.frombuffer(legal_mask(self.state), dtype=bool).copy()

    def render(self) -> str | None:
        """The position as text (render mode ``"ansi"``)."""
        return to_text(self.state) if self.render_mode == "ansi" else None

    def _play(self, action: Action) -> None:
        before = self.state
        self.state, told = transition(before, action)  # told once, seen by every seat
        self.moves += 1
        for seat, public in enumerate(self._public):
            public += history((before, self.state), (action,), seat, (told,))

    def _opponents_play(self) -> None:
        while self.moves < self.max_moves:
            seat = self.state.to_move
            if seat is None or seat == self.seat:
                return
            seen = evolve(view(self.state, seat), history=tuple(self._public[seat]))
            self._play(self.opponents[seat].act(seen, self._rngs[seat]))

    def _observe(self) -> Observation:
        return observation(view(self.state, self.seat))

    def _info(self) -> dict[str, Any]:
        mask = np.frombuffer(legal_mask(view(self.state, self.seat)), dtype=np.int8).copy()
        return {"action_mask": mask, "to_move": self.state.to_move, "moves": self.moves}


gymnasium.register(id=ENV_ID, entry_point="tigeuph.adapters.gymnasium:TigrisEuphratesEnv")
