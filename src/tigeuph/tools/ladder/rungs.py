"""The ladder's rungs: named players with budgets in iterations, never seconds, so that a rung
is the same player on every machine and every game of it replays.

==============  =================================================================
``random``      uniform random legal actions
``greedy``      the one-step greedy player
``search-N``    the search player (:class:`~tigeuph.agents.MCTSAgent`) at N iterations a
                decision, N = 100, 300, 1000, 3000
``cheat-300``   the same search at 300 iterations searching the *true* state, every hand
                and the bag included, where the honest search samples the hidden
                information: the upper bound, whose gap to ``search-300`` measures what
                hidden information costs (:mod:`.cheat`; only the ladder plays it)
==============  =================================================================
"""

from __future__ import annotations

import itertools
from typing import Final

from attrs import frozen

from ...agents.base import AgentSpecError

__all__ = ["CHEAT_PREFIX", "LADDER", "RUNGS", "Rung", "matches", "rung", "spec_of"]

CHEAT_PREFIX: Final = "cheat-"
"""The start of a cheating rung's name."""


@frozen
class Rung:
    """A named player of the ladder: an agent specification, or a cheating search."""

    name: str
    spec: str
    """The agent specification (:func:`~tigeuph.agents.make_agent`) of the player; for a
    cheating rung, that of the honest search it cheats with."""
    cheat: bool = False
    """Whether it searches the true state (:mod:`.cheat`): only the ladder's games can seat it."""


RUNGS: Final[dict[str, Rung]] = {
    r.name: r
    for r in (
        Rung("random", "random"),
        Rung("greedy", "greedy"),
        Rung("search-100", "mcts:iterations=100"),
        Rung("search-300", "mcts:iterations=300"),
        Rung("search-1000", "mcts:iterations=1000"),
        Rung("search-3000", "mcts:iterations=3000"),
        Rung("cheat-300", "mcts:iterations=300", cheat=True),
    )
}
"""Every rung, weakest first along the ladder, the cheating search last."""
LADDER: Final = tuple(name for name, r in RUNGS.items() if not r.cheat)
"""The honest rungs in order of budget: each is matched with the next."""


def rung(name: str) -> Rung:
    """The rung called *name*.

    Raises:
        AgentSpecError: no rung has that name.
    """
    found = RUNGS.get(name)
    if found is None:
        raise AgentSpecError(f"no rung {name[:40]!r}: the rungs are {', '.join(RUNGS)}")
    return found


def spec_of(name: str) -> str:
    """The agent specification a rung's name stands for, or *name* itself when it names no
    rung (an agent specification of its own); a cheating rung is refused: it plays in the
    ladder's games only, never through :func:`~tigeuph.play`, the arena, the simulator or the
    server.

    >>> spec_of("search-300"), spec_of("greedy"), spec_of("mcts:iterations=50")
    ('mcts:iterations=300', 'greedy', 'mcts:iterations=50')

    Raises:
        AgentSpecError: *name* is a cheating rung.
    """
    found = RUNGS.get(name)
    if found is None:
        return name
    if found.cheat:
        raise AgentSpecError(
            f"{name} sees every hand: it plays only in the ladder's own games (tigeuph ladder)"
        )
    return found.spec


def matches(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The pairs of rungs the ladder matches, lower first: each honest rung of *names* with
    the next one of *names* up the ladder, and a cheating rung with the honest search of its
    own budget (when both are in *names*).

    >>> matches(("random", "greedy", "search-300", "cheat-300"))
    (('random', 'greedy'), ('greedy', 'search-300'), ('search-300', 'cheat-300'))
    """
    honest = [n for n in LADDER if n in names]
    pairs = list(itertools.pairwise(honest))
    for name in names:
        if RUNGS[name].cheat:
            twin = "search-" + name.removeprefix(CHEAT_PREFIX)
            if twin in names:
                pairs.append((twin, name))
    return tuple(pairs)
