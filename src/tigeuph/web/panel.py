"""The "try it" panel of a casebook page: a case as the reader edited it, played in his browser.

:meth:`Panel.run` reads the position and the case's own lines (``play``, ``expect``, ``told``,
``expect-error``) the reader edited, plays them (:func:`tigeuph.casebook.play`) and answers
with every state drawn, what the game's ``explain`` says of each action, what its events told
and each check's verdict; then the last position's legal actions, to try one from the board:
:meth:`Panel.explain` says what an action would do there and :meth:`Panel.extend` adds it to the
case's lines, in place of the refusal a case expects, if any (the board shows the position it
was refused in).
"""

from __future__ import annotations

from typing import Any

from ..casebook import Case, CaseError, Check, Trial, parse, play
from ..core.errors import TigeuphError
from .shown import grid, moves, picture, seat_names

__all__ = ["Panel"]


def _check(check: Check) -> dict[str, Any]:
    return {"kind": check.kind, "line": check.line, "ok": check.ok, "failure": check.failure}


class Panel:
    """One page's panel: the last case it played, whose last position actions are tried on."""

    def __init__(self) -> None:
        self.trial: Trial | None = None

    def run(self, position: str, lines: str) -> dict[str, Any]:
        """Play the case of *position* and *lines*: its ``verdict`` (``passed``, ``failed`` or
        ``error``), the ``problem`` that stopped it, its ``states`` (the position, then one
        after each action: ``step``, ``picture``, ``checks``) and the ``board`` to try actions
        on (``grid``, ``moves``, ``to_move``)."""
        self.trial = None
        try:
            case = parse(f"{position}\n{lines}", "edited", loose=True)
            trial = play(case)
        except CaseError as err:
            return {"verdict": "error", "problem": str(err), "states": [], "board": None}
        self.trial = trial
        names = seat_names(trial.game.player_count(trial.start))
        checks = trial.checks
        states = [self._state(None, trial.start, None, None, names, checks, 0)]
        for step in trial.steps:
            last, before = (None, None) if step.refused else (step.action, step.before)
            states.append(self._state(step, step.after, last, before, names, checks, step.number))
        failed = sum(not check.ok for check in checks)
        verdict = "error" if trial.problem else "failed" if failed else "passed"
        return {
            "verdict": verdict,
            "problem": None if trial.problem is None else str(trial.problem),
            "game": trial.game.facts.name,
            "title": trial.game.facts.title,
            "seats": names,
            "passed": len(checks) - failed,
            "failed": failed,
            "states": states,
            "board": self._board(trial, names),
        }

    def _state(
        self,
        step: Any,
        state: Any,
        last: Any,
        before: Any,
        names: list[str],
        checks: tuple[Check, ...],
        number: int,
    ) -> dict[str, Any]:
        game = self._game()
        shown: dict[str, Any] = {
            "picture": picture(game, state, last=last, before=before),
            "checks": [_check(c) for c in checks if c.after == number],
            "step": None,
        }
        if step is not None:
            seat = step.seat
            shown["step"] = {
                "number": step.number,
                "action": step.text,
                "who": "nobody" if seat is None else names[seat],
                "explain": game.presentation.explain(step.before, step.action),
                "told": [event.text(names) for event in step.events],
                "refused": step.refused,
            }
        return shown

    def _board(self, trial: Trial, names: list[str]) -> dict[str, Any]:
        game, state = trial.game, trial.state
        seat = state.to_move
        return {
            "grid": grid(game, state),
            "moves": moves(game, game.legal_actions(state)),
            "to_move": None if seat is None else names[seat],
            "over": state.is_over,
        }

    def _game(self) -> Any:
        if self.trial is None:
            raise TigeuphError("no case has been played yet")
        return self.trial.game

    def explain(self, action: str) -> dict[str, Any]:
        """What *action* would do in the last position played, as its game explains it."""
        if self.trial is None:
            raise TigeuphError("no case has been played yet: run one first")
        game, state = self.trial.game, self.trial.state
        chosen = game.parse_action(action)
        return {
            "action": str(chosen),
            "explain": game.presentation.explain(state, chosen),
            "legal": chosen in game.legal_actions(state),
        }

    @staticmethod
    def extend(position: str, lines: str, action: str) -> dict[str, Any]:
        """The case's *lines* with *action* played after its last action: a ``play`` line
        added at the end, the refused action and its ``expect-error`` line taken out first
        when the case has one."""
        case: Case = parse(f"{position}\n{lines}", "edited", loose=True)
        kept = lines.splitlines()
        if case.error is not None:
            kept = [line for line in kept if not line.strip().startswith("expect-error:")]
            for at in range(len(kept) - 1, -1, -1):
                if kept[at].strip().startswith("play:"):
                    words = kept[at].split()[:-1]
                    kept[at : at + 1] = [" ".join(words)] if len(words) > 1 else []
                    break
        while kept and not kept[-1].strip():
            kept.pop()
        return {"lines": "\n".join([*kept, f"play: {action}"])}
