"""A bot of the bot protocol that misbehaves on purpose, for tests/test_external.py: run as
``python tests/misbehaving_bot.py MODE [--log PATH]``.

It plays the first legal action, but at the second decision of each game it fails as MODE
says: ``illegal`` (a well-formed action that is not legal), ``nonsense`` (no action at all),
``late`` (sleeps past its time), ``garbage`` (a line that is not JSON), ``crash`` (a last
word on standard error, then exit status 3). Other modes fail elsewhere: ``bad-hello`` (a
hello for protocol 99), ``silent`` (no hello), ``tigris-only`` (plays no Babel),
``slow-when-tight`` (sleeps a second whenever it is given less than one), ``deaf`` (ignores
``quit`` and the end of its input for a minute), ``well`` (never fails). With ``--log`` it
appends each message's type (and an ``end``'s result and forfeit) to PATH, a line each.
"""

from __future__ import annotations

import json
import sys
import time

ILLEGAL = {"tigris": ["pass", "xA1", "rA1", "RA1"], "babel": ["end", ">H", "+H", "#s"]}


def send(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main(mode: str, log: str | None) -> int:
    game, decisions = "tigris", 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if log is not None:
            with open(log, "a", encoding="utf-8") as out:
                extra = ""
                if kind == "end":
                    extra = f" {message['result']} {json.dumps(message['forfeit'])}"
                out.write(f"{kind}{extra}\n")
        if kind == "hello":
            if mode == "silent":
                continue
            send(
                {
                    "type": "hello",
                    "protocol": 99 if mode == "bad-hello" else 1,
                    "name": f"misbehaving-{mode}",
                    "version": "0",
                    "games": ["tigris"] if mode == "tigris-only" else ["tigris", "babel"],
                }
            )
        elif kind == "new_game":
            game, decisions = message["game"], 0
        elif kind == "decide":
            decisions += 1
            legal = message["legal"]
            answer = legal[0]
            if mode == "slow-when-tight" and message["time_ms"] < 1000:
                time.sleep(1.0)
            if decisions == 2:
                if mode == "illegal":
                    answer = next(a for a in ILLEGAL[game] if a not in legal)
                elif mode == "nonsense":
                    answer = "no-such-action"
                elif mode == "late":
                    time.sleep(30)
                elif mode == "garbage":
                    sys.stdout.write("I think, therefore I am\n")
                    sys.stdout.flush()
                    continue
                elif mode == "crash":
                    print("boom: out of cheese", file=sys.stderr, flush=True)
                    return 3
            send({"type": "action", "action": answer})
        elif kind == "quit" and mode != "deaf":
            return 0
    if mode == "deaf":
        time.sleep(60)
    return 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    path = None
    if "--log" in arguments:
        at = arguments.index("--log")
        path = arguments[at + 1]
        del arguments[at : at + 2]
    sys.exit(main(arguments[0], path))
