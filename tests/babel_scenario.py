"""Babel scenario files: a Babel position, the actions played from it, what must follow.

They live under ``tests/scenarios/babel/`` and read like the main game's (``scenario.py``:
``clauses:``, ``play:``, ``expect:``, ``told:``, ``expect-error: B12 some words``); the
position is in Babel's position notation (``babel position``, see
:mod:`tigeuph.babel.notation`). Each ``expect`` line checks the state the actions above it reach:

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

import scenario
from scenario import Scenario

from tigeuph import GAMES, babel
from tigeuph.babel.model.cards import counts_text, nation, nations_text, parse_counts
from tigeuph.babel.notation import TITLE, to_text

_LINES = ("turn", "pending", "end", "seed", "people", "temples", "discard")


def is_babel(scenario: Scenario) -> bool:
    """Whether *scenario*'s position is a Babel position."""
    for line in scenario.position.splitlines():
        if line.strip() and not line.strip().startswith("#"):
            return line.strip() == TITLE
    return False


def run(found: Scenario) -> None:
    """Play the Babel scenario *found* and check what it expects; AssertionError on a mismatch
    (the main game's runner, through the game interface, with Babel's checks)."""
    scenario.run(found, GAMES["babel"], check)


def _line(state: babel.BabelState, key: str) -> str:
    for line in to_text(state).splitlines():
        if line.startswith(key + ":"):
            return line.partition(":")[2].strip()
    raise AssertionError(f"no {key!r} line")


def check(state: babel.BabelState, line: str) -> None:
    """Check one ``expect`` line against *state*."""
    lhs, _, rhs = line.partition("=")
    words = lhs.split()
    want = rhs.strip()
    what = words[0] if words else ""
    got: object
    if what == "legal":
        legal = {str(a) for a in babel.legal_actions(state)}
        if len(words) > 1 and words[1] in ("has", "lacks"):
            named = {str(babel.parse_action(t)) for t in words[2:]}
            if words[1] == "has":
                assert named <= legal, f"not legal: {sorted(named - legal)}"
            else:
                assert not named & legal, f"legal after all: {sorted(named & legal)}"
            return
        wanted = {str(babel.parse_action(t)) for t in want.split()}
        assert legal == wanted, f"legal: {sorted(legal)}, expected {sorted(wanted)}"
        return
    if what in ("hand", "column", "temple", "row", "pawn", "start", "score"):
        side = state.sides[int(words[1])]
        if what == "hand":
            got, want = counts_text(side.hand) or "-", counts_text(parse_counts(want.strip("-")))
            want = want or "-"
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
        result = babel.outcome(state)
        assert result is not None, f"{line}: the game is not over"
        got = "none" if result.winner is None else str(result.winner)
    elif what == "to-move":
        got = "none" if state.to_move is None else str(state.to_move)
    elif what in _LINES:
        got = _line(state, what)
    else:
        raise ValueError(f"unknown expectation {line!r}")
    assert got == want, f"{line}: got {got}"
