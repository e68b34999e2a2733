"""What the terminal game prints, apart from what a person types: a position as the game
describes it, the seats named; a person's view with the story since his last decision and his
legal actions grouped; what a watched agent's action did; why a game stopped; and the final
ranking. The loop (:mod:`tigeuph.terminal.game`) and a person's turn
(:mod:`tigeuph.terminal.keyboard`) decide when; this module only says it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.stops import STALL_REPEATS, STALL_ROUNDS, Stop
from ..games import AnyGame, Record
from .console import show_markup
from .narration import last_decision, seat_labels, show_summary, story, tell
from .prompt import Matches, group_actions

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["Display"]


def _ranking(game: AnyGame, state: Any) -> list[tuple[int, int]]:
    """(rank, seat) of every seat of a finished game, best first, as the game ranks
    them (its tie-breaks included)."""
    ranks = game.ranks(state)
    return sorted((ranks[seat], seat) for seat in range(len(ranks)))


class Display:
    """The screen of one table: *console*, the game *interface* that describes its positions,
    and the *seats*' names (``"human"`` or an agent's specification, seat 0 first)."""

    def __init__(self, console: Console, interface: AnyGame, seats: Sequence[str]) -> None:
        self.console = console
        self.interface = interface
        self.seats = list(seats)

    def describe(self, position: Any, *, last: Any = None, viewer: int | None = None) -> str:
        """The game's description of *position*, the seats named: by their players, or as
        ``(you)`` and the agents for a person's view."""
        if viewer is None:
            names = self.seats
        else:
            names = [f"({'you' if s == viewer else n})" for s, n in enumerate(self.seats)]
        return self.interface.presentation.describe(position, last=last, names=names)

    def view(self, record: Record, view: Any, note: str) -> None:
        """A person's *view* drawn on a clean screen: the position, the story since his last
        decision, what to weigh, *note* (what an undo took back) and his legal actions."""
        last = record.actions[-1] if record.actions else None
        if self.console.is_terminal:
            self.console.clear()
        seat = view.player
        show_markup(self.console, self.describe(view, last=last, viewer=seat))
        tell(self.console, record, last_decision(record, seat), seat, self.seats)
        show_summary(self.console, self.interface, view, seat, len(self.seats))
        if note:
            self.console.print(note, style="bold", markup=False)
        self.console.print("your legal actions (? for help, legal all for every one):")
        self.legal(record.state, view.legal, every=False)

    def legal(self, state: Any, legal: Sequence[Any], *, every: bool) -> None:
        """*legal* a line per kind, the commonest kinds first, each in full when *every*;
        within a kind, the actions that gain something in *state* come first (a tile that
        scores, not ``rA1``)."""
        shown = self.interface.presentation

        def gains(action: Any) -> bool:
            return bool(shown.gains(state, action))

        lines = group_actions(
            legal, shown.action_kind, shown.kinds_by_use, every=every, first=gains
        )
        for line in lines:
            self.console.print("  " + line, markup=False)

    def matches(self, matches: Matches) -> None:
        """The legal actions a typed beginning matches, or why it matches none."""
        if not matches.actions:
            from rich.text import Text

            self.console.print(
                Text.assemble((matches.reason, "red"), " (help lists every kind of action)")
            )
            return
        shown = " ".join(str(a) for a in matches.actions)
        self.console.print(
            f"{len(matches.actions)} legal actions begin {matches.text!r}: {shown}", markup=False
        )

    def error(self, text: str) -> None:
        """*text* in red: a refusal."""
        from rich.text import Text

        self.console.print(Text(text, style="red"))

    def watched(self, record: Record, seat: int, action: object, delay: float) -> None:
        """Tell a watcher what *seat*'s *action* did: the position and its events, shown for
        *delay* seconds on a terminal; in a file, the action and its events as lines."""
        done = len(record.actions)
        if not self.console.is_terminal:
            self.console.print(f"seat {seat} ({self.seats[seat]}): {action}", markup=False)
            for _, lines in story(record, done - 1, done, None, seat_labels(self.seats, None)):
                for _, sentence, _ in lines:
                    self.console.print(f"    {sentence}", markup=False, soft_wrap=True)
            return
        self.console.clear()
        show_markup(self.console, self.describe(record.state, last=action))
        tell(self.console, record, done - 1, None, self.seats)
        show_summary(self.console, self.interface, record.state, None, len(self.seats))
        time.sleep(delay)

    def stopped(self, record: Record, reason: Stop, max_actions: int, *, clear: bool) -> None:
        """Where the stopped game stands and, in one line, why it stopped (*reason*, the bound
        being *max_actions*); on a terminal the screen is cleared first when *clear*."""
        if self.console.is_terminal and clear:
            self.console.clear()
        show_markup(self.console, self.describe(record.state))
        if reason is Stop.STALLED:
            why = (
                f"The game has stalled: for {STALL_ROUNDS} whole rounds nothing but points "
                f"changed, or a turn began for the {STALL_REPEATS}th time in the same position "
                "(spec D8)."
            )
        else:
            why = f"The game has reached its bound of {max_actions} actions."
        self.console.print(
            f"{why} It stops here; the record keeps it.", markup=False, soft_wrap=True
        )

    def final(self, record: Record, viewer: int | None) -> None:
        """The finished game's last position, the story since *viewer*'s last decision (a
        person's seat; ``None`` when only agents played, and then the screen is not cleared)
        and every seat's rank and score, as the game ranks them."""
        state = record.state
        if self.console.is_terminal and viewer is not None:
            self.console.clear()
        show_markup(self.console, self.describe(state))
        if viewer is not None:
            tell(self.console, record, last_decision(record, viewer), viewer, self.seats)
        for rank, seat in _ranking(self.interface, state):
            score = self.interface.presentation.score_text(state, seat)
            self.console.print(
                f"  rank {rank}: seat {seat} ({self.seats[seat]}), {score}", markup=False
            )
