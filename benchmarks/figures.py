"""The figures the pages quote, in one data file (docs/figures.json), written by the benchmarks.

    python benchmarks/figures.py                        # each figure: the page's, the measured
    python benchmarks/figures.py --measure arena.       # measure those named (or so begun)
    python benchmarks/figures.py --measure --under 120  # each whose command took < 120 s
    python benchmarks/figures.py --measure --all        # every one with a command (an hour)

Each figure is a name, what it measures, the page and the words that quote it, its unit and
the range its last measurement gave, with the machine (its CPU, its cores) and the date.
tests/project/test_figures.py checks every quoted figure against the file: a speed, a size or
the time a run took must lie in (or round to) the measured range, and a time a page promises
must not be less than the last measurement took; and no page quotes a figure the file does not
hold.

A figure with a ``command`` is measured here: the command runs ``runs`` times (3 unless the
figure says) in a folder standing in for a clone, the environment's programs first on the path,
and the figure is its wall time in the figure's unit (its CPU time, its processes' and their
children's, with ``"time": "cpu"``) or, with ``reads``, the numbers the regular expression's
group finds in what it prints; either times ``scale`` (a time per game, say). The range is
over every run and every number read. Figures sharing a command share its runs. Other
figures are written by their own script (``playout.py --write-figures`` calls :func:`record`)
or are the record of a run too long or too old to repeat, which their ``note`` says. The words
on the page are the writer's to check: docs/architecture.rst, "Figures the pages quote".
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

__all__ = ["FIGURES", "cpu_model", "load", "machine", "measure", "record"]

ROOT: Final = Path(__file__).resolve().parent.parent
FIGURES: Final = ROOT / "docs" / "figures.json"
CLONE: Final = ("benchmarks", "examples", "spec", "src", "tests", "docs", "pyproject.toml")
"""What the folder a command runs in links to from the checkout."""
IN_SECONDS: Final = {"s": 1.0, "min": 60.0, "h": 3600.0, "ms": 0.001}
"""The units a wall time may be written in, in seconds."""


def cpu_model() -> str:
    """This machine's CPU model, as ``/proc/cpuinfo`` names it, else as :mod:`platform` does."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> str:
    """This machine's CPU model and the cores this process may use."""
    return f"{cpu_model()}, {len(os.sched_getaffinity(0))} cores"


def load(path: Path = FIGURES) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def record(
    name: str,
    low: float,
    high: float,
    path: Path = FIGURES,
    *,
    runs: int | None = None,
    seconds: float | None = None,
    load_average: float | None = None,
) -> None:
    """Write the range [*low*, *high*] just measured as figure *name*'s (which must exist:
    its page and words are written by hand), with this machine, the load it ran under (the
    load average when it began, or now) and today's date; and, when given, how many runs the
    range is over and how many seconds the slowest took."""
    data = load(path)
    figure = data["figures"][name]
    figure["measured"] = [_rounded(low), _rounded(high)]
    figure["machine"] = machine()
    figure["date"] = datetime.date.today().isoformat()
    figure["load"] = round(os.getloadavg()[0] if load_average is None else load_average, 1)
    if runs is not None:
        figure["runs"] = runs
    if seconds is not None:
        figure["seconds"] = round(seconds, 1)
    path.write_text(dumps(data), encoding="utf-8")


def dumps(data: dict[str, Any]) -> str:
    """The file's text: two-space indents, a figure's short lists on one line."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", _one_line, text) + "\n"


def _one_line(match: re.Match[str]) -> str:
    return "[" + ", ".join(part.strip() for part in match.group(1).split(",")) + "]"


def _rounded(value: float) -> float:
    """*value* to four significant digits, or to the unit from 1,000 up."""
    return float(f"{value:.4g}") if abs(value) < 1000 else round(value)


def measure(names: Sequence[str], path: Path = FIGURES) -> dict[str, tuple[float, float]]:
    """Measure the figures *names* (each with a command) and write them, each command's as
    soon as it has run: a command runs as many times as the figures sharing it ask."""
    figures = load(path)["figures"]
    by_command: dict[str, list[str]] = {}
    for name in names:
        by_command.setdefault(figures[name]["command"], []).append(name)
    measured = {}
    for command, sharing in by_command.items():
        wanted = max(figures[name].get("runs", 3) for name in sharing)
        done: list[Run] = []
        while len(done) < wanted:
            print(f"{', '.join(sharing)}: {command} (run {len(done) + 1} of {wanted})")
            done.append(_run(command))
        for name in sharing:
            runs = done[: figures[name].get("runs", 3)]
            values = [value for run in runs for value in _values(figures[name], run)]
            slowest, busiest = max(run[0] for run in runs), max(run[3] for run in runs)
            low, high = min(values), max(values)
            record(name, low, high, path, runs=len(runs), seconds=slowest, load_average=busiest)
            measured[name] = (low, high)
            print(f"{name}: {low:,.4g} to {high:,.4g} {figures[name]['unit']}", flush=True)
    return measured


Run = tuple[float, float, str, float]
"""A command's run: its wall time, its CPU time, what it printed and the load average (over a
minute) when it began."""


def _run(command: str) -> Run:
    """How long *command* took, by the clock and in CPU, and what it printed, run in a folder
    standing in for a clone, with this environment's programs first on the path."""
    environment = dict(os.environ)
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}"
    with tempfile.TemporaryDirectory(prefix="figures-") as folder:
        for name in CLONE:
            (Path(folder) / name).symlink_to(ROOT / name)
        load = os.getloadavg()[0]
        start, used = time.perf_counter(), _children_cpu()
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=folder,
            env=environment,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        seconds, cpu = time.perf_counter() - start, _children_cpu() - used
    said = done.stdout + done.stderr
    if done.returncode != 0:
        raise SystemExit(f"{command}: exit status {done.returncode}\n{said}")
    return seconds, cpu, said, load


def _children_cpu() -> float:
    """The CPU seconds of this process's children (and theirs) that have ended."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _values(figure: dict[str, Any], run: Run) -> list[float]:
    """The figures one run gives: the numbers its ``reads`` finds, or its time."""
    seconds, cpu, said, _ = run
    scale = figure.get("scale", 1)
    if "reads" not in figure:
        took = cpu if figure.get("time") == "cpu" else seconds
        return [took / IN_SECONDS[figure["unit"]] * scale]
    found = re.findall(figure["reads"], said, re.MULTILINE)
    if not found:
        raise SystemExit(f"{figure['command']}: no {figure['reads']!r} in what it printed\n{said}")
    return [float(number.replace(",", "")) * scale for number in found]


def _chosen(figures: dict[str, Any], options: argparse.Namespace) -> list[str]:
    runnable = [name for name, figure in figures.items() if "command" in figure]
    if options.all:
        return runnable
    if options.under is not None:
        return [n for n in runnable if figures[n].get("seconds", float("inf")) < options.under]
    chosen = [name for name in runnable if any(_named(name, n) for n in options.names)]
    unknown = [n for n in options.names if not any(_named(name, n) for name in runnable)]
    if unknown:
        raise SystemExit(f"no figure with a command is named {', '.join(unknown)}")
    return chosen


def _named(name: str, asked: str) -> bool:
    """Whether *asked* names the figure *name*: all of it, or its start up to a dot."""
    return name == asked or (asked.endswith(".") and name.startswith(asked))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--measure", action="store_true", help="measure figures and write them")
    parser.add_argument("names", nargs="*", help="figures to measure (arena. names all arena.*)")
    parser.add_argument("--all", action="store_true", help="every figure with a command")
    parser.add_argument("--under", type=float, help="those whose command last took < SECONDS")
    parser.add_argument("--file", type=Path, default=FIGURES, help="the data file (%(default)s)")
    options = parser.parse_args(argv)
    figures = load(options.file)["figures"]
    if options.measure:
        measure(_chosen(figures, options), options.file)
        return 0
    for name, figure in figures.items():
        low, high = figure["measured"]
        how = "command" if "command" in figure else figure["by"]
        print(f"{name}: says {figure['says']}, measured {low:,} to {high:,} {figure['unit']}")
        print(f"    {figure['page']}, {figure['date']}, {how}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
