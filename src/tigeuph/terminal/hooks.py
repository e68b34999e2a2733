"""The few things the terminal asks of a game for people beyond its description: the help on
its action notation, a word for each kind of action, and the seats' names in its description.

These are the game interface's hooks ``notation_help()``, ``action_kind(action)`` and
``describe(..., names=...)`` where the interface has them (each game's text lives in its
``describe`` module); a game without them gets a plain stand-in, so the terminal works for any
game and never asks which game it plays.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

from ..games import AnyGame
from .prompt import help_text

__all__ = ["action_kinds", "describe", "help_for"]


def help_for(game: AnyGame) -> str:
    """The help a player of *game* gets with ``?``: its action notation, then the commands."""
    hook = getattr(game, "notation_help", None)
    if callable(hook):
        return help_text(str(hook()))
    return help_text(f"  (the actions of {game.title} in its notation: 'legal' lists yours)")


def action_kinds(game: AnyGame) -> Callable[[Any], str]:
    """*game*'s word for an action's kind, to group a list of legal actions (the first
    character of its notation where the game has no words)."""
    hook = getattr(game, "action_kind", None)
    if callable(hook):
        return lambda action: str(hook(action))
    return lambda action: str(action)[:1]


def describe(
    game: AnyGame, position: Any, *, last: Any = None, names: Sequence[str] | None = None
) -> str:
    """*game*'s description of *position* (a state or a view), *last* marked, the seats named
    by *names* where the game's description takes them."""
    describe: Callable[..., str] = game.describe
    if names is not None and "names" in inspect.signature(describe).parameters:
        return describe(position, last=last, names=names)
    return describe(position, last=last)
