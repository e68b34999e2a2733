"""What the commands that play games (``play``, ``simulate``, ``arena``, ``soak``) share:
option types read the same way everywhere, a parser that reports bad input as one line, the
progress bar, and the rules options every game declares (issue 38).

The same idea has the same option name in every command: ``--players``, ``--games``,
``--seed``, ``--jobs``, ``--variant``, ``--agents``, ``--board``. The rules options come from
the games: ``--variant`` takes the switches of the game's ``variants`` capability, and each of
its :class:`~tigeuph.core.interface.variants.RuleOption` is an option (the main game's
``--board``); a game refuses, in one line naming what it takes, a setting it does not have.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from ..core.errors import ArgumentError, TigeuphError
from ..core.interface.variants import FileReader, RuleOption
from ..games import GAMES, AnyGame, player_counts

__all__ = [
    "Parser",
    "add_rules_options",
    "agent_specs",
    "positive",
    "progress",
    "rich_bar",
    "rule_settings",
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
    """Variant switches as a command line lists them: words parted by commas or spaces, each
    with hyphens or underscores (``buildings,wonder``, ``open-scoring``), as the game names
    them (``open_scoring``); which the game has, :func:`rule_settings` checks."""
    names: list[str] = []
    for word in text.replace(",", " ").split():
        name = word.replace("-", "_")
        if name in names:
            raise argparse.ArgumentTypeError(f"{word!r} given twice")
        names.append(name)
    if not names:
        raise argparse.ArgumentTypeError("an empty list of switches")
    return tuple(names)


def _word(name: str) -> str:
    return name.replace("_", "-")


def rule_options() -> dict[str, RuleOption]:
    """Every rule option the registered games declare, by name (the first game's help)."""
    found: dict[str, RuleOption] = {}
    for game in GAMES.values():
        for option in game.variants.options:
            found.setdefault(option.name, option)
    return found


def add_rules_options(
    parser: argparse.ArgumentParser, *, repeat: bool = False, variant_help: str = ""
) -> None:
    """``--variant`` (given once, or with *repeat* as often as wanted) and one option for each
    rule option of every game (``--board``), every one defaulting to ``None``, to be read by
    :func:`rule_settings` once the game is known."""
    owners = {
        name: ", ".join(
            g.facts.title for g in GAMES.values() if any(o.name == name for o in g.variants.options)
        )
        for name in rule_options()
    }
    for name, option in rule_options().items():
        parser.add_argument(
            f"--{name}", metavar=option.metavar, help=f"{owners[name]}: {option.help}"
        )
    words = {
        game.facts.title: ", ".join(map(_word, game.variants.switches))
        for game in GAMES.values()
        if game.variants.switches
    }
    told = "; ".join(f"{title}: {names}" for title, names in words.items())
    parser.add_argument(
        "--variant",
        type=switches,
        action="append" if repeat else "store",
        default=[] if repeat else (),
        metavar="NAME[,NAME...]",
        help=f"{variant_help or 'variant switches to turn on'} ({told})",
    )


def accepted(game: AnyGame) -> str:
    """What *game*'s rules take on a command line, in words, for its refusals."""
    variants = game.variants
    parts = [f"--variant {', '.join(map(_word, variants.switches))}"] if variants.switches else []
    parts += [f"--{option.name} {option.metavar}" for option in variants.options]
    if not parts:
        return (
            f"{game.facts.title} has no variants: it is played by its own rules alone, for "
            f"{player_counts(game)} players"
        )
    return f"{game.facts.title}'s rules take {' and '.join(parts)}"


def rule_settings(
    game: AnyGame,
    args: argparse.Namespace,
    switched: Iterable[str] = (),
    reader: FileReader | None = None,
) -> dict[str, Any]:
    """The settings *args* give *game*'s rules: each switch of *switched* on, each rule option
    of the game read with *reader* (``None``: the game's own reading), as
    :meth:`~tigeuph.core.interface.variants.Variants.make_rules` takes them; empty when the
    command line sets nothing.

    Raises:
        ArgumentError: a switch or an option *game* does not have (one line naming what it
            takes), or a value its option refuses (the message names the option).
    """
    variants = game.variants
    own = {option.name: option for option in variants.options}
    settings: dict[str, Any] = {}
    for name in rule_options():
        value = getattr(args, name, None)
        if value is None:
            continue
        if name not in own:
            raise ArgumentError(f"--{name}: {accepted(game)}")
        try:
            settings[name] = own[name].read(value, reader)
        except TigeuphError as err:
            raise ArgumentError(f"--{name}: {err}") from None
    for name in switched:
        if not variants.switches:
            raise ArgumentError(f"--variant: {accepted(game)}")
        if name not in variants.switches:
            known = ", ".join(map(_word, variants.switches))
            raise ArgumentError(
                f"--variant: unknown switch {_word(name)[:30]!r} (the switches are {known})"
            )
        settings[name] = True
    return settings


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


def rich_bar(columns: Callable[[Any], Sequence[Any]]) -> Any:
    """A rich progress bar on standard error that clears itself at the end, its columns
    ``columns(rich.progress)`` (the ``cli`` extra).

    Raises:
        TigeuphError: rich is not installed (one line naming the extra, or ``--quiet``).
    """
    try:
        import rich.progress
        from rich.console import Console
    except ImportError:
        raise TigeuphError(
            "the progress bar needs rich: pip install 'tigeuph[cli]' (or pass --quiet)"
        ) from None
    return rich.progress.Progress(
        *columns(rich.progress), console=Console(file=sys.stderr), transient=True
    )


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
    bar = rich_bar(
        lambda rp: (
            rp.TextColumn("{task.description}"),
            rp.BarColumn(),
            rp.MofNCompleteColumn(),
            rp.TaskProgressColumn(),
            rp.TextColumn("{task.fields[rate]}"),
            rp.TimeElapsedColumn(),
            rp.TextColumn("elapsed,"),
            rp.TimeRemainingColumn(),
            rp.TextColumn("left"),
        )
    )
    with bar:
        task = bar.add_task(description, total=total, rate="")

        def advance(n: int) -> None:
            bar.advance(task, n)
            speed = bar.tasks[0].speed
            if speed:
                bar.update(task, rate=f"{speed:.1f} games/s")

        yield advance
