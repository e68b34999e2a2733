"""Every figure the pages quote is the one measured: docs/figures.json (written by the
benchmarks, benchmarks/figures.py) holds each figure with the page and words that quote it and
the range its last measurement gave, on the machine it names.

A speed, a size or the time a run took (a *duration*) quoted lies in its measured range, give
or take the rounding of "about" (10%); a time a page promises is never less than the last
measurement took. And no page quotes a figure the file does not hold: every speed, size or
time the README and the pages of docs/ write, a number with its unit ("5 seconds", "14 ms",
"151,000 instructions", "200 requests a second") or a time in words after "about", "under" and
the like ("about a minute"), is a figure of the file, its number one the figure says, or a
phrase of :data:`NOT_MEASURED`, each with why it is not a measurement.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any, Final

import pytest
from helpers.doc_commands import pages
from helpers.paths import BENCHMARKS, DOCS, ROOT

DATA: Final[dict[str, Any]] = json.loads((DOCS / "figures.json").read_text(encoding="utf-8"))
FIGURES: Final[dict[str, dict[str, Any]]] = DATA["figures"]
ROUNDING: Final = 0.10
KINDS: Final = frozenset({"speed", "size", "duration", "time"})
"""What a figure is: a rate or a cost, a size, the time a run took, a time promised."""
RUNNERS: Final = frozenset({"tigeuph", "python", "crosshair"})
"""The programs a figure's command may start with."""

_NUMBER: Final = r"\d[\d,]*(?:\.\d+)?"
_WORD_NUMBERS: Final = {
    **dict.fromkeys(("a", "an", "one"), 1.0),
    **{"two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0, "six": 6.0, "seven": 7.0},
    **{"eight": 8.0, "nine": 9.0, "ten": 10.0, "eleven": 11.0, "twelve": 12.0},
    **{"fifteen": 15.0, "twenty": 20.0, "thirty": 30.0, "forty": 40.0, "sixty": 60.0},
}
_UNITS: Final = "|".join(
    (
        r"(?:actions|games|requests|iterations|calls|moves|masks|observations|positions)"
        r" (?:a|per) second",
        r"(?:actions|games|requests|iterations|calls|moves)/s",
        r"Mbit/s",
        r"(?:million )?instructions",
        r"bytes|[KMG]iB|[kKMG]B",
        r"seconds?|minutes?|hours?|min|ms|µs|s",
    )
)
FIGURE: Final = re.compile(
    rf"(?<![\w.,-]){_NUMBER}(?:\s?(?:to|\u2013|-|/)\s?{_NUMBER})*\s(?:{_UNITS})(?![\w/])"
)
"""A number, or a run of them ("11 to 15", "3.9 / 9.0 / 57", two with a dash between), with a
unit of speed, size or time."""
TIME_IN_WORDS: Final = re.compile(
    r"\b(?:about|some|roughly|under|within|takes?|took)\s+"
    rf"(?:half\s+an?|{'|'.join(_WORD_NUMBERS)})\s+(?:seconds?|minutes?|hours?)"
    r"(?:\s+and\s+a\s+half)?\b"
)
"""A time written in words, as a promise is: "about a minute", "under ten minutes"."""

NOT_MEASURED: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    ("README.md", "the readers' default limits", ("(defaults: 1 MB of text, 4 MB of JSON",)),
    (
        "docs/cli.rst",
        "the readers' limit and its error; engine-check's time limits",
        (
            "at most 4,000,000 bytes for JSON",
            "more than 4,000,000 bytes, over the limit of 4,000,000 bytes",
            "(``--tight-time``, 0.5 s)",
            "limit in the games (10 s)",
        ),
    ),
    ("docs/embedding.rst", "a limit's error", ("``a record: 2,000,000 bytes",)),
    (
        "docs/protocol.rst",
        "the host's bounds and time limits, and the example's move time",
        (
            "keeps its last 8 KB",
            "at most 4 MiB (4,194,304 bytes",
            "at most 64 KiB (65,536 bytes",
            "within 10 seconds",
            "within 2 seconds, or is killed",
            "by default 32 bytes",
            "(10 s by default",
            "a line over 64 KiB",
            "at most 64 KiB of it; of its standard error it keeps the last 8 KB",
            "(64 KiB on Linux",
            "a move time of 5 seconds",
            "reads at most 4 MiB a line",
        ),
    ),
    (
        "docs/server.rst",
        "the server's and the page's timings: retries, comments, long polls",
        (
            "after 15 seconds, then 30, 60, 120",
            "a comment every 15 seconds",
            "at most 30 seconds)",
            "``Retry-After`` (5 seconds)",
        ),
    ),
    (
        "docs/server.rst",
        "the benchmarks' settings and targets",
        (
            "After 20 seconds of attack, for 60 seconds",
            "every 50 ms. The targets",
            "his agent moves within 2 seconds",
            "a view's p95 is within 200 ms",
            "4 addresses, 3 + 6 seconds",
            "one every 50 ms for 60 s",
            "each wait is a whole one, 2 s",
            "views asked for in 60 s (one every 50 ms)",
            "target of 200 ms",
        ),
    ),
    (
        "docs/server.rst",
        "arithmetic on the figures beside it",
        (
            "near 100 MB at its fullest",
            "35 games take 70 seconds to all move once",
        ),
    ),
    (
        "docs/benchmarks.rst",
        "the load benchmark's settings and target, the old server's poll",
        (
            "for 60 seconds asks for a person's view every 50 ms",
            "p95 is over 200 ms",
            "polls SQLite every 0.25 s",
            "views answered in 60 s",
            "Shorter runs (20 s)",
            "from a thread every 0.25 s",
        ),
    ),
    (
        "docs/benchmarks.rst",
        "issue 28's targets",
        (
            "at most 150,000 instructions an action",
            "the search player at 2,000 iterations a second",
        ),
    ),
    (
        "docs/invariants.rst",
        "the fuzzers' input size and CrossHair's time bounds",
        (
            "up to 200 KB",
            "within 20 s per condition",
            "within 30 s",
            "a bound of 5 seconds",
        ),
    ),
    (
        "docs/live.rst",
        "the budgets the benchmark holds the pages to",
        (
            "- 6 s -",
            "- 200 ms -",
            "- 50 ms -",
            "- 8 MB -",
        ),
    ),
    ("docs/live.rst", "arithmetic on the last row", ("at 10 Mbit/s, about 6 s more",)),
    ("docs/architecture.rst", "the rule that marks a test slow", ("takes half a second or more",)),
    ("docs/agents.rst", "an estimate of a run not made", ("would take some 25 minutes here",)),
)
"""Phrases of the pages whose figures are not measurements: (page, why, phrases)."""


def _words(text: str) -> str:
    return " ".join(text.split())


def _says(figure: dict[str, Any]) -> list[float]:
    """What the page says: one number, or a range's two ends."""
    says = figure["says"]
    return [float(value) for value in (says if isinstance(says, list) else [says])]


def _numbers(text: str) -> list[float]:
    """The numbers *text* writes, in figures or in words ("half a minute": 0.5)."""
    found = [float(number.replace(",", "")) for number in re.findall(_NUMBER, text)]
    for words in TIME_IN_WORDS.findall(text):
        number = re.search(rf"\b(half\s+an?|{'|'.join(_WORD_NUMBERS)})\s", words + " ")
        assert number is not None
        value = 0.5 if number.group(1).startswith("half") else _WORD_NUMBERS[number.group(1)]
        found.append(value + (0.5 if words.endswith("half") else 0))
    return found


def test_each_figure_names_its_machine_its_date_and_how_it_was_measured() -> None:
    for name, figure in FIGURES.items():
        assert figure["machine"] and figure["date"] and figure["by"] and figure["note"], name
        low, high = figure["measured"]
        assert 0 <= low <= high, name
        assert figure["kind"] in KINDS, name
        says = figure["says"]
        assert not isinstance(says, list) or (len(says) == 2 and says[0] <= says[1]), name


@pytest.mark.parametrize(
    "name", sorted(name for name, figure in FIGURES.items() if "command" in figure)
)
def test_a_figure_measured_by_a_command_names_one_that_exists(name: str) -> None:
    """benchmarks/figures.py runs the command from a clone: its program is one the
    environment has, the scripts it names are there, and what it reads is a pattern with a
    group to read, one number a match."""
    figure = FIGURES[name]
    assert figure["command"].split()[0] in RUNNERS, name
    for path in re.findall(r"(?:benchmarks|examples)/[\w/.-]+", figure["command"]):
        assert (ROOT / path).exists(), f"{name}: no {path}"
    if "reads" in figure:
        assert re.compile(figure["reads"]).groups == 1, name
    else:
        assert figure["unit"] in {"ms", "s", "min", "h"}, f"{name}: a time in {figure['unit']}"
    assert figure.get("time", "wall") in {"wall", "cpu"}, name


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_page_quotes_the_figure_in_its_words(name: str) -> None:
    figure = FIGURES[name]
    page = _words((ROOT / figure["page"]).read_text(encoding="utf-8"))
    assert _words(figure["quoted"]) in page, f"{figure['page']} no longer says {figure['quoted']!r}"
    assert set(_says(figure)) <= set(_numbers(figure["quoted"])), name


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_quoted_figure_is_the_measured_one(name: str) -> None:
    figure = FIGURES[name]
    says, (low, high) = _says(figure), figure["measured"]
    if figure["kind"] == "time":
        assert max(says) >= high, (
            f"{name}: the page promises {max(says)} {figure['unit']}, the last run took {high}"
        )
    else:
        assert all(low * (1 - ROUNDING) <= value <= high * (1 + ROUNDING) for value in says), (
            f"{name}: {says} not in {low}-{high}"
        )


def _spans(text: str, phrase: str) -> list[tuple[int, int]]:
    return [(found.start(), found.end()) for found in re.finditer(re.escape(_words(phrase)), text)]


def _unknown_figures(name: str, text: str) -> list[str]:
    """The figures the page *name* quotes in *text* that neither the file holds nor
    :data:`NOT_MEASURED` names."""
    text = _words(text)
    allowed = [
        span
        for where, _, phrases in NOT_MEASURED
        if where == name
        for phrase in phrases
        for span in _spans(text, phrase)
    ]
    quoted = [
        (span, _says(figure))
        for figure in FIGURES.values()
        if figure["page"] == name
        for span in _spans(text, figure["quoted"])
    ]
    unknown = []
    for found in [*FIGURE.finditer(text), *TIME_IN_WORDS.finditer(text)]:
        start, end = found.span()
        if any(low <= start < end <= high for low, high in allowed):
            continue
        said = {n for (low, high), says in quoted if low <= start < end <= high for n in says}
        if not set(_numbers(found.group())) <= said:
            unknown.append(f"{name}: {found.group()!r} in {text[max(0, start - 60) : end + 20]!r}")
    return unknown


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_figure_a_page_quotes_is_one_the_file_holds(page: Path) -> None:
    """A speed, size or time a page writes is measured (docs/architecture.rst, "Figures the
    pages quote"): add it to docs/figures.json with how it is measured, or, if it is no
    measurement (a limit, a setting, a target), to NOT_MEASURED with why."""
    unknown = _unknown_figures(page.relative_to(ROOT).as_posix(), page.read_text(encoding="utf-8"))
    assert not unknown, "figures docs/figures.json does not hold:\n" + "\n".join(unknown)


def test_a_figure_the_file_does_not_hold_is_found() -> None:
    """A new time, speed or size on a page fails until the file holds it: in figures or in
    words, beside figures the file holds and phrases that are no measurement."""
    page = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not _unknown_figures("README.md", page)
    for added, figure in (
        ("it takes about 12 seconds", "12 seconds"),
        ("about 2,500 games a second", "2,500 games a second"),
        ("some 40 KiB", "40 KiB"),
        ("under ten minutes", "under ten minutes"),
        ("p95 of 3.5 ms", "3.5 ms"),
        ("the (1,000: 56 s) run", "56 s"),
    ):
        unknown = _unknown_figures("README.md", f"{page}\n{added}\n")
        assert len(unknown) == 1 and unknown[0].startswith(f"README.md: {figure!r}"), unknown


def test_each_phrase_not_measured_is_on_its_page() -> None:
    """No entry here outlives the words it was written for."""
    for page, why, phrases in NOT_MEASURED:
        text = _words((ROOT / page).read_text(encoding="utf-8"))
        assert why.strip(), page
        for phrase in phrases:
            assert _words(phrase) in text, f"{page} no longer says {phrase!r}"


def _figures_script() -> Any:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module("figures")
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_script_measures_what_a_command_prints_and_how_long_it_took(tmp_path: Path) -> None:
    """benchmarks/figures.py runs a command shared by two figures once per run, reads one
    figure from what it prints and times the other, and writes each range with the runs, the
    machine, the load and the date."""
    counted = tmp_path / "runs"
    command = f"echo run >> {counted} && python -c \"print('40 games in 2.1 s (18.96 games/s)')\""
    figure = {"page": "README.md", "quoted": "", "says": 1, "kind": "speed", "measured": [0, 0]}
    figure |= {"by": "benchmarks/figures.py", "note": "", "machine": "", "date": ""}
    figure |= {"command": command, "runs": 2}
    printed = figure | {"unit": "games/s", "reads": r"\(([\d.]+) games/s"}
    took = figure | {"unit": "ms", "kind": "duration"}
    path = tmp_path / "figures.json"
    path.write_text(json.dumps({"figures": {"printed": printed, "took": took}}), encoding="utf-8")
    _figures_script().measure(["printed", "took"], path)
    written = json.loads(path.read_text(encoding="utf-8"))["figures"]
    assert counted.read_text(encoding="utf-8") == "run\nrun\n"
    assert written["printed"]["measured"] == [18.96, 18.96]
    low, high = written["took"]["measured"]
    assert 0 < low <= high < 60_000
    for name in ("printed", "took"):
        assert written[name]["runs"] == 2 and written[name]["machine"] and written[name]["date"]
        assert written[name]["load"] >= 0 and written[name]["seconds"] >= 0
