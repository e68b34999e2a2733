"""A bot's process on a short leash: started without a shell in a process group of its own,
written and read a line at a time against deadlines, the end of its standard error kept, and
killed whole, its group with it, on every way out.

Nothing is read from the bot but the one line the host asks for, and at most *max_line* bytes
of it: what the bot writes unasked stays in the pipe, whose size the system bounds, and is a
fault found before the host's next message (:meth:`BotProcess.send`) or with the line it
follows. So a bot cannot grow its host's memory. Every wait has a deadline and the host writes
without blocking, so a bot that stops reading or writing cannot hang its host. No thread reads
for the bot: its standard error is drained while the host waits on it, and only its end kept.

On POSIX the bot leads a session and process group of its own, killed whole (``killpg``) when
it is closed, by a finaliser (run when the object is collected, and at the interpreter's exit),
and by any process told of the group (:func:`watch_groups`: the server's worker tells its
parent, which kills the groups of a worker it kills). A process that leaves the group
(``setsid``, ``setpgid``) leaves the host's reach. Elsewhere only the bot itself is killed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..core.errors import TigeuphError

__all__ = ["STDERR_TAIL", "BotProcess", "ChildError", "kill_group", "watch_groups"]

STDERR_TAIL: Final = 8192
"""The bytes of a bot's standard error kept: the end of it, where a crash tells why."""

_GRACE: Final = 2.0
"""Seconds a bot may take to exit after ``quit`` and the end of its input, before it is
killed."""

_LAST_WORDS: Final = 0.5
"""Seconds the host reads on a stopped bot's standard error while something holds it open."""

_LOOK: Final = 0.1
"""Seconds between looks at whether a silent bot has exited."""

_CHUNK: Final = 1 << 16

_POSIX: Final = os.name == "posix"

_OWN_GROUP: Final[dict[str, Any]] = (
    {"start_new_session": True}
    if _POSIX
    else {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
)

_watcher: list[Callable[[int, bool], None]] = []


class ChildError(TigeuphError):
    """The bot's process failed at its pipes: ``reason`` is ``"crash"`` (it could not start,
    exited, or closed a pipe), ``"time"`` (a deadline passed) or ``"protocol"`` (a line too
    long, or one it was not asked for)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason

    def __reduce__(self) -> tuple[type[ChildError], tuple[str, str]]:
        return ChildError, (self.reason, str(self))


def watch_groups(report: Callable[[int, bool], None] | None) -> None:
    """Have *report* called with the process group of each bot this process starts (and
    ``True``) and of each it kills (and ``False``), in place of any earlier *report*; ``None``
    stops the reports. A process that may be killed before it can stop its bots (the server's
    worker) tells its parent, which can then kill them (:func:`kill_group`)."""
    _watcher[:] = [] if report is None else [report]


def kill_group(group: int) -> None:
    """Kill every process left in the process group *group* (POSIX; nothing elsewhere)."""
    if _POSIX:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)


def _tell(group: int, running: bool) -> None:
    for report in _watcher:
        with contextlib.suppress(Exception):  # a parent gone deaf must not stop a kill
            report(group, running)


class BotProcess:
    """One running bot: :meth:`send` a line, :meth:`read_line` the answer, :meth:`close`, each
    by a deadline (a :func:`time.monotonic` time; ``None``: none). *argv* is the program and its
    arguments (no shell); the bot's lines are at most *max_line* bytes, newline included."""

    def __init__(self, argv: Sequence[str], *, max_line: int) -> None:
        self.argv = tuple(argv)
        self.max_line = max_line
        try:
            self.popen = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                **_OWN_GROUP,
            )
        except (OSError, ValueError) as err:
            raise ChildError("crash", f"cannot start {' '.join(self.argv)!r}: {err}") from None
        assert self.popen.stdin and self.popen.stdout and self.popen.stderr
        self._in = self.popen.stdin.fileno()
        self._out = self.popen.stdout.fileno()
        self._err: int | None = self.popen.stderr.fileno()
        if _POSIX:
            for fd in (self._in, self._out, self._err):
                os.set_blocking(fd, False)
        self._tail = bytearray()
        self._finalizer = weakref.finalize(self, _kill, self.popen, _GRACE)
        _tell(self.popen.pid, True)

    @property
    def pid(self) -> int:
        """The bot's process id; on POSIX also its process group's."""
        return self.popen.pid

    @property
    def alive(self) -> bool:
        """Whether the bot still runs."""
        return self.popen.poll() is None

    def send(self, line: bytes, deadline: float | None, *, check: bool = True) -> None:
        """Write *line* (its newline included) to the bot by *deadline*; with *check*, first make
        sure the bot has written nothing since its last line was read.

        Raises:
            ChildError: it wrote unasked (``protocol``), closed its output or input
                (``crash``), or did not read its input in time (``time``).
        """
        if check:
            self._check_quiet()
        rest = memoryview(line)
        while rest:
            if not self._wait(deadline, write=True, output=False):
                raise ChildError("time", "it did not read its input in time")
            try:
                rest = rest[os.write(self._in, rest[:_CHUNK]) :]
            except BlockingIOError:
                continue
            except OSError as err:
                raise ChildError("crash", f"it stopped reading its input ({err})") from None

    def read_line(self, deadline: float | None) -> bytes:
        """The bot's next line, its newline included, read by *deadline*; nothing after it is
        read.

        Raises:
            ChildError: no whole line came in time (``time``), the bot's output ended
                (``crash``), or the line is too long or another follows it (``protocol``).
        """
        line = bytearray()
        while True:
            if not self._wait(deadline):
                status = self.popen.poll()
                if status is not None:  # what it left running holds its output open
                    raise ChildError("crash", f"it exited (exit status {status})")
                raise ChildError("time", "no answer in time")
            try:
                chunk = os.read(self._out, self.max_line + 1 - len(line))
            except BlockingIOError:
                continue
            except OSError as err:
                raise ChildError("crash", f"its output broke ({err})") from None
            if not chunk:
                raise ChildError("crash", self._ended())
            line += chunk
            end = line.find(b"\n")
            if end >= 0 and end + 1 < len(line):
                extra = _quote(line[end + 1 :])
                raise ChildError("protocol", f"it wrote another line after its answer: {extra}")
            if len(line) > self.max_line:
                raise ChildError("protocol", f"a line over {self.max_line} bytes")
            if end >= 0:
                return bytes(line)

    def stderr_tail(self) -> str:
        """The end of what the bot wrote to its standard error, read so far (all of it once it
        is closed)."""
        return self._tail.decode("utf-8", "replace")[-STDERR_TAIL:]

    def close(self, message: bytes | None = None, grace: float = _GRACE) -> int | None:
        """Send *message* (a last line, ``quit``) if the bot reads it in time, end its input,
        give it *grace* seconds to exit, then kill its group and reap it, keeping its last
        words; its exit status (negative: the signal that killed it). Closing twice does
        nothing more."""
        if not self._finalizer.detach():
            return self.popen.returncode
        if message is not None:  # a line this short goes at once, unless the pipe is full
            with contextlib.suppress(ChildError):
                self.send(message, time.monotonic(), check=False)
        _stop(self.popen, grace)
        if self._err is not None:
            self._wait(time.monotonic() + _LAST_WORDS, output=False)
        for pipe in (self.popen.stdout, self.popen.stderr):
            with contextlib.suppress(OSError):
                pipe.close()  # type: ignore[union-attr]
        return self.popen.returncode

    # --- waiting ---------------------------------------------------------------------------

    def _check_quiet(self) -> None:
        if self._wait(time.monotonic()):
            try:
                chunk = os.read(self._out, 80)
            except BlockingIOError:
                return
            except OSError as err:
                raise ChildError("crash", f"its output broke ({err})") from None
            if not chunk:
                raise ChildError("crash", self._ended())
            raise ChildError("protocol", f"it wrote a line it was not asked for: {_quote(chunk)}")

    def _wait(self, deadline: float | None, *, write: bool = False, output: bool = True) -> bool:
        """Wait by *deadline* until the bot's input can be written (*write*), or its output
        read (*output*: a line, or its end), draining its standard error meanwhile; whether
        it can. A bot that has exited ends the wait for its output."""
        while True:
            timeout = _LOOK if deadline is None else min(_LOOK, deadline - time.monotonic())
            reads = [fd for fd in (self._err, self._out if output else None) if fd is not None]
            readable, writable = _ready(reads, [self._in] if write else [], max(timeout, 0.0))
            if self._err is not None and self._err in readable:
                self._drain_stderr()
            if (output and self._out in readable) or writable:
                return True
            if not (write or output) and self._err is None:
                return False  # waiting on the standard error alone, and it has ended
            if deadline is not None and time.monotonic() >= deadline:
                return False
            if output and not readable and self.popen.poll() is not None:
                return False

    def _drain_stderr(self) -> None:
        assert self._err is not None
        try:
            chunk = os.read(self._err, _CHUNK)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._err = None
            return
        self._tail += chunk
        del self._tail[:-STDERR_TAIL]

    def _ended(self) -> str:
        """Why the bot's output ended: its exit, or its closing it and running on."""
        try:
            status = self.popen.wait(_LAST_WORDS)
        except subprocess.TimeoutExpired:
            return "it closed its output and runs on"
        return f"its output ended (exit status {status})"


def _stop(popen: subprocess.Popen[bytes], grace: float) -> None:
    """End the bot's input, give it *grace* seconds to exit, then kill its group (what it left
    running too) and reap it."""
    with contextlib.suppress(OSError):
        popen.stdin.close()  # type: ignore[union-attr]
    with contextlib.suppress(subprocess.TimeoutExpired):
        popen.wait(grace)
    if _POSIX:
        kill_group(popen.pid)  # the leader's number stays its group's while a member is left
    if popen.poll() is None:
        popen.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        popen.wait(5.0)
    _tell(popen.pid, False)


def _kill(popen: subprocess.Popen[bytes], grace: float) -> None:
    """The finaliser: stop the bot, and close its pipes."""
    _stop(popen, grace)
    for pipe in (popen.stdout, popen.stderr):
        with contextlib.suppress(OSError):
            pipe.close()  # type: ignore[union-attr]


def _quote(data: bytes | bytearray) -> str:
    text = bytes(data[:80]).decode("utf-8", "replace").rstrip("\n")
    return repr(text[:60] + ("..." if len(data) > 60 else ""))


if sys.platform == "win32":  # pragma: no cover - POSIX is where bots are tested
    import _winapi
    import msvcrt

    def _pending(fd: int) -> bool:
        try:
            available, _ = _winapi.PeekNamedPipe(msvcrt.get_osfhandle(fd))
        except OSError:
            return True  # a broken pipe: its end is there to read
        return bool(available)

    def _ready(reads: list[int], writes: list[int], timeout: float) -> tuple[list[int], list[int]]:
        """Windows cannot wait on pipes: look every few milliseconds; writes block."""
        end = time.monotonic() + timeout
        while True:
            readable = [fd for fd in reads if _pending(fd)]
            if readable or writes or time.monotonic() >= end:
                return readable, writes
            time.sleep(0.005)

else:
    import math
    import select

    def _ready(reads: list[int], writes: list[int], timeout: float) -> tuple[list[int], list[int]]:
        """The pipes of *reads* that can be read (or have ended) and of *writes* that can be
        written (or are broken), waiting at most *timeout* seconds for one. ``poll``, unlike
        ``select``, takes descriptors of any number (a busy server has many)."""
        poller = select.poll()
        for fd in reads:
            poller.register(fd, select.POLLIN)
        for fd in writes:
            poller.register(fd, select.POLLOUT)
        events = poller.poll(math.ceil(timeout * 1000))
        return [fd for fd, _ in events if fd in reads], [fd for fd, _ in events if fd in writes]
