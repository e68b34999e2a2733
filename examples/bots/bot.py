"""A small bot for tigeuph's bot protocol (docs/protocol.rst), in plain Python: the same bot
as bot.js, with the standard library only.

It reads one JSON message a line on standard input and answers on standard output. Each
decision lists the legal actions in notation; the bot ranks them by a simple preference
(treasures first, then pieces onto the board, passing last) and draws one of the best from a
generator seeded with the seed each new game brings, so a game replays. It logs to standard
error only: standard output carries nothing but messages. With ``--view notation`` it asks to
see its position in position notation rather than as the JSON view document (it reads neither:
the legal actions are all it needs).

    tigeuph arena --agents external:"python examples/bots/bot.py",greedy
    tigeuph engine-check "python examples/bots/bot.py"
"""

from __future__ import annotations

import json
import random
import sys

NAME = "example-bot"
VERSION = "1.0"
PROTOCOL = 1

# Lower is better; anything unlisted ranks 4. See docs/playing.rst for the notation.
RANK_BY_FIRST = {"$": 0, "m": 1, "+": 1, ">": 2, "#": 2, "~": 3, "-": 4, "x": 5}


def rank(action: str) -> int:
    """How much the bot likes *action*: lower is better."""
    if action in ("pass", "end"):
        return 9  # only when nothing else is legal
    if action == "m-":
        return 6  # declining a monument
    first = action[0]
    if first in RANK_BY_FIRST:
        return RANK_BY_FIRST[first]
    if "a" <= first <= "z":
        return 1  # a tile onto the board
    if "A" <= first <= "Z":
        return 1  # a leader placed or moved
    return 4


def choose(legal: list[str], rng: random.Random) -> str:
    """One of the best-ranked legal actions, drawn from *rng*."""
    best = min(rank(action) for action in legal)
    return rng.choice([action for action in legal if rank(action) == best])


def send(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    view = "notation" if sys.argv[1:] == ["--view", "notation"] else "json"
    rng = random.Random(1)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send(
                {
                    "type": "hello",
                    "protocol": PROTOCOL,
                    "name": NAME,
                    "version": VERSION,
                    "games": ["tigris", "babel"],
                    "view": view,
                }
            )
        elif kind == "new_game":
            rng = random.Random(message["seed"])  # the host's seed for this seat: it replays
        elif kind == "decide":
            send({"type": "action", "action": choose(message["legal"], rng)})
        elif kind == "end":
            print(f"{NAME}: {message['result']}, ranks {message['ranks']}", file=sys.stderr)
        elif kind == "quit":
            break
        # any other type: a newer host's message, passed over
    return 0


if __name__ == "__main__":
    sys.exit(main())
