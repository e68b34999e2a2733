"""Scenario files: a position, the actions played from it, and what must follow.

A scenario is a text file under ``tests/scenarios/``::

    # The rulebook's revolt: 2 + 2 against 1 + 3, a tie the defender wins.
    clauses: R15
    tigeuph position
    rules: players=2 board=standard
    ... (any position text, see tigeuph.tigris.notation.position)
    play: RF5 +2 +3
    expect: leader 0 R = supply
    expect: points 1 = r1 b0 g0 k0
    told: Seat 1 wins the red revolt, 4 to 4 (the defender wins ties): ...

Lines starting ``clauses:``, ``play:``, ``expect:``, ``told:`` and ``expect-error:`` belong
to the scenario; every other line is the position. A ``told`` line is an event's sentence
(:mod:`tigeuph.tigris.events`, with seat numbers) that the actions played since the previous
``expect`` or ``told`` line must have told, word for word. ``play`` lines add actions, in
action notation, in order, and each ``expect`` line is checked against the state the actions
above it reach.
``expect-error: R11 some words`` says that the last action played must raise
:class:`~tigeuph.IllegalActionError` for that clause, its message containing the words, and that
the state before it is left as it was. Each ``expect`` line checks the state reached:

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
``rank P = 1`` / ``score P = 11``       player P's final rank and score (game over)
``visible P = 0 2``                    the seats whose points player P's view shows
``legal = +0 +1``                      exactly these legal actions, in any order
``legal has rE5 KF6``                  these actions are legal
``legal lacks rE5``                    these actions are not legal
=====================================  ===============================================
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import frozen

import tigeuph
from tigeuph import COLOURS, GAMES, Colour, GameState, IllegalActionError, parse_cell
from tigeuph.games import AnyGame

SCENARIOS = Path(__file__).parent / "scenarios"
_OWN = ("clauses:", "play:", "expect:", "told:", "expect-error:")
_LINES = (
    "turn",
    "end",
    "removed",
    "declined",
    "monuments",
    "unification",
    "wonder",
    "declined-crosses",
)


@frozen
class Scenario:
    path: Path
    title: str
    clauses: tuple[str, ...]
    position: str
    steps: tuple[tuple[str, str], ...]
    """``("play", action)``, ``("expect", line)`` and ``("told", sentence)`` in file order:
    each expectation is checked against the state the actions before it reach, each sentence
    against the events of the actions played since the previous check."""
    error: str | None

    @property
    def play(self) -> tuple[str, ...]:
        return tuple(text for kind, text in self.steps if kind == "play")


def read(path: Path) -> Scenario:
    """The scenario in *path*."""
    clauses: list[str] = []
    steps: list[tuple[str, str]] = []
    error = None
    position = []
    title = ""
    for line in path.read_text("utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("#") and not title:
            title = stripped.lstrip("# ")
        if stripped.startswith("clauses:"):
            clauses += stripped.removeprefix("clauses:").split()
        elif stripped.startswith("play:"):
            if error is not None:
                raise ValueError(f"{path}: expect-error follows the last play line")
            steps += (("play", text) for text in stripped.removeprefix("play:").split())
        elif stripped.startswith("expect:"):
            steps.append(("expect", stripped.removeprefix("expect:").strip()))
        elif stripped.startswith("told:"):
            steps.append(("told", stripped.removeprefix("told:").strip()))
        elif stripped.startswith("expect-error:"):
            error = stripped.removeprefix("expect-error:").strip()
        else:
            position.append(line)
    if not clauses:
        raise ValueError(f"{path}: a scenario names the clauses it covers (clauses: R…)")
    if error is None and not any(kind == "expect" for kind, _ in steps):
        raise ValueError(f"{path}: a scenario expects something")
    text = "\n".join(position)
    return Scenario(path, title, tuple(clauses), text, tuple(steps), error)


def run(
    scenario: Scenario,
    game: AnyGame = GAMES["tigris"],
    check: Callable[[Any, str], None] | None = None,
) -> None:
    """Play *scenario* of *game* and check what it expects with *check* (the main game's
    :func:`check` by default); raise AssertionError on a mismatch.

    With ``expect-error``, the last action played must be refused; expectations after it are
    checked against the state before it, which the refusal leaves unchanged.
    """
    check = check or globals()["check"]
    state = game.from_text(scenario.position)
    last = len(scenario.play) - 1
    played = 0
    told: list[str] = []  # the sentences of the actions played since the last check
    checked = False
    for kind, text in scenario.steps:
        if kind in ("expect", "told"):
            if kind == "expect":
                check(state, text)
            else:
                assert text in told, f"not told: {text!r}; told: {told}"
            checked = True
            continue
        if checked:
            told, checked = [], False
        action = game.parse_action(text)
        if scenario.error is not None and played == last:
            before = game.to_text(state)
            try:
                game.apply(state, action)
            except IllegalActionError as err:
                clause, _, words = scenario.error.partition(" ")
                assert err.clause == clause, f"{action}: broke {err.clause}, not {clause}: {err}"
                assert words in str(err), f"{action}: {err!s} does not say {words!r}"
                assert game.to_text(state) == before
                assert action not in game.legal_actions(state)
            else:
                raise AssertionError(f"{action} was accepted; expected {scenario.error}")
        else:
            legal = game.legal_actions(state)
            where = game.to_text(state)
            assert action in legal, f"move {played + 1}, {action}, is not legal in:\n{where}"
            state, events = game.transition(state, action)
            told += (str(e) for e in events)
        played += 1


def _line(state: GameState, key: str) -> str:
    for line in tigeuph.to_text(state).splitlines():
        if line.startswith(key + ":"):
            return line.partition(":")[2].strip()
    raise AssertionError(f"no {key!r} line")


def _cell_token(state: GameState, name: str) -> str:
    c = parse_cell(name)
    row = c // 17 + 1
    for line in tigeuph.to_text(state).splitlines():
        parts = line.split()
        if parts and parts[0] == str(row) and len(parts) == state.rules.board.cols + 1:
            return parts[1 + c % 17]
    raise AssertionError("board row not found")


def check(state: GameState, line: str) -> None:
    """Check one ``expect`` line against *state*."""
    lhs, _, rhs = line.partition("=")
    words = lhs.split()
    want = rhs.strip()
    what = words[0] if words else ""
    if what == "legal":
        legal = {str(a) for a in tigeuph.legal_actions(state)}
        if len(words) > 1 and words[1] in ("has", "lacks"):
            named = {str(tigeuph.parse_action(t)) for t in words[2:]}
            if words[1] == "has":
                assert named <= legal, f"not legal: {sorted(named - legal)}"
            else:
                assert not named & legal, f"legal after all: {sorted(named & legal)}"
        else:
            wanted = {str(tigeuph.parse_action(t)) for t in want.split()}
            assert legal == wanted, f"legal: {sorted(legal)}, expected {sorted(wanted)}"
    elif what in ("points", "discarded"):
        counts = getattr(state, what)[int(words[1])]
        got = " ".join(f"{c.letter}{n}" for c, n in zip(COLOURS, counts, strict=True))
        assert got == want, f"{line}: got {got}"
    elif what == "treasures":
        got_taken = state.treasures_taken[int(words[1])]
        assert got_taken == int(want), f"{line}: got {got_taken}"
    elif what == "hand":
        hand = state.hands[int(words[1])]
        wanted_hand = tuple(want.count(c.letter) for c in COLOURS)
        assert hand == wanted_hand, f"{line}: got {hand}"
    elif what == "leader":
        player, colour = int(words[1]), Colour.from_letter(words[2])
        at = state.leaders[player][colour]
        got = "supply" if at is None else tigeuph.cell_name(at)
        assert got == want, f"{line}: got {got}"
    elif what == "building":
        at = state.buildings[Colour.from_letter(words[1])]
        got = "supply" if at is None else tigeuph.cell_name(at)
        assert got == want, f"{line}: got {got}"
    elif what == "cell":
        got = _cell_token(state, words[1])
        assert got == want, f"{line}: got {got}"
    elif what == "pending":
        got = _line(state, "pending")
        assert got.startswith(want), f"{line}: got {got}"
    elif what == "to-move":
        got = "none" if state.to_move is None else str(state.to_move)
        assert got == want, f"{line}: got {got}"
    elif what == "visible":
        seen = tigeuph.view(state, int(words[1])).points
        got = " ".join(str(seat) for seat, p in enumerate(seen) if p is not None)
        assert got == want, f"{line}: got {got}"
    elif what in ("rank", "score"):
        result = tigeuph.outcome(state)
        assert result is not None, f"{line}: the game is not over"
        got_value = getattr(result.results[int(words[1])], what)
        assert got_value == int(want), f"{line}: got {got_value}"
    elif what in _LINES:
        got = _line(state, what)
        assert got == want, f"{line}: got {got}"
    else:
        raise ValueError(f"unknown expectation {line!r}")


def all_scenarios() -> list[Path]:
    """The main game's scenario files (Babel's, under ``scenarios/babel/``, have their own
    runner: ``babel_scenario.py``)."""
    return sorted(p for p in SCENARIOS.rglob("*.txt") if "babel" not in p.parts)


CLAUSE = re.compile(r"^[RD]\d+$")
