"""A case played: every action from its position, every expectation checked, in order.

:func:`play` plays a case of either game through the game's interface
(:data:`tigeuph.GAMES`, found by the position's first line) and keeps what happened: each
action with the states around it and its events (:class:`Step`), and each check with its
verdict (:class:`Check`), so that a page can draw every state and mark every check passed or
failed. :func:`run` plays a case and raises :class:`~tigeuph.casebook.CaseFailed` at its first
failed check, as the tests want it. Neither uses ``assert``: both hold under ``python -O``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from attrs import frozen

from ..core.errors import IllegalActionError, TigeuphError
from ..core.events import Event
from ..games import GAMES, AnyGame
from . import babel_checks, tigris_checks
from .format import Case, CaseError, CaseFailed

__all__ = ["CHECKS", "Check", "Step", "Trial", "game_of_case", "play", "run"]

CHECKS: Final[dict[str, Callable[[Any, str], None]]] = {
    "tigris": tigris_checks.check,
    "babel": babel_checks.check,
}
"""Each game's check of an ``expect`` line, by the game's name in :data:`tigeuph.GAMES`."""


@frozen
class Step:
    """One action of a case: its text, who played it, the states around it and its events.
    The refusal a case expects is a step too, *refused*, its *after* the state before it."""

    number: int
    """1 for the case's first action."""
    text: str
    action: Any
    seat: int | None
    before: Any
    after: Any
    events: tuple[Event, ...]
    refused: bool = False


@frozen
class Check:
    """One check of a case and its verdict: an ``expect``, ``told`` or ``expect-error`` line,
    or a ``play`` action the engine refused (``kind`` ``play``)."""

    kind: str
    line: str
    """The line's text after its keyword."""
    after: int
    """How many of the case's actions were played before it (0: checked on the position)."""
    failure: str | None = None
    """What went wrong, or ``None`` when it held."""

    @property
    def ok(self) -> bool:
        """Whether it held."""
        return self.failure is None


@frozen
class Trial:
    """What playing a case did: its game, its first state, its steps and its checks."""

    case: Case
    game: AnyGame
    start: Any
    steps: tuple[Step, ...]
    checks: tuple[Check, ...]
    problem: CaseError | None = None
    """What stopped the case being played as written (an action or an expectation its game
    cannot read), or ``None``."""

    @property
    def state(self) -> Any:
        """The last state reached (a refused action leaves the state it was refused in)."""
        return self.steps[-1].after if self.steps else self.start

    @property
    def passed(self) -> bool:
        """Whether the case was played to its end and every check held."""
        return self.problem is None and all(check.ok for check in self.checks)

    @property
    def failures(self) -> tuple[Check, ...]:
        """The checks that failed, in order."""
        return tuple(check for check in self.checks if not check.ok)


def game_of_case(case: Case) -> AnyGame:
    """The game whose position *case* holds, by its first line that is not a comment (a
    game's title); the main game when it is none (its reader also takes a sketch, ``tigeuph
    sketch``, and says what is wrong with anything else)."""
    try:
        return GAMES.of_position(case.position_title)
    except TigeuphError:
        return GAMES[GAMES.default]


def play(case: Case) -> Trial:
    """Play *case* to its end, or to the first action its game refuses where the case expects
    it legal, checking every expectation on the way.

    Raises:
        CaseError: its position cannot be read.
    """
    game = game_of_case(case)
    try:
        start = game.from_text(case.position)
    except TigeuphError as err:
        raise CaseError(f"{case.name}: the position cannot be read: {err}") from None
    return _Player(case, game, start).play()


def run(case: Case) -> Trial:
    """Play *case* and return what happened, when every check holds.

    Raises:
        CaseFailed: a check failed (the first one, its line in ``line``).
        CaseError: the case cannot be read or played as written.
    """
    trial = play(case)
    if trial.problem is not None:
        raise trial.problem
    for check in trial.failures:
        raise CaseFailed(f"{case.name}: {check.failure}", check.line)
    return trial


class _Player:
    """One playing of a case, gathering its steps and checks."""

    def __init__(self, case: Case, game: AnyGame, start: Any) -> None:
        self.case, self.game, self.start = case, game, start
        self.check_line = CHECKS[game.facts.name]
        self.steps: list[Step] = []
        self.checks: list[Check] = []

    def play(self) -> Trial:
        case, game = self.case, self.game
        state = self.start
        last = len(case.play) - 1
        played = 0
        told: list[str] = []  # the sentences of the actions played since the last check
        checked = False
        problem = None
        try:
            for kind, text in case.steps:
                if kind in ("expect", "told"):
                    self._check(kind, text, played, state, told)
                    checked = True
                    continue
                if checked:
                    told, checked = [], False
                action = self._action(text)
                if case.error is not None and played == last:
                    self._refusal(text, action, state)
                elif not self._legal(text, action, state):
                    break
                else:
                    after, events = game.transition(state, action)
                    step = Step(played + 1, text, action, state.to_move, state, after, events)
                    self.steps.append(step)
                    told += (str(e) for e in events)
                    state = after
                played += 1
        except CaseError as err:
            problem = err
        return Trial(case, game, self.start, tuple(self.steps), tuple(self.checks), problem)

    def _action(self, text: str) -> Any:
        try:
            return self.game.parse_action(text)
        except TigeuphError as err:
            raise CaseError(f"{self.case.name}: play {text}: {err}") from None

    def _check(self, kind: str, text: str, played: int, state: Any, told: list[str]) -> None:
        failure = None
        if kind == "expect":
            try:
                self.check_line(state, text)
            except CaseFailed as failed:
                failure = str(failed)
        elif text not in told:
            said = "; ".join(told) if told else "nothing"
            failure = f"not told: {text!r}; told: {said}"
        self.checks.append(Check(kind, text, played, failure))

    def _legal(self, text: str, action: Any, state: Any) -> bool:
        """Whether *action* is legal in *state*; a check that failed when it is not."""
        game, number = self.game, len(self.steps) + 1
        if action in game.legal_actions(state):
            return True
        refusal = game.refusal(state, action)
        why = str(refusal) if refusal is not None else "it is not among the legal actions"
        self.checks.append(
            Check("play", text, number - 1, f"action {number}, {text}, is not legal: {why}")
        )
        return False

    def _refusal(self, text: str, action: Any, state: Any) -> None:
        """Play the action the case expects refused, and check the refusal."""
        game, expected = self.game, self.case.error or ""
        clause, _, words = expected.partition(" ")
        number = len(self.steps) + 1
        before = game.to_text(state)
        failure = None
        try:
            game.apply(state, action)
        except IllegalActionError as err:
            if err.clause != clause:
                failure = f"{text}: broke {err.clause}, not {clause}: {err}"
            elif words not in str(err):
                failure = f"{text}: {err!s} does not say {words!r}"
            elif game.to_text(state) != before:
                failure = f"{text}: the refusal changed the position"
            elif action in game.legal_actions(state):
                failure = f"{text}: refused, yet listed among the legal actions"
        else:
            failure = f"{text} was accepted; expected a refusal: {expected}"
        self.steps.append(Step(number, text, action, state.to_move, state, state, (), True))
        self.checks.append(Check("expect-error", expected, number - 1, failure))
