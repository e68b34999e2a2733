"""The main game's variants behind the interface (spec R28-R32): its ``variants`` capability,
:class:`TigrisVariants`. Its rules are a :class:`~tigeuph.Rules`: a board and four switches,
any combination of which may be played; the command line sets the switches with
``--variant`` and the board with ``--board`` (:data:`BOARD`: ``standard``, ``advanced`` or a
board file)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePath
from typing import Any, Final

from ...core.errors import BoardError, JsonError, TigeuphError
from ...core.interface.variants import FileReader, RuleOption, Variants
from ...core.limits import DEFAULT_LIMITS, load_json
from .. import measures
from ..model.boards import BUILT_IN, STANDARD, Board, find_board
from ..model.boards.formats import board_from_json, board_from_text
from ..model.ruleset import SWITCHES, Rules
from ..model.state import GameState

__all__ = ["BOARD", "TigrisVariants", "read_board"]


def read_board(value: str, reader: FileReader | None = None) -> Board:
    """The board ``--board`` *value* names: a built-in board's name, or a board file (JSON if
    its name ends in ``.json``, a text grid if in ``.txt``, named after the file), read by
    *reader* (``None``: :func:`~tigeuph.load_board`, within the default limits).

    Raises:
        TigeuphError: no such board, the file cannot be read or is not a board (the message
            names it).
    """
    if value in BUILT_IN:
        return BUILT_IN[value]
    suffix = PurePath(value).suffix.lower()
    if suffix not in (".json", ".txt"):
        choices = ", ".join(BUILT_IN)
        raise BoardError(f"choose {choices}, or a board file ending in .json or .txt")
    if reader is None:
        try:
            return find_board(value)
        except OSError as err:
            raise TigeuphError(f"cannot read {value}: {err.strerror or err}") from None
    text, name = reader(value), PurePath(value).stem
    if suffix == ".txt":
        return board_from_text(text, name=name)
    try:
        data = load_json(text, DEFAULT_LIMITS, value)
    except JsonError as err:
        raise BoardError(f"{value}: {err.reason.removeprefix('not JSON: ')}") from None
    return board_from_json(name, data)


BOARD: Final = RuleOption(
    "board", f"{', '.join(BUILT_IN)}, or a board file (.json or .txt)", "BOARD", read_board
)
"""The main game's ``--board``."""


class TigrisVariants(Variants[GameState]):
    """The main game's rules: a board and four switches (spec R28-R32)."""

    switches = SWITCHES
    options = (BOARD,)

    def rules_of(self, state: GameState) -> Rules:
        return state.rules

    def rules_from_json(self, value: object, players: int) -> Rules:
        if not isinstance(value, dict):
            raise JsonError("$.rules", "expected an object of switches")
        switches: dict[str, bool] = {}
        board = STANDARD
        for key, setting in value.items():
            if key == "board":
                if not isinstance(setting, str) or setting not in BUILT_IN:
                    raise JsonError("$.rules.board", f"expected one of {', '.join(BUILT_IN)}")
                board = BUILT_IN[setting]
            elif key in SWITCHES and isinstance(setting, bool):
                switches[key] = setting
            else:
                raise JsonError(
                    f"$.rules.{key!s:.30}", f"expected board or a switch ({', '.join(SWITCHES)})"
                )
        return Rules(players, board, **switches)

    def rules_to_json(self, rules: Rules) -> dict[str, Any]:
        return {"board": rules.board.name, **{name: getattr(rules, name) for name in SWITCHES}}

    def rule_sets(self, players: int) -> tuple[Rules, ...]:
        return measures.variants(players)

    def make_rules(self, settings: Mapping[str, Any]) -> Rules:
        return measures.make_rules(settings)

    def rules_for(self, rules: Rules, players: int) -> Rules:
        return measures.rules_for(rules, players)
