"""Tigris & Euphrates as a PettingZoo AEC environment: :func:`env` and :class:`raw_env`.

Agents ``player_0`` … ``player_{n-1}`` in seat order; the agent selected is the one who must
decide now (the active player, a player committing support, a trader's owner, spec R6). Each
observation is a dict: ``"observation"``, the agent's view as :func:`tigeuph.observation`
(float32, ``docs/adapters.rst``), and ``"action_mask"``, :func:`tigeuph.legal_mask` as int8
(all zero for an agent not to move). Actions are the ids of :mod:`tigeuph.tigris.learning.encoding`.
The reward comes at the end: :func:`tigeuph.returns` (zero-sum, the winners share a win). A game cut
off after ``max_moves`` actions is truncated, with no reward. The bag is shuffled from the seed
given to ``reset``, so a seeded episode replays.

>>> from tigeuph.adapters.pettingzoo import env
>>> e = env(players=3, buildings=True)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum()) > 0
('player_0', (7142,), True)

:func:`env` wraps :class:`raw_env` in PettingZoo's usual wrappers: an illegal action ends the
game with a reward of -1 for its player (``TerminateIllegalWrapper``), out-of-range actions
are refused, and the API's order is enforced. Needs the ``pettingzoo`` extra.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import IllegalActionError
from ..core.extras import require
from ..tigris.engine.apply import apply
from ..tigris.learning.encoding import ACTION_COUNT, id_to_action, legal_mask
from ..tigris.learning.tensors import observation, observation_size, returns
from ..tigris.model.ruleset import Rules
from ..tigris.model.state import GameState, new_game
from ..tigris.notation import to_text
from ..tigris.views import view
from .common import make_rules

require("numpy", "pettingzoo")  # a missing extra raises one TigeuphError naming it
require("pettingzoo", "pettingzoo")
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

__all__ = ["env", "raw_env"]

HIGH: Final = float(np.finfo(np.float32).max)
"""The observation space's upper bound: counts and points have no smaller one."""


def observation_spaces(rules: Rules) -> spaces.Dict:
    """The space of one agent's observation under *rules*: the array and the action mask."""
    size = observation_size(rules.board)
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, HIGH, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
        }
    )


def env(**kwargs: Any) -> AECEnv:
    """A :class:`raw_env` in PettingZoo's usual wrappers (see the module's docstring)."""
    out: AECEnv = raw_env(**kwargs)
    out = wrappers.TerminateIllegalWrapper(out, illegal_reward=-1)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment. Keyword arguments: ``players`` (2 to 4, default 2), ``board``
    (``"standard"``, ``"advanced"`` or a board file's path), the rules switches
    (``english_reinforcement``, ``buildings``, ``wonder``, ``open_scoring``, spec R28-R32),
    ``max_moves`` (default 1000) and ``render_mode`` (``"ansi"`` returns the position as
    text, ``"human"`` prints it)."""

    metadata: Final = {
        "render_modes": ["ansi", "human"],
        "name": "tigeuph_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        board: str = "standard",
        *,
        english_reinforcement: bool = False,
        buildings: bool = False,
        wonder: bool = False,
        open_scoring: bool = False,
        max_moves: int = 1000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = make_rules(
            players,
            board,
            english_reinforcement=english_reinforcement,
            buildings=buildings,
            wonder=wonder,
            open_scoring=open_scoring,
        )
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {a: observation_spaces(self.rules) for a in self.agents}
        self.action_spaces = {a: spaces.Discrete(ACTION_COUNT) for a in self.agents}
        self._rng = np.random.default_rng()
        self.state: GameState = new_game(players, seed=0, rules=self.rules)
        self.moves = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of *agent* (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of *agent*: every action id."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, its bag shuffled from *seed* (or from the generator a seed set)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(2**63))
        self.state = new_game(self.rules.players, seed=game_seed, rules=self.rules)
        self.moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._to_move()]

    def _to_move(self) -> int:
        mover = self.state.to_move
        return self.state.active if mover is None else mover

    def observe(self, agent: str) -> dict[str, Any]:
        """*agent*'s observation: its view's array and its action mask."""
        seen = view(self.state, self.possible_agents.index(agent))
        mask = np.frombuffer(legal_mask(seen), dtype=np.int8).copy()
        return {"observation": observation(seen), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent takes the action whose id is *action* (``None`` once it is done).

        Raises:
            IllegalActionError: the action is illegal (:func:`env` ends the game instead).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            raise IllegalActionError("R6", f"{agent} must act: None is for finished agents")
        self.state = apply(self.state, id_to_action(int(action)))
        self.moves += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_over:
            result = returns(self.state)
            self.rewards = {a: result[seat] for seat, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.moves >= self.max_moves:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[self._to_move()]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position as text (``"ansi"``), printed too under ``"human"``."""
        text = to_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
