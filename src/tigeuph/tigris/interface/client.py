"""The main game's actions described for a client (id, notation, kind, cell, piece and a label)
and what else a client of the main game gets beyond the game interface
(:data:`TIGRIS_CLIENT`, the main game's ``client_extras``).

The browser board needs, for each legal action, what to click: a piece from the hand panel
(``piece``: a tile's letter ``r b g k``, a leader's upper-case letter, ``x`` for a catastrophe)
and a cell, or a button in a dialog (a decision: support, war order, monument, treasure,
building, wonder). A server sends these beside the view; the view's own ``legal`` list and
these ids (:func:`~tigeuph.action_to_id`) name the same actions.

>>> import tigeuph
>>> first = describe(tigeuph.parse_action("rE5"))
>>> first["kind"], first["cell"], first["piece"], first["label"]
('tile', 'E5', 'r', 'Place a red tile on E5')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final
from xml.etree.ElementTree import Element, SubElement, tostring

from ...core.interface.client import ClientExtras
from ..engine.apply import outcome
from ..learning.encoding import ACTION_COUNT, action_to_id, id_to_action
from ..model.actions import (
    Action,
    BuildMonument,
    BuildWonder,
    ChooseWar,
    CommitSupport,
    DeclineBuilding,
    DeclineMonument,
    DeclineWonder,
    EndTurn,
    ExchangeTiles,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    ScoreWonder,
    TakeTreasure,
    WithdrawLeader,
)
from ..model.cells import COLUMN_LETTERS, cell_name
from ..model.kinds import ACTION_KINDS, DECISIONS
from ..model.pieces import Colour
from ..model.state import End, GameState
from ..pictures import MARGIN, SQUARE
from ..pictures.symbols import PieceSymbols

__all__ = ["TIGRIS_CLIENT", "TigrisClient", "describe", "describe_all"]


def _colour(colour: Colour) -> str:
    return colour.name.lower()


_CLIENT_KINDS: Final[dict[type[Any], str]] = {k.action: k.client_kind for k in ACTION_KINDS}


def describe(action: Action) -> dict[str, Any]:
    """What a client shows for *action*: ``id``, ``action`` (notation), ``kind`` (the word its
    ``ActionKind`` (``tigeuph.tigris.model.kinds``) holds), ``cell`` (or ``None``), ``piece``
    (or ``None``) and an English ``label``."""
    cell: str | None = None
    piece: str | None = None
    match action:
        case PlaceTile(colour, at):
            cell, piece = cell_name(at), colour.letter
            label = f"Place a {_colour(colour)} tile on {cell}"
        case PlaceLeader(colour, at):
            cell, piece = cell_name(at), colour.letter.upper()
            label = f"Put the {colour.leader} ({_colour(colour)} leader) on {cell}"
        case WithdrawLeader(colour):
            piece = colour.letter.upper()
            label = f"Take the {colour.leader} back to your hand"
        case PlaceCatastrophe(at):
            cell, piece = cell_name(at), "x"
            label = f"Place a catastrophe on {cell}"
        case ExchangeTiles(counts):
            parts = [f"{n} {_colour(c)}" for c, n in zip(Colour, counts, strict=True) if n]
            label = "Exchange " + ", ".join(parts)
        case EndTurn():
            label = "Pass (end this action)"
        case CommitSupport(count):
            label = f"Commit {count} tile{'s' if count != 1 else ''} as support"
        case ChooseWar(colour):
            label = f"Resolve the {_colour(colour)} war next"
        case BuildMonument(corner, monument):
            cell = cell_name(corner)
            first, second = monument.colours
            label = f"Build the {_colour(first)}/{_colour(second)} monument at {cell}"
        case DeclineMonument():
            label = "Build no monument"
        case TakeTreasure(at):
            cell = cell_name(at)
            label = f"Take the treasure on {cell}"
        case PlaceBuilding(at):
            cell = cell_name(at)
            label = f"Put the building on {cell}"
        case DeclineBuilding():
            label = "Build no building"
        case BuildWonder(centre):
            cell = cell_name(centre)
            label = f"Build the wonder centred on {cell}"
        case DeclineWonder():
            label = "Build no wonder"
        case ScoreWonder(colour):
            label = f"Score the wonder's point in {_colour(colour)}"
    return {
        "id": action_to_id(action),
        "action": str(action),
        "kind": _CLIENT_KINDS[type(action)],
        "cell": cell,
        "piece": piece,
        "label": label,
    }


_SEATS: Final = 4
_HAND: Final = "hand-"
"""The prefix of the hand's symbols' ids, apart from the picture's own."""


def _hand_symbols() -> str:
    """An SVG holding only ``<defs>``: the symbol of each piece a hand may hold, as the
    pictures draw it (each tile, the catastrophe, and every seat's leaders), each id prefixed
    with ``hand-``."""
    svg = Element("svg", xmlns="http://www.w3.org/2000/svg", width="0", height="0")
    symbols = PieceSymbols(SubElement(svg, "defs"))
    for colour in Colour:
        symbols.tile(colour)
        for seat in range(_SEATS):
            symbols.leader(seat, colour)
    symbols.catastrophe()
    return tostring(svg, encoding="unicode").replace(' id="', f' id="{_HAND}')


def _hand_pieces() -> dict[str, str]:
    """Each piece letter of the moves: the id of its symbol among :func:`_hand_symbols`
    (``{seat}`` stands for the leader's seat)."""
    pieces = {colour.letter: f"{_HAND}tile-{colour.letter}" for colour in Colour}
    for colour in Colour:
        pieces[colour.letter.upper()] = f"{_HAND}leader-{{seat}}-{colour.letter}"
    return {**pieces, "x": f"{_HAND}catastrophe"}


def describe_all(actions: Sequence[Action]) -> list[dict[str, Any]]:
    """:func:`describe` for each of *actions*, in order."""
    return [describe(action) for action in actions]


class TigrisClient(ClientExtras):
    """The main game's :class:`~tigeuph.games.ClientExtras`: its actions' ids, kinds, cells,
    pieces and labels, the board the page clicks on, and its outcome's own fields."""

    action_count = ACTION_COUNT
    outcome_schema: dict[str, Any] = {  # noqa: RUF012 - read only
        "end": {"oneOf": [{"enum": [end.value for end in End]}, {"type": "null"}]},
        "results": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {key: {"type": "integer"} for key in ("player", "rank", "score")},
                "required": ["player", "rank", "score"],
                "additionalProperties": False,
            },
        },
        "points": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
    }

    words: dict[str, Any] = {  # noqa: RUF012 - read only
        "colours": {colour.letter: _colour(colour) for colour in Colour},
        "leaders": {colour.letter.upper(): colour.leader for colour in Colour},
        "decisions": {kind.name: {"title": kind.title, "text": kind.prompt} for kind in DECISIONS},
        "symbols": _hand_symbols(),
        "pieces": _hand_pieces(),
        "switches": [
            {"rule": "buildings", "value": True, "label": "Civilisation buildings"},
            {"rule": "wonder", "value": True, "label": "Wonder"},
            {"rule": "open_scoring", "value": True, "label": "Open scoring"},
            {"rule": "english_reinforcement", "value": True, "label": "English reinforcement"},
            {"rule": "board", "value": "advanced", "label": "Advanced board"},
        ],
    }

    def move(self, action: Action) -> dict[str, Any]:
        described = describe(action)
        return {key: described[key] for key in ("id", "kind", "cell", "piece")}

    def label(self, action: Action) -> str:
        label: str = describe(action)["label"]
        return label

    def action_of_id(self, number: int) -> Action:
        return id_to_action(number)

    def grid(self, state: GameState) -> dict[str, Any]:
        board = state.rules.board
        return {
            "rows": board.rows,
            "cols": board.cols,
            "columns": COLUMN_LETTERS[: board.cols],
            "square": SQUARE,
            "margin": MARGIN,
        }

    def outcome(self, state: GameState) -> dict[str, Any]:
        result = outcome(state)
        points = [list(p) for p in state.points]
        if result is None:
            return {"end": None, "results": [], "points": points}
        return {
            "end": result.end.value,
            "results": [
                {"player": r.player, "rank": r.rank, "score": r.score} for r in result.results
            ],
            "points": points,
        }


TIGRIS_CLIENT: Final = TigrisClient()
"""The main game's client extras."""
