"""CPU instructions per action, counted by callgrind: the benchmark's figure that does not move
with the machine's load (``tigeuph bench --instructions``, issue 16).

Two runs of the same program under ``valgrind --tool=callgrind`` count every instruction the
interpreter executes: the first only starts Python, imports tigeuph and plays the benchmark's
warm-up games; the second does the same and then the seeded games. The difference, divided by
the actions of those games, is what an action costs: ``legal_actions`` then ``apply`` through
the public API, as the timed playouts do. Hash randomisation is turned off in both runs
(``PYTHONHASHSEED=0``), so the count repeats from run to run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence

from attrs import frozen

from ..core.errors import TigeuphError

__all__ = ["Count", "count_instructions", "valgrind"]

_PROGRAM = """\
import sys
from tigeuph.tools.bench import playout, rule_set
from tigeuph.tools.warm import warm_up

players, seed, games, board, *switches = sys.argv[1:]
rules = rule_set(board, switches)
warm_up(5)
print(sum(playout(int(players), s, rules)[0] for s in range(int(seed), int(seed) + int(games))))
"""
"""The program both runs execute; the first plays no game."""

_COLLECTED = re.compile(r"^==\d+== Collected : (\d+)$", re.MULTILINE)


@frozen
class Count:
    """Instructions counted over some seeded games: the games' *actions*, their *instructions*
    (the difference between the two runs) and the *baseline*, what the first run counted."""

    actions: int
    instructions: int
    baseline: int

    @property
    def per_action(self) -> float:
        """Instructions per action."""
        return self.instructions / self.actions


def valgrind() -> str | None:
    """The path of the ``valgrind`` program, or ``None`` when it is not installed."""
    return shutil.which("valgrind")


def _run(tool: str, args: Sequence[str]) -> tuple[int, str]:
    """Run the program under callgrind; the instructions it executed and what it printed."""
    command = [
        tool,
        "--tool=callgrind",
        f"--callgrind-out-file={os.devnull}",
        sys.executable,
        "-c",
        _PROGRAM,
        *args,
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    found = _COLLECTED.findall(done.stderr)
    if done.returncode != 0 or not found:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise TigeuphError(f"callgrind run failed (status {done.returncode}): {last}")
    return int(found[-1]), done.stdout.strip()


def count_instructions(
    players: int,
    seed: int,
    games: int,
    board: str = "standard",
    switches: Sequence[str] = (),
    baseline: int | None = None,
) -> Count:
    """Count the CPU instructions of *games* seeded random playouts (seeds from *seed*) of
    ``tigeuph bench`` under callgrind: *board* (a name or a board file) and *switches* choose
    the rules as the benchmark's options do. The first run is skipped when *baseline* gives
    its count (the ``baseline`` of an earlier :class:`Count` under the same rules). A run takes
    some seconds, plus about a second a game.

    Raises:
        TigeuphError: valgrind is not installed, or a run failed.
    """
    tool = valgrind()
    if tool is None:
        raise TigeuphError("valgrind is not installed: no instruction count")
    if baseline is None:
        baseline, _ = _run(tool, [str(players), str(seed), "0", board, *switches])
    total, printed = _run(tool, [str(players), str(seed), str(games), board, *switches])
    return Count(actions=int(printed), instructions=total - baseline, baseline=baseline)
