"""A person's turn at the keyboard: his view drawn, then each line he types read
(:func:`~tigeuph.terminal.prompt.read_input`) until he plays a legal action, takes his last one
back or quits; the commands (help, legal, explain, hint, undo, board, quit) carried out on the
way, a refusal said in words. The loop (:mod:`tigeuph.terminal.game`) gives a person his turn
and reads here whether he quit.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..agents import AgentSpecError
from ..games import Record
from .display import Display
from .prompt import (
    Command,
    Matches,
    completer,
    explain_words,
    help_text,
    hint_words,
    read_input,
    refusal_words,
)

__all__ = ["Keyboard"]


class Keyboard:
    """The people seated at *humans* of *record*'s table, each in his turn, shown on *display*.

    *ask* reads a line after showing a prompt; ``EOFError`` or ``KeyboardInterrupt`` from it
    quits, as ``quit`` does. *on_undo* is called after an undo, whose states are gone.
    """

    def __init__(
        self,
        record: Record,
        display: Display,
        humans: Sequence[int],
        ask: Callable[[str], str],
        on_undo: Callable[[], None],
    ) -> None:
        self.game = record
        self.display = display
        self.console = display.console
        self.interface = display.interface
        self.humans = list(humans)
        self.ask = ask
        self.on_undo = on_undo
        self.quit = False
        """Whether a person quit (``quit``, or the end of input)."""
        self.shown: int | None = None
        """The seat whose view is on the screen."""
        self._note = ""  # said under the next position drawn (what an undo took back)

    def turn(self, seat: int) -> None:
        """*seat*'s turn: with several people at one screen, he is asked to take the seat
        first; then his view, and his lines read until he plays, undoes or quits."""
        if len(self.humans) > 1 and self.shown != seat:
            if self.console.is_terminal:
                self.console.clear()
            self._read(f"Seat {seat}: take the seat and press Enter ")
        self.shown = seat
        if self.quit:
            return
        view = self.game.view(seat)
        self._draw(view)
        while not self.quit:
            line = self._read(f"seat {seat}> ")
            if self.quit:
                return
            match read_input(line, view.legal, self.interface.parse_action):
                case Command() as command:
                    if self._command(command, seat, view):
                        return
                case Matches() as matches:
                    self.display.matches(matches)
                case action:
                    if action in view.legal:
                        self.game.play(action)
                        return
                    refusal = self.interface.refusal(self.game.state, action)
                    self.display.error(refusal_words(action, refusal, view.legal))

    def complete_with_readline(self) -> None:
        """Complete the legal actions with Tab, when people play at a terminal that has
        readline."""
        if not self.humans or not self.console.is_terminal:
            return
        try:
            import readline
        except ImportError:  # pragma: no cover - not on every platform
            return

        def actions() -> list[str]:
            return [str(a) for a in self.interface.legal_actions(self.game.state)]

        readline.set_completer(completer(actions))
        readline.set_completer_delims(" ")
        readline.parse_and_bind("tab: complete")

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self.quit = True
            return ""

    def _draw(self, view: Any) -> None:
        self.display.view(self.game, view, self._note)
        self._note = ""

    def _command(self, command: Command, seat: int, view: Any) -> bool:
        """Carry out *command*; true when the turn has moved on (an undo, a quit)."""
        match command.name:
            case "help":
                self.console.print(
                    help_text(self.interface.presentation.notation_help()), markup=False
                )
            case "legal":
                start = command.argument
                if start in ("", "all"):
                    self.display.legal(self.game.state, view.legal, every=start == "all")
                    return False
                found = [str(a) for a in view.legal if str(a).startswith(start)]
                none = f"none of your legal actions begins {start!r}"
                self.console.print(" ".join(found) or none, markup=False)
            case "explain":
                self._explain(command.argument, view)
            case "hint":
                self._hint(view)
            case "undo":
                return self._undo(seat)
            case "board":
                self._draw(view)
            case "quit":
                self.quit = True
                return True
        return False

    def _hint(self, view: Any) -> None:
        from ..agents import make_agent

        try:
            adviser = make_agent("greedy", game=self.interface.facts.name)
        except AgentSpecError:
            self.console.print("no hint: this installation has no greedy agent")
            return
        action = adviser.act(view, random.Random(0))
        self.console.print(hint_words(self.interface, self.game.state, view, action), markup=False)

    def _explain(self, text: str, view: Any) -> None:
        words = explain_words(self.interface, self.game.state, view.legal, text)
        self.console.print(words, markup=False)

    def _undo(self, seat: int) -> bool:
        if len(self.humans) > 1:
            self.console.print("undo works only when every other seat is a computer")
            return False
        game = self.game
        if seat not in [s.to_move for s in game.states[:-1]]:
            self.console.print("nothing of yours to undo")
            return False
        after = 0
        while True:
            mover = game.states[-2].to_move
            undone = game.undo()
            if mover == seat:
                break
            after += 1
        self.on_undo()
        later = f" and the {after} action{'s' * (after != 1)} after it" if after else ""
        self._note = f"took back {undone}{later}"
        return True
