"""tigeuph's own players served over the bot protocol (``tigeuph engine``): the bot's end of
``docs/protocol.rst``, so that other programs, tournament managers and GUIs can play them.

:func:`serve_agent` reads the host's messages from one stream and answers on another until
``quit`` or the end of its input. It asks for the JSON view document, reads it back as the
game's view (:meth:`~tigeuph.GameInterface.view_from_json`) and answers with what the agent
plays. Messages of a type it does not know are passed over (a newer host's). It reads at most
:data:`~.wire.MAX_LINE` bytes a line, so that no input can exhaust its memory.
"""

from __future__ import annotations

import json
import random
from typing import IO, Any

from ..core.errors import TigeuphError, expect
from ..games import GAMES, AnyGame
from .base import Agent
from .wire import (
    MAX_LINE,
    PROTOCOL_VERSION,
    BotHello,
    ProtocolError,
    decode,
    encode,
    tigeuph_version,
)

__all__ = ["serve_agent"]


def serve_agent(
    agent: Agent,
    name: str,
    *,
    source: IO[bytes],
    sink: IO[bytes],
    log: IO[str] | None = None,
) -> int:
    """Play *agent* as a bot called *name* for the host writing to *source*, answering on
    *sink* (both binary streams), until ``quit`` or the end of *source*; 0 then, 1 after a line
    it cannot follow (too long, not UTF-8, no message, a message out of place) or a *sink* that
    no longer takes its answers, said in one line on *log*. Each game's randomness comes from
    the ``seed`` its ``new_game`` brings, so that the host replays it.

    Raises:
        ArgumentTypeError: *agent* has no ``act``, or *name* is not a string.
    """
    if not callable(getattr(agent, "act", None)):
        expect(agent, type(None), "an agent (an object with act(view, rng))", "serve_agent: agent")
    expect(name, str, "the bot's name", "serve_agent: name")
    # With the history, the agent sees what it sees in tigeuph's own play loop, and so plays
    # the same moves from the same seed.
    hello = BotHello(
        name=name, version=tigeuph_version(), games=tuple(GAMES), view="json", history=True
    )
    game: AnyGame | None = None
    rng = random.Random(0)
    greeted = False
    while line := source.readline(MAX_LINE + 1):
        try:
            if len(line) > MAX_LINE:
                raise ProtocolError(f"a line over {MAX_LINE} bytes")
            message = decode(line)
            kind = message["type"]
            if kind == "quit":
                return 0
            if not greeted:
                if kind != "hello" or message.get("protocol") != PROTOCOL_VERSION:
                    raise ProtocolError(
                        f"expected the host's hello for protocol {PROTOCOL_VERSION}, "
                        f"not {line.strip()[:80].decode('utf-8', 'replace')!r}"
                    )
                greeted = True
                _write(sink, hello.to_message())
            elif kind == "new_game":
                game = GAMES.get(message.get("game"))  # type: ignore[arg-type]
                if game is None:
                    raise ProtocolError(f"new_game: no game {message.get('game')!r}")
                seed = message.get("seed")
                if not isinstance(seed, int) or isinstance(seed, bool):
                    raise ProtocolError(f"new_game: seed must be a whole number, not {seed!r:.20}")
                rng = random.Random(seed)
            elif kind == "decide":
                if game is None:
                    raise ProtocolError("decide before new_game")
                _write(sink, {"type": "action", "action": str(_decide(agent, game, message, rng))})
        except (TigeuphError, KeyError, TypeError, OSError) as err:
            if log is not None:
                print(f"{name}: {err}", file=log, flush=True)
            return 1
    return 0


def _decide(agent: Agent, game: AnyGame, message: dict[str, Any], rng: random.Random) -> Any:
    document = message.get("view")
    if not isinstance(document, dict):
        raise ProtocolError('decide: no "view" object (this bot asked for JSON views)')
    view = game.view_from_json(json.dumps(document))
    return agent.act(view, rng)


def _write(sink: IO[bytes], message: dict[str, Any]) -> None:
    sink.write(encode(message))
    sink.flush()
