"""What an ``expect`` line of a Tigris & Euphrates case may say, and its check.

=====================================  ===============================================
``points P = r1 b0 g0 k0``             player P's points (likewise ``discarded``)
``treasures P = N``                    treasures player P took
``hand P = rrbk``                      player P's hand (letters in any order)
``leader P K = E5`` / ``= supply``     where player P's king (R B G K) stands
``building k = E5`` / ``= supply``     where the building of a colour (r b g k) stands
``cell E5 = r$``                       the position notation's token for a cell
``pending = war colour=k``             the ``pending:`` line starts with these words
``to-move = P`` / ``= none``           who decides next
``turn = player=1 actions=2``          the ``turn:`` line
``end = none`` / ``treasures`` / …     the ``end:`` line
``removed = r0,b0,g0,k0``              the ``removed:`` line; likewise ``declined``,
                                       ``monuments``, ``unification``, ``wonder``,
                                       ``declined-crosses``
``rank P = 1`` / ``score P = 11``      player P's final rank and score (game over)
``visible P = 0 2``                    the seats whose points player P's view shows
``legal = +0 +1``                      exactly these legal actions, in any order
``legal has rE5 KF6``                  these actions are legal
``legal lacks rE5``                    these actions are not legal
=====================================  ===============================================
"""

from __future__ import annotations

from typing import Final

from ..core.errors import TigeuphError
from ..tigris.engine.apply import outcome
from ..tigris.engine.legal import legal_actions
from ..tigris.model.action_text import parse_action
from ..tigris.model.cells import cell_name, parse_cell
from ..tigris.model.pieces import COLOURS, Colour
from ..tigris.model.state import GameState
from ..tigris.notation import to_text
from ..tigris.views import view
from .format import CaseError, CaseFailed

__all__ = ["KINDS", "check"]

_LINES: Final = (
    "turn",
    "end",
    "removed",
    "declined",
    "monuments",
    "unification",
    "wonder",
    "declined-crosses",
)
KINDS: Final = frozenset(
    {"legal", "points", "discarded", "treasures", "hand", "leader", "building", "cell"}
    | {"pending", "to-move", "visible", "rank", "score", *_LINES}
)
"""The first words an ``expect`` line of the main game may start with."""


def _line(state: GameState, key: str) -> str:
    for line in to_text(state).splitlines():
        if line.startswith(key + ":"):
            return line.partition(":")[2].strip()
    return "(no such line)"


def _cell_token(state: GameState, name: str) -> str:
    c = parse_cell(name)
    row = c // 17 + 1
    for line in to_text(state).splitlines():
        parts = line.split()
        if parts and parts[0] == str(row) and len(parts) == state.rules.board.cols + 1:
            return parts[1 + c % 17]
    return "(off the board)"


def _same(line: str, got: object, want: object) -> None:
    if got != want:
        raise CaseFailed(f"{line}: got {got}", line)


def _actions(words: list[str]) -> set[str]:
    return {str(parse_action(t)) for t in words}


def check(state: GameState, line: str) -> None:
    """Check the ``expect`` line *line* against *state*.

    Raises:
        CaseFailed: it does not hold (the message says what the state has instead).
        CaseError: no check starts with its first word, or it names what cannot be read.
    """
    try:
        _check(state, line)
    except (CaseFailed, CaseError):
        raise
    except (TigeuphError, ValueError, IndexError) as err:
        raise CaseError(f"cannot check {line!r}: {err}") from None


def _check(state: GameState, line: str) -> None:
    lhs, _, rhs = line.partition("=")
    words = lhs.split()
    want = rhs.strip()
    what = words[0] if words else ""
    if what == "legal":
        legal = {str(a) for a in legal_actions(state)}
        if len(words) > 1 and words[1] in ("has", "lacks"):
            named = _actions(words[2:])
            if words[1] == "has" and not named <= legal:
                raise CaseFailed(f"not legal: {' '.join(sorted(named - legal))}", line)
            if words[1] == "lacks" and named & legal:
                raise CaseFailed(f"legal after all: {' '.join(sorted(named & legal))}", line)
        else:
            wanted = _actions(want.split())
            if legal != wanted:
                raise CaseFailed(
                    f"legal: {' '.join(sorted(legal))}; expected {' '.join(sorted(wanted))}", line
                )
    elif what in ("points", "discarded"):
        counts = getattr(state, what)[int(words[1])]
        _same(line, " ".join(f"{c.letter}{n}" for c, n in zip(COLOURS, counts, strict=True)), want)
    elif what == "treasures":
        _same(line, state.treasures_taken[int(words[1])], int(want))
    elif what == "hand":
        hand = state.hands[int(words[1])]
        counted = tuple(want.count(c.letter) for c in COLOURS)
        if hand != counted:
            got = "".join(c.letter * n for c, n in zip(COLOURS, hand, strict=True))
            raise CaseFailed(f"{line}: got {got or '-'}", line)
    elif what == "leader":
        at = state.leaders[int(words[1])][Colour.from_letter(words[2])]
        _same(line, "supply" if at is None else cell_name(at), want)
    elif what == "building":
        at = state.buildings[Colour.from_letter(words[1])]
        _same(line, "supply" if at is None else cell_name(at), want)
    elif what == "cell":
        _same(line, _cell_token(state, words[1]), want)
    elif what == "pending":
        got = _line(state, "pending")
        if not got.startswith(want):
            raise CaseFailed(f"{line}: got {got}", line)
    elif what == "to-move":
        _same(line, "none" if state.to_move is None else str(state.to_move), want)
    elif what == "visible":
        seen = view(state, int(words[1])).points
        _same(line, " ".join(str(seat) for seat, p in enumerate(seen) if p is not None), want)
    elif what in ("rank", "score"):
        result = outcome(state)
        if result is None:
            raise CaseFailed(f"{line}: the game is not over", line)
        _same(line, getattr(result.results[int(words[1])], what), int(want))
    elif what in _LINES:
        _same(line, _line(state, what), want)
    else:
        raise CaseError(f"unknown expectation {line!r}: it starts with none of {sorted(KINDS)}")
