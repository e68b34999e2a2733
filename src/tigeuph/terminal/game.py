"""A game in the terminal: people and agents at one table (the ``cli`` extra, for ``rich``).

:func:`play_in_terminal` seats a person (``"human"``) or an agent (any
:func:`tigeuph.agents.make_agent` specification) at each seat and plays one game of any game of
:data:`tigeuph.GAMES`. A person sees only his own view, as the game describes it
(:meth:`~tigeuph.games.Presentation.describe`: the main game's board in colour with the latest
actions marked, his hand and points, the others' hand sizes), then the story since his last
decision in words (every event as he may know it, :mod:`tigeuph.terminal.narration`), what to
weigh at a decision such as a revolt's support (both sides' strengths), and his legal
actions; he types actions in the game's notation (a unique beginning is enough), ``?`` for
help, ``explain ACTION``, ``undo`` (when every other seat is an agent), ``hint`` (an action
and what it would do) and ``quit``. A refusal says why in words. With several people at one
screen, each is asked to take the seat before his view is drawn. With no person seated, the
game is watched: the position is drawn after every action, *delay* seconds apart, and what the
action did told.

Players, people or agents, may pass for ever in the main game (spec R5): a game whose play
stalls (spec D8, the game's ``records.stall_watch``) or that reaches
*max_actions* actions is stopped (``record.stop``), said to be so in one line, and returned
like a finished one, so its record keeps it.

Nothing here knows one game from another: everything is asked of the game's interface.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..agents import AgentSpecError, agent_rng
from ..core.deals import new_seed
from ..core.errors import TigeuphError
from ..core.stops import STALL_REPEATS, STALL_ROUNDS, Stop
from ..games import AnyGame, Record, game_named, game_of, player_counts
from .console import rich_console, show_markup
from .narration import last_decision, seat_labels, show_summary, story, tell
from .prompt import (
    Command,
    Matches,
    completer,
    explain_words,
    group_actions,
    help_text,
    hint_words,
    read_input,
    refusal_words,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ..agents import Agent

__all__ = ["HUMAN", "TerminalGame", "play_in_terminal"]

HUMAN = "human"
"""The seat specification of a person at the keyboard."""


def _agent(spec: str, game: AnyGame) -> Agent:
    from ..agents import make_agent

    return make_agent(spec, game=game.facts.name)


class TerminalGame:
    """One game at a terminal: the seats, the record (of any game) and the screen.

    *ask* reads a line after showing a prompt (``input`` by default); it raises ``EOFError``
    when input ends, which quits the game as ``quit`` does. The game stops when play stalls
    (spec D8) or at *max_actions* actions (at most the record's own bound).
    """

    def __init__(
        self,
        game: Record,
        seats: Sequence[str],
        *,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
        seed: int = 0,
        delay: float = 0.0,
        max_actions: int | None = None,
    ) -> None:
        self.game = game
        self.interface: AnyGame = game_of(game)
        players = self.interface.player_count(game.state)
        if len(seats) != players:
            raise TigeuphError(f"{len(seats)} seats for a {players}-player game: name one per seat")
        self.seats = list(seats)
        self.agents = [None if s == HUMAN else _agent(s, self.interface) for s in self.seats]
        self.rngs = [agent_rng(seed, seat) for seat in range(len(seats))]
        self.console = console or rich_console()
        self.ask = ask or input  # input() itself, so that readline knows the prompt
        self.delay = delay
        self.humans = [seat for seat, agent in enumerate(self.agents) if agent is None]
        self.quit = False
        self._shown: int | None = None  # the seat whose view is on the screen
        self._note = ""  # said under the next position drawn (what an undo took back)
        if max_actions is not None and max_actions < 1:
            raise TigeuphError(f"max_actions must be 1 or more, not {max_actions}")
        limit = game.limits.max_record_actions
        self.max_actions = limit if max_actions is None else min(limit, max_actions)
        self._stall: Callable[[Any], bool] | None = None  # None: to build from every state
        self._seen: object = None  # the last state the watch saw
        self._stalled = False

    # --- the loop ------------------------------------------------------------------------

    def run(self) -> Record:
        """Play until the game ends, is stopped or a person quits; return the record. Agents
        that listen are told the end (an external bot's ``end``), and those that hold a
        process are closed, whatever happens."""
        try:
            self._play()
        finally:
            self._release()
        return self.game

    def _release(self) -> None:
        from ..agents.notices import game_end

        stopped = self.game.stopped
        ended = self.game.state.is_over or stopped is not None
        end = (
            game_end(self.interface, self.game.state, stopped and stopped.value) if ended else None
        )
        for agent in self.agents:
            listener, close = getattr(agent, "end_game", None), getattr(agent, "close", None)
            if end is not None and callable(listener):
                listener(end)
            if callable(close):
                close()

    def _play(self) -> None:
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
            if action not in self.interface.legal_actions(self.game.state):
                raise TigeuphError(f"seat {seat} ({self.seats[seat]}) played {action}: illegal")
            self.game.play(action)
            if not self.humans:
                self._watch(seat, action)
        if self.game.state.is_over:
            self._final()

    def _stop_reason(self) -> Stop | None:
        """Why the game must stop now: a stall (spec D8) or the bound on actions."""
        state = self.game.state
        if self._stall is None:
            watch = self.interface.records.stall_watch(STALL_ROUNDS)
            self._stall = watch if watch is not None else lambda seen: False
            for seen in self.game.states:
                self._stalled = self._stall(seen)
        elif state is not self._seen:
            self._stalled = self._stall(state)
        self._seen = state
        if self._stalled:
            return Stop.STALLED
        if len(self.game.actions) >= self.max_actions:
            return Stop.ACTION_LIMIT
        return None

    def _stop(self, reason: Stop) -> None:
        """Mark the game stopped, show where it stands and say why in one line."""
        self.game.stop(reason)
        if self.console.is_terminal and self.humans:
            self.console.clear()
        show_markup(self.console, self._describe(self.game.state))
        if reason is Stop.STALLED:
            why = (
                f"The game has stalled: for {STALL_ROUNDS} whole rounds nothing but points "
                f"changed, or a turn began for the {STALL_REPEATS}th time in the same position "
                "(spec D8)."
            )
        else:
            why = f"The game has reached its bound of {self.max_actions} actions."
        self.console.print(
            f"{why} It stops here; the record keeps it.", markup=False, soft_wrap=True
        )

    def _watch(self, seat: int, action: object) -> None:
        """Tell a watcher what *seat*'s *action* did: the position and its events."""
        done = len(self.game.actions)
        if not self.console.is_terminal:
            self.console.print(f"seat {seat} ({self.seats[seat]}): {action}", markup=False)
            for _, lines in story(self.game, done - 1, done, None, seat_labels(self.seats, None)):
                for _, sentence, _ in lines:
                    self.console.print(f"    {sentence}", markup=False, soft_wrap=True)
            return
        self.console.clear()
        show_markup(self.console, self._describe(self.game.state, last=action))
        tell(self.console, self.game, done - 1, None, self.seats)
        show_summary(self.console, self.interface, self.game.state, None, len(self.seats))
        time.sleep(self.delay)

    def _final(self) -> None:
        state = self.game.state
        if self.console.is_terminal and self.humans:
            self.console.clear()
        show_markup(self.console, self._describe(state))
        if self.humans:
            viewer = self._shown if self._shown is not None else self.humans[0]
            tell(self.console, self.game, last_decision(self.game, viewer), viewer, self.seats)
        for rank, seat in _ranking(self.interface, state):
            score = self.interface.presentation.score_text(state, seat)
            self.console.print(
                f"  rank {rank}: seat {seat} ({self.seats[seat]}), {score}", markup=False
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
            match read_input(line, view.legal, self.interface.parse_action):
                case Command() as command:
                    if self._command(command, seat, view):
                        return
                case Matches() as matches:
                    self._matches(matches)
                case action:
                    if action in view.legal:
                        self.game.play(action)
                        return
                    refusal = self.interface.refusal(self.game.state, action)
                    self._error(refusal_words(action, refusal, view.legal))

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self.quit = True
            return ""

    def _error(self, text: str) -> None:
        from rich.text import Text

        self.console.print(Text(text, style="red"))

    def _draw(self, view: Any) -> None:
        last = self.game.actions[-1] if self.game.actions else None
        if self.console.is_terminal:
            self.console.clear()
        seat = view.player
        show_markup(self.console, self._describe(view, last=last, viewer=seat))
        tell(self.console, self.game, last_decision(self.game, seat), seat, self.seats)
        show_summary(self.console, self.interface, view, seat, len(self.seats))
        if self._note:
            self.console.print(self._note, style="bold", markup=False)
            self._note = ""
        self.console.print("your legal actions (? for help, legal all for every one):")
        self._legal(view.legal, every=False)

    def _legal(self, legal: Sequence[Any], *, every: bool) -> None:
        """*legal* a line per kind, the commonest kinds first, each in full when *every*;
        within a kind, the actions that gain something come first (a tile that scores, not
        ``rA1``)."""
        shown, state = self.interface.presentation, self.game.state

        def gains(action: Any) -> bool:
            return bool(shown.gains(state, action))

        lines = group_actions(
            legal, shown.action_kind, shown.kinds_by_use, every=every, first=gains
        )
        for line in lines:
            self.console.print("  " + line, markup=False)

    def _describe(self, position: Any, *, last: Any = None, viewer: int | None = None) -> str:
        """The game's description of *position*, the seats named: by their players, or as
        ``(you)`` and the agents for a person's view."""
        if viewer is None:
            names = self.seats
        else:
            names = [f"({'you' if s == viewer else n})" for s, n in enumerate(self.seats)]
        return self.interface.presentation.describe(position, last=last, names=names)

    def _matches(self, matches: Matches) -> None:
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
                    self._legal(view.legal, every=start == "all")
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
        try:
            adviser = _agent("greedy", self.interface)
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
            return [str(a) for a in self.interface.legal_actions(self.game.state)]

        readline.set_completer(completer(actions))
        readline.set_completer_delims(" ")
        readline.parse_and_bind("tab: complete")


def _ranking(game: AnyGame, state: Any) -> list[tuple[int, int]]:
    """(rank, seat) of every seat of a finished game, best first, as the game ranks
    them (its tie-breaks included)."""
    ranks = game.ranks(state)
    return sorted((ranks[seat], seat) for seat in range(len(ranks)))


def play_in_terminal(
    seats: Sequence[str],
    *,
    game: str = "tigris",
    rules: object = None,
    seed: int | None = None,
    delay: float = 0.0,
    console: Console | None = None,
    ask: Callable[[str], str] | None = None,
    max_actions: int | None = None,
) -> Record:
    """Play one game of *game* (a name of :data:`tigeuph.GAMES`) at the terminal with *seats*
    (``"human"`` or an agent specification per seat, seat 0 first) under *rules* (the game's
    variants; ``None``, its standard rules) and return its record, finished or as far as it
    went: a game that stalls (spec D8) or reaches *max_actions* actions is returned stopped
    (``record.stopped``).

    Raises:
        TigeuphError: rich is missing (the ``cli`` extra), *game* is no game, the game takes
            no such number of seats or rules, a seat names no agent, or an agent played an
            illegal action.
    """
    interface = game_named(game)
    if len(seats) not in interface.facts.players:
        raise TigeuphError(
            f"{interface.facts.title} seats {player_counts(interface)} players, not {len(seats)}"
        )
    if seed is None:
        seed = new_seed()
    tags = {f"Player{seat}": name for seat, name in enumerate(seats)}
    record = interface.records.new_record(len(seats), seed=seed, rules=rules, tags=tags)
    return TerminalGame(
        record, seats, console=console, ask=ask, seed=seed, delay=delay, max_actions=max_actions
    ).run()
