"""What an ``expect`` line of a Babel case may say, and its check.

=====================================  ===============================================
``hand P = HHA`` / ``= -``             player P's hand (letters in any order)
``column P L = HHA`` / ``= -``         player P's column at location L, head first
``temple P L = 123`` / ``= -``         player P's temple at L, bottom first
``row P = 65``                         player P's temple row, bottom first
``pawn P = H`` / ``= quarry``          where player P's pawn stands
``start P = held`` / ``= built``       player P's starting card
``score P = 7``                        player P's score (spec B0)
``winner = 0`` / ``= none``            the winner of the finished game (``none``: a draw)
``to-move = P`` / ``= none``           who decides next
``turn = 3 player=0 migrated=no``      a line of the position text: likewise ``pending``,
                                       ``end``, ``seed``, ``people``, ``temples``, ``discard``
``top people 3 = HAP``                 the top cards of a deck (``top temples 2 = 12``)
``legal = >H +A``                      exactly these legal actions, in any order
``legal has #0`` / ``legal lacks #1``  these actions are (not) legal
=====================================  ===============================================
"""

from __future__ import annotations

from typing import Final

from ..babel.engine import legal_actions, outcome
from ..babel.model.actions import parse_action
from ..babel.model.cards import counts_text, nation, nations_text, parse_counts
from ..babel.model.state import BabelState
from ..babel.notation import to_text
from ..core.errors import TigeuphError
from .format import CaseError, CaseFailed

__all__ = ["KINDS", "check"]

_LINES: Final = ("turn", "pending", "end", "seed", "people", "temples", "discard")
_SIDES: Final = ("hand", "column", "temple", "row", "pawn", "start", "score")
KINDS: Final = frozenset({"legal", "top", "winner", "to-move", *_SIDES, *_LINES})
"""The first words an ``expect`` line of Babel may start with."""


def _line(state: BabelState, key: str) -> str:
    for line in to_text(state).splitlines():
        if line.startswith(key + ":"):
            return line.partition(":")[2].strip()
    return "(no such line)"


def check(state: BabelState, line: str) -> None:
    """Check the ``expect`` line *line* against *state*.

    Raises:
        CaseFailed: it does not hold (the message says what the state has instead).
        CaseError: no check starts with its first word, or it names what cannot be read.
    """
    try:
        _check(state, line)
    except (CaseFailed, CaseError):
        raise
    except (TigeuphError, ValueError, IndexError, KeyError) as err:
        raise CaseError(f"cannot check {line!r}: {err}") from None


def _legal(state: BabelState, line: str, words: list[str], want: str) -> None:
    legal = {str(a) for a in legal_actions(state)}
    if len(words) > 1 and words[1] in ("has", "lacks"):
        named = {str(parse_action(t)) for t in words[2:]}
        if words[1] == "has" and not named <= legal:
            raise CaseFailed(f"not legal: {' '.join(sorted(named - legal))}", line)
        if words[1] == "lacks" and named & legal:
            raise CaseFailed(f"legal after all: {' '.join(sorted(named & legal))}", line)
        return
    wanted = {str(parse_action(t)) for t in want.split()}
    if legal != wanted:
        raise CaseFailed(
            f"legal: {' '.join(sorted(legal))}; expected {' '.join(sorted(wanted))}", line
        )


def _check(state: BabelState, line: str) -> None:
    lhs, _, rhs = line.partition("=")
    words = lhs.split()
    want = rhs.strip()
    what = words[0] if words else ""
    got: object
    if what == "legal":
        _legal(state, line, words, want)
        return
    if what in _SIDES:
        side = state.sides[int(words[1])]
        if what == "hand":
            got = counts_text(side.hand) or "-"
            want = counts_text(parse_counts(want.strip("-"))) or "-"
        elif what == "column":
            got = nations_text(side.column(nation(words[2]))) or "-"
        elif what == "temple":
            got = "".join(map(str, side.temples[nation(words[2]).index])) or "-"
        elif what == "row":
            got = "".join(map(str, side.row)) or "-"
        elif what == "pawn":
            got = "quarry" if side.pawn is None else side.pawn.value
        elif what == "start":
            got = "held" if side.starting else "built"
        else:
            got = str(side.score)
    elif what == "top":
        n = int(words[2])
        if words[1] == "people":
            got = nations_text(state.people[:n])
        else:
            got = "".join(map(str, state.temple_deck[:n]))
    elif what == "winner":
        result = outcome(state)
        if result is None:
            raise CaseFailed(f"{line}: the game is not over", line)
        got = "none" if result.winner is None else str(result.winner)
    elif what == "to-move":
        got = "none" if state.to_move is None else str(state.to_move)
    elif what in _LINES:
        got = _line(state, what)
    else:
        raise CaseError(f"unknown expectation {line!r}: it starts with none of {sorted(KINDS)}")
    if got != want:
        raise CaseFailed(f"{line}: got {got}", line)
