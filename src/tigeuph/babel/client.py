"""What a client (the browser board) gets of Babel beyond the game interface
(:data:`BABEL_CLIENT`, Babel's ``client``): each move in words, as its rules say it (spec
B12-B27), and where on its picture the moves a player makes with one card are clicked.

A page shows ``>H`` as "Travel to the Hittites"; a travel is clicked on its location in the
picture's band, a colonise on its card in the player's hand (:mod:`tigeuph.babel.pictures`
marks both); every other move is a button in words.

>>> from tigeuph.babel.model.actions import parse_action
>>> BABEL_CLIENT.label(parse_action(">H"))
'Travel to the Hittites (discard a Hittite card)'
>>> BABEL_CLIENT.move(parse_action("+A"))
{'target': '.hand-cards.A'}
"""

from __future__ import annotations

from typing import Any, Final

from ..core.interface.client import ClientExtras
from .model.actions import (
    Action,
    Build,
    Colonise,
    Destroy,
    Discard,
    EndTurn,
    Expel,
    Halve,
    Migrate,
    SkipBuild,
    Steal,
    Switch,
    Travel,
)
from .model.cards import NATIONS, Nation

__all__ = ["BABEL_CLIENT", "BabelClient", "label"]

_ONE: Final = {
    Nation.HITTITES: "Hittite",
    Nation.ASSYRIANS: "Assyrian",
    Nation.PERSIANS: "Persian",
    Nation.MEDES: "Mede",
    Nation.SUMERIANS: "Sumerian",
}
"""A card of each nation, in the singular."""


def _a(nation: Nation) -> str:
    one = _ONE[nation]
    return f"{'an' if one[0] in 'AEIOU' else 'a'} {one}"


def _the(nation: Nation) -> str:
    return f"the {nation.name.title()}"


def _row(row: int | None) -> str:
    return "your starting card" if row is None else f"the top of seat {row}'s row"


def _run(nation: Nation, run: int) -> str:
    return f"{_a(nation)} of the run from card {run} pays"


def label(action: Action) -> str:
    """*action* in words, as spec B12-B27 say it (runs counted from 0, the column's head, as
    the notation and the picture count them)."""
    match action:
        case Travel(nation):
            return f"Travel to {_the(nation)} (discard {_a(nation)} card)"
        case Colonise(nation):
            return f"Colonise: {_a(nation)} card to your column here"
        case Build(row):
            return f"Build your temple here a level up, from {_row(row)}"
        case Migrate(origin, target):
            return f"Migrate the last 3 cards of your {_ONE[origin]} column to {_the(target)}"
        case Destroy(run):
            return f"Assyrians: destroy the opponent's temple here ({_run(Nation.ASSYRIANS, run)})"
        case Steal(run):
            return (
                f"Hittites: steal the top of the opponent's temple here "
                f"({_run(Nation.HITTITES, run)})"
            )
        case Expel(run, named):
            return (
                f"Medes: the opponent discards his {named.name.title()} here "
                f"({_run(Nation.MEDES, run)})"
            )
        case Switch(run):
            return (
                "Sumerians: the opponent's cards of his last card's nation here come to you "
                f"({_run(Nation.SUMERIANS, run)})"
            )
        case SkipBuild(run, row):
            return (
                f"Persians: build two levels up here, from {_row(row)} "
                f"({_run(Nation.PERSIANS, run)})"
            )
        case Halve(nation, run):
            return f"The opponent discards half his hand ({_run(nation, run)})"
        case Discard(counts):
            cards = [f"{n} {_ONE[nation]}" for nation, n in zip(NATIONS, counts, strict=True) if n]
            return "Discard " + ", ".join(cards)
        case EndTurn():
            return "End your turn (draw two temple cards onto your row)"


class BabelClient(ClientExtras):
    """Babel's :class:`~tigeuph.games.ClientExtras`: its moves in words, and the picture's
    element a one-card move is clicked on (``target``, a CSS selector)."""

    def move(self, action: Action) -> dict[str, Any]:
        match action:
            case Travel(nation):
                return {"target": f".band .location[data-location='{nation.value}']"}
            case Colonise(nation):
                return {"target": f".hand-cards.{nation.value}"}  # a view shows one hand
        return {}

    def label(self, action: Action) -> str:
        return label(action)


BABEL_CLIENT: Final = BabelClient()
"""Babel's client extras."""
