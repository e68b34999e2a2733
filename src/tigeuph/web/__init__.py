"""The engine behind the site's live pages, run in the reader's browser by Pyodide (issue 39).

The documentation's casebook pages and its board that needs no server start Pyodide in a Web
Worker, install this package from the site's own files and talk to it through :func:`handle`:
one JSON request (``{"call": "run", "args": {...}}``) in, one JSON answer (``{"ok": true,
"result": ...}`` or ``{"ok": false, "error": "..."}``) out, so that the worker passes strings
only. The calls are the methods of a page's :class:`Session`: its casebook panel
(:class:`~tigeuph.web.panel.Panel`) and its game (:class:`~tigeuph.web.table.Table`). Nothing
here does input or output; native Python runs it the same (the tests do).

>>> import json
>>> from tigeuph import web
>>> answer = json.loads(web.handle('{"call": "games"}'))
>>> answer["ok"], [game["name"] for game in answer["result"]]
(True, ['tigris', 'babel'])
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, Final

from ..core.errors import TigeuphError
from ..games import GAMES
from .panel import Panel
from .table import Table, games

__all__ = ["Session", "handle", "warm"]


class Session:
    """What one page holds: its panel and its game, and the calls a page may make."""

    def __init__(self) -> None:
        self.panel = Panel()
        self.table = Table()
        self.calls: Final[dict[str, Callable[..., Any]]] = {
            "games": games,
            "run": self.panel.run,
            "try": self.panel.explain,
            "extend": self.panel.extend,
            "start": self.table.start,
            "step": self.table.step,
            "play": self.table.play,
            "explain": self.table.explain,
            "hint": self.table.hint,
            "undo": self.table.undo,
            "aids": self.table.show_aids,
            "record": self.table.record_text,
            "shown": self.table.shown,
        }

    def handle(self, request: str) -> str:
        """Answer the JSON *request*; an error of the library is an answer too."""
        try:
            asked = json.loads(request)
            call = self.calls.get(str(asked.get("call"))) if isinstance(asked, dict) else None
            if call is None:
                raise TigeuphError(f"no such call: {str(request)[:60]!r}")
            args = asked.get("args") or {}
            if not isinstance(args, dict):
                raise TigeuphError("a call's args are an object")
            result = call(**args)
        except TigeuphError as err:
            return json.dumps({"ok": False, "error": str(err)})
        except (TypeError, ValueError) as err:
            return json.dumps({"ok": False, "error": f"bad request: {err}"})
        return json.dumps({"ok": True, "result": result})


_SESSION: Final = Session()


def handle(request: str) -> str:
    """Answer the JSON *request* for the page (its one :class:`Session`)."""
    return _SESSION.handle(request)


def warm() -> None:
    """Import and run once what a page's first click would wait for: every game's pictures,
    explanations, greedy evaluation and position notation."""
    from ..agents import make_agent

    for name in GAMES:
        game = GAMES[name]
        state = game.new_game(game.facts.default_players, seed=1)
        action = game.legal_actions(state)[0]
        game.presentation.picture(state, size=None, last=action)
        game.presentation.explain(state, action)
        game.from_text(game.to_text(state))
        make_agent("greedy", game=name).act(game.view(state, state.to_move), random.Random(0))
