"""The start page (``GET /``): the board's HTML with the server's own choices filled in, so the
browser board names no game's variants and no agent itself.

The page offers each game of :data:`tigeuph.GAMES` (its numbers of players and default), the
variant switches each game's client words declare
(:attr:`~tigeuph.games.ClientExtras.words`, ``switches``), and the seats this server accepts:
a person, the library's agents, and the bots its operator allows (``external:N``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from importlib import resources

from ..games import GAMES
from .seats import seat_choices

__all__ = ["start_page"]


def _attributes(data: dict[str, str]) -> str:
    return " ".join(f'{key}="{html.escape(value)}"' for key, value in data.items())


def _game_options() -> str:
    """The choice of game: each game with its numbers of players and its default."""
    options = []
    for game in GAMES.values():
        data = {
            "value": game.facts.name,
            "data-players": ",".join(map(str, game.facts.players)),
            "data-default": str(game.facts.default_players),
        }
        options.append(f"<option {_attributes(data)}>{html.escape(game.facts.title)}</option>")
    return "".join(options)


def _switches() -> str:
    """One checkbox for each variant switch of each game, shown while its game is chosen; a
    checked box sets its ``rule`` to its ``value`` (JSON) in the game's request."""
    labels = []
    for game in GAMES.values():
        for switch in game.client.words.get("switches", ()):
            box = _attributes(
                {
                    "type": "checkbox",
                    "name": f"{game.facts.name}.{switch['rule']}",
                    "data-rule": switch["rule"],
                    "data-value": json.dumps(switch["value"]),
                }
            )
            wrap = _attributes({"data-game": game.facts.name, "data-rule": switch["rule"]})
            labels.append(f"<label {wrap}><input {box}> {html.escape(switch['label'])}</label>")
    return "\n      ".join(labels)


def start_page(external: Sequence[str]) -> str:
    """The board's page for a server that plays the operator's bots *external*."""
    text = resources.files(__package__).joinpath("static/index.html").read_text("utf-8")
    seats = html.escape(",".join(seat_choices(external)))
    return (
        text.replace("<!-- games -->", _game_options(), 1)
        .replace("<!-- switches -->", _switches(), 1)
        .replace('data-seats=""', f'data-seats="{seats}"', 1)
    )
