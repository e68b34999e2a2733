"""The long-running tools as subcommands: ``simulate``, ``soak``, ``bench`` and ``arena``.

Each keeps its own options (``tigeuph simulate --help``); the command line hands it the rest
of the line, so ``tigeuph soak --games 96`` runs what ``python -m tigeuph.soak --games 96``
runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Final

from ..errors import TigeuphError

__all__ = ["TOOLS", "run_tool"]


def _simulate(argv: list[str]) -> int:
    from ..simulate import main

    return main(argv, prog="tigeuph simulate")


def _soak(argv: list[str]) -> int:
    from ..soak import main

    return main(argv, prog="tigeuph soak")


def _bench(argv: list[str]) -> int:
    from ..bench import main

    return main(argv, prog="tigeuph bench")


def _arena(argv: list[str]) -> int:
    # Imported by name: the arena comes with the agents (tigeuph.agents), a layer of its own.
    try:
        arena = importlib.import_module("tigeuph.arena")
    except ModuleNotFoundError:
        raise TigeuphError("this installation has no arena (tigeuph.arena)") from None
    status: int = arena.main(argv)
    return status


TOOLS: Final[dict[str, tuple[str, Callable[[list[str]], int]]]] = {
    "simulate": ("compare variants over many seeded random games", _simulate),
    "arena": ("play a tournament between agents and rate them", _arena),
    "soak": ("play random games checking every invariant at every step", _soak),
    "bench": ("measure the engine's speed on random playouts", _bench),
}
"""Each tool's one-line help and the function running it on the rest of the command line."""


def run_tool(name: str, argv: list[str]) -> int:
    """Run the tool *name* on *argv*; its exit status."""
    return TOOLS[name][1](argv)
