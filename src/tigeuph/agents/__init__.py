"""Players: the agent protocol, random, greedy and search agents, and games between them,
written once for every game of :data:`tigeuph.GAMES`.

An :class:`~tigeuph.Agent` answers ``act(view, rng)`` with an action, seeing only its own view;
:func:`~tigeuph.play` plays one game between agents and returns its whole record;
:func:`make_agent` builds an agent from a specification such as ``"mcts:iterations=400"``.
The built-in agents reach the game through its interface (:class:`~tigeuph.GameInterface`), so
each plays every game; :class:`ExternalAgent` plays a program in any language over the bot
protocol (``docs/protocol.rst``). ``tigeuph arena`` plays tournaments. Strength and speed of
each agent: ``docs/agents.rst``.

>>> import tigeuph
>>> from tigeuph.agents import make_agent
>>> game = tigeuph.play([make_agent("random"), make_agent("random:weighted=true")], seed=1)
>>> game.state.is_over
True
>>> babel = tigeuph.play([make_agent("greedy"), make_agent("random")], game="babel", seed=1)
>>> babel.state.is_over
True
"""

from .base import Agent, AgentError, AgentSpecError, FunctionAgent, agent_from_function
from .external import BotError, ExternalAgent
from .factory import AGENT_NAMES, make_agent, parse_spec
from .greedy import GreedyAgent
from .match import agent_rng, play
from .mcts import MCTSAgent
from .notices import GameEnd
from .randomised import RandomAgent

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "AgentError",
    "AgentSpecError",
    "BotError",
    "ExternalAgent",
    "FunctionAgent",
    "GameEnd",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "agent_from_function",
    "agent_rng",
    "make_agent",
    "parse_spec",
    "play",
]
