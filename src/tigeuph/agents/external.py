"""A bot in any language, as an agent: :class:`ExternalAgent` runs a program and plays it
over the bot protocol (``docs/protocol.rst``), one JSON line a message on its standard input
and output.

The bot sees only its seat's view, as every agent does. One process serves game after
game; it is started at the first decision and handshakes then. A bot that answers late,
writes what is not a message, or exits is stopped and the game is lost
(:class:`BotError`, which :func:`~tigeuph.play` turns into a :class:`~tigeuph.AgentError`
naming the seat, with the bot's standard error kept); the next game starts it afresh. A
bot that answers an illegal action loses the game too, but keeps its process: it is told
the game's end (its forfeit) as any game's.
"""

from __future__ import annotations

import contextlib
import json
import random
import shlex
import time
from collections.abc import Sequence
from typing import Any, Final

from attrs import evolve

from ..core.errors import ArgumentError, NotationError, TigeuphError, expect
from ..games import AnyGame, game_of
from .child import BotProcess, ChildError
from .notices import GameEnd
from .wire import (
    MAX_LINE,
    PROTOCOL_VERSION,
    BotHello,
    ProtocolError,
    decode,
    encode,
    read_hello,
    tigeuph_version,
)

__all__ = ["BotError", "ExternalAgent", "split_command"]

_QUIT: Final = encode({"type": "quit"})


class BotError(TigeuphError):
    """An external bot failed: ``reason`` is ``"time"`` (it answered late), ``"protocol"``
    (a bad handshake, or a line that is no message in its place), ``"crash"`` (it exited, or
    could not start) or ``"illegal"`` (its answer is no action of the game); ``stderr`` is
    the end of its standard error."""

    def __init__(self, reason: str, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.stderr = stderr

    def __reduce__(self) -> tuple[type[BotError], tuple[object, ...]]:
        return BotError, (self.reason, str(self), self.stderr)


def split_command(command: object, where: str = "ExternalAgent: command") -> tuple[str, ...]:
    """*command* as a program and its arguments: a string split as a POSIX shell splits
    words (:func:`shlex.split`; no shell runs it), or a sequence of strings as it is.

    >>> split_command('node "my bots/bot.js" --fast')
    ('node', 'my bots/bot.js', '--fast')

    Raises:
        ArgumentTypeError: *command* is neither.
        ArgumentError: it names no program (empty, or unbalanced quotes).
    """
    expect(command, (str, list, tuple), "a command line or a list of its words", where)
    if isinstance(command, str):
        try:
            words = tuple(shlex.split(command))
        except ValueError as err:
            raise ArgumentError(f"{where}: {command!r}: {err}") from None
    else:
        assert isinstance(command, list | tuple)
        for word in command:
            expect(word, str, "a word of the command", where)
        words = tuple(command)
    if not words:
        raise ArgumentError(f"{where}: an empty command")
    return words


class ExternalAgent:
    """The agent a bot program plays (see the module): *command* starts it, a string split
    as a shell would (no shell runs it) or a list of words.

    *move_time* is each decision's limit in seconds (``None``: none), told to the bot as its
    time left; *start_time* bounds its start and handshake. The process starts at the first
    decision (or :meth:`start`), serves every game after, and is reaped by :meth:`close`, by
    ``with``, or at the latest when the agent is collected or the interpreter exits.

    tigeuph playing itself over the protocol (``tigeuph engine``):

    >>> import sys, tigeuph
    >>> from tigeuph.agents import RandomAgent
    >>> engine = [sys.executable, "-m", "tigeuph", "engine", "--agent", "greedy"]
    >>> with ExternalAgent(engine) as agent:
    ...     game = tigeuph.play([agent, RandomAgent()], game="babel", seed=1)
    ...     agent.hello.name
    'tigeuph greedy'
    >>> game.state.is_over
    True
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        move_time: float | None = 10.0,
        start_time: float = 10.0,
    ) -> None:
        self.argv = split_command(command)
        self.command = command if isinstance(command, str) else shlex.join(self.argv)
        for name, value in (("move_time", move_time), ("start_time", start_time)):
            if value is None and name == "move_time":
                continue
            expect(value, (int, float), "a number of seconds", f"ExternalAgent: {name}")
            assert isinstance(value, int | float)
            if not value > 0:
                raise ArgumentError(f"ExternalAgent: {name} must be above 0, not {value!r}")
        self.move_time = None if move_time is None else float(move_time)
        self.start_time = float(start_time)
        self.hello: BotHello | None = None
        """What the bot said of itself, once it has started."""
        self._process: BotProcess | None = None
        self._game: AnyGame | None = None  # the game going on, once new_game was sent

    def __repr__(self) -> str:
        return f"ExternalAgent({self.command!r})"

    def __enter__(self) -> ExternalAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        """The running bot's process id, or ``None`` when none runs."""
        return None if self._process is None else self._process.popen.pid

    def start(self) -> BotHello:
        """Start the bot and handshake, unless it runs already; what it said of itself.

        Raises:
            BotError: it cannot start, or its handshake is late or wrong.
        """
        if self._process is not None and self.hello is not None:
            return self.hello
        try:
            self._process = BotProcess(self.argv, max_line=MAX_LINE)
        except ChildError as err:
            raise BotError("crash", f"{self!r}: {err}") from None
        self._send(
            {"type": "hello", "protocol": PROTOCOL_VERSION, "host": f"tigeuph {tigeuph_version()}"}
        )
        try:
            self.hello = read_hello(self._receive(self.start_time, "its hello"))
        except ProtocolError as err:
            raise self._fail("protocol", f"a bad handshake: {err}") from None
        return self.hello

    def act(self, view: Any, rng: random.Random) -> Any:
        """The bot's answer to this decision: the ``decide`` message (after ``new_game`` when
        no game is going on), and its ``action`` read back in the game's notation.

        Raises:
            BotError: the bot failed (see the class); it is stopped unless the reason is
                ``"illegal"``.
        """
        game = game_of(view)
        hello = self.start()
        if self._game is None:
            if game.name not in hello.games:
                raise self._fail("protocol", f"it plays {', '.join(hello.games)}, not {game.name}")
            self._send(
                {
                    "type": "new_game",
                    "game": game.name,
                    "players": game.player_count(view),
                    "seat": view.player,
                    "rules": game.rules_to_json(getattr(view, "rules", None)),
                    # from the seat's own generator, never the deal's: a bot that draws from
                    # it replays its games
                    "seed": rng.randrange(2**31),
                }
            )
            self._game = game
        decision: dict[str, Any] = {
            "type": "decide",
            "seat": view.player,
            "time_ms": None if self.move_time is None else int(self.move_time * 1000),
            "legal": [str(action) for action in view.legal],
        }
        if hello.view == "notation":
            # A view has no notation of its own: a position the seat cannot tell from the
            # real one, what it may not see drawn from its own generator (sample_state).
            decision["position"] = game.to_text(game.sample_state(view, rng))
        else:
            if not hello.history and getattr(view, "history", None):
                view = evolve(view, history=())
            decision["view"] = json.loads(game.view_to_json(view))
        self._send(decision)
        answer = self._receive(self.move_time, "its action")
        text = answer.get("action")
        if answer["type"] != "action" or not isinstance(text, str):
            raise self._fail("protocol", f"expected an action message, not {_short(answer)}")
        try:
            return game.parse_action(text)
        except NotationError as err:
            raise BotError("illegal", f"{self!r} answered {text!r:.60}: {err}") from None

    def end_game(self, end: GameEnd) -> None:
        """Tell the bot how its game ended (``end``); nothing when no game is going on. A bot
        that no longer listens is stopped, to be started afresh for the next game."""
        if self._game is None or self._process is None:
            return
        self._game = None
        message = {
            "type": "end",
            "result": end.result,
            "winners": list(end.winners),
            "ranks": list(end.ranks),
            "scores": list(end.scores),
            "text": end.text,
            "forfeit": None if end.forfeit is None else {"seat": end.forfeit, "reason": end.reason},
        }
        with contextlib.suppress(BotError):  # it is stopped: the next game starts it afresh
            self._send(message)

    def forget_game(self) -> None:
        """Leave the game going on without an end (a host that moves between games): the
        next decision starts a new game; nothing is sent."""
        self._game = None

    def close(self) -> int | None:
        """Send ``quit``, and reap the bot (killed if it does not exit in two seconds); its exit
        status (negative: the signal that killed it), or ``None`` when none ran. The agent may
        play again: it then starts a new process."""
        process, self._process, self._game, self.hello = self._process, None, None, None
        return None if process is None else process.close(_QUIT)

    # --- the pipe --------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        assert self._process is not None
        try:
            self._process.send(encode(message))
        except ChildError as err:
            raise self._fail("crash", str(err)) from None

    def _receive(self, timeout: float | None, what: str) -> dict[str, Any]:
        assert self._process is not None
        start = time.monotonic()
        line = self._process.read_line(timeout)
        if line is None:
            raise self._fail("time", f"no answer within {timeout:g} s for {what}")
        if not line:
            status = self._process.popen.wait()
            raise self._fail("crash", f"its output ended (exit status {status}) awaiting {what}")
        if not line.endswith(b"\n") and len(line) >= MAX_LINE:
            raise self._fail("protocol", f"a line over {MAX_LINE} bytes awaiting {what}")
        try:
            return decode(line)
        except ProtocolError as err:
            raise self._fail(
                "protocol", f"{err} (after {time.monotonic() - start:.3f} s)"
            ) from None

    def _fail(self, reason: str, why: str) -> BotError:
        """The error for a bot that failed, which is stopped (its standard error kept)."""
        process, self._process, self._game, self.hello = self._process, None, None, None
        stderr = ""
        if process is not None:
            process.close(_QUIT, grace=0.5)  # a failed bot gets no long goodbye
            stderr = process.stderr_tail(wait=1.0)
        message = f"{self!r}: {why}"
        if stderr.strip():
            message += "; its stderr ends: " + " | ".join(stderr.strip().splitlines()[-3:])[-300:]
        return BotError(reason, message, stderr)


def _short(message: dict[str, Any]) -> str:
    text = repr(message)
    return text[:80] + ("..." if len(text) > 80 else "")
