"""A fingerprint of the greedy player's choices, to check that a speed-up changes none of them.

Plays seeded greedy-only games (3 players, seeds 0-9, under the standard, wonder and buildings
rules; 2 and 4 players, seeds 0-2, standard and wonder) with :func:`tigeuph.play` and prints a
SHA-256 over the actions of every game, in order, with the CPU seconds of this process
(``time.process_time``) per game and per greedy move for each rule set. Record the digest
before a change and compare it after: any difference means some choice changed.

    python benchmarks/greedy_digest.py            # the whole set
    python benchmarks/greedy_digest.py --quick    # 3 players, seeds 0-3, standard and wonder
"""

from __future__ import annotations

import argparse
import hashlib
import time

import tigeuph
from tigeuph.agents import GreedyAgent

FULL = [
    (3, "standard", range(10)),
    (3, "wonder", range(10)),
    (3, "buildings", range(10)),
    (2, "standard", range(3)),
    (2, "wonder", range(3)),
    (4, "standard", range(3)),
    (4, "wonder", range(3)),
]
QUICK = [(3, "standard", range(4)), (3, "wonder", range(4))]


def rules(players: int, variant: str) -> tigeuph.Rules:
    """The rules of a row: *variant* is ``standard``, ``wonder`` or ``buildings``."""
    return tigeuph.Rules(
        players=players, wonder=variant == "wonder", buildings=variant == "buildings"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short subset")
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    for players, variant, seeds in QUICK if args.quick else FULL:
        cpu = 0.0
        moves = 0
        for seed in seeds:
            start = time.process_time()
            game = tigeuph.play([GreedyAgent()] * players, seed=seed, rules=rules(players, variant))
            cpu += time.process_time() - start
            moves += len(game.actions)
            text = f"{players} {variant} {seed}: " + " ".join(map(str, game.actions)) + "\n"
            digest.update(text.encode())
        n = len(seeds)
        print(
            f"{players}p {variant:9} {n:2} games  {cpu / n:6.3f} s CPU/game  "
            f"{1000 * cpu / moves:6.2f} ms CPU/action"
        )
    print("digest", digest.hexdigest())


if __name__ == "__main__":
    main()
