"""A demo game between random players: ``python -m tigeuph [--players N] [--seed S]``.

Plays one seeded game choosing uniformly among the legal actions, then prints the final board
in position notation and the ranking (spec R27).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from .engine import apply, legal_actions, outcome
from .notation.position import to_text
from .pieces import COLOURS
from .state import End, new_game

__all__ = ["main"]

_ENDINGS = {End.TREASURES: "two treasures or fewer were left", End.BAG: "the bag ran out"}


def main(argv: list[str] | None = None) -> None:
    """Play and print one demo game."""
    parser = argparse.ArgumentParser(prog="python -m tigeuph", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    state = new_game(args.players, seed=args.seed)
    kinds: Counter[str] = Counter()
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        if state.pending is not None:
            kinds[type(state.pending).__name__] += 1
        state = apply(state, action)
        kinds["actions"] += 1

    result = outcome(state)
    assert result is not None
    print(f"Tigris & Euphrates: {args.players} random players, seed {args.seed}")
    print(
        f"{kinds['actions']} actions; decisions asked: {kinds['Revolt']} revolt supports, "
        f"{kinds['War']} war supports, {kinds['MonumentChoice']} monuments, "
        f"{kinds['TreasureChoice']} treasures"
    )
    print(f"The game ended because {_ENDINGS[result.end]}.\n")
    board = to_text(state).split("\n\n")[1]
    print(board, end="\n\n")
    letters = "  ".join(f"{c.letter:>3}" for c in COLOURS)
    print(f"rank  seat  {letters}  treasures  score")
    for r in sorted(result.results, key=lambda r: (r.rank, r.player)):
        points = "  ".join(f"{n:>3}" for n in r.points)
        print(f"{r.rank:>4}  {r.player:>4}  {points}  {r.treasures:>9}  {r.score:>5}")
