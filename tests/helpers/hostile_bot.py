"""A bot of the bot protocol that attacks its host, for tests/test_bot_host.py: run as
``python tests/hostile_bot.py MODE [--grandchild] [--ignore-quit] [--pids PATH] [--record
PATH]``.

It answers its hello, then plays the first legal action, but MODE says how it attacks:
``flood`` (writes unasked lines of 60 KB for ever from its hello on), ``endless`` (answers its first
decision with a line that never ends), ``drip`` (answers a byte at a time, never ending the
line), ``close-stdout`` (closes its output at its first decision and runs on), ``exit`` (exits
at its first decision, status 0), ``silent`` (never answers a decision, and reads on),
``overrun`` (answers each decision a second after its time), ``deaf`` (stops reading its
input after its hello, which asks for views with their history, and runs on), ``well`` (no
attack). ``--grandchild`` first starts a process of its own that ignores the signals that
end a program and runs on, holding the bot's standard output and error open;
``--ignore-quit`` ignores ``quit``, the end of its input and SIGTERM; ``--pids`` writes its
own process id, then its grandchild's, a line each; ``--record`` appends every line it is
sent to PATH, as it came.

:func:`think_unless_told_to_hang` stands in for the server's ``think`` in a worker that must
overrun.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tigeuph.server.agents import Task

FOREVER = 3600.0
ACTION = {"type": "action", "action": "pass"}
STUBBORN = (
    "import signal, time\n"
    "for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):\n"
    "    signal.signal(s, signal.SIG_IGN)\n"
    "time.sleep(3600)\n"
)


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def attack(mode: str, message: dict[str, Any]) -> bool:
    """Attack at a decision as *mode* says; whether the decision is answered already."""
    if mode == "endless":
        while True:
            sys.stdout.write("x" * 65536)
    if mode == "drip":
        for byte in json.dumps(ACTION) * 1000:
            sys.stdout.write(byte)
            sys.stdout.flush()
            time.sleep(0.05)
    if mode == "close-stdout":
        sys.stdout.close()
        os.close(1)
        time.sleep(FOREVER)
    if mode == "exit":
        os._exit(0)
    if mode == "silent":
        return True
    if mode == "overrun":
        time.sleep(message["time_ms"] / 1000 + 1.0)
    return False


def main(mode: str, options: dict[str, str | bool]) -> int:
    pids = [os.getpid()]
    if options.get("--grandchild"):
        pids.append(subprocess.Popen([sys.executable, "-c", STUBBORN]).pid)
    if options.get("--ignore-quit"):
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if isinstance(path := options.get("--pids"), str):
        with open(path, "w", encoding="utf-8") as out:
            out.write("".join(f"{pid}\n" for pid in pids))
    record = options.get("--record")
    for line in sys.stdin:
        if isinstance(record, str):
            with open(record, "a", encoding="utf-8") as out:
                out.write(line)
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send(
                {
                    "type": "hello",
                    "protocol": 1,
                    "name": f"hostile-{mode}",
                    "games": ["tigris", "babel"],
                    "view": "notation" if options.get("--notation") else "json",
                    "history": mode == "deaf",
                }
            )
            if mode == "flood":
                time.sleep(0.2)  # the host has its hello alone
                while True:
                    send({**ACTION, "padding": "x" * 60000})
            if mode == "deaf":
                time.sleep(FOREVER)
        elif kind == "decide":
            if not attack(mode, message):
                send({"type": "action", "action": message["legal"][0]})
        elif kind == "quit" and not options.get("--ignore-quit"):
            return 0
    if options.get("--ignore-quit"):
        time.sleep(FOREVER)
    return 0


def think_unless_told_to_hang(task: Task) -> str:
    """The server's ``think``, but a task whose seed is ``hang`` never comes back."""
    from tigeuph.server.agents import think

    if task.seed == "hang":
        time.sleep(FOREVER)
    return think(task)


if __name__ == "__main__":
    arguments, found = sys.argv[1:], dict[str, str | bool]()
    for flag in ("--grandchild", "--ignore-quit", "--notation"):
        if flag in arguments:
            arguments.remove(flag)
            found[flag] = True
    for option in ("--pids", "--record"):
        if option in arguments:
            at = arguments.index(option)
            found[option] = arguments[at + 1]
            del arguments[at : at + 2]
    sys.exit(main(arguments[0], found))
