"""The long-running tools as subcommands: ``simulate``, ``soak``, ``bench``, ``perft``,
``arena`` and ``ladder``.

Each keeps its own options (``tigeuph simulate --help``); the command line hands it the rest
of the line, so ``tigeuph soak --games 96`` runs what ``python -m tigeuph.tools.soak --games 96``
runs, and ``--game babel`` picks the game for each. The simulator, the benchmark, perft, the
arena and the ladder live in :mod:`tigeuph.tools`, the soak in :mod:`tigeuph.testing`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..core.errors import ArgumentError

__all__ = ["TOOLS", "run_tool"]


def _simulate(argv: list[str]) -> int:
    from ..tools.simulate import main

    return main(argv, prog="tigeuph simulate")


def _soak(argv: list[str]) -> int:
    from ..tools.soak import main

    return main(argv, prog="tigeuph soak")


def _bench(argv: list[str]) -> int:
    from ..tools.bench import main

    return main(argv, prog="tigeuph bench")


def _perft(argv: list[str]) -> int:
    from ..tools.perft import main

    return main(argv, prog="tigeuph perft")


def _ladder(argv: list[str]) -> int:
    from ..tools.ladder import main

    return main(argv, prog="tigeuph ladder")


def _arena(argv: list[str]) -> int:
    from ..tools.arena import main

    return main(argv, prog="tigeuph arena")


TOOLS: Final[dict[str, tuple[str, Callable[[list[str]], int]]]] = {
    "simulate": (
        "compare variants over many seeded games of either game (--game)",
        _simulate,
    ),
    "arena": ("play a tournament between agents and rate them", _arena),
    "ladder": ("rank players on the strength ladder, or place your own on it", _ladder),
    "soak": (
        "play random games of either game (--game) checking every invariant at every step",
        _soak,
    ),
    "bench": ("measure the engine's speed on random playouts", _bench),
    "perft": ("count the sequences of legal actions from a seeded start", _perft),
}
"""Each tool's one-line help and the function running it on the rest of the command line."""


def run_tool(name: str, argv: list[str]) -> int:
    """Run the tool *name* on *argv*; its exit status.

    Raises:
        ArgumentError: no tool has that name.
    """
    tool = TOOLS.get(name)
    if tool is None:
        raise ArgumentError(f"unknown tool {name!r}: choose from {', '.join(TOOLS)}")
    return tool[1](argv)
