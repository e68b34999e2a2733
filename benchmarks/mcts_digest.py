"""A fingerprint of the search player's choices, to check that a speed-up changes none of them.

Asks :class:`~tigeuph.agents.MCTSAgent` at its default settings for a move in the positions of
``benchmarks/agents.py`` (2 and 3 players, its default games, under the standard rules and, so
that the centred search is covered too, under the wonder and the buildings rules), each with
``random.Random(n)`` for the n-th position, and plays whole seeded games of the search against
the greedy player with :func:`tigeuph.play`. It prints a SHA-256 over every chosen action and,
after each position's move, the generator's next draw (a change in how the search draws is a
change of behaviour even when the move survives it), with the CPU seconds of this process
(``time.process_time``) for each row. Record the digest before a change and compare it after.

    python benchmarks/mcts_digest.py            # the positions and the whole games
    python benchmarks/mcts_digest.py --quick    # the positions only
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from agents import positions
from greedy_digest import rules

import tigeuph
from tigeuph.agents import Agent, GreedyAgent, MCTSAgent

VARIANTS = ("standard", "wonder", "buildings")
PLAYERS = (2, 3)
GAMES = [(2, "standard", 0, 0), (2, "wonder", 1, 1)]
"""Whole games: players, rules, seed, and the search player's seat (greedy in the others)."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the positions only")
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    for players in PLAYERS:
        for variant in VARIANTS:
            views = positions(players, 2, 15, 0, rules(players, variant))
            row = hashlib.sha256()
            cpu = 0.0
            for n, view in enumerate(views):
                rng = random.Random(n)
                start = time.process_time()
                action = MCTSAgent().act(view, rng)
                cpu += time.process_time() - start
                row.update(f"{players} {variant} {n}: {action} {rng.random()!r}\n".encode())
            digest.update(row.digest())
            print(
                f"{players}p {variant:9} {len(views):3} positions  "
                f"{cpu / len(views):6.3f} s CPU/move  {row.hexdigest()[:16]}"
            )
    if not args.quick:
        for players, variant, seed, seat in GAMES:
            agents: list[Agent] = [GreedyAgent()] * players
            agents[seat] = MCTSAgent()
            start = time.process_time()
            game = tigeuph.play(agents, seed=seed, rules=rules(players, variant))
            cpu = time.process_time() - start
            text = f"{players} {variant} {seed} {seat}: " + " ".join(map(str, game.actions))
            digest.update(text.encode())
            row_digest = hashlib.sha256(text.encode()).hexdigest()[:16]
            print(
                f"{players}p {variant:9} game seed {seed}, search in seat {seat}: "
                f"{len(game.actions)} actions, {cpu:6.1f} s CPU  {row_digest}"
            )
    print("digest", digest.hexdigest())


if __name__ == "__main__":
    main()
