"""A game's seats: each one a person (``"human"``) or a built-in agent with bounded budgets,
and each person's secret token.

A token is returned once, when the game is made; the store keeps only its SHA-256, and
:func:`seat_of` compares digests in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Collection, Sequence
from typing import Final

from ..agents import AGENT_NAMES, make_agent
from ..agents.factory import EXTERNAL, parse_spec
from ..games import DEFAULT_GAME
from .errors import NotYourSeat, ServerLimitError

__all__ = ["HUMAN", "check_seats", "new_tokens", "seat_of"]

HUMAN: Final = "human"
"""The seat kind of a person, who plays with the seat's token."""

_AGENT_CAPS: Final = {"iterations": 5000, "seconds": 10.0, "rollout": 400, "candidates": 200}


def check_seats(
    seats: Sequence[object],
    players: int,
    game: str = DEFAULT_GAME,
    *,
    external: Collection[str] = (),
) -> tuple[str, ...]:
    """*seats* checked: one per player, each ``"human"``, the specification of a built-in
    agent of *game* (a name of :data:`tigeuph.GAMES`) with bounded arguments (a server never
    imports a module a client names), or ``external:COMMAND`` for a *COMMAND* among
    *external*, the bots the server's operator allows (``ServerLimits.external_agents``).

    Raises:
        ServerLimitError: a seat is not that, or an agent asks for more than the caps allow.
        AgentSpecError: the specification's arguments do not fit the agent.
    """
    if len(seats) != players:
        raise ServerLimitError(f"{len(seats)} seats for {players} players")
    out = []
    for seat in seats:
        if not isinstance(seat, str) or len(seat) > 100:
            raise ServerLimitError(f"a seat is 'human' or an agent, not {seat!r:.40}")
        if seat.partition(":")[0] == EXTERNAL:
            if seat.partition(":")[2].strip() not in external:
                raise ServerLimitError(
                    f"seat {seat!r:.60}: this server plays no such external bot"
                    + (f" (it plays {', '.join(sorted(external))})" if external else "")
                )
            out.append(seat)
            continue
        if seat != HUMAN:
            name, kwargs = parse_spec(seat)
            if name not in AGENT_NAMES:
                raise ServerLimitError(f"seat {seat!r}: choose human or {', '.join(AGENT_NAMES)}")
            for key, cap in _AGENT_CAPS.items():
                value = kwargs.get(key)
                if isinstance(value, int | float) and value > cap:
                    raise ServerLimitError(f"seat {seat!r}: {key} is at most {cap} here")
            make_agent(seat, game=game)  # checks the arguments' names and types
        out.append(seat)
    return tuple(out)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_tokens(seats: Sequence[str]) -> tuple[dict[int, str], list[str | None]]:
    """A fresh token for each human seat, and the list of what is stored: each seat's token
    hash (``None`` for an agent's seat)."""
    tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(seats) if kind == HUMAN}
    return tokens, [_hash(tokens[s]) if s in tokens else None for s in range(len(seats))]


def seat_of(hashes: Sequence[str | None], token: str | None) -> int:
    """The seat whose stored hash, among *hashes*, is *token*'s.

    Raises:
        NotYourSeat: no seat's.
    """
    if token:
        digest = _hash(token)
        for seat, stored in enumerate(hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
    raise NotYourSeat("this game needs a seat's token: Authorization: Bearer TOKEN")
