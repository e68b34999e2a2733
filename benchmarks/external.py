"""What a decision costs over the bot protocol (issue 29): the example bot played in this
process, then as a program over its pipes, against tigeuph's random player.

The same choice function (``examples/bots/bot.py``'s ``choose``) is played three ways: as a
plain agent in this process, as the Python bot over the protocol (``ExternalAgent``), and,
where Node is installed, as the Node bot. Each plays *games* seeded games of each game against
``random``, seats alternating; the bot's process is started and handshaken before the clock
runs, so the figure is the cost of each decision's round trip: the view written as JSON, two
pipes, the bot's reading and answer, and the answer read back. Wall-clock time
(``time.perf_counter``): the bot's own time is in it.

    python benchmarks/external.py               # 20 games of each game
    python benchmarks/external.py --games 5
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from tigeuph.agents import Agent, ExternalAgent, FunctionAgent, RandomAgent, play

BOTS = Path(__file__).parent.parent / "examples" / "bots"
sys.path.insert(0, str(BOTS))
from bot import choose  # noqa: E402  # the example bot's own choice, played in this process


def _in_process(view: Any, rng: random.Random) -> Any:
    texts = [str(action) for action in view.legal]
    return view.legal[texts.index(choose(texts, rng))]


def measure(agent: Agent, game: str, games: int) -> tuple[float, int]:
    """Seconds and the agent's decisions over *games* games against random."""
    seconds, decisions = 0.0, 0
    for seed in range(games):
        seats: list[Agent] = [agent, RandomAgent()] if seed % 2 == 0 else [RandomAgent(), agent]
        start = time.perf_counter()
        played = play(seats, game=game, seed=seed)
        seconds += time.perf_counter() - start
        mine = seed % 2
        decisions += sum(1 for state in played.states[:-1] if state.to_move == mine)
    return seconds, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games of each game (default 20)")
    args = parser.parse_args()
    ways: list[tuple[str, Agent]] = [("in process", FunctionAgent(_in_process, "in-process"))]
    ways.append(("Python bot", ExternalAgent([sys.executable, str(BOTS / "bot.py")])))
    if os.access("/usr/bin/node", os.X_OK):
        ways.append(("Node bot", ExternalAgent(["/usr/bin/node", str(BOTS / "bot.js")])))
    print(f"{'game':8} {'bot':12} {'games/s':>9} {'us/decision':>12} {'overhead':>10}")
    for game in ("tigris", "babel"):
        base = 0.0
        for name, agent in ways:
            if isinstance(agent, ExternalAgent):
                agent.start()
            seconds, decisions = measure(agent, game, args.games)
            per = seconds / decisions * 1e6
            base = base or per
            print(f"{game:8} {name:12} {args.games / seconds:9.1f} {per:12.0f} {per - base:+10.0f}")
    for _, agent in ways:
        if isinstance(agent, ExternalAgent):
            agent.close()


if __name__ == "__main__":
    main()
