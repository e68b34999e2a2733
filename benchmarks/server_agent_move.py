"""What an agent's move costs the server beyond the agent's own thinking: the store's turn, the
task sent to a worker (pickled, as the pipe sends it) and the worker's ``think``.

Plays whole games of greedy agents against each other through a :class:`tigeuph.server.Store`
in a temporary SQLite file, each move as the agent pool plays it (``Store.agent_turn``, the
task through ``pickle``, :func:`tigeuph.server.agents.think`, ``Turn.play``) but in this
process, and prints the CPU milliseconds (``time.process_time``) of the turn and the think per
move (mean and median), by stretch of the game (its first 100 actions, the next 200, the
rest), with the time of the same greedy choice made directly from the state (:meth:`GreedyAgent.act
<tigeuph.agents.GreedyAgent.act>` on a view without history): the difference is the server's
part.

    python benchmarks/server_agent_move.py                  # 3 games of the main game, 2 seats
    python benchmarks/server_agent_move.py --game babel --games 10
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import tempfile
import time
from pathlib import Path

from tigeuph import GAMES
from tigeuph.agents import make_agent
from tigeuph.server import ServerLimits, Store
from tigeuph.server.agents import think

STRETCHES = ((0, 100), (100, 300), (300, 10**9))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--game", default="tigris", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    game = GAMES[args.game]
    served: dict[int, list[float]] = {i: [] for i in range(len(STRETCHES))}
    direct: dict[int, list[float]] = {i: [] for i in range(len(STRETCHES))}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(str(Path(folder) / "games.sqlite"), ServerLimits(agent_games=True))
        for seed in range(args.games):
            game_id, _ = store.create(
                None, ["greedy"] * args.players, seed, game=args.game, client="bench"
            )
            greedy = make_agent("greedy", game=args.game)
            version = 0
            while True:
                start = time.process_time()
                turn = store.agent_turn(game_id)
                if turn is None:
                    break
                move = think(pickle.loads(pickle.dumps(turn.task)))
                spent = time.process_time() - start
                row = store.row(game_id)
                state = store.state(row)
                assert row.to_move is not None
                start = time.process_time()
                greedy.act(game.view(state, row.to_move), random.Random(0))
                alone = time.process_time() - start
                stretch = next(i for i, (a, b) in enumerate(STRETCHES) if a <= version < b)
                served[stretch].append(spent)
                direct[stretch].append(alone)
                turn.play(game.parse_action(move))
                version += 1
    print(f"{args.game}, {args.players} players, {args.games} games of greedy agents")
    print("actions      moves  served ms (median)  greedy alone ms (median)  server's part ms")
    rows = [
        (f"{a}-{'' if b >= 10**9 else b}", served[i], direct[i])
        for i, (a, b) in enumerate(STRETCHES)
    ]
    every = [t for times in served.values() for t in times]
    alone_all = [t for times in direct.values() for t in times]
    for name, times, apart in [*rows, ("all", every, alone_all)]:
        if not times:
            continue
        mean, by_itself = 1000 * statistics.fmean(times), 1000 * statistics.fmean(apart)
        middle, middle_alone = 1000 * statistics.median(times), 1000 * statistics.median(apart)
        print(
            f"{name:<11} {len(times):>6} {mean:>9.2f} ({middle:>6.2f}) {by_itself:>15.2f}"
            f" ({middle_alone:>6.2f}) {mean - by_itself:>11.2f} ({middle - middle_alone:.2f})"
        )


if __name__ == "__main__":
    main()
