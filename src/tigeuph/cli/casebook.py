"""``tigeuph casebook [CASE ...]``: play the rules casebook's cases, or your own, and say which
pass (:mod:`tigeuph.casebook`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..casebook import Case, CaseError, all_cases, case_named, family_of, game_of_case, play, read
from ..games import GAMES

__all__ = ["add", "run"]

DESCRIPTION = """\
Play the cases of the rules casebook (installed with tigeuph: every rule question the tests
settle, for both games) and check what each expects; or play your own case files. A CASE is a
case's name (wars/rulebook-war-second-war-vanishes), a family (wars, babel/turn), or the path
of a case file or of a folder of them. Each failed check is printed with what the engine has
instead. Exit status 0 when every case passes, 1 when one fails, 2 when one cannot be read."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``casebook`` subcommand."""
    parser = commands.add_parser(
        "casebook", help="play the rules casebook's cases (or yours)", description=DESCRIPTION
    )
    parser.add_argument("cases", metavar="CASE", nargs="*", help="cases, families or files")
    parser.add_argument("--game", choices=tuple(GAMES), help="only the cases of this game")
    parser.add_argument("--list", action="store_true", help="list the cases, play none")
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="a line for every case, not only failures"
    )
    parser.set_defaults(run=run)


def _chosen(names: list[str]) -> list[Case]:
    """The cases *names* name: the casebook's (by name or family) or files and folders."""
    if not names:
        return all_cases()
    shelf = all_cases()
    found: list[Case] = []
    for name in names:
        path = Path(name)
        if path.is_file():
            found.append(read(path))
        elif path.is_dir():
            found += [read(p) for p in sorted(path.rglob("*.txt"))]
        elif any(family_of(case) == name.rstrip("/") for case in shelf):
            found += [case for case in shelf if family_of(case) == name.rstrip("/")]
        else:
            found.append(case_named(name.removesuffix(".txt")))
    return found


def run(args: argparse.Namespace) -> int:
    """Play the cases; 0 when all pass, 1 when one fails, 2 when one cannot be read."""
    cases = _chosen(args.cases)
    if args.game:
        cases = [case for case in cases if game_of_case(case).facts.name == args.game]
    if args.list:
        for case in cases:
            print(f"{case.name}: {case.title}")
        return 0
    failed = broken = 0
    for case in cases:
        try:
            trial = play(case)
        except CaseError as err:
            broken += 1
            print(f"CANNOT PLAY {case.name}: {err}", file=sys.stderr)
            continue
        if trial.problem is not None:
            broken += 1
            print(f"CANNOT PLAY {case.name}: {trial.problem}", file=sys.stderr)
        elif trial.failures:
            failed += 1
            for check in trial.failures:
                print(f"FAILED {case.name}: {check.kind}: {check.failure}")
        elif args.verbose:
            checks = f"{len(trial.checks)} check{'s' * (len(trial.checks) != 1)}"
            print(f"passed {case.name} ({checks}; {' '.join(case.clauses)})")
    passed = len(cases) - failed - broken
    summary = f"{len(cases)} case{'s' * (len(cases) != 1)}: {passed} passed"
    summary += f", {failed} failed" if failed else ""
    summary += f", {broken} could not be played" if broken else ""
    print(summary)
    return 2 if broken else 1 if failed else 0
