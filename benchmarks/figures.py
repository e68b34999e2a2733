"""The figures the pages quote, in one data file (docs/figures.json), written by the benchmarks.

Each figure is a name, what it measures, the page and the words that quote it, its unit and
the range its last measurement gave, with the machine (its CPU, its cores) and the date.
tests/project/test_figures.py checks every quoted figure against the file: a speed or a size
quoted must lie in (or round to) the measured range, and a time a page promises must not be
less than the last measurement took. A benchmark run with ``--write-figures`` updates its own
entries through :func:`record`; the words on the page are then the writer's to check.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
from pathlib import Path
from typing import Any, Final

__all__ = ["FIGURES", "load", "machine", "record"]

FIGURES: Final = Path(__file__).resolve().parent.parent / "docs" / "figures.json"


def machine() -> str:
    """This machine's CPU model and the cores this process may use."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {len(os.sched_getaffinity(0))} cores"


def load(path: Path = FIGURES) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def record(name: str, low: float, high: float, path: Path = FIGURES) -> None:
    """Write the range [*low*, *high*] just measured as figure *name*'s (which must exist:
    its page and words are written by hand), with this machine and today's date."""
    data = load(path)
    figure = data["figures"][name]
    figure["measured"] = [round(low, 3), round(high, 3)]
    figure["machine"] = machine()
    figure["date"] = datetime.date.today().isoformat()
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
