"""A bot's process: started without a shell, read and written a line at a time with a
deadline, its standard error kept, and always reaped.

Two daemon threads read the child's standard output (into a queue of lines) and its
standard error (into a bounded tail), so that a read can wait with a timeout on every
system, and a bot that writes much to standard error never blocks on a full pipe. The
process is reaped by :meth:`BotProcess.close`; a finaliser (run when the object is
collected, and at the interpreter's exit) reaps it too, so that no bot outlives its host.
"""

from __future__ import annotations

import collections
import contextlib
import queue
import subprocess
import threading
import weakref
from collections.abc import Sequence
from typing import IO, Final

from ..core.errors import TigeuphError

__all__ = ["STDERR_TAIL", "BotProcess", "ChildError"]

STDERR_TAIL: Final = 8192
"""The characters of a bot's standard error kept: the end of it, where a crash tells why."""

_GRACE: Final = 2.0
"""Seconds a bot may take to exit after ``quit`` and the end of its input, before it is
killed."""

_EOF: Final = b""


class ChildError(TigeuphError):
    """The bot's process could not be started, or its pipe broke."""


class BotProcess:
    """One running bot: :meth:`send` a line, :meth:`read_line` with a deadline,
    :meth:`close`. *argv* is the program and its arguments (no shell)."""

    def __init__(self, argv: Sequence[str], *, max_line: int) -> None:
        self.argv = tuple(argv)
        try:
            self.popen = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        except (OSError, ValueError) as err:
            raise ChildError(f"cannot start {' '.join(self.argv)!r}: {err}") from None
        assert self.popen.stdin and self.popen.stdout and self.popen.stderr
        self._lines: queue.Queue[bytes] = queue.Queue()
        self._tail: collections.deque[str] = collections.deque()
        self._tail_size = [0]
        self._readers = (
            threading.Thread(
                target=_read_lines, args=(self.popen.stdout, self._lines, max_line), daemon=True
            ),
            threading.Thread(
                target=_read_tail,
                args=(self.popen.stderr, self._tail, self._tail_size),
                daemon=True,
            ),
        )
        for reader in self._readers:
            reader.start()
        self._finalizer = weakref.finalize(self, _reap, self.popen)

    @property
    def alive(self) -> bool:
        """Whether the process still runs."""
        return self.popen.poll() is None

    def send(self, line: bytes) -> None:
        """Write *line* (its newline included) to the bot.

        Raises:
            ChildError: the bot no longer reads its input.
        """
        stdin = self.popen.stdin
        assert stdin is not None
        try:
            stdin.write(line)
            stdin.flush()
        except (OSError, ValueError) as err:
            raise ChildError(f"the bot stopped reading its input ({err})") from None

    def read_line(self, timeout: float | None) -> bytes | None:
        """The bot's next line (with its newline; without one when it is cut at the longest
        line, or is the last of the output); ``b""`` once its output has ended; ``None`` when
        *timeout* seconds pass first."""
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def stderr_tail(self, wait: float = 0.0) -> str:
        """The end of what the bot wrote to its standard error, after waiting at most *wait*
        seconds for it to close (a crashed bot's last words arrive after its exit)."""
        if wait > 0 and not self.alive:
            self._readers[1].join(wait)
        return "".join(self._tail)[-STDERR_TAIL:]

    def close(self, message: bytes | None = None, grace: float = _GRACE) -> int | None:
        """Send *message* (a last line, ``quit``) if the bot still reads, end its input, give it
        *grace* seconds to exit, kill it if it does not, and reap it; its exit status (negative: the
        signal that killed it). Closing twice does nothing more."""
        if not self._finalizer.alive:
            return self.popen.returncode
        if message is not None and self.alive:
            with contextlib.suppress(ChildError):
                self.send(message)
        _reap(self.popen, grace)
        self._finalizer.detach()
        for reader in self._readers:
            reader.join(_GRACE)
        return self.popen.returncode


def _reap(popen: subprocess.Popen[bytes], grace: float = _GRACE) -> None:
    """End the bot's input, wait a moment for it to exit, else kill it; always reap it."""
    for pipe in (popen.stdin,):
        try:
            if pipe is not None:
                pipe.close()
        except OSError:
            pass
    try:
        popen.wait(grace)
    except subprocess.TimeoutExpired:
        popen.kill()
        popen.wait()


def _read_lines(pipe: IO[bytes], lines: queue.Queue[bytes], max_line: int) -> None:
    try:
        while True:
            line = pipe.readline(max_line)
            lines.put(line)
            if not line:
                return
    except (OSError, ValueError):
        lines.put(_EOF)


def _read_tail(pipe: IO[bytes], tail: collections.deque[str], size: list[int]) -> None:
    try:
        while True:
            chunk = pipe.read1(4096)  # type: ignore[attr-defined]  # a BufferedReader
            if not chunk:
                return
            text = chunk.decode("utf-8", "replace")
            tail.append(text)
            size[0] += len(text)
            while size[0] - len(tail[0]) >= STDERR_TAIL:
                size[0] -= len(tail.popleft())
    except (OSError, ValueError):
        return
