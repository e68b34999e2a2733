"""Variant coverage of the players: how often greedy and search games use the wonder and the
buildings (spec R30, R31), what a move costs, and whether any game stalls.

For each agent and each variant switch, plays ``--games`` games of ``--players`` seats, all
seats that agent, seeds from ``--seed``, and prints the share of games in which the wonder was
built (``BuildWonder``) or at least one building placed (``PlaceBuilding``) with its 95% Wilson
interval, the mean CPU per move (``act`` calls, :func:`time.process_time`) and per game, and
the games stalled: not over within ``--max-actions`` actions (the game is then cut there).

    python benchmarks/variant_play.py --games 2                  # a smoke run, under a minute
    python benchmarks/variant_play.py --games 40 --agents greedy --jobs 2
    python benchmarks/variant_play.py --games 8 --agents mcts --variants wonder --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from typing import NamedTuple

from attrs import evolve

from tigeuph import Game, Rules
from tigeuph.agents import agent_rng, make_agent
from tigeuph.core.stats import wilson
from tigeuph.tigris.model.actions import BuildWonder, PlaceBuilding

SWITCHES = {"wonder": Rules(wonder=True), "buildings": Rules(buildings=True), "standard": Rules()}


class Played(NamedTuple):
    """One game's figures."""

    seed: int
    used: bool  # the wonder built / a building placed
    stalled: bool
    actions: int
    moves: int  # act calls
    cpu: float  # seconds of CPU in act calls


def play_counted(spec: str, players: int, seed: int, variant: str, max_actions: int) -> Played:
    """Play one game, every seat *spec*, as :func:`tigeuph.play` does, timing each ``act``."""
    rules = evolve(SWITCHES[variant], players=players)
    game = Game.new(players, seed=seed, rules=rules)
    agents = [make_agent(spec) for _ in range(players)]
    rngs = [agent_rng(seed, seat) for seat in range(players)]
    cpu = 0.0
    moves = 0
    while game.state.to_move is not None and len(game.actions) < max_actions:
        seat = game.state.to_move
        view = game.view(seat)
        start = time.process_time()
        action = agents[seat].act(view, rngs[seat])
        cpu += time.process_time() - start
        moves += 1
        game.play(action)
    kind = BuildWonder if variant == "wonder" else PlaceBuilding
    used = any(isinstance(a, kind) for a in game.actions)
    stalled = game.state.to_move is not None
    return Played(seed, used, stalled, len(game.actions), moves, cpu)


def _task(task: tuple[str, int, int, str, int]) -> Played:
    return play_counted(*task)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--agents",
        nargs="+",
        default=["greedy", "mcts:iterations=30"],
        help="agent specifications (default: a short search, to keep the smoke run short; "
        "'mcts' is the search at its default budget, about 55 s of CPU a game)",
    )
    parser.add_argument("--variants", nargs="+", default=["wonder", "buildings"])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=10, help="games per agent and variant")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--max-actions", type=int, default=5000, help="a game stalls past this")
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per game")
    args = parser.parse_args(argv)
    print("agent      variant    games  used  share   95% interval    ms/move  s/game  stalled")
    for spec in args.agents:
        for variant in args.variants:
            tasks = [
                (spec, args.players, seed, variant, args.max_actions)
                for seed in range(args.seed, args.seed + args.games)
            ]
            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                results = []
                for r in pool.imap(_task, tasks):
                    results.append(r)
                    if args.verbose:
                        print(f"  {spec} {variant} {r}", flush=True)
            used = sum(r.used for r in results)
            share = wilson(used, len(results))
            moves = sum(r.moves for r in results)
            cpu = sum(r.cpu for r in results)
            print(
                f"{spec[:10]:<10} {variant:<10} {len(results):>5} {used:>5} {share.estimate:>6.1%}"
                f"  {share.low:>6.1%}-{share.high:<6.1%}  {1000 * cpu / max(moves, 1):>7.2f}"
                f"  {cpu / max(len(results), 1):>6.2f}  {sum(r.stalled for r in results):>7}",
                flush=True,
            )


if __name__ == "__main__":
    main()
