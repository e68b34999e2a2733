"""A bot in any language, as an agent: :class:`ExternalAgent` runs a program and plays it
over the bot protocol (``docs/protocol.rst``), one JSON line a message on its standard input
and output.

The bot sees only its seat's view, as every agent does, and nothing it can tie to the deal:
its ``new_game`` seed, and the hidden parts of a notation bot's positions, are drawn through
a key the agent keeps secret (:class:`ExternalAgent`'s *key*). One process serves game after
game; it is started at the first decision and handshakes then. A bot that answers late,
writes what is not a message or what it was not asked for, or exits, is stopped (its whole
process group killed) and the game is lost (:class:`BotError`, which :func:`~tigeuph.play`
turns into a :class:`~tigeuph.AgentError` naming the seat, with the bot's standard error
kept); the next game starts it afresh. A bot that answers an illegal action loses the game
too, but keeps its process: it is told the game's end (its forfeit) as any game's. What the
host guarantees against a hostile bot is in ``docs/protocol.rst`` and :mod:`.child`.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
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
    MAX_BOT_LINE,
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

_SEND_TIME: Final = 2.0
"""Seconds a bot has to make room in its input for a message that asks for no answer."""

_FAILED_GRACE: Final = 0.5
"""Seconds a failed bot is given to exit after ``quit`` before its group is killed."""


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
    ``time_ms`` and measured from the host's sending the ``decide`` to its reading the answer;
    *start_time* bounds its start and handshake. The process starts at the first decision (or
    :meth:`start`), serves every game after, and is killed with its process group by
    :meth:`close`, by ``with``, or at the latest when the agent is collected or the
    interpreter exits.

    *key* (bytes) is the secret through which the bot's seeds, and the hidden parts of the
    positions a notation bot is shown, are drawn from the seat's generator (an HMAC of its
    draws): the same agent replays a game from its seed, yet a bot cannot work out its seeds
    from the deal's. By default each agent draws a key of its own from the system's secure
    source; give one (and keep it from the bot) to replay games across runs.

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
        key: bytes | None = None,
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
        expect(key, (bytes, type(None)), "a secret of bytes", "ExternalAgent: key")
        if key is not None and not key:
            raise ArgumentError("ExternalAgent: key must not be empty")
        self.move_time = None if move_time is None else float(move_time)
        self.start_time = float(start_time)
        self._key = os.urandom(32) if key is None else key
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
        """The running bot's process id (on POSIX, its process group's too), or ``None`` when
        none runs."""
        return None if self._process is None else self._process.pid

    def start(self) -> BotHello:
        """Start the bot and handshake, unless it runs already; what it said of itself.

        Raises:
            BotError: it cannot start, or its handshake is late or wrong.
        """
        if self._process is not None and self.hello is not None:
            return self.hello
        deadline = time.monotonic() + self.start_time
        try:
            self._process = BotProcess(self.argv, max_line=MAX_BOT_LINE)
        except ChildError as err:
            raise BotError("crash", f"{self!r}: {err}") from None
        # A bot may write its hello before reading the host's: no check for unasked lines yet.
        self._send(
            {"type": "hello", "protocol": PROTOCOL_VERSION, "host": f"tigeuph {tigeuph_version()}"},
            deadline,
            check=False,
        )
        try:
            self.hello = read_hello(self._receive(deadline, self.start_time, "its hello"))
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
            if game.facts.name not in hello.games:
                raise self._fail(
                    "protocol", f"it plays {', '.join(hello.games)}, not {game.facts.name}"
                )
            self._send(
                {
                    "type": "new_game",
                    "game": game.facts.name,
                    "players": game.player_count(view),
                    "seat": view.player,
                    "rules": game.variants.rules_to_json(getattr(view, "rules", None)),
                    # a replay draws the same, but only through the key: the seat's generator
                    # is a public function of the deal's seed
                    "seed": int.from_bytes(self._secret_draw(rng)[:4], "big") >> 1,
                },
                time.monotonic() + _SEND_TIME,
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
            # real one, what it may not see drawn through the key (sample_state).
            hidden = random.Random(self._secret_draw(rng))
            decision["position"] = game.to_text(game.sample_state(view, hidden))
        else:
            if not hello.history and getattr(view, "history", None):
                view = evolve(view, history=())
            decision["view"] = json.loads(game.view_to_json(view))
        deadline = None if self.move_time is None else time.monotonic() + self.move_time
        self._send(decision, deadline)
        answer = self._receive(deadline, self.move_time, "its action")
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
            self._send(message, time.monotonic() + _SEND_TIME)

    def forget_game(self) -> None:
        """Leave the game going on without an end (a host that moves between games): the
        next decision starts a new game; nothing is sent."""
        self._game = None

    def close(self) -> int | None:
        """Send ``quit``, end the bot's input, give it two seconds to exit, then kill its
        process group (whatever it left running) and reap it; its exit status (negative: the
        signal that killed it), or ``None`` when none ran. The agent may play again: it then
        starts a new process."""
        process, self._process, self._game, self.hello = self._process, None, None, None
        return None if process is None else process.close(_QUIT)

    # --- the pipe --------------------------------------------------------------------------

    def _secret_draw(self, rng: random.Random) -> bytes:
        """32 bytes from the seat's generator *rng* that only the key ties to it."""
        return hmac.digest(self._key, rng.getrandbits(64).to_bytes(8, "big"), "sha256")

    def _send(self, message: dict[str, Any], deadline: float | None, check: bool = True) -> None:
        assert self._process is not None
        try:
            self._process.send(encode(message), deadline, check=check)
        except ChildError as err:
            raise self._fail(err.reason, f"{err} (sending {message['type']})") from None

    def _receive(self, deadline: float | None, seconds: float | None, what: str) -> dict[str, Any]:
        assert self._process is not None
        try:
            line = self._process.read_line(deadline)
        except ChildError as err:
            if err.reason == "time":
                raise self._fail("time", f"no answer within {seconds:g} s for {what}") from None
            raise self._fail(err.reason, f"{err}, awaiting {what}") from None
        try:
            return decode(line)
        except ProtocolError as err:
            raise self._fail("protocol", f"{err}, awaiting {what}") from None

    def _fail(self, reason: str, why: str) -> BotError:
        """The error for a bot that failed, which is stopped (its standard error kept)."""
        process, self._process, self._game, self.hello = self._process, None, None, None
        stderr = ""
        if process is not None:
            process.close(_QUIT, grace=_FAILED_GRACE)  # a failed bot gets no long goodbye
            stderr = process.stderr_tail()
        message = f"{self!r}: {why}"
        if stderr.strip():
            message += "; its stderr ends: " + " | ".join(stderr.strip().splitlines()[-3:])[-300:]
        return BotError(reason, message, stderr)


def _short(message: dict[str, Any]) -> str:
    text = repr(message)
    return text[:80] + ("..." if len(text) > 80 else "")
