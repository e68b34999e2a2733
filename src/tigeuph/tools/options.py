"""What the long-running commands (``simulate``, ``arena``, ``soak``) share: option types read
the same way everywhere, a parser that reports bad input as one line, and the progress bar.

The same idea has the same option name in every command: ``--players``, ``--games``,
``--seed``, ``--jobs``, ``--variant``, ``--agents``, ``--board``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

from ..core.errors import BoardError, TigeuphError
from ..tigris.model.boards import Board, find_board
from ..tigris.model.ruleset import SWITCHES, parse_switches, switch_word

__all__ = [
    "Parser",
    "agent_specs",
    "board",
    "positive",
    "progress",
    "switches",
]


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``prog: error: ... (--help for usage)``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (--help for usage)\n")


def positive(text: str) -> int:
    """A whole number of 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def switches(text: str) -> tuple[str, ...]:
    """Variant switches, as the position notation's ``rules:`` line reads them
    (:func:`~tigeuph.tigris.model.ruleset.parse_switches`): ``buildings,wonder``,
    ``open-scoring``."""
    try:
        names = parse_switches(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if not names:
        raise argparse.ArgumentTypeError("an empty list of switches")
    return names


SWITCH_HELP = ", ".join(switch_word(name) for name in SWITCHES)
"""The switches' words, for help texts."""


def board(text: str) -> Board:
    """``standard``, ``advanced`` or the path of a board file (``.json`` or ``.txt``)."""
    try:
        return find_board(text)
    except (OSError, BoardError) as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def agent_specs(text: str) -> list[str]:
    """A comma list of agent specifications (:func:`tigeuph.agents.make_agent`); a part
    holding ``=`` and no name of its own continues the previous one, so
    ``mcts:seconds=1,iterations=50,greedy`` names two agents."""
    from ..agents.factory import AGENT_NAMES

    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        head = part.partition(":")[0]
        if "=" in part and ":" not in part and specs and head not in AGENT_NAMES:
            specs[-1] += "," + part
        else:
            specs.append(part)
    if not specs:
        raise argparse.ArgumentTypeError("no agent given")
    return specs


@contextmanager
def progress(total: int, description: str, *, show: bool = True) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error with the rate and the time left, while the block runs;
    yields ``advance(n)``. Drawn with rich (the ``cli`` extra); without it, or with *show*
    false, nothing is drawn.

    Raises:
        TigeuphError: *show* is true and rich is not installed (one line naming the extra).
    """
    if not show:
        yield lambda n: None
        return
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
    except ImportError:
        raise TigeuphError(
            "the progress bar needs rich: pip install 'tigeuph[cli]' (or pass --quiet)"
        ) from None
    bar: Any = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("elapsed,"),
        TimeRemainingColumn(),
        TextColumn("left"),
        console=Console(file=sys.stderr),
        transient=True,
    )
    with bar:
        task = bar.add_task(description, total=total, rate="")

        def advance(n: int) -> None:
            bar.advance(task, n)
            speed = bar.tasks[0].speed
            if speed:
                bar.update(task, rate=f"{speed:.1f} games/s")

        yield advance
