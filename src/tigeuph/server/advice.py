"""Advice on demand for the seat to move: why an action is legal or refused and what it would
do (``GET /api/games/{id}/explain``), and what a greedy player would play, with the same
explanation of it (``GET /api/games/{id}/hint``).

Both answer the seat to move only, of its own actions: an explanation is worked out on the
whole state (:meth:`tigeuph.games.Presentation.explain`, as the terminal's ``explain`` does), and
explaining another seat's action could tell what that seat holds. A hint is chosen from the
seat's own view, as any agent's move is. Both are cheap (an explanation is one action applied;
the greedy player weighs each legal action once), and each client (an address, or an IPv6
/64) may ask for at most ``ServerLimits.advice`` a minute (``tigeuph.server.admission``); one
hint is worked out at a time, so a flood of them waits for nobody's action.
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final

from ..agents import Agent, make_agent
from ..core.errors import IllegalActionError
from ..games import AnyGame
from .errors import Malformed

__all__ = ["HINT_AGENT", "MAX_ACTION_TEXT", "explanation", "hint", "not_to_move"]

HINT_AGENT: Final = "greedy"
"""The agent whose move a hint is: the terminal's ``hint`` asks the same one."""
MAX_ACTION_TEXT: Final = 64
"""The longest action notation ``explain`` reads from its query."""


def not_to_move(game: AnyGame, seat: int, what: str) -> IllegalActionError:
    """The refusal of *what* asked by *seat* when another seat is to move, citing *game*'s
    own clause of whose turn it is (the main game's R5, Babel's B5)."""
    return IllegalActionError(game.facts.turn_clause, f"{what}: it is not seat {seat}'s turn")


def action_text(given: list[str]) -> str:
    """The ``action`` query parameter, read strictly.

    Raises:
        Malformed: it is missing, given twice or too long.
    """
    if len(given) != 1:
        raise Malformed("explain needs one action in notation: ?action=rE5")
    text = given[0].strip()
    if not text or len(text) > MAX_ACTION_TEXT:
        raise Malformed(f"action must be notation of 1 to {MAX_ACTION_TEXT} characters")
    return text


def explanation(game: AnyGame, state: Any, action: Any) -> dict[str, Any]:
    """*action* explained in *state*: its notation, whether it is legal, and the explanation
    in words."""
    return {
        "action": str(action),
        "legal": game.refusal(state, action) is None,
        "text": str(game.presentation.explain(state, action)),
    }


@functools.cache
def _adviser(name: str) -> Agent:
    return make_agent(HINT_AGENT, game=name)


def hint(game: AnyGame, state: Any, view: Any, seed: str) -> dict[str, Any]:
    """What the greedy player would play from *view* (the seat's view of *state*), its label,
    and why: what it gains the seat, in words checked on the board (``It scores you 1 red
    point (red 3 to 4).``, :meth:`~tigeuph.games.Presentation.gains`), then the move's
    explanation in *state*."""
    action = _adviser(game.facts.name).act(view, random.Random(seed))
    explained = explanation(game, state, action)
    gained = game.presentation.gains(state, action)
    if gained:
        explained["text"] = f"It {gained}. {explained['text']}"
    return {"agent": HINT_AGENT, "label": game.client.label(action), **explained}
