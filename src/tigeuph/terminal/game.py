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

This module is the loop: whose turn it is, the agents' moves, the stop. What it prints is
:mod:`tigeuph.terminal.display`; a person's turn, what he types and his commands,
:mod:`tigeuph.terminal.keyboard`. Nothing here knows one game from another: everything is
asked of the game's interface.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..agents import agent_rng
from ..core.deals import new_seed
from ..core.errors import TigeuphError
from ..core.stops import STALL_ROUNDS, Stop
from ..games import AnyGame, Record, game_named, game_of, player_counts
from .console import rich_console
from .display import Display
from .keyboard import Keyboard

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
        self.display = Display(self.console, self.interface, self.seats)
        self.keyboard = Keyboard(game, self.display, self.humans, self.ask, self._forget_watch)
        if max_actions is not None and max_actions < 1:
            raise TigeuphError(f"max_actions must be 1 or more, not {max_actions}")
        limit = game.limits.max_record_actions
        self.max_actions = limit if max_actions is None else min(limit, max_actions)
        self._stall: Callable[[Any], bool] | None = None  # None: to build from every state
        self._seen: object = None  # the last state the watch saw
        self._stalled = False

    @property
    def quit(self) -> bool:
        """Whether a person quit (``quit``, or the end of input)."""
        return self.keyboard.quit

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
        self.keyboard.complete_with_readline()
        while not self.game.state.is_over and not self.quit:
            reason = self._stop_reason()
            if reason is not None:
                self._stop(reason)
                break
            seat = self.game.state.to_move
            assert seat is not None
            agent = self.agents[seat]
            if agent is None:
                self.keyboard.turn(seat)
                continue
            action = agent.act(self.game.view(seat), self.rngs[seat])
            if action not in self.interface.legal_actions(self.game.state):
                raise TigeuphError(f"seat {seat} ({self.seats[seat]}) played {action}: illegal")
            self.game.play(action)
            if not self.humans:
                self.display.watched(self.game, seat, action, self.delay)
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

    def _forget_watch(self) -> None:
        """After an undo: the watch saw states that are gone, so it is built again."""
        self._stall = None

    def _stop(self, reason: Stop) -> None:
        """Mark the game stopped, show where it stands and say why in one line."""
        self.game.stop(reason)
        self.display.stopped(self.game, reason, self.max_actions, clear=bool(self.humans))

    def _final(self) -> None:
        """The end shown, told to the person last at the screen (the first, if none was)."""
        if not self.humans:
            self.display.final(self.game, None)
            return
        shown = self.keyboard.shown
        self.display.final(self.game, shown if shown is not None else self.humans[0])


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
