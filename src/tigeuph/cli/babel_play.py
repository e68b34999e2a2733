"""``tigeuph play --game babel``: a game of Babel in the terminal, people against agents, or
agents watched (issue 19). Plain text: every position is drawn from the viewer's view, so a
person never sees the other hand or the decks' order."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..agents import make_agent
from ..agents.base import agent_rng
from ..babel import BabelGame, outcome, parse_action, view
from ..babel.describe import describe
from ..errors import IllegalActionError, NotationError, TigeuphError

__all__ = ["describe", "play_babel_in_terminal"]

HELP = """\
Actions (Babel notation): >H travel to the Hittites   +A colonise an Assyrian card here
#0 / #1 build from the top of row 0 / 1   #s build your starting card   ~HA migrate H to A
A@2 Assyrians (the run from card 2 pays)   H@0 Hittites   M@0:S Medes naming S   S@0 Sumerians
P@0#1 Persians, from row 1   %A@2 halve the opponent's hand   -HHA discard (when halved)
end  end your turn.   Also: ? (this help), quit."""


def play_babel_in_terminal(
    seats: Sequence[str],
    *,
    seed: int | None = None,
    delay: float = 0.0,
    ask: Callable[[str], str] = input,
    say: Callable[[str], Any] = print,
) -> BabelGame:
    """Play Babel with *seats* (``"human"`` or an agent specification, seat 0 first); the game,
    finished or as far as it went.

    Raises:
        TigeuphError: not two seats, or a seat names no agent.
    """
    if len(seats) != 2:
        raise TigeuphError(f"Babel is a game for 2 players, not {len(seats)}")
    agents = [None if s == "human" else make_agent(s, game="babel") for s in seats]
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    game = BabelGame.new(seed, tags={f"Player{i}": s for i, s in enumerate(seats)})
    rngs = [agent_rng(seed, seat) for seat in (0, 1)]
    watcher = next((i for i, a in enumerate(agents) if a is None), 0)
    while game.state.to_move is not None:
        seat = game.state.to_move
        seen = view(game.state, seat)
        agent = agents[seat]
        if agent is not None:
            action: Any = agent.act(seen, rngs[seat])  # type: ignore[arg-type]
            game.play(action)
            say(f"seat {seat} ({seats[seat]}): {action}")
            if delay:
                time.sleep(delay)
            continue
        say(describe(seen))
        say("legal: " + " ".join(str(a) for a in seen.legal))
        text = ask(f"seat {seat}> ").strip()
        if text in ("quit", "q"):
            return game
        if text in ("?", "help"):
            say(HELP)
            continue
        try:
            game.play(parse_action(text))
        except (NotationError, IllegalActionError) as err:
            say(f"not played: {err}")
    say(describe(view(game.state, watcher)))
    result = outcome(game.state)
    if result is not None:
        who = "a draw" if result.winner is None else f"seat {result.winner} wins"
        how = "by score" if result.reason.value == "score" else "at the last temple card"
        say(f"game over: {who} {how} ({result.scores[0]} - {result.scores[1]})")
    return game
