"""Agents by name: :func:`make_agent` parses an agent specification in one place.

A specification is a built-in name with optional keyword arguments, or a user's own factory.
Every built-in agent plays every game of :data:`tigeuph.GAMES` (it reaches the game through
its interface), so the names mean the same players whatever the game::

    random                        RandomAgent()
    random:weighted=true          RandomAgent(weighted=True)
    greedy                        GreedyAgent()
    mcts:iterations=400           MCTSAgent(iterations=400)
    mcts:seconds=1.5,iterations=1000
    mcts:backup=paranoid          MCTSAgent(backup="paranoid")
    mypkg.bots:make               mypkg.bots.make()
    mypkg.bots:make:depth=3       mypkg.bots.make(depth=3)
    external:node bots/bot.js     ExternalAgent("node bots/bot.js"): a program playing over
                                  the bot protocol (docs/protocol.rst)

Everything after ``external:`` is the bot's command line, split as a shell splits words (no
shell runs it). Values read as ``true``/``false``, whole numbers, decimals, or else text.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ..core.errors import ArgumentError, TigeuphError
from ..games import game_named
from .base import Agent, AgentSpecError
from .external import ExternalAgent, split_command
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .randomised import RandomAgent

__all__ = [
    "AGENT_NAMES",
    "EXTERNAL",
    "agents_for_seats",
    "make_agent",
    "parse_spec",
    "release_bots",
]

EXTERNAL: Final = "external"
"""The name of an external bot's specification, ``external:COMMAND``."""

_BUILT_IN: Final[dict[str, tuple[Callable[..., Agent], Mapping[str, type]]]] = {
    "random": (RandomAgent, {"weighted": bool}),
    "greedy": (GreedyAgent, {}),
    "mcts": (
        MCTSAgent,
        {
            "iterations": int,
            "seconds": float,
            "exploration": float,
            "rollout": int,
            "candidates": int,
            "widening": float,
            "backup": str,
        },
    ),
}

AGENT_NAMES: Final = tuple(_BUILT_IN)
"""The built-in agents' names, as :func:`make_agent` reads them; each plays every game."""

_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_INT: Final = re.compile(r"[+-]?[0-9]+\Z")


def _value(text: str) -> bool | int | float | str:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if _INT.match(text):
        return int(text)
    try:
        return float(text)
    except ValueError:
        return text


def _keywords(spec: str, text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in text.split(","):
        name, equals, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not equals or not _NAME.match(name) or not value:
            raise AgentSpecError(f"agent {spec!r}: expected name=value, not {part.strip()!r}")
        if name in out:
            raise AgentSpecError(f"agent {spec!r}: {name} given twice")
        out[name] = _value(value)
    return out


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """The agent a specification names (a built-in name, or ``module:factory``) and its
    keyword arguments.

    >>> parse_spec("mcts:seconds=1.5,iterations=1000")
    ('mcts', {'seconds': 1.5, 'iterations': 1000})
    >>> parse_spec("mypkg.bots:make:depth=3")
    ('mypkg.bots:make', {'depth': 3})
    >>> parse_spec("external:node bots/bot.js")
    ('external', {'command': 'node bots/bot.js'})

    Raises:
        AgentSpecError: the text is not a specification.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError(f"an empty agent specification: {spec!r}")
    spec = spec.strip()
    head, _, rest = spec.partition(":")
    if head == EXTERNAL:
        try:
            split_command(rest, f"agent {spec!r}")
        except TigeuphError as err:
            raise AgentSpecError(f"{err}: external:COMMAND names the bot's command") from None
        return EXTERNAL, {"command": rest.strip()}
    if head in _BUILT_IN:
        return head, _keywords(spec, rest) if rest else {}
    factory, _, args = rest.partition(":")
    modules = head.split(".")
    if not rest or not all(_NAME.match(m) for m in modules):
        raise AgentSpecError(
            f"unknown agent {spec!r}: choose from {', '.join(AGENT_NAMES)}, or name your own "
            "as module:factory or a program as external:COMMAND"
        )
    if not all(_NAME.match(p) for p in factory.split(".")):
        raise AgentSpecError(f"agent {spec!r}: {factory!r} is not a factory's name")
    return f"{head}:{factory}", _keywords(spec, args) if args else {}


def make_agent(spec: str, game: str = "tigris") -> Agent:
    """The agent *spec* names (see the module docstring), to play *game* (a name of
    :data:`tigeuph.GAMES`: ``tigris`` or ``babel``).

    Every built-in agent plays every game, with the same arguments (``mcts`` takes those of
    :class:`~tigeuph.agents.MCTSAgent` in Babel too); *game* is checked, so that a command
    line's bad game is refused with the agents. A built-in agent's arguments are checked by
    name and type; a user's ``module:factory`` is imported and called with the arguments, and
    what it returns must have an ``act`` method. ``external:COMMAND`` makes an
    :class:`~tigeuph.agents.ExternalAgent`, whose bot starts at its first decision.

    >>> make_agent("random:weighted=true")
    RandomAgent(weighted=True)
    >>> make_agent("mcts:iterations=50", game="babel")
    MCTSAgent(iterations=50)

    Raises:
        AgentSpecError: the specification names no agent, or its arguments do not fit, or
            *game* is no game.
    """
    try:
        game_named(game, "make_agent: game")
    except ArgumentError as err:
        raise AgentSpecError(str(err)) from None
    name, kwargs = parse_spec(spec)
    if name == EXTERNAL:
        return ExternalAgent(kwargs["command"])  # started at its first decision
    if name in _BUILT_IN:
        make, types = _BUILT_IN[name]
        for key, value in kwargs.items():
            if key not in types:
                known = ", ".join(types) or "none"
                raise AgentSpecError(f"agent {spec!r}: {name} takes no {key!r} (it takes {known})")
            wanted = types[key]
            if wanted is float and type(value) is int:
                kwargs[key] = value = float(value)
            if type(value) is not wanted:
                raise AgentSpecError(
                    f"agent {spec!r}: {key} must be {_TYPE_WORDS[wanted]}, not {value!r}"
                )
        built: Agent = _call(spec, make, kwargs)
        return built
    module_name, _, attribute = name.partition(":")
    target: Any = _import(spec, module_name)
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise AgentSpecError(f"agent {spec!r}: {module_name} has no {attribute}")
        target = getattr(target, part)
    if not callable(target):
        raise AgentSpecError(f"agent {spec!r}: {attribute} is not callable")
    agent = _call(spec, target, kwargs)
    if not callable(getattr(agent, "act", None)):
        raise AgentSpecError(
            f"agent {spec!r}: {attribute} returned {type(agent).__name__}, which has no act method"
        )
    checked: Agent = agent
    return checked


_TYPE_WORDS: Final[Mapping[type, str]] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "text",
}


def _import(spec: str, module_name: str) -> Any:
    """The module an agent specification names, found as ``python -m`` finds one: on the path,
    else in the current folder (added at the end of ``sys.path``, so that nothing there hides
    a module of the path, and inherited by worker processes).

    Raises:
        AgentSpecError: it cannot be imported; the message says how to make it importable.
    """
    top = module_name.partition(".")[0]
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        here = os.getcwd()
        in_folder = os.path.exists(os.path.join(here, top + ".py")) or os.path.isdir(
            os.path.join(here, top)
        )
        if err.name != top or not in_folder or here in sys.path:
            raise AgentSpecError(
                f"agent {spec!r}: cannot import {module_name}: {err} (your own agent's module "
                "must be importable: run from the folder that holds it, or add that folder to "
                "PYTHONPATH)"
            ) from None
        sys.path.append(here)
        return _import(spec, module_name)
    except ImportError as err:
        raise AgentSpecError(f"agent {spec!r}: cannot import {module_name}: {err}") from None


def _call(spec: str, make: Callable[..., Any], kwargs: dict[str, Any]) -> Any:
    try:
        inspect.signature(make).bind(**kwargs)
    except TypeError as err:
        raise AgentSpecError(f"agent {spec!r}: {err}") from None
    except ValueError:  # no signature to inspect (a builtin): let the call speak
        pass
    try:
        return make(**kwargs)
    except (TypeError, ValueError) as err:
        raise AgentSpecError(f"agent {spec!r}: {err}") from None


_KEPT: Final[dict[tuple[str, int], ExternalAgent]] = {}
"""The external bots of this process, kept running from game to game: by specification, and
by which of the game's seats with that specification it plays (first, second...)."""


def agents_for_seats(specs: Sequence[str], game: str = "tigris") -> list[Agent]:
    """The agents of one game's seats, ``specs[i]`` at seat *i*, for runners that play game
    after game (the arena, the simulator): each built by :func:`~tigeuph.agents.make_agent`,
    but an external bot (``external:COMMAND``) is kept in this process from game to game, so
    that one bot process serves them all (two seats of one game with the same command get two
    processes).
    :func:`release_bots` stops them.

    Raises:
        AgentSpecError: as :func:`~tigeuph.agents.make_agent`.
    """
    seen: Counter[str] = Counter()
    agents: list[Agent] = []
    for spec in specs:
        name, kwargs = parse_spec(spec)
        if name != EXTERNAL:
            agents.append(make_agent(spec, game=game))
            continue
        key = (kwargs["command"], seen[kwargs["command"]])
        seen[kwargs["command"]] += 1
        if key not in _KEPT:
            _KEPT[key] = ExternalAgent(kwargs["command"])
        agents.append(_KEPT[key])
    return agents


def release_bots() -> None:
    """Stop every external bot :func:`agents_for_seats` keeps in this process (each is reaped)."""
    while _KEPT:
        _KEPT.popitem()[1].close()
