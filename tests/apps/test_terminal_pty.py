"""``tigeuph play`` driven as a person drives it: through a pseudo-terminal, reading the screen
and typing, for a whole game against an agent."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

import tigeuph

pytestmark = pytest.mark.slow  # the quick loop (pytest -m "not slow") leaves this module out

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r")


class Screen:
    """A child process on a pseudo-terminal: what it wrote, and a way to type."""

    def __init__(self, argv: list[str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 120, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "50"}
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True
        )
        os.close(slave)
        self.text = ""

    def read_until(self, *marks: str, seconds: float = 30.0) -> str:
        """Read until the output since the last call ends with one of *marks*, or the process
        ends; return that output without terminal escapes."""
        start = len(self.text)
        while True:
            ready, _, _ = select.select([self.master], [], [], seconds)
            assert ready, f"no output for {seconds} s; last: {self.text[-500:]!r}"
            try:
                data = os.read(self.master, 65536)
            except OSError:  # the child closed the terminal: it has ended
                data = b""
            if not data:
                return self.text[start:]
            self.text += ANSI.sub("", data.decode("utf-8", "replace"))
            new = self.text[start:].rstrip(" ")
            if any(new.endswith(m.strip()) and len(new) > len(m.strip()) for m in marks):
                return self.text[start:]

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")


def legal_shown(screen: str) -> list[str]:
    """The actions the screen names under 'your legal actions': a line per kind, its count
    and a few actions ("and N more" counts the rest), or ``pass`` alone."""
    part = screen.rsplit("your legal actions (? for help, legal all for every one):", 1)[1]
    out: list[str] = []
    for line in part.splitlines()[1:]:
        if not line.startswith("  "):
            break
        counted = COUNTED.match(line)
        out += counted.group(1).split() if counted else line.split()
    return out


COUNTED = re.compile(r"^  .+? +\d+: (.*?)(?: and \d+ more)?$")
"""A kind of action: its name, its number of legal actions, a few of them, how many more."""


def _play_to_the_end(screen: Screen, first: list[str], *, undo_at: int, seed: int) -> int:
    """Type the lines of *first*, then random legal actions to the end of the game, with an
    undo after *undo_at* of them; wait for the saved record and a clean exit. The number of
    actions typed."""
    rng = random.Random(seed)
    played = 0
    while True:
        shown = screen.read_until("seat 0> ", "tigeuph replay")
        if "record saved to" in shown or screen.proc.poll() is not None:
            break
        if first:
            line = first.pop(0)
        elif played == undo_at:
            line, played = "undo", played + 1
        else:
            line, played = rng.choice(legal_shown(screen.text)), played + 1
        screen.type(line)
        if line == "undo":
            assert "took back" in screen.read_until("seat 0> "), screen.text[-600:]
            screen.type(rng.choice(legal_shown(screen.text)))
    screen.read_until("record saved")
    assert screen.proc.wait(timeout=30) == 0
    return played


def test_a_whole_game_against_an_agent_through_a_terminal(tmp_path: Path) -> None:
    """A person plays seat 0 against the random agent to the end, asking for help, an
    explanation and an undo on the way; the record is saved and replays."""
    record = tmp_path / "game.txt"
    argv = [sys.executable, "-m", "tigeuph", "play", "--seats", "human,random", "--seed", "11"]
    screen = Screen([*argv, "--record", str(record)], tmp_path)
    played = _play_to_the_end(screen, ["?", "explain rE1", "xx9", "rE1"], undo_at=6, seed=1)
    text = screen.text
    assert "Type an action in action notation" in text  # the help
    assert "Illegal (R11): rE1: a red tile never goes on a river" in text
    assert "x9 is not a square: columns A-P, rows 1-11" in text
    assert "You cannot play rE1: a red tile never goes on a river (E1). Rule R11." in text
    assert "since your last decision:" in text  # the story, told before each decision
    assert "rank 1: seat" in text and "Game over" in text
    game = tigeuph.Game.from_record(record.read_text())
    assert game.state.is_over and played > 20


def test_a_whole_game_of_babel_through_a_terminal(tmp_path: Path) -> None:
    """The same terminal game plays Babel: help, an explanation citing the rule, a hint and an
    undo on the way, then to the end; the record is saved and replays."""
    record = tmp_path / "babel.txt"
    argv = [sys.executable, "-m", "tigeuph", "play", "--game", "babel", "--seats"]
    screen = Screen([*argv, "human,greedy", "--seed", "3", "--record", str(record)], tmp_path)
    played = _play_to_the_end(screen, ["?", "explain end", "hint", ">q"], undo_at=8, seed=2)
    text = screen.text
    assert "Type an action in action notation" in text  # the help
    assert "Illegal (B8, the starting card on the first turn)" in text
    assert "a greedy player would play" in text and "'>q' is not a Babel action" in text
    assert "rank 1: seat" in text and "game over" in text
    game = tigeuph.GAMES["babel"].records.record_from_text(record.read_text())
    assert game.state.is_over and played > 20
