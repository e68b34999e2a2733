"""A game in the terminal: people and agents at one table (the ``cli`` extra, for ``rich``).

:func:`play_in_terminal` seats a person (``"human"``) or an agent (any
:func:`tigeuph.agents.make_agent` specification) at each seat and plays one game. A person sees
only his own :class:`~tigeuph.PlayerView`: the board in colour with the last actions marked, his
hand and points, the others' hand sizes, the public history, and his legal actions; he types
actions in action notation (a unique beginning is enough), ``?`` for help, ``explain ACTION``,
``undo`` (when every other seat is an agent), ``hint`` and ``quit``. With several people at one
screen, each is asked to take the seat before his view is drawn. With no person seated, the
game is watched: the board is drawn after every action, *delay* seconds apart.

Players, people or agents, may pass for ever (spec R5): a game whose play stalls (spec D8) or
that reaches *max_actions* actions is stopped (:meth:`tigeuph.Game.stop`), said to be so in one
line, and returned like a finished one, so its record keeps it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..actions import Action
from ..agents import AGENT_NAMES, agent_rng
from ..engine import outcome
from ..errors import TigeuphError
from ..explain import explain
from ..legal import legal_actions
from ..records import Game
from ..ruleset import Rules
from ..stall import STALL_ROUNDS, StallWatch, Stop
from ..svg import action_cells
from ..views import PlayerView
from .board import board_text, players_text
from .prompt import HELP, Command, Matches, completer, group_actions, read_input

if TYPE_CHECKING:
    from rich.console import Console

    from ..agents import Agent
    from ..state import GameState

__all__ = ["HUMAN", "TerminalGame", "play_in_terminal", "rich_console"]

HUMAN = "human"
"""The seat specification of a person at the keyboard."""
_RECENT = 8  # actions of the public history shown above the prompt


def rich_console() -> Console:
    """A rich console, or the error naming the extra to install."""
    try:
        from rich.console import Console
    except ImportError:
        raise TigeuphError("the terminal game needs rich: pip install 'tigeuph[cli]'") from None
    return Console(highlight=False)


def _agent(spec: str) -> Agent:
    from ..agents import make_agent

    return make_agent(spec)


class TerminalGame:
    """One game at a terminal: the seats, the :class:`~tigeuph.Game` and the screen.

    *ask* reads a line after showing a prompt (``console.input`` by default); it raises
    ``EOFError`` when input ends, which quits the game as ``quit`` does. The game stops when
    play stalls (spec D8) or at *max_actions* actions (at most the game's own bound).
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        *,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
        seed: int = 0,
        delay: float = 0.0,
        max_actions: int | None = None,
    ) -> None:
        if len(seats) != game.state.players:
            raise TigeuphError(
                f"{len(seats)} seats for a {game.state.players}-player game: name one per seat"
            )
        self.game = game
        self.seats = list(seats)
        self.agents = [None if s == HUMAN else _agent(s) for s in self.seats]
        self.rngs = [agent_rng(seed, seat) for seat in range(len(seats))]
        self.console = console or rich_console()
        self.ask = ask or input  # input() itself, so that readline knows the prompt
        self.delay = delay
        self.humans = [seat for seat, agent in enumerate(self.agents) if agent is None]
        self.quit = False
        self._shown: int | None = None  # the seat whose view is on the screen
        self._note = ""  # said under the next board drawn (what an undo took back)
        if max_actions is not None and max_actions < 1:
            raise TigeuphError(f"max_actions must be 1 or more, not {max_actions}")
        limit = game.limits.max_record_actions
        self.max_actions = limit if max_actions is None else min(limit, max_actions)
        self._stall: StallWatch | None = None  # None: to build from every state (an undo)
        self._seen: GameState | None = None  # the last state the watch saw
        self._stalled = False

    # --- the loop ------------------------------------------------------------------------

    def run(self) -> Game:
        """Play until the game ends, is stopped or a person quits; return the game."""
        self._complete_with_readline()
        while not self.game.state.is_over and not self.quit:
            reason = self._stop_reason()
            if reason is not None:
                self._stop(reason)
                break
            seat = self.game.state.to_move
            assert seat is not None
            agent = self.agents[seat]
            if agent is None:
                self._human_turn(seat)
                continue
            action = agent.act(self.game.view(seat), self.rngs[seat])
            if action not in legal_actions(self.game.state):
                raise TigeuphError(f"seat {seat} ({self.seats[seat]}) played {action}: illegal")
            self.game.play(action)
            if not self.humans:
                self._watch(seat, action)
        if self.game.state.is_over:
            self._final()
        return self.game

    def _stop_reason(self) -> Stop | None:
        """Why the game must stop now: a stall (spec D8) or the bound on actions."""
        state = self.game.state
        if self._stall is None:
            self._stall = StallWatch()
            for seen in self.game.states:
                self._stalled = self._stall.see(seen)
        elif state is not self._seen:
            self._stalled = self._stall.see(state)
        self._seen = state
        if self._stalled:
            return Stop.STALLED
        if len(self.game.actions) >= self.max_actions:
            return Stop.ACTION_LIMIT
        return None

    def _stop(self, reason: Stop) -> None:
        """Mark the game stopped, show where it stands and say why in one line."""
        self.game.stop(reason)
        state = self.game.state
        if self.console.is_terminal and self.humans:
            self.console.clear()
        self.console.print(board_text(state))
        self.console.print(players_text(state, self.seats))
        if reason is Stop.STALLED:
            why = (
                f"The game has stalled: for {STALL_ROUNDS} whole rounds nothing but points "
                "changed (spec D8)."
            )
        else:
            why = f"The game has reached its bound of {self.max_actions} actions."
        self.console.print(
            f"{why} It stops here; the record keeps it.", markup=False, soft_wrap=True
        )

    def _watch(self, seat: int, action: Action) -> None:
        if not self.console.is_terminal:
            self.console.print(f"seat {seat} ({self.seats[seat]}): {action}")
            return
        state = self.game.state
        self.console.clear()
        self.console.print(board_text(state, highlight=action_cells(action)))
        self.console.print(players_text(state, self.seats))
        self.console.print(f"seat {seat} ({self.seats[seat]}) played {action}")
        time.sleep(self.delay)

    def _final(self) -> None:
        state = self.game.state
        result = outcome(state)
        assert result is not None
        if self.console.is_terminal and self.humans:
            self.console.clear()
        self.console.print(board_text(state))
        self.console.print(players_text(state, self.seats))
        for r in sorted(result.results, key=lambda r: (r.rank, r.player)):
            self.console.print(
                f"  rank {r.rank}: seat {r.player} ({self.seats[r.player]}), score {r.score}"
            )

    # --- a person's turn -----------------------------------------------------------------

    def _human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and self._shown != seat:
            if self.console.is_terminal:
                self.console.clear()
            self._read(f"Seat {seat}: take the seat and press Enter ")
        self._shown = seat
        if self.quit:
            return
        view = self.game.view(seat)
        self._draw(view)
        while not self.quit:
            line = self._read(f"seat {seat}> ")
            if self.quit:
                return
            match read_input(line, view.legal):
                case Command() as command:
                    if self._command(command, seat, view):
                        return
                case Matches() as matches:
                    self._matches(matches)
                case action:
                    if action in view.legal:
                        self.game.play(action)
                        return
                    self.console.print(f"[red]{explain(self.game.state, action)}[/red]")

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self.quit = True
            return ""

    def _draw(self, view: PlayerView) -> None:
        mine = [i for i, entry in enumerate(view.history) if entry.player == view.player]
        since = view.history[mine[-1] + 1 :] if mine else view.history
        marked = 0
        for entry in since:
            marked |= action_cells(entry.action)
        if self.console.is_terminal:
            self.console.clear()
        self.console.print(board_text(view, highlight=marked))
        self.console.print(players_text(view, self._names(view.player)))
        recent = [
            f"seat {entry.player}: "
            + (str(entry.action) if entry.action else f"exchanged {entry.exchanged} tiles")
            for entry in view.history[-_RECENT:]
        ]
        if recent:
            self.console.print("last actions: " + ", ".join(recent), style="dim")
        if self._note:
            self.console.print(self._note, style="bold")
            self._note = ""
        self.console.print("your legal actions (? for help):")
        for line in group_actions(view.legal):
            self.console.print("  " + line)

    def _names(self, viewer: int) -> list[str]:
        return ["(you)" if seat == viewer else f"({name})" for seat, name in enumerate(self.seats)]

    def _matches(self, matches: Matches) -> None:
        if not matches.actions:
            self.console.print(f"[red]{matches.reason}[/red] (? for help)")
            return
        shown = " ".join(str(a) for a in matches.actions)
        self.console.print(f"{len(matches.actions)} legal actions begin {matches.text!r}: {shown}")

    def _command(self, command: Command, seat: int, view: PlayerView) -> bool:
        """Carry out *command*; true when the turn has moved on (an undo)."""
        match command.name:
            case "help":
                self.console.print(HELP, markup=False)
            case "legal":
                start = command.argument
                found = [str(a) for a in view.legal if str(a).startswith(start)]
                self.console.print(" ".join(found) or "none", markup=False)
            case "explain":
                self._explain(command.argument, view)
            case "hint":
                if "greedy" not in AGENT_NAMES:
                    self.console.print("no hint: this installation has no greedy agent")
                else:
                    action = _agent("greedy").act(view, random.Random(0))
                    self.console.print(f"a greedy player would play {action}")
            case "undo":
                return self._undo(seat)
            case "board":
                self._draw(view)
            case "quit":
                self.quit = True
                return True
        return False

    def _explain(self, text: str, view: PlayerView) -> None:
        if not text:
            self.console.print("explain what? e.g. explain rE5")
            return
        found = read_input(text, view.legal)
        if not isinstance(found, (Command, Matches)):
            self.console.print(str(explain(self.game.state, found)), markup=False)
        elif isinstance(found, Matches):
            self.console.print(found.reason, markup=False)

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
        self._stall = None  # the watch saw states that are gone: it is built again
        later = f" and the {after} action{'s' * (after != 1)} after it" if after else ""
        self._note = f"took back {undone}{later}"
        return True

    def _complete_with_readline(self) -> None:
        if not self.humans or not self.console.is_terminal:
            return
        try:
            import readline
        except ImportError:  # pragma: no cover - not on every platform
            return

        def actions() -> list[str]:
            return [str(a) for a in legal_actions(self.game.state)]

        readline.set_completer(completer(actions))
        readline.set_completer_delims(" ")
        readline.parse_and_bind("tab: complete")


def play_in_terminal(
    seats: Sequence[str],
    *,
    rules: Rules | None = None,
    seed: int | None = None,
    delay: float = 0.0,
    console: Console | None = None,
    ask: Callable[[str], str] | None = None,
    max_actions: int | None = None,
) -> Game:
    """Play one game at the terminal with *seats* (``"human"`` or an agent specification per
    seat, seat 0 first) and return it, finished or as far as it went: a game that stalls
    (spec D8) or reaches *max_actions* actions is returned stopped (``game.stopped``).

    Raises:
        TigeuphError: rich is missing (the ``cli`` extra), a seat names no agent, or an agent
            played an illegal action.
    """
    rules = rules or Rules(players=len(seats))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    tags = {f"Player{seat}": name for seat, name in enumerate(seats)}
    game = Game.new(len(seats), seed=seed, rules=rules, tags=tags)
    return TerminalGame(
        game, seats, console=console, ask=ask, seed=seed, delay=delay, max_actions=max_actions
    ).run()
