"""The long-running tools as subcommands: ``simulate``, ``soak``, ``bench`` and ``arena``.

Each keeps its own options (``tigeuph simulate --help``); the command line hands it the rest
of the line, so ``tigeuph soak --games 96`` runs what ``python -m tigeuph.testing.soak --games 96``
runs. The simulators, the benchmark and the arena live in :mod:`tigeuph.tools`, the soaks in
:mod:`tigeuph.testing`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..errors import TigeuphError

__all__ = ["TOOLS", "run_tool"]


def _simulate(argv: list[str]) -> int:
    game, rest = _game(argv)
    if game == "babel":  # Babel's simulator (issue 19)
        from ..tools.babel_simulate import main as babel_main

        return babel_main(rest, prog="tigeuph simulate --game babel")
    if game != "tigris":
        raise TigeuphError(f"--game {game!r}: choose tigris or babel")
    from ..tools.simulate import main

    return main(rest, prog="tigeuph simulate")


def _game(argv: list[str]) -> tuple[str, list[str]]:
    """The ``--game`` a tool's command line names (``tigris`` unless given), and the rest."""
    rest = list(argv)
    for i, word in enumerate(rest):
        if word == "--game" and i + 1 < len(rest):
            return rest[i + 1], rest[:i] + rest[i + 2 :]
        if word.startswith("--game="):
            return word.partition("=")[2], rest[:i] + rest[i + 1 :]
    return "tigris", rest


def _soak(argv: list[str]) -> int:
    game, rest = _game(argv)
    if game == "babel":  # Babel's soak (issue 19)
        from ..testing.babel_soak import main as babel_main

        return babel_main(rest, prog="tigeuph soak --game babel")
    if game != "tigris":
        raise TigeuphError(f"--game {game!r}: choose tigris or babel")
    from ..testing.soak import main

    return main(rest, prog="tigeuph soak")


def _bench(argv: list[str]) -> int:
    from ..tools.bench import main

    return main(argv, prog="tigeuph bench")


def _arena(argv: list[str]) -> int:
    from ..tools.arena import main

    return main(argv, prog="tigeuph arena")


TOOLS: Final[dict[str, tuple[str, Callable[[list[str]], int]]]] = {
    "simulate": (
        "compare variants over many seeded random games (--game babel: Babel's figures)",
        _simulate,
    ),
    "arena": ("play a tournament between agents and rate them", _arena),
    "soak": (
        "play random games checking every invariant at every step (--game babel: Babel's)",
        _soak,
    ),
    "bench": ("measure the engine's speed on random playouts", _bench),
}
"""Each tool's one-line help and the function running it on the rest of the command line."""


def run_tool(name: str, argv: list[str]) -> int:
    """Run the tool *name* on *argv*; its exit status."""
    return TOOLS[name][1](argv)
