"""What a mypyc build of the engine gives (issue 28): compile the hot modules, check that the
compiled engine plays the same games, and compare its speed with the pure-Python package.

    python benchmarks/mypyc_build.py                      # the "all" set: build, check, time
    python benchmarks/mypyc_build.py --set core --runs 5 --players 2 3
    python benchmarks/mypyc_build.py --set all --instructions 10   # and callgrind counts
    python benchmarks/mypyc_build.py --list               # the sets, and what stays Python

It copies ``src/tigeuph`` into a build directory (``--build-dir``, by default one per set in
the system's temporary directory; never the source tree), compiles the set's modules there with
``mypyc.build.mypycify`` (``setup_mypyc.py build_ext --inplace``, written into that directory
so that it can be run again by hand), and runs ``python -m tigeuph bench`` twice over: with
``PYTHONPATH`` at this tree's ``src`` (pure Python, the reference) and at the build. A build is
reused while the sources, the set and mypyc's version are those it was made from.

1. It checks that every module of the set is imported from its compiled extension.
2. ``tigeuph bench --games 20 --every-combination --digest`` (the digests published in
   ``docs/perft.rst``) must print the same for both: the same actions of the same seeded games.
3. ``tigeuph bench --games GAMES --players ...`` runs ``--runs`` times for each, alternately,
   and the actions per second of CPU time (``time.process_time``, as the benchmark measures
   them) are compared: the median of each, and the median of the run-by-run ratios.
4. With ``--instructions N``, ``tigeuph bench --instructions N`` counts the instructions per
   action of each under valgrind's callgrind (some minutes).

Needs mypy (``pip install -e '.[test]'``) and a C compiler. The modules mypyc cannot compile,
or compiles into code that fails, stay Python: ``--list`` says which and why.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = ["LEFT_OUT", "PATCHES", "SETS", "main"]

SOURCE = Path(__file__).resolve().parents[1] / "src"

RULES = tuple(
    f"tigris/rules/{name}.py"
    for name in (
        "__init__",
        "buildings",
        "catastrophes",
        "conflicts",
        "exchange",
        "monuments",
        "placement",
        "scoring",
        "treasures",
        "wonder",
    )
)
CORE = (
    "tigris/model/regions.py",
    "tigris/engine/turn.py",
    "tigris/model/cells.py",
    "tigris/engine/plays.py",
    *RULES,
)
EVERY = (
    *CORE,
    "tigris/model/pieces.py",
    "tigris/model/kinds.py",
    "tigris/model/action_text.py",
    "tigris/model/ranking.py",
    "tigris/model/boards/files.py",
    "tigris/model/boards/formats.py",
    "tools/bench.py",
    "tools/warm.py",
)
SETS: dict[str, tuple[str, ...]] = {
    "core": CORE,
    "all": EVERY,
    "patched": (*EVERY, "tigris/engine/legal.py", "tigris/engine/apply.py"),
}
"""Modules (paths under ``src/tigeuph``) compiled by each ``--set``: ``core``, the hot rules
code; ``all``, every module a playout imports that mypyc compiles into working code;
``patched``, that and two more, after the edits of :data:`PATCHES` to the build's copy."""

LEFT_OUT: dict[str, str] = {
    "tigris/model/state.py": (
        "GameState is a frozen attrs class, which mypyc leaves an interpreted class; compiled, "
        "the module fails at import (KeyError: 'object', building that class's attributes)"
    ),
    "tigris/model/work.py": (
        "Work becomes the next GameState by __class__ assignment, which a native class refuses "
        "(TypeError at Work.freeze), and its __init__ is written at import from the state's "
        "fields, which a native class cannot take"
    ),
    "tigris/model/reads.py": (
        "Reads is a base of GameState, an interpreted class: compiled, it is a native class, "
        "and 'interpreted classes cannot inherit from compiled'"
    ),
    "tigris/model/cellset.py": (
        "attrs field(default=...) in CellSet: the compiled class body checks the default's type "
        "and fails at import ('int object expected; got _CountingAttr'); BoardCells is a base "
        "of GameState as Reads is"
    ),
    "tigris/model/ruleset.py": (
        "attrs field(default=...) in Rules: fails at import as cellset.py does"
    ),
    "tigris/model/boards/board.py": (
        "compiles and imports, but Board loses its cells attribute (an attrs field(init=False) "
        "with a @cells.default method): AttributeError in the first game"
    ),
    "core/limits.py": "attrs field(default=...) in Limits: fails at import as cellset.py does",
    "tigris/model/decisions.py": (
        "attrs classes with ClassVar fields: compiled, attrs takes the ClassVar for a field and "
        "refuses the class ('No mandatory attributes allowed after an attribute with a default "
        "value')"
    ),
    "tigris/events/": (
        "attrs classes with ClassVar and field(metadata=...): refused as decisions.py"
    ),
    "tigris/model/actions.py": (
        "frozen attrs actions (interpreted classes) inherit _Notation, which would be native: "
        "'Non-extension classes may not inherit from extension classes'"
    ),
    "core/errors.py": "exceptions: 'Inheriting from most builtin types is unimplemented'",
    "tigris/engine/legal.py": (
        "LegalActions (a Sequence) guards itself with __setattr__, which mypyc refuses in a "
        "class with a non-native base; marked non-native, it fails at import (metaclass "
        "conflict). Compiled in the 'patched' set without its __setattr__/__delattr__"
    ),
    "tigris/engine/apply.py": (
        "compiles, but plays wrong: after 'w.pending = None' mypy keeps w.pending narrowed to "
        "None across play.effect(w, ...), so the compiled check raises TypeError ('None object "
        "expected; got Revolt') once an action opens a decision. Compiled in the 'patched' set "
        "with that store written as setattr"
    ),
}
"""Modules a playout imports that stay Python in every set, and why (measured with mypy 2.4)."""

PATCHES: dict[str, tuple[tuple[str, str], ...]] = {
    "tigris/engine/legal.py": (
        (
            "    def __setattr__(self, name: str, value: object) -> None:\n"
            '        raise AttributeError(f"LegalActions is immutable: cannot set {name}")\n\n'
            "    def __delattr__(self, name: str) -> None:\n"
            '        raise AttributeError(f"LegalActions is immutable: cannot delete {name}")\n\n',
            "",
        ),
    ),
    "tigris/engine/apply.py": (("    w.pending = None\n", '    setattr(w, "pending", None)\n'),),
}
"""``(old, new)`` text replaced in the build's copy of a module for the ``patched`` set (never
in the source tree): the least that lets mypyc compile it into code that plays the same
games. The immutability guard of ``LegalActions`` is lost in that build."""

STAMP = "mypyc-build.json"


def _sources_digest() -> str:
    """SHA-256 over every Python file of ``src/tigeuph``, to tell a stale build."""
    digest = hashlib.sha256()
    for path in sorted((SOURCE / "tigeuph").rglob("*.py")):
        digest.update(str(path.relative_to(SOURCE)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _stamp(modules: Sequence[str], patched: bool) -> str:
    """What a build is made from, as the JSON text its stamp file holds."""
    made_of = {
        "modules": list(modules),
        "patches": PATCHES if patched else {},
        "sources": _sources_digest(),
        "mypy": importlib.metadata.version("mypy"),
        "python": sys.version,
    }
    return json.dumps(made_of, indent=1)


def build(modules: Sequence[str], directory: Path, patched: bool) -> None:
    """Copy the package into *directory* and compile *modules* there, unless a build of the
    same sources and modules is already there."""
    stamp = _stamp(modules, patched)
    stamp_file = directory / STAMP
    if stamp_file.exists() and stamp_file.read_text() == stamp:
        print(f"reusing the build in {directory}")
        return
    if directory.exists():
        if any(directory.iterdir()) and not stamp_file.exists():
            raise SystemExit(f"{directory} is not empty and holds no build: choose another")
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    stamp_file.write_text("unfinished")  # marks the directory as a build's, to replace
    shutil.copytree(
        SOURCE / "tigeuph",
        directory / "tigeuph",
        ignore=shutil.ignore_patterns("__pycache__", "*.so"),
    )
    if patched:
        for name, edits in PATCHES.items():
            path = directory / "tigeuph" / name
            text = path.read_text()
            for old, new in edits:
                if old not in text:
                    raise SystemExit(f"the patch for {name} no longer applies: edit PATCHES")
                text = text.replace(old, new, 1)
            path.write_text(text)
    paths = [f"tigeuph/{name}" for name in modules]
    (directory / "setup_mypyc.py").write_text(
        "from mypyc.build import mypycify\n"
        "from setuptools import setup\n\n"
        f"setup(name='tigeuph-mypyc', packages=[], py_modules=[],\n"
        f"      ext_modules=mypycify({paths!r}, opt_level='3'))\n"
    )
    print(f"compiling {len(modules)} modules in {directory} (a minute or two)", flush=True)
    with open(directory / "build.log", "w") as log:
        done = subprocess.run(
            [sys.executable, "setup_mypyc.py", "build_ext", "--inplace"],
            cwd=directory,
            stdout=log,
            stderr=subprocess.STDOUT,
            check=False,
        )
    if done.returncode != 0:
        lines = (directory / "build.log").read_text().splitlines()
        raise SystemExit("mypyc failed:\n" + "\n".join(line for line in lines if "error" in line))
    stamp_file.write_text(stamp)


_CHECK = """\
import importlib, importlib.machinery, sys
for name in sys.argv[1:]:
    module = importlib.import_module(name)
    if not module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        print(name, module.__file__)
"""


def _module_name(path: str) -> str:
    return "tigeuph." + path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def _run(path: Path, *args: str) -> str:
    """What ``python ARGS`` prints with *path* first on ``PYTHONPATH``."""
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"python {' '.join(args)} failed with {path}:\n{done.stderr}")
    return done.stdout


def parse_rows(text: str) -> dict[int, list[float]]:
    """The rows of a ``tigeuph bench`` table by player count: the numbers after the count
    (actions/s, games/s, actions/game, legal/step, and instr/action when counted)."""
    rows: dict[int, list[float]] = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 6 and words[1].isdigit():
            rows[int(words[1])] = [float(word.replace(",", "")) for word in words[2:]]
    return rows


def _speeds(pure: Path, compiled: Path, players: list[int], games: int, runs: int) -> None:
    """Time both ``runs`` times, alternately, and print the medians and ratios."""
    command = ["-m", "tigeuph", "bench", "--games", str(games), "--players", *map(str, players)]
    seen: dict[str, list[dict[int, list[float]]]] = {"pure": [], "compiled": []}
    for run in range(runs):
        for label, path in (("pure", pure), ("compiled", compiled)):
            seen[label].append(parse_rows(_run(path, *command)))
        print(f"run {run + 1} of {runs} done", flush=True)
    print(f"\nactions per CPU second, {games} games, median of {runs} runs")
    print(f"{'players':>7} {'pure':>10} {'compiled':>10} {'ratio':>6} {'run ratios':>18}")
    for count in players:
        pure_rates = [rows[count][0] for rows in seen["pure"]]
        compiled_rates = [rows[count][0] for rows in seen["compiled"]]
        ratios = [c / p for p, c in zip(pure_rates, compiled_rates, strict=True)]
        print(
            f"{count:>7} {statistics.median(pure_rates):>10,.0f} "
            f"{statistics.median(compiled_rates):>10,.0f} {statistics.median(ratios):>6.2f} "
            f"{min(ratios):>8.2f} to {max(ratios):.2f}"
        )


def _instructions(pure: Path, compiled: Path, players: list[int], games: int) -> None:
    """Count the instructions per action of both under callgrind and print them."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts")
        return
    command = ["-m", "tigeuph", "bench", "--games", str(games), "--instructions", str(games)]
    command += ["--players", *map(str, players)]
    counts = {"pure": parse_rows(_run(pure, *command))}
    counts["compiled"] = parse_rows(_run(compiled, *command))
    print(f"\ninstructions per action (callgrind), seeds 0-{games - 1}")
    print(f"{'players':>7} {'pure':>10} {'compiled':>10} {'ratio':>6}")
    for count in players:
        before, after = counts["pure"][count][-1], counts["compiled"][count][-1]
        print(f"{count:>7} {before:>10,.0f} {after:>10,.0f} {before / after:>6.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=SETS, default="all", help="the modules to compile")
    parser.add_argument("--build-dir", type=Path, help="where to build (default: a temp dir)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each (default 5)")
    parser.add_argument("--games", type=int, default=100, help="games a timed run (default 100)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3])
    parser.add_argument(
        "--instructions", type=int, metavar="GAMES", help="also count instructions per action"
    )
    parser.add_argument("--no-digest", action="store_true", help="skip the check of the games")
    parser.add_argument("--list", action="store_true", help="print the sets and stop")
    args = parser.parse_args(argv)
    if args.list:
        for name, modules in SETS.items():
            print(f"{name}: {' '.join(modules)}")
        print("\nleft out:")
        for name, why in LEFT_OUT.items():
            print(f"  {name}: {why}")
        return 0
    modules = SETS[args.set]
    missing = [name for name in modules if not (SOURCE / "tigeuph" / name).exists()]
    if missing:
        parser.error(f"no such modules in {SOURCE / 'tigeuph'}: {', '.join(missing)}")
    directory = args.build_dir or Path(tempfile.gettempdir()) / f"tigeuph-mypyc-{args.set}"
    directory = directory.resolve()
    if directory.is_relative_to(SOURCE.parent):
        parser.error(f"--build-dir {directory}: build outside the source tree")
    build(modules, directory, args.set == "patched")
    interpreted = _run(directory, "-c", _CHECK, *map(_module_name, modules))
    if interpreted:
        print(f"not compiled, though listed:\n{interpreted}")
        return 1
    print(f"{len(modules)} modules compiled ({args.set}): {' '.join(modules)}")
    if not args.no_digest:
        digest = ["-m", "tigeuph", "bench", "--games", "20", "--every-combination", "--digest"]
        pure_digest, compiled_digest = _run(SOURCE, *digest), _run(directory, *digest)
        if pure_digest != compiled_digest:
            print("the compiled build plays other games: its digests differ")
            return 1
        print(f"same games: {pure_digest.splitlines()[-1].split()[-1]} (every combination)")
    _speeds(SOURCE, directory, args.players, args.games, args.runs)
    if args.instructions is not None:
        _instructions(SOURCE, directory, args.players, args.instructions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
