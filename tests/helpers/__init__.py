"""What the tests share: random games, agents named in agent specifications, a live server,
bots that misbehave on purpose, the main game's reference engine, and the project's paths.

A package on the tests' ``pythonpath`` (pyproject.toml): ``from helpers.games import
random_game``; an agent specification names its module the same way (``helpers.passers:Passer``).
"""

from __future__ import annotations

from typing import Any


def odd(value: object) -> Any:
    """*value*, typed so that mypy lets a test pass it where another type belongs."""
    return value
