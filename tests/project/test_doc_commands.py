"""Every shell command the README and the docs show runs, and prints what the page shows.

The commands are read from the pages by :mod:`helpers.doc_commands` (the rule:
docs/architecture.rst, "Commands the pages show"). Each runs in a fresh temporary folder that
stands in for a clone: links to the checkout's folders (``benchmarks/``, ``examples/``,
``tests/``, ``spec/``, ``src/``, the pages of ``docs/``) and ``.venv`` linked to the
environment running the tests, whose ``tigeuph`` is the installed package. Its standard input
is empty, so a game against a person ends at once, as at the end of input. It fails when it
exits with another status than the page implies (0, or :data:`FAILING`), prints a traceback,
or does not print the lines the page shows (``...`` elides, line breaks and runs of spaces do not
count). What the pages leave to the reader is decided here, in one table each:

- :data:`SETUP_STEPS` (``python3 -m venv``) are stood in for by the running environment, and a
  ``pip install`` of extras checks instead that each extra is installed: the test extra
  installs them all, and one missing fails the test, naming it;
- :data:`FILES` makes the files a command reads that the page does not make;
- :data:`SMALLER` runs a long command at a smaller size (its output is then not compared);
- :data:`SERVICES` are started in the background on a free port, waited for, asked for their
  first page and stopped;
- :data:`STAND_INS` replace an address the page leaves to the reader with a local service;
- :data:`TYPED` is what the reader types to a command that reads its standard input;
- :data:`EXCLUDED` lists the commands not run, each with why.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.resources
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from helpers.doc_commands import Command, collect, pages
from helpers.paths import ROOT

BIN: Final = Path(sys.executable).parent
"""The environment's scripts: ``tigeuph``, ``python``, ``pytest``, ``crosshair``."""
TIMEOUT: Final = 240.0  # seconds; the slowest command here takes about 30 on 2 cores

SETUP_STEPS: Final = re.compile(r"^python3? -m venv \.venv$")
PIP: Final = re.compile(r"^(\.venv/bin/)?pip install ")

EXCLUDED: Final[dict[str, str]] = {
    "python3 -m venv .venv && .venv/bin/pip install -q '.[test]' && .venv/bin/python -m pytest": (
        "the README's test command is the suite that runs this test"
    ),
    "tigeuph docs": "builds the whole site (minutes; npm's Pyodide): .ci/run's docs step builds"
    " it with sphinx-build, tests/apps/test_live_pages.py builds and serves it",
    "tigeuph docs --serve": "as tigeuph docs; serving a built site is run below (--no-build)",
    "python3 -m venv .venv && .venv/bin/pip install -q '.[docs]' && .venv/bin/tigeuph docs"
    " --serve": "as tigeuph docs --serve",
    "tigeuph docs && python benchmarks/browser_budgets.py --loads 5": "as tigeuph docs; .ci/run"
    " runs the budgets on the site it builds (--loads 1)",
    "tigeuph verify game.txt --commitment"
    " 6ea877330b3f1c5b72644fc48fdcaf38cec54ededd819ac95a9efc181e4cb7e9": "a record a server dealt"
    " and the commitment it showed: tests/apps/test_cli_files.py verifies such records",
    "tigeuph verify game.txt --commitment 3c1dd6...": "as the one above (the hex elided)",
    "tigeuph verify tigeuph-tigris-1234.txt --commitment 1dfb109c…": "a record the browser's board"
    " dealt (the hex elided): tests/apps/test_web.py::"
    "test_a_whole_game_against_the_players_leaves_a_record_verify_accepts",
    "curl -s http://localhost:8000/api/games/GAME/record | tigeuph verify - --commitment HEX": "a"
    " game and commitment of a running server (GAME, HEX): tests/server/test_server_babel.py::"
    "test_the_servers_record_answer_verifies_piped_as_it_comes runs the pipe",
    "python benchmarks/mypyc_build.py --set core": "compiles the package with mypyc (minutes, a C"
    " compiler): a measurement, not a user's command; --list below runs",
    "python benchmarks/mypyc_build.py --set all --instructions 10": "as --set core",
    "crosshair check --per_condition_timeout 4 tigeuph.tigris.model.regions"
    " tigeuph.tigris.rules.conflicts": ".ci/run's crosshair step runs it as it is",
    "crosshair check --per_condition_timeout 4 tigeuph.tigris.rules.monuments"
    " tigeuph.tigris.rules.wonder tigeuph.tigris.rules.treasures tigeuph.tigris.rules.scoring": (
        ".ci/run's crosshair step runs it as it is"
    ),
    "HYPOTHESIS_PROFILE=soak pytest tests/tigris/test_machine.py": "the long local run (2000"
    " examples) of a test the suite runs",
    "HYPOTHESIS_PROFILE=ci pytest tests/tigris/test_machine.py": "the suite runs this test under"
    " the ci profile in .ci/run; the line above runs it here under the dev profile",
    "tigeuph casebook revolts/priest-enters-a-priests-kingdom": "the case the page has the reader"
    " write (docs/questions.rst): tests/apps/test_scenarios.py plays every case of the casebook",
    "python -m pytest tests/apps/test_scenarios.py -k priest-enters": "as the line above: the"
    " reader's own case",
    "python benchmarks/server_fair.py": "the full measurement (minutes): .ci/run runs --smoke, as"
    " the next line does",
    "python benchmarks/mcts_digest.py": "a fingerprint of the search's choices over minutes of"
    " search, for speed-ups (--quick still takes 40 s): not a user's command",
}

SMALLER: Final[dict[str, str]] = {
    # README
    ".venv/bin/tigeuph simulate --agents greedy --players 3 --games 1000 --variant wonder"
    " --jobs 2 --plot wonder.png --csv wonder.csv": "--games 6",
    "tigeuph arena --game babel --agents greedy,random --games 100": "--games 10",
    "tigeuph soak --game babel --games 10000 --jobs 2": "--games 20",
    ".venv/bin/python benchmarks/babel_strength.py --challenger greedy --opponent random"
    " --deals 150": "--deals 4",
    ".venv/bin/tigeuph bench": "--games 5",
    ".venv/bin/tigeuph bench --players 2 --instructions": "--games 1",
    "python3 -m venv .venv && .venv/bin/pip install -q '.[openspiel]' && .venv/bin/python"
    " examples/openspiel_mcts.py --simulations 30": "--simulations 2",
    # adapters.rst
    "python examples/openspiel_mcts.py --players 2 --simulations 10 --seed 0": "--simulations 2",
    # agents.rst
    "python benchmarks/babel_strength.py --challenger greedy --opponent random --deals 150"
    " --seed 1000": "--deals 4",
    "python benchmarks/variant_play.py --games 40 --agents greedy --variants wonder buildings"
    " standard": "--games 1",
    "python benchmarks/variant_play.py --games 8 --agents mcts --variants wonder --jobs 2 -v": (
        "--games 1 --agents mcts:iterations=5"
    ),
    "python benchmarks/variant_play.py --games 8 --seed 8 --agents mcts --variants wonder"
    " --jobs 2 -v": "--games 1 --agents mcts:iterations=5",
    "python benchmarks/variant_play.py --games 24 --agents greedy --players 2 --variants standard"
    " wonder": "--games 1",
    "python benchmarks/variant_play.py --games 24 --agents greedy --players 4 --variants standard"
    " wonder": "--games 1",
    "python benchmarks/agents_backups.py --players 3 --games 18 --iterations 300 --seed 4100": (
        "--games 3 --iterations 5"
    ),
    "python benchmarks/agents_backups.py --players 4 --games 12 --iterations 300 --seed 4100": (
        "--games 4 --iterations 5"
    ),
    "tigeuph ladder --game tigris --players 2 --rungs random,greedy,search-100 --jobs 2"
    " --results ladder.json --plot ladder.png": "--rungs random,greedy --max-deals 2",
    "tigeuph ladder --place 'external:python3 mybot.py' --results ladder.json --out mine.json": (
        "--max-deals 2"
    ),
    **{
        command: "--results copy-of-ladder.json.gz --summary summary.json"
        for command in (
            "tigeuph ladder --game tigris --players 2"
            " --rungs random,greedy,search-100,search-300,search-1000,cheat-300 --max-deals 30"
            " --jobs 2 --results benchmarks/results/ladder.json.gz"
            " --summary src/tigeuph/tools/ladder/published.json",
            "tigeuph ladder --game tigris --players 3 --rungs random,greedy,search-100,search-300"
            " --max-deals 30 --jobs 2 --results benchmarks/results/ladder.json.gz"
            " --summary src/tigeuph/tools/ladder/published.json",
            "tigeuph ladder --game tigris --players 4 --rungs random,greedy,search-100,search-300"
            " --max-deals 30 --jobs 2 --results benchmarks/results/ladder.json.gz"
            " --summary src/tigeuph/tools/ladder/published.json",
            "tigeuph ladder --game babel --players 2"
            " --rungs random,greedy,search-100,search-300,cheat-300 --max-deals 30 --jobs 2"
            " --results benchmarks/results/ladder.json.gz"
            " --summary src/tigeuph/tools/ladder/published.json",
        )
    },  # the published run resumed from a copy of its file: it plays nothing
    **{
        "tigeuph ladder --game tigris --players 3 4 --place"
        f" mcts:iterations=100,backup={backup} --jobs 2"
        " --results benchmarks/results/ladder.json.gz --out benchmarks/results/ladder.json.gz"
        " --summary src/tigeuph/tools/ladder/published.json": (
            "--results copy-of-ladder.json.gz --out copy-of-ladder.json.gz --summary summary.json"
        )
        for backup in ("paranoid", "best-reply")
    },  # the published placements, placed already in a copy of the file: they play nothing
    "tigeuph simulate --agents search-300 --players 3 --variant wonder": (
        "--agents search-100 --players 2 --games 1"
    ),
    "python benchmarks/agents.py --players 2 3 --agents mcts": "--players 2 --games 1 --every 40"
    " --agents mcts:iterations=5",
    "python benchmarks/strength.py --challenger greedy --opponent random --players 2 --deals 50"
    " > gr2.log": "--deals 1",
    "python benchmarks/agents.py --players 2 3 --agents greedy mcts:iterations=300": "--players 2"
    " --games 1 --every 40 --agents greedy mcts:iterations=5",
    "python benchmarks/variant_play.py --games 8 --agents mcts --variants wonder --jobs 2": (
        "--games 1 --agents mcts:iterations=5"
    ),
    "python benchmarks/variant_play.py --games 20 --agents greedy --variants wonder buildings"
    " standard": "--games 1",
    "python benchmarks/variant_play.py --games 2": "--games 1 --agents greedy",
    "python benchmarks/strength.py --challenger greedy --opponent random --players 3 --deals 10"
    " --seed 1000 > gr3.log": "--deals 1",
    "python benchmarks/strength.py --challenger greedy --opponent random --players 4 --deals 8"
    " --seed 2000 > gr4.log": "--deals 1",
    "tigeuph arena --agents greedy,random --games 100": "--games 4",
    "tigeuph arena --agents greedy,mcts:iterations=300 --players 2 --games 200 --jobs 2": (
        "--agents greedy,mcts:iterations=5 --games 2"
    ),
    "tigeuph arena --agents mypkg.bots:make,greedy --players 4 --variant buildings,wonder"
    " --records games/": "--games 1",
    # babel.rst, cli.rst, playing.rst: games watched at the pace of a person, and the tools
    "tigeuph play --game babel --seats greedy,mcts --delay 0.2": "--seats greedy,mcts:iterations=5"
    " --delay 0",
    "tigeuph soak --game babel --games 1000 --jobs 2": "--games 20",
    "tigeuph simulate --game babel --games 1000 --agents greedy,random": "--games 4",
    "tigeuph play --seats greedy,greedy,random --delay 0.2": "--delay 0",
    "tigeuph play --seats greedy,mcts,random --seed 3 --delay 0.2": "--seats"
    " greedy,mcts:iterations=5,random --delay 0",
    # benchmarks.rst, variants.rst
    "tigeuph bench": "--games 5",
    "tigeuph bench --games 20 --every-combination": "--games 1",
    "tigeuph bench --board advanced --switch buildings --switch wonder": "--games 5",
    "tigeuph bench --players 2 --instructions": "--games 1",
    "python benchmarks/playout.py --board advanced --switch buildings --switch wonder": "--games 5",
    "python benchmarks/playout.py --games 20 --every-combination": "--games 1",
    "python spec/trace.py": "--check",  # the same tables, compared, not written into docs/
    # invariants.rst, reference.rst
    "python -m tigeuph.tools.soak --games 10000 --jobs 2": "--games 20",
    "python -m tigeuph.tools.soak --game babel --games 10000 --jobs 2": "--games 20",
    "TIGEUPH_REF_GAMES=200 python -m pytest tests/tigris/test_reference.py -q": (
        "TIGEUPH_REF_GAMES=1"
    ),
    # protocol.rst
    'tigeuph arena --agents external:"node examples/bots/bot.js",greedy --games 20': "--games 2",
    'tigeuph simulate --agents external:"./mybot --depth 2",random --games 50': "--games 1",
    # invariants.rst
    "cd tests && HYPOTHESIS_NO_PLUGINS=1 PYTHONPATH=. crosshair diffbehavior"
    " tigris.test_regions.kingdoms_on_two_rows tigris.test_regions.plain_kingdoms_on_two_rows"
    " --per_condition_timeout 60": "--per_condition_timeout 5",
    # server.rst
    "python benchmarks/server_load.py --games 50 --players 3": "--games 1",
    "python benchmarks/server_load.py --games 50 --players 2 --agents 1": "--games 1",
    "python benchmarks/server_load.py --mcts-games 35 --streams 1000 --seconds 60": "--mcts-games"
    " 1 --streams 10 --seconds 2 --agent-seconds 0.2",
    "python benchmarks/server_load.py --mcts-games 35 --streams 1000 --seconds 60"
    " --agent-seconds 0.5": "--mcts-games 1 --streams 10 --seconds 2 --agent-seconds 0.2",
    # simulate.rst
    "tigeuph simulate --agents greedy --players 3 --games 1000 --variant wonder --jobs 2"
    " --plot wonder.png --csv wonder.csv": "--games 2",
    "tigeuph simulate --games 1000 --players 3 --jobs 2": "--games 2",
    "tigeuph simulate --agents greedy --games 200 --players 2 3 4 --variant buildings,wonder": (
        "--games 1"
    ),
    "tigeuph simulate --agents greedy,random --board advanced --every-switch": "--games 1",
    "tigeuph simulate --base wonder --variant buildings --json > buildings.json": "--games 4",
    "tigeuph simulate --agents greedy --games 5000 --dask tcp://scheduler:8786 --csv all.csv": (
        "--games 2"
    ),
    "tigeuph simulate --game babel --games 1000 --agents greedy,random --jobs 2": "--games 6",
}
"""Long commands, each with the options (or ``NAME=value`` settings) that make it short: each
replaces the same option's values, or is added."""

FAILING: Final[dict[str, int]] = {
    "tigeuph render /dev/zero -o board.svg": 2,  # the error the page shows
    "tigeuph explain old.txt pass": 2,
    "tigeuph explain position.txt rE1": 1,  # illegal: "exit status 1 when it is not"
    "tigeuph explain babel.txt end": 1,
    ".venv/bin/tigeuph explain position.txt rE3": 1,
}


def _casebook_position(name: str) -> str:
    """The position a casebook scenario starts from, as a position file."""
    text = (importlib.resources.files("tigeuph.casebook") / "scenarios" / name).read_text("utf-8")
    lines = text.splitlines()
    start = lines.index("tigeuph position")
    end = next(at for at, line in enumerate(lines) if line.startswith("play:"))
    return "\n".join(lines[start:end]).rstrip() + "\n"


RED_WAR: Final = "wars/red-war-spares-treasure-and-guarded-temples.txt"
"""A position in which gH5 starts a red war, 2 against 4, and E1 and E3 are rivers."""
SITE: Final = "<!doctype html><title>tigeuph</title><p>a stand-in for the built site</p>\n"

FILES: Final[dict[str, str | Callable[[Path], object]]] = {
    "game.txt": "tigeuph play --seats greedy,greedy,random --seed 3 --record game.txt",
    "tigeuph-game-3.txt": "tigeuph play --seats greedy,greedy,random --seed 3",
    "tigeuph-tigris-1234.txt": "tigeuph play --seats greedy,greedy --seed 1234"
    " --record tigeuph-tigris-1234.txt",
    "babel-game.txt": "tigeuph play --game babel --seats greedy,greedy --seed 3"
    " --record babel-game.txt",
    "babel.txt": "python -c 'from tigeuph import babel;"
    " print(babel.to_text(babel.new_game(seed=1)))' > babel.txt",
    "position.txt": lambda folder: (folder / "position.txt").write_text(
        _casebook_position(RED_WAR), encoding="utf-8"
    ),
    "my-question.txt": lambda folder: (folder / "my-question.txt").write_text(
        (importlib.resources.files("tigeuph.casebook") / "scenarios" / RED_WAR).read_text("utf-8"),
        encoding="utf-8",
    ),
    "old.txt": lambda folder: (folder / "old.txt").write_bytes(
        b"tigeuph position" + b"." * 41 + b"\xe9t\xe9\n"
    ),
    "mypkg.bots:make": lambda folder: _package(
        folder / "mypkg",
        "from tigeuph.agents import GreedyAgent\n\n\ndef make():\n    return GreedyAgent()\n",
    ),
    "./mybot": lambda folder: _program(folder / "mybot", "exec python3 examples/bots/bot.py\n"),
    "*.log": "cp benchmarks/results/agents/*.log .",
    "mine.json": "tigeuph ladder --game tigris --players 2 --rungs random,greedy --max-deals 2"
    " --results ladder.json -q",
    "mybot.py": "cp examples/bots/bot.py mybot.py",
    "ladder.json.gz": "cp benchmarks/results/ladder.json.gz copy-of-ladder.json.gz",
    "docs/_build/html": lambda folder: _site(folder / "docs" / "_build" / "html"),
    "--no-build": lambda folder: _site(folder / "docs" / "_build" / "html"),
}
"""Files a command reads that its page does not make (keyed by the word in the command that
names them), each made by a command or a function of the folder."""


def _package(folder: Path, bots: str) -> None:
    folder.mkdir()
    (folder / "__init__.py").write_text("", encoding="utf-8")
    (folder / "bots.py").write_text(bots, encoding="utf-8")


def _program(path: Path, body: str) -> None:
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(0o755)


def _site(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(SITE, encoding="utf-8")


SERVICES: Final = re.compile(r"tigeuph serve|tigeuph docs --serve|-m http\.server")
"""Commands that serve until stopped: started, waited for, asked for ``/`` and stopped."""
PORT: Final = re.compile(r"(--port |http\.server (?:-d \S+ )?)(\d+)")

TYPED: Final[dict[str, str]] = {
    "tigeuph engine --agent mcts:iterations=200": (
        '{"type":"hello","protocol":1,"host":"my-gui 1.0"}'
    ),
}
"""What the reader types to a command (its shown output includes it, as a terminal echoes it)."""

STAND_INS: Final[dict[str, str]] = {"tcp://scheduler:8786": "dask"}
"""Addresses a page leaves to the reader, and the local service (a fixture) that stands in."""


def _all_commands() -> list[Command]:
    return [command for page in pages() for command in collect(page)]


def _once(commands: list[Command]) -> list[Command]:
    """*commands*, a command shown on several pages without output run once (at its first)."""
    seen: set[str] = set()
    kept = []
    for command in commands:
        same = command.text.removeprefix(".venv/bin/")
        if command.shown or same not in seen:
            kept.append(command)
        seen.add(same)
    return kept


COMMANDS: Final = _all_commands()
RUN: Final = _once([command for command in COMMANDS if command.text not in EXCLUDED])


def test_the_pages_show_commands() -> None:
    """The collector finds the commands the pages show, from README and docs/ alike."""
    places = {command.page for command in COMMANDS}
    assert "README.md" in places and "docs/cli.rst" in places and "docs/perft.rst" in places
    assert len(COMMANDS) >= 100
    perft = next(command for command in COMMANDS if command.text.startswith("tigeuph perft"))
    assert perft.shown == ("373119",)


def test_every_table_entry_names_a_command_a_page_shows() -> None:
    """No table here outlives the command it was written for."""
    texts = {command.text for command in COMMANDS}
    for table in (EXCLUDED, SMALLER, FAILING, TYPED):
        assert set(table) <= texts, sorted(set(table) - texts)
    assert all(reason.strip() for reason in EXCLUDED.values())
    words = " ".join(texts)
    assert all(name in words for name in FILES), [name for name in FILES if name not in words]


@pytest.fixture(scope="module")
def dask() -> Iterator[str]:
    """A local Dask scheduler with one worker, for a page's cluster address."""
    distributed: Any = importlib.import_module("dask.distributed")  # the test extra has dask
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield str(cluster.scheduler_address)


@pytest.mark.slow
@pytest.mark.parametrize("command", RUN, ids=[command.where for command in RUN])
def test_the_command_runs_as_the_page_shows(
    command: Command, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    folder = _clone(tmp_path)
    text = _prepared(command, folder)
    if not text:
        return  # setup steps only: checked by _prepared
    for address, fixture in STAND_INS.items():
        if address in text:
            text = text.replace(address, str(request.getfixturevalue(fixture)))
    if SERVICES.search(text):
        _serve(command, text, folder)
        return
    typed = TYPED.get(command.text, "")
    done = subprocess.run(
        ["bash", "-c", text],
        cwd=folder,
        env=_environment(),
        input=typed + "\n" if typed else "",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    said = done.stdout + done.stderr
    assert "Traceback (most recent call last)" not in said, f"{command.where}: {text}\n{said}"
    assert done.returncode == FAILING.get(command.text, 0), f"{command.where}: {text}\n{said}"
    if command.shown and command.text not in SMALLER:
        shown = [line for line in command.shown if line != typed]
        assert _shows(shown, said), (
            f"{command.where}: {text}\nshown:\n" + "\n".join(shown) + f"\nprinted:\n{said}"
        )


def _clone(tmp_path: Path) -> Path:
    """A folder standing in for a clone with its environment in .venv."""
    folder = tmp_path / "clone"
    folder.mkdir()
    for name in ("benchmarks", "examples", "spec", "src", "tests", "pyproject.toml", "README.md"):
        (folder / name).symlink_to(ROOT / name)
    (folder / "docs").mkdir()
    for page in (ROOT / "docs").iterdir():
        if page.name != "_build":
            (folder / "docs" / page.name).symlink_to(page)
    (folder / ".venv").symlink_to(Path(sys.prefix))
    return folder


def _prepared(command: Command, folder: Path) -> str:
    """The command as it is to run here: setup steps checked and dropped, made smaller if
    long, with the files it reads made."""
    steps = []
    for step in command.text.split(" && "):
        if SETUP_STEPS.match(step):
            continue
        if PIP.match(step):
            _check_installed(step)
            continue
        steps.append(step)
    text = " && ".join(steps)
    if command.text in SMALLER:
        text = _with_options(text, SMALLER[command.text])
    for word, recipe in FILES.items():
        if word in text:
            if callable(recipe):
                recipe(folder)
            else:
                subprocess.run(
                    ["bash", "-c", recipe + " < /dev/null"],
                    cwd=folder,
                    env=_environment(),
                    check=True,
                    capture_output=True,
                    timeout=TIMEOUT,
                )
    return text


def _check_installed(step: str) -> None:
    """Every extra a ``pip install`` line names is installed here (the test extra installs
    them all): a missing one fails, naming it."""
    wanted = [extra for group in re.findall(r"\[([\w,]+)\]", step) for extra in group.split(",")]
    for extra in wanted:
        missing = _missing(extra)
        assert not missing, f"the extra {extra!r} is not installed ({missing}): install '.[test]'"


def _missing(extra: str) -> list[str]:
    """The distributions *extra* of tigeuph requires that are not installed."""
    missing = []
    for requirement in importlib.metadata.requires("tigeuph") or []:
        spec, _, marker = requirement.partition(";")
        if f'extra == "{extra}"' not in marker.replace("'", '"'):
            continue
        name = re.split(r"[\s\[<>=!~]", spec.strip(), maxsplit=1)[0]
        if name == "tigeuph":
            inner = re.search(r"\[([\w,]+)\]", spec)
            missing += [
                m for each in (inner.group(1) if inner else "").split(",") for m in _missing(each)
            ]
            continue
        try:
            importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(name)
    known = importlib.metadata.metadata("tigeuph").get_all("Provides-Extra") or []
    assert extra in known, f"tigeuph has no extra {extra!r}"
    return missing


def _with_options(text: str, options: str) -> str:
    """*text* with each ``--option values`` or ``NAME=value`` of *options* replacing its own,
    or added."""
    for setting in re.findall(r"\b[A-Z_]+=\S+", options):
        text = re.sub(rf"\b{setting.split('=')[0]}=\S+", setting, text)
    for option, values in re.findall(r"(--[\w-]+)((?: [^-\s>|&]\S*)*)", options):
        found = re.search(rf"{option}(?: [^-\s>|&]\S*)*", text)
        if found is None:  # added before any redirection
            found = re.search(r"(?= [>|])|$", text)
            assert found is not None
            option = f" {option}"
        text = f"{text[: found.start()]}{option}{values}{text[found.end() :]}"
    return text


def _environment() -> dict[str, str]:
    environment = {
        name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")
    }
    environment["PATH"] = f"{BIN}{os.pathsep}{environment.get('PATH', '')}"
    return environment


def _shows(shown: list[str], said: str) -> bool:
    """Whether *said* holds the *shown* lines in order, ``...`` eliding anything, line breaks
    and runs of spaces not counting."""
    text = " ".join(said.split())
    pieces = [" ".join(piece.split()) for piece in " ".join(shown).split("...")]
    pattern = "(?:^| )" + ".*?".join(re.escape(piece) for piece in pieces) + "(?: |$)"
    return re.search(pattern, text, re.DOTALL) is not None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def _serve(command: Command, text: str, folder: Path) -> None:
    """Start *text* in the background on a free port, wait until it answers ``/``, stop it."""
    port = _free_port()
    text = PORT.sub(lambda match: f"{match.group(1)}{port}", text)
    assert str(port) in text, f"{command.where}: no port to move: {text}"
    service = subprocess.Popen(
        ["bash", "-c", f"exec {text}"],
        cwd=folder,
        env=_environment(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        status = _first_answer(port, service)
    finally:
        os.killpg(service.pid, signal.SIGTERM)
        try:
            said, _ = service.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(service.pid, signal.SIGKILL)
            said, _ = service.communicate()
    assert status == 200, f"{command.where}: {text} answered {status}\n{said}"
    assert "Traceback (most recent call last)" not in said, f"{command.where}: {text}\n{said}"


def _first_answer(port: int, service: subprocess.Popen[str]) -> int | None:
    """The status of the service's answer to ``/``, once it answers (None if it stops first)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and service.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as err:
            return err.code
        except OSError:
            time.sleep(0.2)
    return None
