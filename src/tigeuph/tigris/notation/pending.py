"""The ``pending:`` line: the decision play waits for, written and read back, its kind named
by :data:`tigeuph.tigris.model.kinds.DECISION_KINDS` as in JSON (spec R6)."""

from __future__ import annotations

from ..model.cells import Cell, cell_name, parse_cell
from ..model.decisions import (
    BuildingChoice,
    Decision,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from ..model.kinds import DECISION_CLASSES, DECISION_KINDS, kinds_text
from .fields import NONE, read_cell_list, read_colour, read_number, read_pairs

__all__ = ["pending_text", "read_pending"]


def pending_text(pending: Decision | None) -> str:
    """The value of the ``pending:`` line for *pending*: ``none``, or the decision's kind and
    its ``key=value`` words."""
    if pending is None:
        return NONE
    return f"{DECISION_KINDS[type(pending)]} {_words(pending)}"


def _words(pending: Decision) -> str:
    match pending:
        case Revolt() | War():
            text = (
                f"colour={pending.colour.letter} "
                f"attacker={pending.attacker} defender={pending.defender}"
            )
            if pending.attacker_support is not None:
                text += f" support={pending.attacker_support}"
            return text
        case WarChoice():
            return f"player={pending.player} colours={','.join(c.letter for c in pending.colours)}"
        case MonumentChoice():
            return f"player={pending.player} corners={_cells_text(pending.corners)}"
        case TreasureChoice():
            return f"player={pending.player} trader={cell_name(pending.trader)}"
        case BuildingChoice():
            return (
                f"player={pending.player} colour={pending.colour.letter} "
                f"cells={_cells_text(pending.cells)} placed={cell_name(pending.placed)}"
            )
        case WonderChoice():
            return (
                f"player={pending.player} centres={_cells_text(pending.centres)} "
                f"placed={cell_name(pending.placed)}"
            )
        case WonderPoint():
            return f"player={pending.player}"


def _cells_text(cells: tuple[Cell, ...]) -> str:
    return ",".join(cell_name(c) for c in cells)


def read_pending(value: str) -> Decision | None:
    """The decision the value of a ``pending:`` line names: ``none`` or a kind of
    :data:`~tigeuph.tigris.model.kinds.DECISION_KINDS` followed by ``key=value`` words.

    Raises:
        ValueError: *value* names no decision.
    """
    if value == NONE:
        return None
    kind, *words = value.split()
    cls = DECISION_CLASSES.get(kind)
    if cls is None:
        raise ValueError(f"pending must be {NONE}, {kinds_text(' or ')}, not {kind[:20]!r}")
    rest = " ".join(words)
    if cls is Revolt or cls is War:
        p = read_pairs(rest, required=("colour", "attacker", "defender"), optional=("support",))
        support = None if "support" not in p else read_number(p["support"], "support")
        found: Decision = cls(
            read_colour(p["colour"]),
            read_number(p["attacker"], "attacker"),
            read_number(p["defender"], "defender"),
            support,
        )
        return found
    if cls is WarChoice:
        p = read_pairs(rest, required=("player", "colours"), optional=())
        colours = tuple(read_colour(letter) for letter in p["colours"].split(","))
        return WarChoice(read_number(p["player"], "player"), colours)
    if cls is MonumentChoice:
        p = read_pairs(rest, required=("player", "corners"), optional=())
        return MonumentChoice(read_number(p["player"], "player"), read_cell_list(p["corners"]))
    if cls is TreasureChoice:
        p = read_pairs(rest, required=("player", "trader"), optional=())
        return TreasureChoice(read_number(p["player"], "player"), parse_cell(p["trader"]))
    if cls is BuildingChoice:
        p = read_pairs(rest, required=("player", "colour", "cells", "placed"), optional=())
        return BuildingChoice(
            read_number(p["player"], "player"),
            read_colour(p["colour"]),
            read_cell_list(p["cells"]),
            parse_cell(p["placed"]),
        )
    if cls is WonderChoice:
        p = read_pairs(rest, required=("player", "centres", "placed"), optional=())
        return WonderChoice(
            read_number(p["player"], "player"),
            read_cell_list(p["centres"]),
            parse_cell(p["placed"]),
        )
    p = read_pairs(rest, required=("player",), optional=())  # the last kind: WonderPoint
    return WonderPoint(read_number(p["player"], "player"))
